//! The command line: the flags of every command, defined once with clap,
//! and the commands behind them. [`main`] is the one place argv goes
//! (`line` reads it); each command's file turns its flags into the
//! library's request, calls the library once, prints what it returns and
//! gives the exit code; `main` says an error and maps it to its code.

mod args;
mod check;
mod export;
mod gen_cases;
mod judge;
mod line;
mod links;
mod report;
mod solve;
mod stress;
mod validate;

use std::ffi::OsString;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};

use crate::exit;

pub use args::{AnswerArgs, ColorChoice, DialectArgs, RuleArgs, RunArgs};

pub use check::CheckArgs;
pub use export::ExportArgs;
pub use gen_cases::GenArgs;
pub use judge::JudgeArgs;
pub use line::SolveLine;
pub use links::LinksArgs;
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
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// The flags of every command.
#[derive(Args, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlobalArgs {
    /// When to draw in colour: auto (on a terminal, unless NO_COLOR is set
    /// or TERM=dumb), always or never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t)]
    pub color: ColorChoice,
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
    /// partitioned run, or fold re-judges into a whole run's report.
    Report(ReportArgs),
    /// Make the protocol-named checkers (mayan-testlib, mayan-kattis,
    /// mayan-lemon, mayan-cms, mayan-check) beside this binary or in DIR.
    Links(LinksArgs),
}

/// Runs the parsed command line; returns the exit code.
pub fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Solve(args) => solve::solve(&args, cli.global.color),
        Command::Validate(args) => validate::validate(&args),
        Command::Check(args) => Ok(check::check(&args)),
        Command::Judge(args) => judge::judge_command(&args),
        Command::Gen(args) => gen_cases::generate_cases(&args),
        Command::Stress(args) => stress::stress_command(&args),
        Command::Export(args) => export::export_command(&args),
        Command::Report(args) => report::report_command(&args),
        Command::Links(args) => links::links_command(&args),
    }
}

/// Runs the command line `args` (as the process got them) and gives the
/// exit code: the command's, or `exit::ERROR` with the error said on
/// standard error, or `exit::BROKEN_PIPE` when the reader of standard
/// output went away (`mayan ... | head`), as a program killed by SIGPIPE,
/// or 130/143 when an error follows a SIGINT or SIGTERM the command
/// recorded (see `runner::signals`).
pub fn main(args: Vec<OsString>) -> u8 {
    let cli = match line::read(args) {
        line::Read::Cli(cli) => cli,
        line::Read::Done(code) => return code,
    };
    match run(*cli) {
        Ok(code) => code,
        Err(e) if e.chain().any(is_broken_pipe) => exit::BROKEN_PIPE,
        // A command a signal stopped before it had anything to keep (a
        // walk of its folders, say) ends as a signal would.
        Err(e) if let Some(signal) = crate::runner::signals::received() => {
            let told = crate::text::error_chain(e.chain().map(|c| c.to_string()));
            eprintln!("mayan: {}", crate::text::visible(&told));
            exit::for_signal(signal)
        }
        Err(e) => {
            let causes = e.chain().map(|c| c.to_string());
            let told = crate::text::error_chain(causes);
            eprintln!("mayan: {}", crate::text::visible(&told));
            exit::ERROR
        }
    }
}

fn is_broken_pipe(cause: &(dyn std::error::Error + 'static)) -> bool {
    let io = cause.downcast_ref::<std::io::Error>();
    let report = cause.downcast_ref::<crate::judge::report::ReportError>();
    io.is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        || report.is_some_and(crate::judge::report::ReportError::is_broken_pipe)
}
