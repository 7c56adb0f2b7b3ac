//! `mayan gen`: write cases of a kind, or a whole suite shaped like the
//! official data, with their answers, deterministically; every case
//! different from the others and from the cases already in the folder.
//! The flags are read here; the writing, and the refusal of flags that do
//! not fit the kind, are the library's (`setter::write`, `setter::settle`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use crate::puzzle::case::MAX_N;
use crate::setter::settle::Knobs;
use crate::setter::spec::Kind;
use crate::setter::write::{Make, Request, write_cases};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct GenArgs {
    /// What the cases must show.
    #[arg(long, value_enum, required_unless_present = "suite")]
    pub kind: Option<Kind>,
    /// Make a whole suite shaped like the official data instead (--count
    /// cases, 10 by default): the bottom row for n = 1 and 2, dense boards
    /// for n = 3 to 5, two cases without a solution, 4 to 6 colours, each
    /// with the same answer in every dialect.
    #[arg(long, conflicts_with_all = ["kind", "n", "colours", "density", "blocks", "waves", "robust"])]
    pub suite: bool,
    /// The folder to write `NAME-001.in` / `.ans` and so on into (made if
    /// missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// How many cases [default: 1, or 10 with --suite].
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// The seed: the same seed and options give the same cases; each kind
    /// draws its own cases from it.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub seed: u64,
    /// Moves the cases ask for [default: 5 for hard, 2 to 5 for tower, else
    /// 1 to 3].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=MAX_N as i64))]
    pub n: Option<u8>,
    /// Colours used at most [default: 4].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(1..=10))]
    pub colours: Option<u8>,
    /// The tallest a column may start [default: 7; bottom-row: 1].
    #[arg(long, value_name = "HEIGHT", value_parser = clap::value_parser!(u8).range(1..=7))]
    pub density: Option<u8>,
    /// The blocks on the board, `B` or `MIN-MAX` (1 to 35) [default: as
    /// dense as the official data: 4 to 5 per move for the kinds that need a
    /// solution, within the density].
    #[arg(long, value_name = "B|MIN-MAX", value_parser = blocks_range)]
    pub blocks: Option<(u8, u8)>,
    /// For --kind cascade: the waves one move must set off [default: 2].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=11))]
    pub waves: Option<u32>,
    /// Keep only cases whose answer is the same in every dialect.
    #[arg(long)]
    pub robust: bool,
    /// File names start with this (default: the kind's name, or `suite`):
    /// letters, digits, `-`, `_` and `.`, so every file stays in --out.
    #[arg(long, value_name = "NAME", value_parser = file_stem)]
    pub name: Option<String>,
    /// Overwrite cases already in --out (refused otherwise).
    #[arg(long)]
    pub force: bool,
    /// The extension of the answer files written: `out` writes X.out (and
    /// X.exclude.out and so on), for a suite whose answer-extension is
    /// "out"
    #[arg(long, value_name = "EXT", default_value = "ans", value_parser = super::args::answer_extension)]
    pub answer_extension: String,
}

pub(super) fn generate_cases(args: &GenArgs) -> Result<u8> {
    let make = match args.kind {
        Some(kind) => Make::Kind(kind, knobs(args)),
        None => Make::Suite,
    };
    let request = Request {
        make,
        out: &args.out,
        count: args.count,
        seed: args.seed,
        name: args.name.as_deref(),
        force: args.force,
        answer_extension: &args.answer_extension,
    };
    let mut stdout = std::io::stdout();
    // The files matter, not these lines: a closed pipe does not stop the run.
    write_cases(&request, &mut |written| {
        let _ = writeln!(stdout, "{}", written.line);
    })?;
    Ok(crate::exit::SUCCESS)
}

/// The knobs of --kind as asked.
fn knobs(args: &GenArgs) -> Knobs {
    Knobs {
        n: args.n,
        colours: args.colours,
        density: args.density,
        blocks: args.blocks,
        waves: args.waves,
        robust: args.robust,
    }
}

/// A value of `--blocks`: `B` or `MIN-MAX`, within what a board holds.
fn blocks_range(text: &str) -> Result<(u8, u8), String> {
    let most = (crate::puzzle::board::WIDTH * crate::puzzle::board::HEIGHT) as u8;
    let number = |t: &str| {
        t.trim()
            .parse::<u8>()
            .ok()
            .filter(|b| (1..=most).contains(b))
    };
    let (min, max) = match text.split_once('-') {
        Some((a, b)) => (number(a), number(b)),
        None => (number(text), number(text)),
    };
    match (min, max) {
        (Some(min), Some(max)) if min <= max => Ok((min, max)),
        (Some(_), Some(_)) => Err("the fewest blocks come first, as in 20-25".to_string()),
        _ => Err(format!(
            "give a number of blocks from 1 to {most}, or a range such as 20-25"
        )),
    }
}

/// A file name's stem that cannot leave the folder it is written to.
fn file_stem(text: &str) -> Result<String, String> {
    let fine = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if text.is_empty() || text.len() > 64 || text.starts_with('.') || !text.chars().all(fine) {
        return Err(format!(
            "`{}`: a name is 1 to 64 letters, digits, `-`, `_` or `.`, not starting with `.`",
            crate::text::visible(&crate::text::excerpt(text, 40))
        ));
    }
    Ok(text.to_string())
}
