//! LemonLime's (and Cena's) special-judge protocol, `INPUT OUTPUT ANSWER
//! FULL_SCORE SCORE_FILE MESSAGE_FILE`: the score and the message in their
//! files; the exit code is always 0.

use super::{Inputs, Policy, ProtocolError, Source, check_files, full_message, write_file};
use crate::check::CheckVerdict;

pub const USAGE: &str = "INPUT OUTPUT ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE";

/// The only exit code: LemonLime reads the files.
pub const DONE: u8 = 0;

pub fn run(args: &[String], policy: Policy) -> Result<u8, ProtocolError> {
    let [input, output, answer, full, score_file, message_file] = args else {
        return Err(ProtocolError::Arguments {
            expected: "6",
            got: args.len(),
        });
    };
    let full: u64 = full
        .trim()
        .parse()
        .map_err(|_| ProtocolError::BadFullScore(full.clone()))?;
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
    write_file(score_file, &format!("{score}\n"))?;
    write_file(
        message_file,
        &format!("{}: {}", j.verdict, full_message(&j)),
    )?;
    Ok(DONE)
}

pub(super) fn usage_failure(e: &ProtocolError, usage: &str) -> u8 {
    eprintln!("{e} (usage: {usage})");
    DONE
}
