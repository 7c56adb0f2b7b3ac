//! One case graded, in named steps (as DMOJ's `StandardGrader.grade`): the
//! test data read, a fresh working folder made holding only the run's own
//! copy of the input (`folder`), the program launched under the limits, its
//! output collected (bounded), the output checked against the judge's own
//! copy of the case, the verdict decided (`verdict::decide`), the hints
//! added (`hints`) and the result populated. A step that cannot be made is
//! the judge's or the data's fault, never the contestant's: the result is a
//! JE saying which step and why.

mod folder;
mod hints;
mod mark;

use folder::{Collected, RunFolder};

use super::plan::Plan;
use super::result::CaseResult;
use super::suite::CaseFile;
use super::verdict::{Observed, Verdict, decide};
use crate::check::protocol::OUTPUT_LIMIT;
use crate::check::{CheckResult, CheckVerdict, Output, check};
use crate::config::IoMode;
use crate::puzzle::answer::read_answer_file;
use crate::puzzle::case::{Case, ReadError, format_case, read_case_file};
use crate::runner::{Exit, RunOutcome, Runner, Stop};
use crate::solver::Solver;
use crate::untrusted::Refusal;

/// How much of a wrong output a result keeps.
const RECEIVED_EXCERPT: usize = 2048;

/// A step of grading that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    #[error("bad test data: {0}")]
    Data(#[from] ReadError),
    #[error("bad answer file: {0}")]
    Answer(ReadError),
    #[error("temporary folder: {0}")]
    Scratch(std::io::Error),
    #[error("working folder: {0}")]
    WorkingFolder(std::io::Error),
    #[error("copying the input: {0}")]
    Input(std::io::Error),
    #[error("the run could not be made: {0}")]
    Run(std::io::Error),
}

/// Grades `argv` on one case; `None` when the judge was asked to stop
/// (SIGINT, SIGTERM) before the case was judged.
pub fn grade_case(
    runner: &dyn Runner,
    argv: &[String],
    case: &CaseFile,
    plan: &Plan,
    solver: &mut Solver,
) -> Option<CaseResult> {
    if plan.interrupt.received().is_some() {
        return None;
    }
    match try_grade_case(runner, argv, case, plan, solver) {
        Ok(graded) => graded,
        Err(why) => Some(CaseResult::unmeasured(
            case,
            Verdict::JudgeError,
            why.to_string(),
        )),
    }
}

fn try_grade_case(
    runner: &dyn Runner,
    argv: &[String],
    case: &CaseFile,
    plan: &Plan,
    solver: &mut Solver,
) -> Result<Option<CaseResult>, GradeError> {
    let data = TestData::read(case)?;
    let folder = RunFolder::make(runner, case, plan)?;
    let run = folder.launch(runner, argv, plan)?;
    if run.stopped == Some(Stop::Interrupted) {
        return Ok(None);
    }
    let output = folder.collect();
    let clean = run.stopped.is_none() && run.exit == Exit::Code(0);
    let checked = (clean && output.size <= plan.limits.output)
        .then(|| check_output(&output, plan, &data, solver));
    let observed = Observed {
        run,
        output_bytes: output.size,
        checker: checked.as_ref().map(|c| (c.verdict, c.summary.clone())),
    };
    let (verdict, mut message) = decide(&observed, &plan.limits);
    if matches!(
        verdict,
        Verdict::PE | Verdict::RE | Verdict::WA | Verdict::TLE
    ) {
        message += &hints::hint(verdict, output.size == 0, &plan.io, &folder.left(plan));
    }
    let mut result = populate(case, verdict, &run, checked, &output);
    if verdict != Verdict::AC {
        result.stderr = folder.stderr_tail();
        result.input = format_case(&data.case);
        if verdict == Verdict::RE && !result.stderr.trim().is_empty() {
            let last = last_lines(&result.stderr, 3);
            message = format!("{message}; its standard error ends: {last}");
        }
    }
    result.message = message;
    Ok(Some(result))
}

/// The case and its answer file's text, as the checker needs them.
struct TestData {
    case: Case,
    expected: Option<String>,
}

impl TestData {
    fn read(case: &CaseFile) -> Result<TestData, GradeError> {
        let parsed = read_case_file(&case.input)?;
        let expected = match &case.answer {
            Some(path) => read_answer_file(path).map_err(GradeError::Answer)?,
            None => None,
        };
        Ok(TestData {
            case: parsed,
            expected,
        })
    }
}

fn check_output(
    output: &Collected,
    plan: &Plan,
    data: &TestData,
    solver: &mut Solver,
) -> CheckResult {
    let prefix = match &output.content {
        Ok(prefix) => prefix,
        Err(refusal) => {
            let what = match (plan.io.mode, refusal) {
                (IoMode::File, Refusal::Missing) => {
                    format!("the program wrote no {}", plan.io.output_file)
                }
                (IoMode::File, _) => format!("{} {refusal}", plan.io.output_file),
                (IoMode::Stdio, _) => format!("the program's output {refusal}"),
            };
            return CheckResult {
                verdict: CheckVerdict::PresentationError,
                summary: what,
                details: String::new(),
            };
        }
    };
    let text = crate::text::decode(&prefix.bytes);
    let given = if prefix.truncated {
        Output::TooLarge(OUTPUT_LIMIT)
    } else {
        Output::Text(&text)
    };
    check(
        &data.case,
        given,
        data.expected.as_deref(),
        plan.policy,
        solver,
    )
}

/// The result of a graded case; a wrong answer keeps the checker's details
/// and the start of what was received.
fn populate(
    case: &CaseFile,
    verdict: Verdict,
    run: &RunOutcome,
    checked: Option<CheckResult>,
    output: &Collected,
) -> CaseResult {
    let wrong = matches!(verdict, Verdict::WA | Verdict::PE);
    let received = match (&output.content, wrong) {
        (Ok(p), true) => crate::text::decode(&p.bytes[..p.bytes.len().min(RECEIVED_EXCERPT)]),
        _ => String::new(),
    };
    CaseResult {
        suite: case.suite.clone(),
        name: case.name.clone(),
        verdict,
        cpu_ms: run.cpu.as_millis() as u64,
        wall_ms: run.wall.as_millis() as u64,
        peak_memory_kib: run.peak_memory_kib,
        score: if verdict == Verdict::AC {
            case.points
        } else {
            0
        },
        points: case.points,
        message: String::new(),
        details: checked
            .filter(|_| wrong)
            .map(|c| c.details)
            .unwrap_or_default(),
        received,
        stderr: String::new(),
        input: String::new(),
        judged_again: false,
    }
}

/// At most the last `n` lines of `text`, joined by ` / `, at most 200
/// characters.
fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let tail = lines[lines.len().saturating_sub(n)..].join(" / ");
    let chars: Vec<char> = tail.chars().collect();
    match chars.len() {
        len if len > 200 => format!("…{}", chars[len - 200..].iter().collect::<String>()),
        _ => tail,
    }
}

#[cfg(test)]
mod tests;
