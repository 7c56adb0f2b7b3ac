//! `mayan check`: the special judge, in the protocol asked for. In the
//! plain protocol a plain answer file `X.ans` gives way to the dialect's own
//! file beside it, as `mayan judge` reads (`judge::answer_files`); the other
//! protocols read exactly the files their judge names.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::Args;

use crate::check::protocol::{self, Protocol, ProtocolError};
use crate::check::{Accept, Policy};
use crate::judge::answer_files;
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

#[derive(Args, Debug)]
#[command(after_help = crate::check::protocol::EXIT_HELP)]
pub struct CheckArgs {
    /// Calling convention; a binary named mayan-testlib, mayan-kattis,
    /// mayan-lemon, mayan-cms or mayan-check picks its own.
    #[arg(long, value_enum, value_name = "NAME", env = "MAYAN_PROTOCOL", default_value_t = Protocol::Plain)]
    pub protocol: Protocol,
    /// Accept only the smallest solution, or any valid one.
    #[arg(long, value_enum, value_name = "POLICY", env = "MAYAN_ACCEPT", default_value_t = Accept::Lexmin)]
    pub accept: Accept,
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_enum, value_name = "HOW", env = "MAYAN_NULL_SWAPS", default_value_t = NullSwaps::Include)]
    pub null_swaps: NullSwaps,
    /// Exactly n moves, or at most n.
    #[arg(long, value_enum, value_name = "HOW", env = "MAYAN_STEPS", default_value_t = Steps::Exact)]
    pub steps: Steps,
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
    let policy = Policy {
        accept: args.accept,
        dialect: Dialect::new(args.null_swaps, args.steps),
    };
    let protocol_args = match args.protocol {
        Protocol::Plain => with_dialect_answer(&args.args, policy.dialect),
        _ => args.args.clone(),
    };
    match &args.html {
        None => protocol::run(args.protocol, &protocol_args, policy),
        Some(html) if args.protocol == Protocol::Plain => {
            protocol::plain::run_drawn(&protocol_args, policy, html)
        }
        Some(_) => {
            let e = ProtocolError::Config("--html works with the plain protocol only".into());
            protocol::fault(args.protocol, &args.args, &e)
        }
    }
}

/// A `mayan check` command line that clap refused (a bad `MAYAN_ACCEPT`,
/// an unknown flag, a protocol that does not exist): the host's checker is
/// misconfigured, which no contestant caused, so it is said the protocol's
/// way with its judge-fault code (`protocol::fault`) and never clap's exit
/// 2, which plain and testlib read as PE for every contestant. The
/// protocol is the one asked for (`--protocol`, `MAYAN_PROTOCOL`, a
/// protocol-named binary), its arguments those after `--` or after the
/// flags; with no protocol to speak, the fault is said with the code that
/// is a fault in every one. `None` when the command is not `check`, or
/// clap only shows help.
pub fn parse_failure(args: &[OsString], error: &clap::Error) -> Option<u8> {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        return None;
    }
    let after = check_call(args)?;
    let flags = value_flags();
    let message = clap_message(error, after, &flags);
    let Some(protocol) = asked_protocol(after) else {
        return Some(protocol::fault_of_no_protocol(&format!(
            "mayan check is misconfigured: {message}"
        )));
    };
    let protocol_args = protocol_args(after, &flags);
    Some(protocol::fault(
        protocol,
        &protocol_args,
        &ProtocolError::Config(message),
    ))
}

/// The arguments after `check`, when the command line is `mayan check`
/// (after `mayan`'s own `--color`).
fn check_call(args: &[OsString]) -> Option<&[OsString]> {
    let mut i = 1;
    while let Some(arg) = args.get(i) {
        match arg.to_str() {
            Some("--color") => i += 2,
            Some(a) if a.starts_with('-') => i += 1,
            Some("check") => return Some(&args[i + 1..]),
            _ => return None,
        }
    }
    None
}

/// The long flags of `mayan check` that take a value, with the variable
/// of the environment that may set each.
fn value_flags() -> Vec<(String, Option<String>)> {
    let command = <CheckArgs as clap::Args>::augment_args(clap::Command::new("check"));
    let mut flags: Vec<(String, Option<String>)> = (command.get_arguments())
        .filter(|a| a.get_action().takes_values())
        .filter_map(|a| {
            let env = a.get_env().map(|e| e.to_string_lossy().into_owned());
            Some((format!("--{}", a.get_long()?), env))
        })
        .collect();
    flags.push(("--color".into(), None));
    flags
}

/// The protocol the call asks for: `--protocol`, else `MAYAN_PROTOCOL`,
/// else plain; `None` when what is asked for is no protocol.
fn asked_protocol(after: &[OsString]) -> Option<Protocol> {
    let flags = after.iter().take_while(|a| *a != "--");
    let mut given = None;
    let mut it = flags.map(|a| a.to_string_lossy());
    while let Some(arg) = it.next() {
        if arg == "--protocol" {
            given = it.next().map(|v| v.into_owned());
        } else if let Some(value) = arg.strip_prefix("--protocol=") {
            given = Some(value.to_string());
        }
    }
    let given = given.or_else(|| {
        let env = std::env::var_os("MAYAN_PROTOCOL")?;
        Some(env.to_string_lossy().into_owned()).filter(|v| !v.is_empty())
    });
    match given {
        None => Some(Protocol::Plain),
        Some(name) => clap::ValueEnum::from_str(&name, false).ok(),
    }
}

