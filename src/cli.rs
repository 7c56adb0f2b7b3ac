//! The command line: argument definitions and the commands behind them.
//! Each command returns its exit code; `main` only prints errors.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};

use crate::answer::format_answer;
use crate::case::{Case, parse_case};
use crate::check::protocol::{self, Protocol};
use crate::check::{Accept, Policy};
use crate::config::Config;
use crate::dialect::{Dialect, NullSwaps, Steps};
use crate::render::{draw_board, draw_move};
use crate::rules::{RawMove, trace};
use crate::solver::{MAX_MOVES, Solver};
use crate::validate::{Severity, collect_inputs, validate_case};

/// Exit code of a harness or usage error.
pub const EXIT_ERROR: u8 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "mayan",
    version,
    about = "Judge, solve and test the NOIP 2011 Mayan puzzle"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the smallest solution of a case (or -1), in the contest output format.
    Solve(SolveArgs),
    /// Check case files and their answers; note dialect-sensitive cases and
    /// cases that can be cleared in fewer than n moves.
    Validate(ValidateArgs),
    /// Judge a contestant's output (special judge), in the calling convention
    /// of a judge: plain (default), testlib, kattis, lemon or cms.
    Check(CheckArgs),
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Calling convention; a binary named mayan-testlib, mayan-kattis,
    /// mayan-lemon, mayan-cms or mayan-check picks its own.
    #[arg(long, value_enum, env = "MAYAN_PROTOCOL", default_value_t = Protocol::Plain)]
    pub protocol: Protocol,
    /// Accept only the smallest solution, or any valid one.
    #[arg(long, value_enum, env = "MAYAN_ACCEPT", default_value_t = Accept::Lexmin)]
    pub accept: Accept,
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_enum, env = "MAYAN_NULL_SWAPS", default_value_t = NullSwaps::Include)]
    pub null_swaps: NullSwaps,
    /// Exactly n moves, or at most n.
    #[arg(long, value_enum, env = "MAYAN_STEPS", default_value_t = Steps::Exact)]
    pub steps: Steps,
    /// The protocol's arguments, in its order (plain: INPUT OUTPUT [ANSWER]).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    pub args: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Case files or folders (walked recursively); the suites of the
    /// configuration when none are given.
    pub paths: Vec<PathBuf>,
    /// The configuration file; `judge.toml` in the current folder when it
    /// exists, built-in defaults otherwise.
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// The two dialect switches of SPEC.md, shared by every command that judges.
#[derive(Args, Debug, Clone, Copy)]
pub struct DialectArgs {
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_enum, default_value_t = NullSwaps::Include)]
    pub null_swaps: NullSwaps,
    /// Exactly n moves, or at most n.
    #[arg(long, value_enum, default_value_t = Steps::Exact)]
    pub steps: Steps,
}

impl DialectArgs {
    pub fn dialect(&self) -> Dialect {
        Dialect::new(self.null_swaps, self.steps)
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The case file (`*.in`); standard input when absent or `-`.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub dialect: DialectArgs,
    /// After the answer, draw the board at every stage of every move.
    #[arg(long)]
    pub explain: bool,
    /// Print the least number of moves that clears the board instead (-1 when
    /// none within --bound).
    #[arg(long)]
    pub min_moves: bool,
    /// Largest number of moves --min-moves tries.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(0..=MAX_MOVES as i64))]
    pub bound: u8,
}

/// Runs the parsed command line; returns the exit code.
pub fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Validate(args) => validate(&args),
        Command::Check(args) => Ok(check(&args)),
    }
}

fn check(args: &CheckArgs) -> u8 {
    let policy = Policy {
        accept: args.accept,
        dialect: Dialect::new(args.null_swaps, args.steps),
    };
    protocol::run(args.protocol, &args.args, policy)
}

