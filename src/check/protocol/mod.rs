//! The calling conventions of the judges people run, around [`check`]: which
//! argument is which file, where the verdict and message go, which exit code
//! means what. Also the bounded reading of contestants' output.
//!
//! | protocol | arguments | verdict |
//! | --- | --- | --- |
//! | plain | `INPUT OUTPUT [ANSWER]` | stdout `AC: message`; exit 0 AC, 1 WA, 2 PE, 3 FAIL |
//! | testlib | `INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]` | stderr `ok`/`wrong answer`/`wrong output format`/`FAIL` + message; exit 0/1/2/3 |
//! | kattis | `INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT` | `FEEDBACK_DIR/judgemessage.txt`; exit 42 accepted, 43 rejected, 1 judge error |
//! | lemon | `INPUT OUTPUT ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE` | score and message files; exit 0 |
//! | cms | `INPUT ANSWER OUTPUT` | stdout `1.0`/`0.0`, stderr message; exit 0, 1 on a judge fault |

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::{CheckResult, CheckVerdict, Output, Policy, check};
use crate::puzzle::case::read_case_file;
use crate::puzzle::dialect::{NullSwaps, Steps};
use crate::solver::Solver;

/// The most bytes of a contestant's output the checker reads; an answer is at
/// most five short lines.
pub const OUTPUT_LIMIT: u64 = 1 << 20;

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
        match stem {
            "mayan-check" => Some(Protocol::Plain),
            "mayan-testlib" => Some(Protocol::Testlib),
            "mayan-kattis" => Some(Protocol::Kattis),
            "mayan-lemon" => Some(Protocol::Lemon),
            "mayan-cms" => Some(Protocol::Cms),
            _ => None,
        }
    }

    fn usage(self) -> &'static str {
        match self {
            Protocol::Plain => "INPUT OUTPUT [ANSWER]",
            Protocol::Testlib => "INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]",
            Protocol::Kattis => "INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT",
            Protocol::Lemon => "INPUT OUTPUT ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE",
            Protocol::Cms => "INPUT ANSWER OUTPUT",
        }
    }
}

/// Reads at most `limit` bytes; `None` in the second place when there was more.
fn read_bounded(mut reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader.by_ref().take(limit + 1).read_to_end(&mut bytes)?;
    Ok(if bytes.len() as u64 > limit {
        None
    } else {
        Some(bytes)
    })
}

