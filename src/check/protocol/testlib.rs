//! testlib's protocol, `INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]`: the
//! verdict word and message on standard error (and in the result file, as
//! testlib's XML with `-appes`), exit codes as plain's.

use super::plain::{FAIL, code};
use super::{Inputs, Policy, ProtocolError, Source, check_files, write_file};
use crate::check::CheckVerdict;
use crate::text::escape_markup;

pub const USAGE: &str = "INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]";

pub fn run(args: &[String], policy: Policy) -> Result<u8, ProtocolError> {
    let (input, output, answer, rest) = match args {
        [i, o, a, rest @ ..] if rest.len() <= 2 => (i, o, a, rest),
        _ => {
            return Err(ProtocolError::Arguments {
                expected: "3 to 5",
                got: args.len(),
            });
        }
    };
    let appes = match rest {
        [_, flag] if flag == "-appes" => true,
        [_, flag] => return Err(ProtocolError::UnknownFlag(flag.clone())),
        _ => false,
    };
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer: Some(answer.into()),
    };
    let j = check_files(&inputs, policy);
    let (word, outcome) = match j.verdict {
        CheckVerdict::Accepted => ("ok", "accepted"),
        CheckVerdict::WrongAnswer => ("wrong answer", "wrong-answer"),
        CheckVerdict::PresentationError => ("wrong output format", "presentation-error"),
        CheckVerdict::Fail => ("FAIL", "fail"),
    };
    let message = format!("{word} {}", j.summary);
    eprintln!("{message}");
    if let Some(result) = rest.first() {
        write_file(result, &result_text(&message, outcome, appes))?;
    }
    Ok(code(j.verdict))
}

/// A result file's text: the message, or testlib's XML with `-appes`.
fn result_text(message: &str, outcome: &str, appes: bool) -> String {
    if appes {
        format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome=\"{outcome}\">{}</result>\n",
            escape_markup(message)
        )
    } else {
        format!("{message}\n")
    }
}

/// A judge fault, `FAIL` and the fault on standard error and, when the
/// call names a result file (four or five arguments), in it.
pub(super) fn fault(args: &[String], told: &str) -> u8 {
    let message = format!("FAIL {told}");
    eprintln!("{message}");
    if let [_, _, _, result, rest @ ..] = args
        && rest.len() <= 1
    {
        let appes = rest.first().is_some_and(|f| f == "-appes");
        let _ = write_file(result, &result_text(&message, "fail", appes));
    }
    FAIL
}
