//! The calling conventions of the judges people run, around [`check`]: which
//! argument is which file, where the verdict and message go, which exit code
//! means what. One file per protocol, each with its exit codes; what they
//! share is here, and how they read the three files and write their result
//! files is in `files`; the protocol-named checkers made on disk are
//! `links`'.
//!
//! | protocol | arguments | verdict |
//! | --- | --- | --- |
//! | plain | `INPUT OUTPUT [ANSWER]` | stdout `AC: message`; exit 0 AC, 1 WA, 2 PE, 3 FAIL |
//! | testlib | `INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]` | stderr `ok`/`wrong answer`/`wrong output format`/`FAIL` + message; exit 0/1/2/3 |
//! | kattis | `INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT` | `FEEDBACK_DIR/judgemessage.txt`; exit 42 accepted, 43 rejected, 1 judge error |
//! | lemon | `INPUT OUTPUT ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE` | score and message files; exit 0, 1 on a judge fault (files still written) |
//! | cms | `INPUT ANSWER OUTPUT` | stdout `1.0`/`0.0`, stderr message; exit 0, 1 on a judge fault |

pub mod cms;
pub mod embedded;
mod files;
pub mod kattis;
pub mod lemon;
pub mod links;
pub mod plain;
pub mod testlib;

use std::path::PathBuf;

use super::{CheckResult, CheckVerdict, Output, Policy, check};
use crate::puzzle::case::{Case, ReadError};
use crate::solver::Solver;
use crate::text::visible;
use crate::untrusted::{Prefix, Refusal};
use files::{read_answer, read_case, read_output, write_file};

/// The exit codes of every protocol, for `mayan check --help`.
pub const EXIT_HELP: &str = "\
Exit codes by protocol: plain and testlib 0 AC, 1 WA, 2 PE, 3 FAIL (the judge
is wrong); kattis 42 accepted, 43 rejected (WA or PE), 1 judge error; lemon
0 (the verdict is in the files), or 1 on a judge fault; cms 0, or 1 on a judge
fault. A bad flag or MAYAN_* setting is the protocol's judge fault (3 when
the protocol itself is unknown), never a contestant's verdict.";

/// The most bytes of a contestant's output the checker reads; an answer is at
/// most five short lines.
pub const OUTPUT_LIMIT: u64 = 1 << 20;

/// The names under which `mayan` speaks one protocol (`mayan links` makes
/// them).
pub const PROGRAM_NAMES: [(&str, Protocol); 5] = [
    ("mayan-check", Protocol::Plain),
    ("mayan-testlib", Protocol::Testlib),
    ("mayan-kattis", Protocol::Kattis),
    ("mayan-lemon", Protocol::Lemon),
    ("mayan-cms", Protocol::Cms),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    Plain,
    Testlib,
    Kattis,
    Lemon,
    Cms,
}

impl Protocol {
    /// The protocol a binary named `mayan-<protocol>` speaks (`mayan-check`
    /// is plain), so judges that call a checker with fixed arguments can use
    /// a copy or link of `mayan` under that name.
    pub fn from_program_name(name: &str) -> Option<Protocol> {
        let stem = name.strip_suffix(".exe").unwrap_or(name);
        PROGRAM_NAMES
            .iter()
            .find(|(n, _)| *n == stem)
            .map(|&(_, p)| p)
    }

    /// The arguments the judge passes under this protocol.
    pub fn usage(self) -> &'static str {
        match self {
            Protocol::Plain => plain::USAGE,
            Protocol::Testlib => testlib::USAGE,
            Protocol::Kattis => kattis::USAGE,
            Protocol::Lemon => lemon::USAGE,
            Protocol::Cms => cms::USAGE,
        }
    }
}

/// A call a protocol cannot make sense of, a setting that is wrong, or a
/// file it cannot write: the judge is misconfigured.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    #[error("expected {expected} arguments, got {got}")]
    Arguments { expected: &'static str, got: usize },
    #[error("unknown flag `{0}`")]
    UnknownFlag(String),
    #[error("flag `{0}` needs a value")]
    FlagNeedsValue(String),
    #[error("`{value}` is not a value of {flag}")]
    BadFlagValue { flag: String, value: String },
    #[error("full score `{0}` is not a whole number from 0 to {max}", max = lemon::MAX_FULL_SCORE)]
    BadFullScore(String),
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not written: it is {what}, and a result goes only to a regular file of one name", path.display())]
    WriteRefused { path: PathBuf, what: &'static str },
    #[error(
        "--html {}: that is {} ({}), which the check reads; name another file",
        crate::text::visible(&path.display().to_string()),
        input.what,
        crate::text::visible(&input.path.display().to_string())
    )]
    OverInput {
        path: PathBuf,
        input: crate::inputs::Input,
    },
    /// A setting of the checker (a flag or its environment variable) that
    /// is wrong: the host is misconfigured.
    #[error("mayan check is misconfigured: {0}")]
    Config(String),
}

impl ProtocolError {
    /// The error, and the protocol's usage when the call itself is wrong.
    fn told(&self, usage: &str) -> String {
        match self {
            ProtocolError::Write { .. }
            | ProtocolError::WriteRefused { .. }
            | ProtocolError::OverInput { .. }
            | ProtocolError::Config(_) => self.to_string(),
            _ => format!("{self} (usage: {usage})"),
        }
    }
}

