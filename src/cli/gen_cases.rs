//! `mayan gen`: write cases of a kind, or a whole suite shaped like the
//! official data, with their answers, deterministically; every case
//! different from the others and from the cases already in the folder.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use crate::check::reference::References;
use crate::judge::answer_files;
use crate::puzzle::answer::Answer;
use crate::puzzle::case::{Case, MAX_N, format_case, read_case_file};
use crate::puzzle::dialect::Dialect;
use crate::setter::features::features;
use crate::setter::kinds::{Kind, Options, generate, kind_name, seeded};
use crate::setter::random::Rng;
use crate::setter::repeats::Distinct;
use crate::setter::suite;
use crate::solver::Solver;

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

/// Tries this many cases for one that repeats none made before giving up.
const REPEATS: usize = 100;

pub(super) fn generate_cases(args: &GenArgs) -> Result<u8> {
    let (plan, mut rng) = plan(args)?;
    let name = match (&args.name, args.kind) {
        (Some(n), _) => n.clone(),
        (None, Some(kind)) => kind_name(kind),
        (None, None) => "suite".to_string(),
    };
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("{}: cannot make the folder", args.out.display()))?;
    if !args.force {
        refuse_overwrite(&args.out, &name, plan.len(), &args.answer_extension)?;
    }
    let mut distinct = cases_in(&args.out, &name, plan.len());
    let mut solver = Solver::new();
    for (i, &(kind, options)) in plan.iter().enumerate() {
        let input = args.out.join(format!("{name}-{:03}.in", i + 1));
        let case = new_case(
            kind,
            &options,
            (&mut rng, &mut solver),
            &mut distinct,
            &input,
        )?;
        std::fs::write(&input, format_case(&case))
            .with_context(|| format!("{}: cannot write", input.display()))?;
        write_answers(&input, &case, &args.answer_extension, &mut solver)?;
        let kind = args.suite.then_some(kind);
        // The files matter, not this line: a closed pipe does not stop the run.
        let _ = writeln!(
            std::io::stdout(),
            "{}",
            describe(&input, kind, &case, &mut solver)
        );
    }
    Ok(crate::exit::SUCCESS)
}

/// What to make, case by case, and the generator to draw it with: --count
/// cases of --kind with the options of the flags, or a suite's slots.
fn plan(args: &GenArgs) -> Result<(Vec<(Kind, Options)>, Rng)> {
    match args.kind {
        Some(kind) => {
            let options = super::gen_options::options(kind, args)?;
            let count = args.count.unwrap_or(1);
            Ok((vec![(kind, options); count], seeded(kind, args.seed)))
        }
        None => {
            let count = args.count.unwrap_or(10);
            let slots = (0..count).map(|i| suite::slot(i, count));
            let plan = slots.map(|s| (s.kind, s.options)).collect();
            Ok((plan, suite::seeded(args.seed)))
        }
    }
}

/// A case of `kind` that repeats none in `distinct`, remembered there as
/// `input`'s.
fn new_case(
    kind: Kind,
    options: &Options,
    (rng, solver): (&mut Rng, &mut Solver),
    distinct: &mut Distinct,
    input: &Path,
) -> Result<Case> {
    let name = kind_name(kind);
    for _ in 0..REPEATS {
        let Some(case) = generate(kind, options, rng, solver) else {
            let flags = match kind {
                Kind::Cascade => "--colours, --density, --blocks, --n or --waves",
                _ => "--colours, --density, --blocks or --n",
            };
            bail!("found no {name} case after many tries: loosen {flags}");
        };
        if distinct.insert(&case, input).is_none() {
            return Ok(case);
        }
    }
    let fewer = match options.density {
        1 => "the bottom row holds only a few different cases: ask for fewer cases",
        _ => "ask for fewer cases or loosen the options",
    };
    bail!(
        "{}: every {name} case found in {REPEATS} tries repeats one made before or already in \
         the folder ({} different so far); {fewer}",
        input.display(),
        distinct.len()
    )
}

/// The cases already in `out` (a file that does not read as a case is
/// left alone), but for those this run writes over.
fn cases_in(out: &Path, name: &str, count: usize) -> Distinct {
    let mut distinct = Distinct::new();
    let ours: Vec<String> = (1..=count).map(|i| format!("{name}-{i:03}.in")).collect();
    let Ok(entries) = std::fs::read_dir(out) else {
        return distinct;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|f| ours.iter().any(|o| f == o.as_str()))
        })
        .collect();
    paths.sort();
    for path in paths {
        if let Ok(case) = read_case_file(&path) {
            distinct.insert(&case, &path);
        }
    }
    distinct
}

/// The line printed for a case written: its path, kind (in a suite), n,
/// blocks, colours, smallest answer and what that answer does.
fn describe(input: &Path, kind: Option<Kind>, case: &Case, solver: &mut Solver) -> String {
    let solution = solver.solve(&case.board, case.n, Dialect::default());
    let what = match &solution {
        Some(moves) => format!(
            "{}; {}",
            Answer::from_solution(solution.clone()).one_line(),
            features(&case.board, moves)
        ),
        None => "-1".to_string(),
    };
    format!(
        "{}: {}n = {}, {} blocks, {}: {what}",
        input.display(),
        kind.map_or(String::new(), |k| format!("{}, ", kind_name(k))),
        case.n,
        case.board.block_count(),
        crate::text::plural(case.board.colours_used(), "colour")
    )
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

/// The answer files of a case: `X.ans` (`X.<ext>`) with the default
/// dialect's answer, and a file of its own for each other dialect whose
/// answer the files written before would get wrong (see
/// `judge::answer_files`); any other answer file of `X` removed.
fn write_answers(
    input: &std::path::Path,
    case: &Case,
    ext: &str,
    solver: &mut Solver,
) -> Result<()> {
    // Under --force, an earlier case's answer for a dialect this one shares
    // with X.ans would otherwise stay and be read in its place.
    for stale in answer_files::all_names(input, ext) {
        match std::fs::remove_file(&stale) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(e).with_context(|| format!("{}: cannot remove", stale.display()));
            }
            _ => {}
        }
    }
    let mut refs = References::of(case);
    let mut written: Vec<(std::path::PathBuf, Answer)> = Vec::new();
    for d in Dialect::ALL {
        let answer = refs.get(d, solver).clone();
        let read = answer_files::candidates(input, d, ext)
            .into_iter()
            .find_map(|p| written.iter().find(|(w, _)| *w == p));
        if read.is_some_and(|(_, a)| *a == answer) {
            continue;
        }
        let path = answer_files::name_for(input, d, ext);
        std::fs::write(&path, answer.to_text())
            .with_context(|| format!("{}: cannot write", path.display()))?;
        written.push((path, answer));
    }
    Ok(())
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

/// An error naming the first of the files `gen` would write that already
/// exists.
fn refuse_overwrite(out: &std::path::Path, name: &str, count: usize, ext: &str) -> Result<()> {
    for i in 1..=count {
        let input = out.join(format!("{name}-{i:03}.in"));
        let mut paths = vec![input.clone()];
        paths.extend(answer_files::all_names(&input, ext));
        if let Some(there) = paths.iter().find(|p| p.exists()) {
            bail!(
                "{} already exists; give another --name or --out, or --force to overwrite",
                there.display()
            );
        }
    }
    Ok(())
}