fn open(path: &Path) -> Result<std::fs::File, String> {
    std::fs::File::open(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// The three texts a judgement needs, read from where the protocol says.
struct Inputs {
    input: PathBuf,
    output: Source,
    answer: Option<PathBuf>,
}

enum Source {
    File(PathBuf),
    Stdin,
}

/// Judges, or explains why it could not (a judge fault: FAIL).
fn judge_files(inputs: &Inputs, policy: Policy) -> CheckResult {
    match try_judge_files(inputs, policy) {
        Ok(j) => j,
        Err(message) => CheckResult {
            verdict: CheckVerdict::Fail,
            summary: message,
            details: String::new(),
        },
    }
}

fn try_judge_files(inputs: &Inputs, policy: Policy) -> Result<CheckResult, String> {
    let case =
        read_case_file(&inputs.input).map_err(|e| format!("the input is not a valid case: {e}"))?;
    let expected = match &inputs.answer {
        None => None,
        Some(path) => {
            let bytes = read_bounded(open(path)?, OUTPUT_LIMIT)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?
                .ok_or_else(|| {
                    format!(
                        "{}: the answer file is larger than {OUTPUT_LIMIT} bytes",
                        path.display()
                    )
                })?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            // An empty answer file stands for "none": the reference decides.
            (!text.trim().is_empty()).then_some(text)
        }
    };
    let read = match &inputs.output {
        Source::File(path) => read_bounded(open(path)?, OUTPUT_LIMIT),
        Source::Stdin => read_bounded(std::io::stdin().lock(), OUTPUT_LIMIT),
    }
    .map_err(|e| format!("cannot read the output: {e}"))?;
    let text = read.as_deref().map(String::from_utf8_lossy);
    let output = match &text {
        Some(t) => Output::Text(t),
        None => Output::TooLarge(OUTPUT_LIMIT),
    };
    Ok(check(
        &case,
        output,
        expected.as_deref(),
        policy,
        &mut Solver::new(),
    ))
}

/// Runs one protocol on its arguments; returns the process exit code.
pub fn run(protocol: Protocol, args: &[String], policy: Policy) -> u8 {
    let result = match protocol {
        Protocol::Plain => plain(args, policy),
        Protocol::Testlib => testlib(args, policy),
        Protocol::Kattis => kattis(args, policy),
        Protocol::Lemon => lemon(args, policy),
        Protocol::Cms => cms(args, policy),
    };
    match result {
        Ok(code) => code,
        Err(message) => usage_failure(protocol, &message),
    }
}

/// A call the protocol cannot make sense of: the judge is misconfigured.
fn usage_failure(protocol: Protocol, message: &str) -> u8 {
    let usage = protocol.usage();
    match protocol {
        Protocol::Plain => {
            let _ = writeln!(
                std::io::stdout(),
                "FAIL: {message} (usage: mayan check {usage})"
            );
            3
        }
        Protocol::Testlib => {
            eprintln!("FAIL {message} (usage: {usage})");
            3
        }
        Protocol::Kattis | Protocol::Cms => {
            eprintln!("{message} (usage: {usage})");
            1
        }
        Protocol::Lemon => {
            eprintln!("{message} (usage: {usage})");
            0
        }
    }
}

fn full_message(j: &CheckResult) -> String {
    if j.details.is_empty() {
        format!("{}\n", j.summary)
    } else {
        format!("{}\n{}", j.summary, j.details)
    }
}

fn plain(args: &[String], policy: Policy) -> Result<u8, String> {
    let (input, output, answer) = match args {
        [i, o] => (i, o, None),
        [i, o, a] => (i, o, Some(PathBuf::from(a))),
        _ => return Err(format!("expected 2 or 3 arguments, got {}", args.len())),
    };
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer,
    };
    let j = judge_files(&inputs, policy);
    let _ = writeln!(std::io::stdout(), "{}: {}", j.verdict, j.summary);
    if !j.details.is_empty() {
        eprint!("{}", j.details);
    }
    Ok(match j.verdict {
        CheckVerdict::Accepted => 0,
        CheckVerdict::WrongAnswer => 1,
        CheckVerdict::PresentationError => 2,
        CheckVerdict::Fail => 3,
    })
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn testlib(args: &[String], policy: Policy) -> Result<u8, String> {
    let (input, output, answer, rest) = match args {
        [i, o, a, rest @ ..] if rest.len() <= 2 => (i, o, a, rest),
        _ => return Err(format!("expected 3 to 5 arguments, got {}", args.len())),
    };
    let appes = match rest {
        [_, flag] if flag == "-appes" => true,
        [_, flag] => return Err(format!("unknown flag `{flag}`")),
        _ => false,
    };
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer: Some(answer.into()),
    };
    let j = judge_files(&inputs, policy);
    let (word, outcome, code) = match j.verdict {
        CheckVerdict::Accepted => ("ok", "accepted", 0),
        CheckVerdict::WrongAnswer => ("wrong answer", "wrong-answer", 1),
        CheckVerdict::PresentationError => ("wrong output format", "presentation-error", 2),
        CheckVerdict::Fail => ("FAIL", "fail", 3),
    };
    let message = format!("{word} {}", j.summary);
    eprintln!("{message}");
    if let Some(result) = rest.first() {
        let text = if appes {
            format!(
                "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome=\"{outcome}\">{}</result>\n",
                xml_escape(&message)
            )
        } else {
            format!("{message}\n")
        };
        std::fs::write(result, text).map_err(|e| format!("{result}: cannot write: {e}"))?;
    }
    Ok(code)
}

/// `--null-swaps X`, `--steps X`, `--accept X` among a validator's flags.
fn kattis_policy(flags: &[String], mut policy: Policy) -> Result<Policy, String> {
    use clap::ValueEnum;
    let mut it = flags.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("flag `{flag}` needs a value"))?;
        let bad = |_| format!("`{value}` is not a value of {flag}");
        match flag.as_str() {
            "--null-swaps" => {
                policy.dialect.null_swaps = NullSwaps::from_str(value, false).map_err(bad)?
            }
            "--steps" => policy.dialect.steps = Steps::from_str(value, false).map_err(bad)?,
            "--accept" => policy.accept = super::Accept::from_str(value, false).map_err(bad)?,
            _ => return Err(format!("unknown flag `{flag}`")),
        }
    }
    Ok(policy)
}

