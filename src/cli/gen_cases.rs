//! `mayan gen`: write cases of a kind, with their answers, deterministically.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use crate::check::reference::References;
use crate::judge::answer_files;
use crate::puzzle::answer::Answer;
use crate::puzzle::case::{Case, MAX_N, format_case};
use crate::puzzle::dialect::Dialect;
use crate::setter::kinds::{Kind, Options, features, generate};
use crate::setter::random::Rng;
use crate::solver::Solver;

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct GenArgs {
    /// What the cases must show.
    #[arg(long, value_enum)]
    pub kind: Kind,
    /// The folder to write `NAME-001.in` / `.ans` and so on into (made if
    /// missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// How many cases.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: usize,
    /// The seed: the same seed and options give the same cases.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub seed: u64,
    /// Moves the cases ask for (default: 5 for hard, else 1 to 3).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=MAX_N as i64))]
    pub n: Option<u8>,
    /// Colours used at most.
    #[arg(long, value_name = "K", default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub colours: u8,
    /// The tallest a column may start.
    #[arg(long, value_name = "HEIGHT", default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=7))]
    pub density: u8,
    /// For --kind cascade: the waves one move must set off.
    #[arg(long, value_name = "K", default_value_t = 2)]
    pub waves: u32,
    /// Keep only cases whose answer is the same in every dialect.
    #[arg(long)]
    pub robust: bool,
    /// File names start with this (default: the kind's name): letters,
    /// digits, `-`, `_` and `.`, so every file stays in --out.
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
    if args.robust && args.kind == Kind::DialectSensitive {
        bail!(
            "--robust keeps only cases with one answer in every dialect, and a \
             dialect-sensitive case is one without: give one or the other"
        );
    }
    let options = Options {
        n: args.n,
        colours: args.colours,
        density: args.density,
        waves: args.waves,
        robust: args.robust,
    };
    let name = match &args.name {
        Some(n) => n.clone(),
        None => clap::ValueEnum::to_possible_value(&args.kind)
            .map_or("case".into(), |v| v.get_name().to_string()),
    };
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("{}: cannot make the folder", args.out.display()))?;
    if !args.force {
        refuse_overwrite(&args.out, &name, args.count, &args.answer_extension)?;
    }
    let mut rng = Rng::new(args.seed);
    let mut solver = Solver::new();
    for i in 1..=args.count {
        let Some(case) = generate(args.kind, &options, &mut rng, &mut solver) else {
            bail!(
                "found no {name} case after many tries: loosen --colours, --density, --n or --waves"
            );
        };
        let input = args.out.join(format!("{name}-{i:03}.in"));
        std::fs::write(&input, format_case(&case))
            .with_context(|| format!("{}: cannot write", input.display()))?;
        write_answers(&input, &case, &args.answer_extension, &mut solver)?;
        let solution = solver.solve(&case.board, case.n, Dialect::default());
        let what = match &solution {
            Some(moves) => format!(
                "{}; {}",
                Answer::from_solution(solution.clone()).one_line(),
                features(&case.board, moves)
            ),
            None => "-1".to_string(),
        };
        // The files matter, not this line: a closed pipe does not stop the run.
        let _ = writeln!(
            std::io::stdout(),
            "{}: n = {}, {} blocks: {what}",
            input.display(),
            case.n,
            case.board.block_count()
        );
    }
    Ok(crate::exit::SUCCESS)
}

/// The answer files of a case: `X.ans` (`X.<ext>`) with the default
/// dialect's answer, and a file of its own for each other dialect whose
/// answer the files written before would get wrong (see
/// `judge::answer_files`).
fn write_answers(
    input: &std::path::Path,
    case: &Case,
    ext: &str,
    solver: &mut Solver,
) -> Result<()> {
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
