//! The plain protocol, `mayan check INPUT OUTPUT [ANSWER]`: one line
//! `AC: message` on standard output, the board or diff on standard error.

use std::io::Write;
use std::path::PathBuf;

use super::{Inputs, Policy, ProtocolError, Source, check_files};
use crate::check::CheckVerdict;

pub const USAGE: &str = "INPUT OUTPUT [ANSWER]";

/// Exit codes.
pub const AC: u8 = 0;
pub const WA: u8 = 1;
pub const PE: u8 = 2;
pub const FAIL: u8 = 3;

/// The exit code of a verdict (testlib uses the same).
pub fn code(verdict: CheckVerdict) -> u8 {
    match verdict {
        CheckVerdict::Accepted => AC,
        CheckVerdict::WrongAnswer => WA,
        CheckVerdict::PresentationError => PE,
        CheckVerdict::Fail => FAIL,
    }
}

pub fn run(args: &[String], policy: Policy) -> Result<u8, ProtocolError> {
    let (input, output, answer) = match args {
        [i, o] => (i, o, None),
        [i, o, a] => (i, o, Some(PathBuf::from(a))),
        _ => {
            return Err(ProtocolError::Arguments {
                expected: "2 or 3",
                got: args.len(),
            });
        }
    };
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer,
    };
    let j = check_files(&inputs, policy);
    let _ = writeln!(std::io::stdout(), "{}: {}", j.verdict, j.summary);
    if !j.details.is_empty() {
        eprint!("{}", j.details);
    }
    Ok(code(j.verdict))
}

pub(super) fn usage_failure(e: &ProtocolError, usage: &str) -> u8 {
    let _ = writeln!(std::io::stdout(), "FAIL: {e} (usage: mayan check {usage})");
    FAIL
}
