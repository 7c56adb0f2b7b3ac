//! The plain protocol, `mayan check INPUT OUTPUT [ANSWER]`: one line
//! `AC: message` on standard output, the board or diff on standard error;
//! with `--html FILE`, also the case drawn as a page.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Inputs, Policy, ProtocolError, Source, check_files, read_case, read_output};
use crate::check::{CheckResult, CheckVerdict};
use crate::picture::answer::{Verdict, verdict_page};
use crate::solver::Solver;

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
    let inputs = inputs(args)?;
    let j = check_files(&inputs, policy);
    say(&j);
    Ok(code(j.verdict))
}

/// [`run`], and the case drawn in `html` as one page: the output replayed
/// on boards beside the smallest solution (`picture::answer`).
pub fn run_drawn(args: &[String], policy: Policy, html: &Path) -> u8 {
    let result = inputs(args).and_then(|inputs| {
        check_page_path(&inputs, html)?;
        let j = check_files(&inputs, policy);
        say(&j);
        super::files::write_file(html, &drawing(&inputs, &j, policy))?;
        Ok(code(j.verdict))
    });
    result.unwrap_or_else(|e| super::fault(super::Protocol::Plain, args, &e))
}

/// The page is never written over the case, the output or the answer it
/// checks (nor a link to one, nor another name of one).
fn check_page_path(inputs: &Inputs, html: &Path) -> Result<(), ProtocolError> {
    let mut read = crate::inputs::Inputs::default();
    read.file("the case", &inputs.input);
    if let Source::File(output) = &inputs.output {
        read.file("the output checked", output);
    }
    if let Some(answer) = &inputs.answer {
        read.file("the answer", answer);
    }
    match read.hit_by(html) {
        Some((input, _)) => Err(ProtocolError::OverInput {
            path: html.to_path_buf(),
            input: input.clone(),
        }),
        None => Ok(()),
    }
}

fn inputs(args: &[String]) -> Result<Inputs, ProtocolError> {
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
    Ok(Inputs {
        input: input.into(),
        output: Source::File(output.into()),
        answer,
    })
}

/// The verdict on standard output, the board or diff on standard error.
fn say(j: &CheckResult) {
    let _ = writeln!(std::io::stdout(), "{}: {}", j.verdict, j.summary);
    if !j.details.is_empty() {
        eprint!("{}", j.details);
    }
}

/// The page of a checked case; the files are read again, as the checker
/// read them (a case or output that cannot be read, or that is refused,
/// leaves only the words).
fn drawing(inputs: &Inputs, j: &CheckResult, policy: Policy) -> String {
    let case = read_case(&inputs.input).ok();
    let output = match &inputs.output {
        Source::File(_) => read_output(&inputs.output).ok().and_then(Result::ok),
        Source::Stdin => None,
    };
    let output = (output.filter(|p| !p.truncated)).map(|p| crate::text::decode(&p.bytes));
    let solution = case.and_then(|c| Solver::new().solve(&c.board, c.n, policy.dialect));
    let heading = format!("case {}: {}", inputs.input.display(), j.verdict);
    verdict_page(&Verdict {
        heading: &heading,
        summary: &j.summary,
        details: &j.details,
        case: case.as_ref(),
        output: output.as_deref(),
        dialect: policy.dialect,
        solution: solution.as_deref(),
    })
}

/// A judge fault, as `ProtocolError::told` says it, on standard output.
pub(super) fn fault(told: &str) -> u8 {
    let _ = writeln!(std::io::stdout(), "FAIL: {told}");
    FAIL
}
