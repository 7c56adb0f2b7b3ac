//! Reading the command line, in one place and with clap's definitions
//! only: what the program's own name asks for (a binary named for a
//! checker protocol, `mayan-testlib ARGS`, stands for `mayan check
//! --protocol testlib -- ARGS`; one run as `checker` for the call it
//! carries), then the flags. `mayan solve`, run once per case by scripts
//! and checkers, is read by a parser holding only its own arguments
//! ([`SolveLine`], the same definitions): building the whole command tree
//! cost more than solving a hard board. A line that parser does not take
//! (another command, help, a mistake) is read by the whole tree, which
//! also says what is wrong; a refused `check` line is said in its
//! protocol.

use std::ffi::OsString;
use std::path::Path;

use clap::{CommandFactory, Parser, Subcommand};

use super::{Cli, Command, GlobalArgs, SolveArgs};
use crate::check::protocol::{Protocol, embedded};

/// What reading the command line gave.
pub enum Read {
    /// A command to run.
    Cli(Box<Cli>),
    /// Nothing to run: help was shown, or the line was refused (the exit
    /// code).
    Done(u8),
}

/// `mayan solve` alone: the same flags as `mayan` and `mayan solve`.
#[derive(Parser, Debug)]
#[command(name = "mayan", version)]
pub struct SolveLine {
    #[command(flatten)]
    global: GlobalArgs,
    #[command(subcommand)]
    command: OnlySolve,
}

#[derive(Subcommand, Debug)]
enum OnlySolve {
    Solve(SolveArgs),
}

impl SolveLine {
    /// The whole command line this is.
    pub fn into_cli(self) -> Cli {
        let OnlySolve::Solve(args) = self.command;
        Cli {
            global: self.global,
            command: Command::Solve(args),
        }
    }
}

/// Reads `args` (see the module's docs).
pub fn read(args: Vec<OsString>) -> Read {
    if let Some(help) = protocol_help(&args) {
        print!("{help}");
        return Read::Done(crate::exit::SUCCESS);
    }
    let args = effective_args(args);
    if let Ok(line) = SolveLine::try_parse_from(&args) {
        return Read::Cli(Box::new(line.into_cli()));
    }
    match Cli::try_parse_from(&args) {
        Ok(cli) => Read::Cli(Box::new(cli)),
        Err(e) => Read::Done(refused(&args, &e)),
    }
}

/// A line clap refused (or help it shows): a `check` line is said the
/// protocol's way (`check::refused`, from what clap read before it
/// stopped); anything else as clap says it, with its code.
fn refused(args: &[OsString], e: &clap::Error) -> u8 {
    use clap::error::ErrorKind;
    let shown = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if !shown {
        let read = Cli::command()
            .ignore_errors(true)
            .try_get_matches_from(args);
        if let Ok(read) = read
            && let Some(("check", check)) = read.subcommand()
        {
            return super::check::refused(check, e);
        }
    }
    let _ = e.print();
    u8::try_from(e.exit_code()).unwrap_or(crate::exit::ERROR)
}

/// The command line a binary's name stands for (see the module's docs).
fn effective_args(args: Vec<OsString>) -> Vec<OsString> {
    let name = program_name(&args);
    if name == embedded::RUN_AS {
        return match embedded::read_own() {
            Some(call) => carried_call(call, args),
            None => args,
        };
    }
    let Some(protocol) = Protocol::from_program_name(&name) else {
        return args;
    };
    let mut rewritten: Vec<OsString> = vec!["mayan".into(), "check".into(), "--protocol".into()];
    rewritten.push(protocol_id(protocol).into());
    rewritten.push("--".into());
    rewritten.extend(args.into_iter().skip(1));
    rewritten
}

/// The program's file name, as text.
fn program_name(args: &[OsString]) -> String {
    (args.first().and_then(|a| Path::new(a).file_name()))
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A protocol as `--protocol` names it.
fn protocol_id(protocol: Protocol) -> String {
    clap::ValueEnum::to_possible_value(&protocol).map_or(String::new(), |v| v.get_name().into())
}

/// `mayan CALL -- ARGS`: the call a binary run as `checker` carries
/// (`check::protocol::embedded`), before the judge's arguments.
fn carried_call(call: Vec<String>, args: Vec<OsString>) -> Vec<OsString> {
    let mut rewritten: Vec<OsString> = vec!["mayan".into()];
    rewritten.extend(call.into_iter().map(Into::into));
    rewritten.push("--".into());
    rewritten.extend(args.into_iter().skip(1));
    rewritten
}

/// What a protocol-named binary (`mayan-testlib`, ...) prints when asked
/// only for `--help`/`-h` or `--version`/`-V`, instead of a protocol failure
/// for a malformed call; `None` for any other call.
fn protocol_help(args: &[OsString]) -> Option<String> {
    let name = program_name(args);
    let protocol = Protocol::from_program_name(&name)?;
    let [_, flag] = args else { return None };
    let version = format!("{name} {}", env!("CARGO_PKG_VERSION"));
    let id = protocol_id(protocol);
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

#[cfg(test)]
mod tests;