/// The command line to parse: a binary named for a checker protocol
/// (`mayan-testlib INPUT OUTPUT ANSWER`) stands for `mayan check --protocol
/// testlib INPUT OUTPUT ANSWER`, so a judge can call it with its fixed
/// arguments.
pub fn effective_args(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let name = args
        .first()
        .and_then(|a| Path::new(a).file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Some(protocol) = Protocol::from_program_name(&name) else {
        return args;
    };
    let protocol = clap::ValueEnum::to_possible_value(&protocol).map(|v| v.get_name().to_string());
    let mut rewritten: Vec<std::ffi::OsString> =
        vec!["mayan".into(), "check".into(), "--protocol".into()];
    rewritten.push(protocol.unwrap_or_default().into());
    rewritten.push("--".into());
    rewritten.extend(args.into_iter().skip(1));
    rewritten
}

/// The configuration named, else `./judge.toml` if present, else the defaults.
fn load_config(path: Option<&PathBuf>) -> Result<Config> {
    match path {
        Some(p) => Ok(Config::load(p)?),
        None if Path::new("judge.toml").exists() => Ok(Config::load(Path::new("judge.toml"))?),
        None => Ok(Config::default()),
    }
}

fn validate(args: &ValidateArgs) -> Result<u8> {
    let config = load_config(args.config.as_ref())?;
    let roots: Vec<PathBuf> = if args.paths.is_empty() {
        config.suites.iter().map(|s| s.path.clone()).collect()
    } else {
        args.paths.clone()
    };
    for root in &roots {
        if !root.exists() {
            bail!("{}: no such file or folder", root.display());
        }
    }
    let (inputs, mut findings) = collect_inputs(&roots);
    let mut solver = Solver::new();
    for input in &inputs {
        findings.extend(validate_case(input, config.rules, &mut solver));
    }
    let mut out = std::io::stdout().lock();
    for f in &findings {
        writeln!(out, "{f}")?;
    }
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    let count_notes = |prefix: &str| {
        findings
            .iter()
            .filter(|f| f.message.starts_with(prefix))
            .count()
    };
    writeln!(
        out,
        "validated {} ({}): {}, {}; {} dialect-sensitive, {} clearable in fewer than n moves",
        plural(inputs.len(), "case"),
        config.rules,
        plural(count(Severity::Error), "error"),
        plural(count(Severity::Warning), "warning"),
        count_notes("dialect-sensitive"),
        count_notes("can be cleared in"),
    )?;
    Ok(if count(Severity::Error) > 0 { 1 } else { 0 })
}

fn read_input(file: Option<&PathBuf>) -> Result<(String, String)> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let bytes =
                std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
            Ok((
                path.display().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            Ok((
                "<stdin>".to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ))
        }
    }
}

/// Reads a case from a file or standard input; errors name the source and line.
fn load_case(file: Option<&PathBuf>) -> Result<Case> {
    let (name, text) = read_input(file)?;
    match parse_case(&text) {
        Ok(case) => Ok(case),
        Err(e) => bail!("{name}:{}: {}", e.line, e.kind),
    }
}

/// "1 case", "2 cases".
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Colour only on a terminal, and never when NO_COLOR is set.
fn use_colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn solve(args: &SolveArgs) -> Result<u8> {
    let case = load_case(args.file.as_ref())?;
    let mut solver = Solver::new();
    let mut out = std::io::stdout().lock();
    if args.min_moves {
        let least = solver.min_moves(&case.board, args.bound);
        writeln!(out, "{}", least.map_or(-1, i64::from))?;
        return Ok(0);
    }
    let solution = solver.solve(&case.board, case.n, args.dialect.dialect());
    out.write_all(format_answer(solution.as_deref()).as_bytes())?;
    if args.explain {
        let colour = use_colour();
        writeln!(out)?;
        write!(
            out,
            "{}",
            draw_board(&format!("start, n = {}", case.n), &case.board, colour)
        )?;
        let mut board = case.board;
        for (i, &mv) in solution.iter().flatten().enumerate() {
            let t =
                trace(&board, RawMove::from(mv)).context("the solver returned an illegal move")?;
            writeln!(out)?;
            write!(out, "{}", draw_move(i + 1, &board, &t, colour))?;
            board = *t.after();
        }
        if solution.is_none() {
            writeln!(
                out,
                "\nno sequence of {} moves clears this board ({}).",
                case.n,
                args.dialect.dialect()
            )?;
        }
    }
    Ok(0)
}
