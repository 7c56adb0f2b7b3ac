//! The command line: argument definitions and the commands behind them.
//! Each command returns its exit code; `main` only prints errors.

mod args;
mod check;
mod export;
mod gen_cases;
mod gen_options;
mod judge;
mod links;
mod outputs;
mod progress;
mod report;
mod solve;
mod solve_line;
mod stress;
mod validate;

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Parser, Subcommand};

use crate::check::protocol::{Protocol, embedded};
use crate::config::Config;
/// How wide the terminal is: `judge` folds the score matrix to it.
use crate::terminal::columns as terminal_columns;

pub use args::{AnswerArgs, ColorChoice, DialectArgs, RuleArgs, RunArgs};

pub use check::CheckArgs;
pub use check::parse_failure as check_parse_failure;
pub use export::ExportArgs;
pub use gen_cases::GenArgs;
pub use judge::JudgeArgs;
pub use links::LinksArgs;
pub use report::ReportArgs;
pub use solve::SolveArgs;
pub use solve_line::plain_solve;
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
    /// When to draw in colour: auto (on a terminal, unless NO_COLOR is set
    /// or TERM=dumb), always or never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t)]
    pub color: ColorChoice,
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
    /// partitioned run, or fold re-judges into a whole run's report.
    Report(ReportArgs),
    /// Make the protocol-named checkers (mayan-testlib, mayan-kattis,
    /// mayan-lemon, mayan-cms, mayan-check) beside this binary or in DIR.
    Links(LinksArgs),
}

/// Runs the parsed command line; returns the exit code.
pub fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Solve(args) => solve::solve(&args, cli.color),
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

/// The command line to parse: a binary named for a checker protocol
/// (`mayan-testlib INPUT OUTPUT ANSWER`) stands for `mayan check --protocol
/// testlib INPUT OUTPUT ANSWER`, so a judge can call it with its fixed
/// arguments; a binary run as `checker` that carries a call at its end (as
/// `mayan export cms` makes CMS's checker) stands for that call.
pub fn effective_args(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let name = args
        .first()
        .and_then(|a| Path::new(a).file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name == embedded::RUN_AS {
        return match embedded::read_own() {
            Some(call) => carried_call(call, args),
            None => args,
        };
    }
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

/// `mayan CALL -- ARGS`: the call a binary run as `checker` carries
/// (`check::protocol::embedded`), before the judge's arguments.
fn carried_call(call: Vec<String>, args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut rewritten: Vec<std::ffi::OsString> = vec!["mayan".into()];
    rewritten.extend(call.into_iter().map(Into::into));
    rewritten.push("--".into());
    rewritten.extend(args.into_iter().skip(1));
    rewritten
}

/// What a protocol-named binary (`mayan-testlib`, ...) prints when asked
/// only for `--help`/`-h` or `--version`/`-V`, instead of a protocol failure
/// for a malformed call; `None` for any other call.
pub fn protocol_help(args: &[std::ffi::OsString]) -> Option<String> {
    let name = args.first().and_then(|a| Path::new(a).file_name())?;
    let name = name.to_string_lossy();
    let protocol = Protocol::from_program_name(&name)?;
    let [_, flag] = args else { return None };
    let version = format!("{name} {}", env!("CARGO_PKG_VERSION"));
    let id = clap::ValueEnum::to_possible_value(&protocol)
        .map_or(String::new(), |v| v.get_name().to_string());
    match flag.to_str()? {
        "--version" | "-V" => Some(version + "\n"),
        "--help" | "-h" => Some(format!(
            "{version}: the Mayan puzzle checker, speaking the {id} protocol\n\n\
             Usage: {name} {}\n\n\
             The same as `mayan check --protocol {id} -- ARGS`; `mayan check --help`\n\
             tells the dialect and policy flags, `mayan links --help` how these names are made.\n",
            protocol.usage()
        )),
        _ => None,
    }
}

/// The configuration named, else `./judge.toml` if present, else the
/// built-in one.
pub(super) fn load_config(path: Option<&PathBuf>) -> Result<Config> {
    Ok(Config::find(path.map(PathBuf::as_path))?.0)
}
