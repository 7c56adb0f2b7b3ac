//! CMS's checker protocol, `INPUT ANSWER OUTPUT`: the score `1.0` or `0.0`
//! on standard output, the message on standard error; exit 0, or 1 on a
//! judge fault.
//!
//! CMS reads the first line of each (`extract_outcome_and_text` in
//! `cms/grading/steps/trusted.py`) and refuses a message holding a
//! character of `[\x00-\x08\x0a-\x1f\x7f-\xbf]`, which would turn a
//! contestant's `«` into a failed evaluation: the message is one line, with
//! those characters escaped ([`for_cms`]).

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
    eprintln!("{}", for_cms(&j.summary));
    Ok(DONE)
}

/// `message` as CMS takes a checker's message: one line, each character
/// CMS refuses (controls, and U+007F to U+00BF) written `\u{..}`, a line
/// break a space.
pub fn for_cms(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.trim_end().chars() {
        match c {
            '\n' => out.push(' '),
            '\0'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{bf}' => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// A judge fault, on standard error.
pub(super) fn fault(told: &str) -> u8 {
    eprintln!("{told}");
    JUDGE_ERROR
}

#[cfg(test)]
mod tests {
    use super::for_cms;

    #[test]
    fn a_message_is_one_line_of_what_cms_accepts() {
        assert_eq!(
            for_cms("WA: move 1 (0 0 1): ok\n"),
            "WA: move 1 (0 0 1): ok"
        );
        assert_eq!(
            for_cms("PE: `1°` «x»\nmore"),
            "PE: `1\\u{b0}` \\u{ab}x\\u{bb} more"
        );
        assert_eq!(
            for_cms("a\u{7f}\u{85}\tb\u{c0}é中"),
            "a\\u{7f}\\u{85}\tb\u{c0}é中"
        );
    }
}
