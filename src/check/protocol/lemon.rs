//! LemonLime's (and Cena's) special-judge protocol, `INPUT OUTPUT ANSWER
//! FULL_SCORE SCORE_FILE MESSAGE_FILE`: the score and the message in their
//! files. Exit 0 on the contestant's verdict (AC, WA or PE: FULL_SCORE or 0
//! in SCORE_FILE); exit 1 on a judge fault (FAIL, a call it cannot make
//! sense of, a file it cannot write), which LemonLime shows as "Special
//! Judge Run Time Error" (the case still scores 0, but the result says it
//! was the checker's fault, not an ordinary wrong answer). On a fault
//! the files are still written when the call names them: score 0 and the
//! fault in MESSAGE_FILE (LemonLime does not read them then; they are for
//! whoever looks into it), and the fault on standard error.

use super::{Inputs, Policy, ProtocolError, Source, check_files, full_message, write_file};
use crate::check::CheckVerdict;

pub const USAGE: &str = "INPUT OUTPUT ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE";

/// Exit codes: the verdict is in the files, or the judge is at fault.
pub const DONE: u8 = 0;
pub const JUDGE_ERROR: u8 = 1;

/// The exit code of a verdict: [`DONE`] for the contestant's (AC, WA, PE),
/// [`JUDGE_ERROR`] for FAIL.
pub fn code(verdict: CheckVerdict) -> u8 {
    match verdict {
        CheckVerdict::Accepted | CheckVerdict::WrongAnswer | CheckVerdict::PresentationError => {
            DONE
        }
        CheckVerdict::Fail => JUDGE_ERROR,
    }
}

pub fn run(args: &[String], policy: Policy) -> Result<u8, ProtocolError> {
    let [input, output, answer, full, score_file, message_file] = args else {
        return Err(ProtocolError::Arguments {
            expected: "6",
            got: args.len(),
        });
    };
    let Some(full) = full_score(full) else {
        return Err(ProtocolError::BadFullScore(full.clone()));
    };
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer: Some(answer.into()),
    };
    let j = check_files(&inputs, policy);
    let score = if j.verdict == CheckVerdict::Accepted {
        full
    } else {
        0
    };
    let message = format!("{}: {}", j.verdict, full_message(&j));
    write_files(score_file, message_file, score, &message)?;
    if j.verdict == CheckVerdict::Fail {
        eprint!("{message}");
    }
    Ok(code(j.verdict))
}

/// The most points LemonLime reads back from a score file (a C `int`).
pub const MAX_FULL_SCORE: u64 = i32::MAX as u64;

/// The full score as the host passes it: a whole number from 0 to
/// [`MAX_FULL_SCORE`] (surrounding spaces allowed). Anything else (`ten`,
/// `-5`, `2.5`, a number past what LemonLime reads back or past `u64`) is
/// `None`: the host is misconfigured, and no score is made up.
pub fn full_score(text: &str) -> Option<u64> {
    let full = text.trim().parse::<u64>().ok()?;
    (full <= MAX_FULL_SCORE).then_some(full)
}

/// The score, then the message.
fn write_files(
    score_file: &str,
    message_file: &str,
    score: u64,
    message: &str,
) -> Result<(), ProtocolError> {
    write_file(score_file, &format!("{score}\n"))?;
    write_file(message_file, message)
}

/// A judge fault, on standard error and, when the call names them (six
/// arguments), in the files: score 0 and the fault.
pub(super) fn fault(args: &[String], told: &str) -> u8 {
    eprintln!("{told}");
    if let [_, _, _, _, score_file, message_file] = args {
        let _ = write_files(score_file, message_file, 0, &format!("FAIL: {told}\n"));
    }
    JUDGE_ERROR
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_judge_fault_exits_non_zero() {
        assert_eq!(code(CheckVerdict::Accepted), DONE);
        assert_eq!(code(CheckVerdict::WrongAnswer), DONE);
        assert_eq!(code(CheckVerdict::PresentationError), DONE);
        assert_ne!(code(CheckVerdict::Fail), DONE);
        assert_ne!(JUDGE_ERROR, DONE);
    }

    #[test]
    fn a_full_score_is_a_whole_number_lemonlime_can_read_back() {
        assert_eq!(full_score("10"), Some(10));
        assert_eq!(full_score(" 100\n"), Some(100));
        assert_eq!(full_score("0"), Some(0));
        assert_eq!(full_score("2147483647"), Some(MAX_FULL_SCORE));
        for bad in [
            "",
            "ten",
            "-5",
            "-0",
            "2.5",
            "1e3",
            "0x10",
            "2147483648",
            "18446744073709551615",
            "99999999999999999999999",
            "１０",
        ] {
            assert_eq!(full_score(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_bad_full_score_still_writes_score_0_and_the_fault() {
        let dir = tempfile::tempdir().unwrap();
        let (score, message) = (dir.path().join("score"), dir.path().join("message"));
        let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
        let args = ["a.in", "a.out", "a.ans", "ten"].map(String::from);
        let args: Vec<String> = args
            .into_iter()
            .chain([path(&score), path(&message)])
            .collect();
        let e = run(&args, Policy::default()).unwrap_err();
        assert!(matches!(e, ProtocolError::BadFullScore(_)), "{e}");
        let code = super::super::run(super::super::Protocol::Lemon, &args, Policy::default());
        assert_eq!(code, JUDGE_ERROR);
        assert_eq!(std::fs::read_to_string(&score).unwrap(), "0\n");
        let text = std::fs::read_to_string(&message).unwrap();
        assert!(text.starts_with("FAIL: full score `ten`"), "{text}");
    }
}