/// The protocol's arguments in a call clap refused: those after `--`, else
/// those after the flags (and their values). None when one is not UTF-8:
/// a result file is then not written, rather than written under a name
/// the host did not give.
fn protocol_args(after: &[OsString], flags: &[(String, Option<String>)]) -> Vec<String> {
    let text = |a: &[OsString]| {
        let all: Option<Vec<String>> = a.iter().map(|a| a.to_str().map(String::from)).collect();
        all.unwrap_or_default()
    };
    if let Some(dash) = after.iter().position(|a| a == "--") {
        return text(&after[dash + 1..]);
    }
    let mut i = 0;
    while let Some(arg) = after.get(i).map(|a| a.to_string_lossy()) {
        if flags.iter().any(|(f, _)| *f == arg) {
            i += 2;
        } else if arg.starts_with('-') && arg.len() > 1 {
            i += 1;
        } else {
            break;
        }
    }
    text(after.get(i..).unwrap_or_default())
}

/// clap's message on one line, and the variable of the environment that
/// set the bad value when it was not on the command line.
fn clap_message(
    error: &clap::Error,
    after: &[OsString],
    flags: &[(String, Option<String>)],
) -> String {
    let rendered = error.render().to_string();
    let lines: Vec<&str> = (rendered.lines().map(str::trim))
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .filter(|l| !l.starts_with("Usage:"))
        .collect();
    let message = lines.join("; ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let invalid = match error.get(clap::error::ContextKind::InvalidArg) {
        Some(clap::error::ContextValue::String(arg)) => arg.clone(),
        _ => return message.to_string(),
    };
    let flag = invalid.split([' ', '=']).next().unwrap_or_default();
    let on_line = |a: &OsString| {
        let a = a.to_string_lossy();
        a == flag || a.starts_with(&format!("{flag}="))
    };
    let env = flags
        .iter()
        .find(|(f, _)| f == flag)
        .and_then(|(_, e)| e.as_ref());
    match env {
        Some(var) if std::env::var_os(var).is_some() && !after.iter().any(on_line) => {
            format!("{message} (from the environment: {var})")
        }
        _ => message.to_string(),
    }
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
    use clap::Parser;

    fn args(line: &[&str]) -> Vec<OsString> {
        line.iter().map(OsString::from).collect()
    }

    #[test]
    fn a_check_call_is_found_after_mayans_own_flags() {
        let call = args(&["mayan", "--color", "never", "check", "--accept", "x", "a"]);
        assert_eq!(check_call(&call).unwrap(), &call[4..]);
        assert!(check_call(&args(&["mayan", "judge", "check"])).is_none());
        assert!(check_call(&args(&["mayan", "--color=never"])).is_none());
    }

    #[test]
    fn the_protocols_arguments_follow_the_dash_dash_or_the_flags() {
        let flags = value_flags();
        let after = args(&["--protocol", "lemon", "--", "a", "--b", "c"]);
        assert_eq!(protocol_args(&after, &flags), ["a", "--b", "c"]);
        let after = args(&["--accept", "x", "--null-swaps=y", "a.in", "a.out"]);
        assert_eq!(protocol_args(&after, &flags), ["a.in", "a.out"]);
        assert!(protocol_args(&args(&["--steps"]), &flags).is_empty());
        let not_utf8: OsString = std::os::unix::ffi::OsStringExt::from_vec(b"s\xff".to_vec());
        let after = [OsString::from("--"), "a".into(), not_utf8];
        assert!(
            protocol_args(&after, &flags).is_empty(),
            "no file of another name"
        );
        assert_eq!(
            asked_protocol(&args(&["--protocol=cms", "--", "x"])),
            Some(Protocol::Cms)
        );
        assert_eq!(asked_protocol(&args(&["--protocol", "bogus"])), None);
    }

    // A bad --accept made clap exit 2, which plain and testlib read as PE.
    #[test]
    fn a_bad_setting_is_the_protocols_fault_and_says_which() {
        let call = args(&[
            "mayan",
            "check",
            "--accept",
            "bogus",
            "--protocol",
            "testlib",
        ]);
        let e = Cli::try_parse_from(&call).unwrap_err();
        let message = clap_message(&e, &call[2..], &value_flags());
        assert_eq!(
            message,
            "invalid value 'bogus' for '--accept <POLICY>'; [possible values: lexmin, any-valid]"
        );
        let call = args(&["mayan", "check", "--protocol", "cms", "--html"]);
        let e = Cli::try_parse_from(&call).unwrap_err();
        assert_eq!(parse_failure(&call, &e), Some(protocol::cms::JUDGE_ERROR));
        let help = Cli::try_parse_from(args(&["mayan", "check", "--help"])).unwrap_err();
        assert_eq!(
            parse_failure(&args(&["mayan", "check", "--help"]), &help),
            None
        );
        let other = args(&["mayan", "judge", "--bogus"]);
        assert_eq!(
            parse_failure(&other, &Cli::try_parse_from(&other).unwrap_err()),
            None
        );
    }
}
