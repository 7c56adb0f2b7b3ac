//! `mayan gen`: write cases of a kind, with their answers, deterministically.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use crate::check::reference::References;
use crate::judge::suite::answer_path;
use crate::puzzle::answer::Answer;
use crate::puzzle::case::{MAX_N, format_case};
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
    #[arg(long)]
    pub out: PathBuf,
    /// How many cases.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// The seed: the same seed and options give the same cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Moves the cases ask for (default: 5 for hard, else 1 to 3).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_N as i64))]
    pub n: Option<u8>,
    /// Colours used at most.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub colours: u8,
    /// The tallest a column may start.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=7))]
    pub density: u8,
    /// For --kind cascade: the waves one move must set off.
    #[arg(long, default_value_t = 2)]
    pub waves: u32,
    /// Keep only cases whose answer is the same in every dialect.
    #[arg(long)]
    pub robust: bool,
    /// File names start with this (default: the kind's name).
    #[arg(long)]
    pub name: Option<String>,
}

pub(super) fn generate_cases(args: &GenArgs) -> Result<u8> {
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
        let dialects: &[Dialect] = if args.kind == Kind::DialectSensitive {
            &Dialect::ALL
        } else {
            &Dialect::ALL[..1]
        };
        let mut refs = References::of(&case);
        for &d in dialects {
            let path = answer_path(&input, d, Dialect::default());
            std::fs::write(&path, refs.get(d, &mut solver).to_text())
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
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