fn kattis(args: &[String], policy: Policy) -> Result<u8, String> {
    let [input, answer, feedback, flags @ ..] = args else {
        return Err(format!("expected at least 3 arguments, got {}", args.len()));
    };
    let policy = kattis_policy(flags, policy)?;
    let inputs = Inputs {
        input: input.into(),
        output: Source::Stdin,
        answer: Some(answer.into()),
    };
    let j = judge_files(&inputs, policy);
    let path = Path::new(feedback).join("judgemessage.txt");
    let mut file = std::fs::File::create(&path)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    let text = format!("{}: {}", j.verdict, full_message(&j));
    file.write_all(text.as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    Ok(match j.verdict {
        CheckVerdict::Accepted => 42,
        CheckVerdict::WrongAnswer | CheckVerdict::PresentationError => 43,
        CheckVerdict::Fail => {
            eprint!("{text}");
            1
        }
    })
}

fn lemon(args: &[String], policy: Policy) -> Result<u8, String> {
    let [input, output, answer, full, score_file, message_file] = args else {
        return Err(format!("expected 6 arguments, got {}", args.len()));
    };
    let full: u64 = full
        .trim()
        .parse()
        .map_err(|_| format!("full score `{full}` is not a whole number"))?;
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer: Some(answer.into()),
    };
    let j = judge_files(&inputs, policy);
    let score = if j.verdict == CheckVerdict::Accepted {
        full
    } else {
        0
    };
    std::fs::write(score_file, format!("{score}\n"))
        .map_err(|e| format!("{score_file}: cannot write: {e}"))?;
    let message = format!("{}: {}", j.verdict, full_message(&j));
    std::fs::write(message_file, message)
        .map_err(|e| format!("{message_file}: cannot write: {e}"))?;
    Ok(0)
}

fn cms(args: &[String], policy: Policy) -> Result<u8, String> {
    let [input, answer, output] = args else {
        return Err(format!("expected 3 arguments, got {}", args.len()));
    };
    let inputs = Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer: Some(answer.into()),
    };
    let j = judge_files(&inputs, policy);
    if j.verdict == CheckVerdict::Fail {
        eprintln!("{}", j.summary);
        return Ok(1);
    }
    let score = if j.verdict == CheckVerdict::Accepted {
        "1.0"
    } else {
        "0.0"
    };
    let _ = writeln!(std::io::stdout(), "{score}");
    eprintln!("{}", j.summary);
    Ok(0)
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

    #[test]
    fn bounded_reading_stops_past_the_limit() {
        assert_eq!(
            read_bounded(&b"12345"[..], 5).unwrap(),
            Some(b"12345".to_vec())
        );
        assert_eq!(read_bounded(&b"123456"[..], 5).unwrap(), None);
        let endless = std::io::repeat(b'7');
        assert_eq!(read_bounded(endless, 1000).unwrap(), None);
    }

    #[test]
    fn kattis_flags_set_the_policy() {
        let flags: Vec<String> = ["--null-swaps", "exclude", "--accept", "any-valid"]
            .map(String::from)
            .to_vec();
        let p = kattis_policy(&flags, Policy::default()).unwrap();
        assert_eq!(p.dialect.null_swaps, NullSwaps::Exclude);
        assert_eq!(p.accept, super::super::Accept::AnyValid);
        assert!(kattis_policy(&["--steps".to_string()], Policy::default()).is_err());
        assert!(kattis_policy(&["--x".to_string(), "1".to_string()], Policy::default()).is_err());
    }

    #[test]
    fn xml_is_escaped() {
        assert_eq!(xml_escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
