//! The command line: argument definitions and the commands behind them.
//! Each command returns its exit code; `main` only prints errors.

mod check;
mod export;
mod gen_cases;
mod judge;
mod report;
mod solve;
mod stress;
mod validate;

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Args, Parser, Subcommand};

use crate::check::protocol::Protocol;
use crate::config::units::{parse_duration, parse_size};
use crate::config::{Config, IoMode, Overrides, SandboxMode};
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

pub use check::CheckArgs;
pub use export::ExportArgs;
pub use gen_cases::GenArgs;
pub use judge::JudgeArgs;
pub use report::ReportArgs;
pub use solve::SolveArgs;
pub use stress::StressArgs;
pub use validate::ValidateArgs;

#[derive(Parser, Debug)]
#[command(
    name = "mayan",
    version,
    about = "Judge, solve and test the NOIP 2011 Mayan puzzle",
    after_help = crate::exit::HELP
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
    /// Run submissions over the suites of cases under limits and report
    /// verdicts, times, memory and scores.
    Judge(JudgeArgs),
    /// Write cases of a kind with their answers (deterministic for a seed).
    Gen(GenArgs),
    /// Run a submission on generated cases until one fails, then shrink it.
    Stress(StressArgs),
    /// Make a problem package for another judge (Kattis/DOMjudge, DMOJ)
    /// from the configuration and its cases, with this binary as checker.
    Export(ExportArgs),
    /// Work with the JSON reports of `mayan judge`: merge the shards of a
    /// partitioned run.
    Report(ReportArgs),
}

/// Overrides of the configuration's run limits and I/O mode, shared by the
/// commands that run submissions.
#[derive(Args, Debug, Clone, Copy)]
pub struct RunArgs {
    /// CPU time limit per case, as "1s" or "500ms".
    #[arg(long, value_parser = parse_duration)]
    pub time_limit: Option<std::time::Duration>,
    /// Memory limit per case, as "256MiB".
    #[arg(long, value_parser = parse_size)]
    pub memory_limit: Option<u64>,
    /// File I/O (mayan.in / mayan.out) or standard streams.
    #[arg(long, value_enum)]
    pub io: Option<IoMode>,
    /// Isolation of the programs run: every protection the machine offers
    /// (auto, the default), all of them or refuse to run (strict), or none
    /// (off).
    #[arg(long, value_enum)]
    pub sandbox: Option<SandboxMode>,
}

impl RunArgs {
    /// These flags as overrides of the configuration.
    pub fn overrides(&self) -> Overrides {
        Overrides {
            time: self.time_limit,
            memory: self.memory_limit,
            io: self.io,
            sandbox: self.sandbox,
            suites: Vec::new(),
        }
    }
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

/// Runs the parsed command line; returns the exit code.
pub fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Solve(args) => solve::solve(&args),
        Command::Validate(args) => validate::validate(&args),
        Command::Check(args) => Ok(check::check(&args)),
        Command::Judge(args) => judge::judge_command(&args),
        Command::Gen(args) => gen_cases::generate_cases(&args),
        Command::Stress(args) => stress::stress_command(&args),
        Command::Export(args) => export::export_command(&args),
        Command::Report(args) => report::report_command(&args),
    }
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

/// The configuration named, else `./judge.toml` if present, else the
/// built-in one.
pub(super) fn load_config(path: Option<&PathBuf>) -> Result<Config> {
    Ok(Config::find(path.map(PathBuf::as_path))?.0)
}