/// Why the three files could not be read: a judge fault (FAIL). The
/// contestant's output standing refused is not one (`files::read_output`).
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("the input is not a valid case: {0}")]
    Case(#[from] ReadError),
    #[error("{what} {} {refusal}", path.display())]
    Refused {
        /// `the input` or `the answer file`.
        what: &'static str,
        path: PathBuf,
        refusal: Refusal,
    },
    #[error("{}: cannot read: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the answer file: {0}")]
    Answer(ReadError),
    #[error("cannot read the output: {0}")]
    Output(std::io::Error),
}

/// The three texts a check needs, read from where the protocol says.
struct Inputs {
    input: PathBuf,
    output: Source,
    answer: Option<PathBuf>,
}

enum Source {
    File(PathBuf),
    Stdin,
}

/// Checks, or explains why it could not (a judge fault: FAIL). The words
/// quote the contestant's output, so they are escaped (`text::visible`)
/// before any protocol shows them.
fn check_files(inputs: &Inputs, policy: Policy) -> CheckResult {
    let j = match try_check_files(inputs, policy) {
        Ok(j) => j,
        Err(e) => CheckResult {
            verdict: CheckVerdict::Fail,
            summary: e.to_string(),
            details: String::new(),
        },
    };
    escaped(j)
}

/// A result with its words made safe to show (`text::visible`), as every
/// protocol shows them.
pub fn escaped(j: CheckResult) -> CheckResult {
    CheckResult {
        summary: visible(&j.summary),
        details: visible(&j.details),
        ..j
    }
}

fn try_check_files(inputs: &Inputs, policy: Policy) -> Result<CheckResult, InputError> {
    let case = read_case(&inputs.input)?;
    let expected = match &inputs.answer {
        None => None,
        Some(path) => read_answer(path)?,
    };
    let prefix = match read_output(&inputs.output)? {
        Ok(prefix) => prefix,
        Err(refused) => return Ok(refused),
    };
    Ok(judge_prefix(
        &case,
        expected.as_deref(),
        &prefix,
        policy,
        &mut Solver::new(),
    ))
}

/// What every protocol makes of an output once the files are read: the
/// case, the answer file's text (`None`: the reference solver decides) and
/// the output's first [`OUTPUT_LIMIT`] bytes; not yet [`escaped`]. Public
/// for the tests that hold the exported testlib checker against it.
pub fn judge_prefix(
    case: &Case,
    expected: Option<&str>,
    prefix: &Prefix,
    policy: Policy,
    solver: &mut Solver,
) -> CheckResult {
    let text = crate::text::decode(&prefix.bytes);
    let output = match prefix.truncated {
        false => Output::Text(&text),
        true => Output::TooLarge(OUTPUT_LIMIT),
    };
    check(case, output, expected, policy, solver)
}

/// Runs one protocol on its arguments; returns the process exit code.
pub fn run(protocol: Protocol, args: &[String], policy: Policy) -> u8 {
    let result = match protocol {
        Protocol::Plain => plain::run(args, policy),
        Protocol::Testlib => testlib::run(args, policy),
        Protocol::Kattis => kattis::run(args, policy),
        Protocol::Lemon => lemon::run(args, policy),
        Protocol::Cms => cms::run(args, policy),
    };
    match result {
        Ok(code) => code,
        Err(e) => fault(protocol, args, &e),
    }
}

/// The judge is at fault (a call the protocol cannot make sense of, a bad
/// setting, a file it cannot write): said the protocol's way, in the result
/// files the call names where the protocol has them (testlib's result file,
/// Lemon's score and message, Kattis's feedback folder), and its judge-fault
/// code returned. Never a contestant's verdict: clap's exit 2 for a bad
/// `MAYAN_ACCEPT` would be PE to plain and testlib.
pub fn fault(protocol: Protocol, args: &[String], e: &ProtocolError) -> u8 {
    let told = match protocol {
        Protocol::Plain => e.told(&format!("mayan check {}", plain::USAGE)),
        _ => e.told(protocol.usage()),
    };
    match protocol {
        Protocol::Plain => plain::fault(&told),
        Protocol::Testlib => testlib::fault(args, &told),
        Protocol::Kattis => kattis::fault(args, &told),
        Protocol::Cms => cms::fault(&told),
        Protocol::Lemon => lemon::fault(args, &told),
    }
}

/// The exit code that is a judge fault in every protocol (plain's and
/// testlib's FAIL; neither Kattis's 42 or 43 nor Lemon's or CMS's 0).
pub const FAULT_IN_EVERY_PROTOCOL: u8 = 3;

/// A fault found before the protocol is known (`MAYAN_PROTOCOL=bogus`):
/// said on both streams, with [`FAULT_IN_EVERY_PROTOCOL`].
pub fn fault_of_no_protocol(message: &str) -> u8 {
    println!("FAIL: {message}");
    eprintln!("FAIL {message}");
    FAULT_IN_EVERY_PROTOCOL
}

/// The summary and then the details, as a message file holds them.
fn full_message(j: &CheckResult) -> String {
    if j.details.is_empty() {
        format!("{}\n", j.summary)
    } else {
        format!("{}\n{}", j.summary, j.details)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_names_choose_protocols() {
        assert_eq!(
            Protocol::from_program_name("mayan-testlib"),
            Some(Protocol::Testlib)
        );
        assert_eq!(
            Protocol::from_program_name("mayan-kattis.exe"),
            Some(Protocol::Kattis)
        );
        assert_eq!(
            Protocol::from_program_name("mayan-check"),
            Some(Protocol::Plain)
        );
        assert_eq!(Protocol::from_program_name("mayan"), None);
    }
}
