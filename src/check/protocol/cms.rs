//! CMS's checker protocol, `INPUT ANSWER OUTPUT`: the score `1.0` or `0.0`
//! on standard output, the message on standard error; exit 0, or 1 on a
//! judge fault.

use std::io::Write;

use super::{Inputs, Policy, ProtocolError, Source, check_files};
use crate::check::CheckVerdict;

pub const USAGE: &str = "INPUT ANSWER OUTPUT";

/// Exit codes.
pub const DONE: u8 = 0;
pub const JUDGE_ERROR: u8 = 1;

pub fn run(args: &[String], policy: Policy) -> Result<u8, ProtocolError> {
    let [input, answer, output] = args else {
        return Err(ProtocolError::Arguments {
            expected: "3",
            got: args.len(),
        });
    };
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer: Some(answer.into()),
    };
    let j = check_files(&inputs, policy);
    if j.verdict == CheckVerdict::Fail {
        eprintln!("{}", j.summary);
        return Ok(JUDGE_ERROR);
    }
    let score = if j.verdict == CheckVerdict::Accepted {
        "1.0"
    } else {
        "0.0"
    };
    let _ = writeln!(std::io::stdout(), "{score}");
    eprintln!("{}", j.summary);
    Ok(DONE)
}

/// A judge fault, on standard error.
pub(super) fn fault(told: &str) -> u8 {
    eprintln!("{told}");
    JUDGE_ERROR
}
