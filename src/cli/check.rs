//! `mayan check`: the special judge, in the protocol asked for. In the
//! plain protocol a plain answer file `X.ans` gives way to the dialect's own
//! file beside it, as `mayan judge` reads (`judge::answer_files`); the other
//! protocols read exactly the files their judge names.

use std::path::{Path, PathBuf};

use clap::Args;

use super::args::{Lenient, Setting};
use crate::check::protocol::{self, Protocol, ProtocolError};
use crate::check::{Accept, Policy};
use crate::judge::answer_files;
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

#[derive(Args, Debug)]
#[command(after_help = crate::check::protocol::EXIT_HELP)]
pub struct CheckArgs {
    /// Calling convention; a binary named mayan-testlib, mayan-kattis,
    /// mayan-lemon, mayan-cms or mayan-check picks its own.
    #[arg(long, value_name = "NAME", env = "MAYAN_PROTOCOL", default_value = "plain", value_parser = Lenient::<Protocol>::new())]
    pub protocol: Setting<Protocol>,
    /// Accept only the smallest solution, or any valid one.
    #[arg(long, value_name = "POLICY", env = "MAYAN_ACCEPT", default_value = "lexmin", value_parser = Lenient::<Accept>::new())]
    pub accept: Setting<Accept>,
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_name = "HOW", env = "MAYAN_NULL_SWAPS", default_value = "include", value_parser = Lenient::<NullSwaps>::new())]
    pub null_swaps: Setting<NullSwaps>,
    /// Exactly n moves, or at most n.
    #[arg(long, value_name = "HOW", env = "MAYAN_STEPS", default_value = "exact", value_parser = Lenient::<Steps>::new())]
    pub steps: Setting<Steps>,
    /// Also write the case drawn as one self-contained HTML page to FILE:
    /// the output replayed on boards beside the smallest solution (plain
    /// protocol).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// The protocol's arguments, in its order (plain: INPUT OUTPUT and an optional ANSWER).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0.., value_name = "ARGS")]
    pub args: Vec<String>,
}

pub(super) fn check(args: &CheckArgs) -> u8 {
    let protocol = match &args.protocol {
        Setting::Given(protocol) => *protocol,
        Setting::Bad(why) => return protocol::fault_of_no_protocol(&misconfigured(why)),
    };
    let policy = match policy(args) {
        Ok(policy) => policy,
        Err(why) => return protocol::fault(protocol, &args.args, &ProtocolError::Config(why)),
    };
    let protocol_args = match protocol {
        Protocol::Plain => with_dialect_answer(&args.args, policy.dialect),
        _ => args.args.clone(),
    };
    match &args.html {
        None => protocol::run(protocol, &protocol_args, policy),
        Some(html) if protocol == Protocol::Plain => {
            protocol::plain::run_drawn(&protocol_args, policy, html)
        }
        Some(_) => {
            let e = ProtocolError::Config("--html works with the plain protocol only".into());
            protocol::fault(protocol, &args.args, &e)
        }
    }
}

/// The checker's policy the settings give, or the first bad setting.
fn policy(args: &CheckArgs) -> Result<Policy, String> {
    fn given<T: Copy>(setting: &Setting<T>) -> Result<T, String> {
        match setting {
            Setting::Given(value) => Ok(*value),
            Setting::Bad(why) => Err(why.clone()),
        }
    }
    Ok(Policy {
        accept: given(&args.accept)?,
        dialect: Dialect::new(given(&args.null_swaps)?, given(&args.steps)?),
    })
}

fn misconfigured(why: &str) -> String {
    format!("mayan check is misconfigured: {why}")
}

/// A `mayan check` command line that clap refused (a flag without its
/// value, a flag given twice, an argument that is not UTF-8): the host's
/// checker is misconfigured, which no contestant caused, so it is said the
/// protocol's way with its judge-fault code (`protocol::fault`), never with
/// clap's exit 2, which plain and testlib read as PE. `read` is what clap
/// read of the line before it stopped: the protocol asked for (else plain)
/// and its arguments, when it got that far; a bad protocol is said with
/// the code that is a fault in every protocol.
pub fn refused(read: &clap::ArgMatches, error: &clap::Error) -> u8 {
    let message = one_line(error);
    let protocol = read.try_get_one::<Setting<Protocol>>("protocol");
    let protocol = match protocol.ok().flatten() {
        Some(Setting::Given(p)) => *p,
        Some(Setting::Bad(why)) => return protocol::fault_of_no_protocol(&misconfigured(why)),
        None => Protocol::Plain,
    };
    let args: Vec<String> = match read.try_get_many::<String>("args") {
        Ok(Some(args)) => args.cloned().collect(),
        _ => Vec::new(),
    };
    protocol::fault(protocol, &args, &ProtocolError::Config(message))
}

/// clap's message on one line, without its usage and help hints.
fn one_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let lines: Vec<&str> = (rendered.lines().map(str::trim))
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .filter(|l| !l.starts_with("Usage:"))
        .collect();
    let message = lines.join("; ");
    message
        .strip_prefix("error: ")
        .unwrap_or(&message)
        .to_string()
}

/// The plain protocol's `INPUT OUTPUT ANSWER` with the answer file `mayan
/// judge` would read under `dialect` ([`answer_files::for_dialect`]): a
/// plain `X.ans` gives way to `X.exclude.ans` and the like, said on
/// standard error. Other arguments are left as they are.
fn with_dialect_answer(args: &[String], dialect: Dialect) -> Vec<String> {
    let mut args = args.to_vec();
    if let [_, output, answer] = args.as_mut_slice() {
        let read = answer_files::for_dialect(Path::new(answer), dialect);
        // Never the contestant's output taken for the answer.
        if read != Path::new(answer) && read != Path::new(output) {
            let read = read.display().to_string();
            eprintln!("mayan check: reading {read}, the answer file for {dialect}, not {answer}");
            *answer = read;
        }
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::{CommandFactory, Parser};

    fn check_args(line: &[&str]) -> CheckArgs {
        match Cli::try_parse_from(line) {
            Ok(Cli {
                command: crate::cli::Command::Check(args),
                ..
            }) => args,
            other => panic!("{line:?}: {other:?}"),
        }
    }

    // A bad --accept made clap exit 2, which plain and testlib read as PE.
    #[test]
    fn a_bad_setting_is_read_and_said_in_clap_words() {
        let args = check_args(&[
            "mayan",
            "check",
            "--accept",
            "bogus",
            "--protocol",
            "testlib",
            "a",
        ]);
        assert_eq!(args.protocol, Setting::Given(Protocol::Testlib));
        assert_eq!(args.args, ["a"]);
        assert_eq!(
            policy(&args).unwrap_err(),
            "invalid value 'bogus' for '--accept <POLICY>'; [possible values: lexmin, any-valid]"
        );
        let args = check_args(&["mayan", "check", "--steps=at-most", "--", "x"]);
        assert_eq!(policy(&args).unwrap().dialect.steps, Steps::AtMost);
    }

    #[test]
    fn a_line_clap_refuses_is_said_in_the_protocol_asked_for() {
        let line = ["mayan", "check", "--protocol", "cms", "--html"];
        let e = Cli::try_parse_from(line).unwrap_err();
        let read = Cli::command().ignore_errors(true).get_matches_from(line);
        let (_, check) = read.subcommand().unwrap();
        assert_eq!(refused(check, &e), protocol::cms::JUDGE_ERROR);
        assert!(one_line(&e).starts_with("a value is required for '--html <FILE>'"));
    }
}
