//! The Kattis / DOMjudge output validator protocol, `INPUT ANSWER
//! FEEDBACK_DIR [flags] < OUTPUT`: the message in
//! `FEEDBACK_DIR/judgemessage.txt`, exit 42 accepted, 43 rejected (WA and
//! PE), 1 a judge error. Flags after the folder (`validator_flags`) set the
//! policy.

use std::path::Path;

use super::{Inputs, Policy, ProtocolError, Source, check_files, full_message, write_file};
use crate::check::{Accept, CheckVerdict};
use crate::puzzle::dialect::{NullSwaps, Steps};

pub const USAGE: &str = "INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT";

/// Exit codes of a Kattis validator (input validators use the first two too).
pub const ACCEPTED: u8 = 42;
pub const REJECTED: u8 = 43;
pub const JUDGE_ERROR: u8 = 1;

/// `--null-swaps X`, `--steps X`, `--accept X` among a validator's flags.
pub fn policy_from_flags(flags: &[String], mut policy: Policy) -> Result<Policy, ProtocolError> {
    use clap::ValueEnum;
    let mut it = flags.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| ProtocolError::FlagNeedsValue(flag.clone()))?;
        let bad = |_| ProtocolError::BadFlagValue {
            flag: flag.clone(),
            value: value.clone(),
        };
        match flag.as_str() {
            "--null-swaps" => {
                policy.dialect.null_swaps = NullSwaps::from_str(value, false).map_err(bad)?
            }
            "--steps" => policy.dialect.steps = Steps::from_str(value, false).map_err(bad)?,
            "--accept" => policy.accept = Accept::from_str(value, false).map_err(bad)?,
            _ => return Err(ProtocolError::UnknownFlag(flag.clone())),
        }
    }
    Ok(policy)
}

pub fn run(args: &[String], policy: Policy) -> Result<u8, ProtocolError> {
    let [input, answer, feedback, flags @ ..] = args else {
        return Err(ProtocolError::Arguments {
            expected: "at least 3",
            got: args.len(),
        });
    };
    let policy = policy_from_flags(flags, policy)?;
    let inputs = Inputs {
        input: input.into(),
        output: Source::Stdin,
        answer: Some(answer.into()),
    };
    let j = check_files(&inputs, policy);
    let text = format!("{}: {}", j.verdict, full_message(&j));
    write_file(Path::new(feedback).join("judgemessage.txt"), &text)?;
    Ok(match j.verdict {
        CheckVerdict::Accepted => ACCEPTED,
        CheckVerdict::WrongAnswer | CheckVerdict::PresentationError => REJECTED,
        CheckVerdict::Fail => {
            eprint!("{text}");
            JUDGE_ERROR
        }
    })
}

/// A judge fault, on standard error and, when the call names a feedback
/// folder, in its `judgemessage.txt`.
pub(super) fn fault(args: &[String], told: &str) -> u8 {
    eprintln!("{told}");
    if let Some(feedback) = args.get(2) {
        let text = format!("FAIL: {told}\n");
        let _ = write_file(Path::new(feedback).join("judgemessage.txt"), &text);
    }
    JUDGE_ERROR
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_set_the_policy() {
        let flags: Vec<String> = ["--null-swaps", "exclude", "--accept", "any-valid"]
            .map(String::from)
            .to_vec();
        let p = policy_from_flags(&flags, Policy::default()).unwrap();
        assert_eq!(p.dialect.null_swaps, NullSwaps::Exclude);
        assert_eq!(p.accept, Accept::AnyValid);
        assert!(policy_from_flags(&["--steps".to_string()], Policy::default()).is_err());
        let unknown = ["--x".to_string(), "1".to_string()];
        assert!(policy_from_flags(&unknown, Policy::default()).is_err());
    }
}
