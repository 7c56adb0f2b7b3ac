//! One case graded, in named steps (as DMOJ's `StandardGrader.grade`): the
//! test data read, a fresh working folder made holding only the input, the
//! program launched under the limits, its output collected (bounded), the
//! output checked, the verdict decided (`verdict::decide`) and the result
//! populated. A step that cannot be made is the judge's or the data's fault,
//! never the contestant's: the result is a JE saying which step and why.

use std::path::{Path, PathBuf};

use super::plan::Plan;
use super::result::CaseResult;
use super::suite::CaseFile;
use super::verdict::{Observed, Verdict, decide};
use crate::check::protocol::OUTPUT_LIMIT;
use crate::check::{CheckResult, CheckVerdict, Output, check};
use crate::config::IoMode;
use crate::puzzle::answer::read_answer_file;
use crate::puzzle::case::{Case, ReadError, format_case, read_case_file};
use crate::runner::sandbox::tmpfs::Mounted;
use crate::runner::{Exit, RunOutcome, RunSpec, Runner, Stop};
use crate::solver::Solver;
use crate::untrusted::{Prefix, Refusal, open_beneath, read_prefix, read_tail};

/// How much of a wrong output a result keeps.
const RECEIVED_EXCERPT: usize = 2048;

/// How much of the end of a program's standard error a result keeps.
const STDERR_EXCERPT: u64 = 2048;

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
    if verdict == Verdict::PE && output.size == 0 {
        message += &folder.io_hint(plan);
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

/// A run's folders: a scratch folder holding the streams' files and the
/// working folder (its own tmpfs where the runner gives one) holding only
/// the input.
struct RunFolder {
    /// Unmounted before `scratch` is removed (fields drop in order).
    _mounted: Option<Mounted>,
    scratch: crate::runner::Scratch,
    work: PathBuf,
    stdin: Option<PathBuf>,
    output: PathBuf,
}

impl RunFolder {
    fn make(runner: &dyn Runner, case: &CaseFile, plan: &Plan) -> Result<RunFolder, GradeError> {
        let scratch = runner.run_scratch().map_err(GradeError::Scratch)?;
        let work = scratch.path().join("work");
        std::fs::create_dir(&work).map_err(GradeError::WorkingFolder)?;
        let mounted = runner
            .working_folder(&work, &plan.limits)
            .map_err(GradeError::WorkingFolder)?;
        let (stdin, output) = match plan.io.mode {
            IoMode::File => {
                std::fs::copy(&case.input, work.join(&plan.io.input_file))
                    .map_err(GradeError::Input)?;
                (None, work.join(&plan.io.output_file))
            }
            IoMode::Stdio => {
                let input = scratch.path().join("stdin");
                std::fs::copy(&case.input, &input).map_err(GradeError::Input)?;
                (Some(input), scratch.path().join("stdout"))
            }
        };
        Ok(RunFolder {
            _mounted: mounted,
            scratch,
            work,
            stdin,
            output,
        })
    }

    fn launch(
        &self,
        runner: &dyn Runner,
        argv: &[String],
        plan: &Plan,
    ) -> Result<RunOutcome, GradeError> {
        let spec = RunSpec {
            argv: argv.to_vec(),
            workdir: self.work.clone(),
            stdin: self.stdin.clone(),
            stdout: self.scratch.path().join("stdout"),
            stderr: self.scratch.path().join("stderr"),
            limits: plan.limits,
            readable: plan.readable.clone(),
        };
        runner.run(&spec).map_err(GradeError::Run)
    }

    /// When a program left no answer where the I/O mode looks, what it left
    /// elsewhere: the answer printed on standard output in file mode, or
    /// `mayan.out` written in stdio mode (its start, bounded); in file mode,
    /// another file written instead (a misnamed output), or that it printed
    /// nothing either.
    fn io_hint(&self, plan: &Plan) -> String {
        let file = plan.io.output_file.as_str();
        let (dir, name, did, place, mode) = match plan.io.mode {
            IoMode::File => (
                self.scratch.path(),
                "stdout",
                "printed",
                "on standard output",
                "stdio",
            ),
            IoMode::Stdio => (self.work.as_path(), file, "wrote", file, "file"),
        };
        let start = open_beneath(dir, Path::new(name))
            .ok()
            .and_then(|o| read_prefix(o.file, 40).ok());
        let text = start.as_ref().map_or(String::new(), |s| {
            let text = crate::text::decode(&s.bytes);
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        });
        let more = if start.is_some_and(|s| s.truncated) {
            " ..."
        } else {
            ""
        };
        match (text.is_empty(), plan.io.mode) {
            (false, _) => {
                format!("; it {did} \"{text}{more}\" {place} instead: a program for --io {mode}?")
            }
            (true, IoMode::File) => self.other_files(plan),
            (true, IoMode::Stdio) => String::new(),
        }
    }

    /// In file mode, what else the program left in its working folder (a
    /// misnamed `Mayan.out`, say), or that it printed nothing at all.
    fn other_files(&self, plan: &Plan) -> String {
        let listed = std::fs::read_dir(&self.work).into_iter().flatten();
        let names: Vec<String> = listed
            .filter_map(Result::ok)
            .take(100)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| *n != plan.io.input_file && *n != plan.io.output_file)
            .take(3)
            .collect();
        match names.is_empty() {
            true => "; it printed nothing either (in file mode standard input is empty: \
                     a program for --io stdio?)"
                .to_string(),
            false => format!(
                "; it wrote {} instead (a misnamed output file?)",
                names.join(", ")
            ),
        }
    }

    /// The end of what the program wrote to standard error (bounded).
    fn stderr_tail(&self) -> String {
        open_beneath(self.scratch.path(), Path::new("stderr"))
            .ok()
            .and_then(|o| read_tail(o.file, o.size, STDERR_EXCERPT).ok())
            .map_or(String::new(), |b| crate::text::decode(&b))
    }

    /// What the program left as its answer: its size, and its first bytes
    /// (a little over what the checker reads), read once. The run may have
    /// put anything there: a link, a pipe, a folder, a huge sparse file;
    /// only a regular file with one name is read (`untrusted::open`).
    fn collect(&self) -> Collected {
        let (dir, name) = match (self.output.parent(), self.output.file_name()) {
            (Some(dir), Some(name)) => (dir, Path::new(name)),
            _ => return Collected::refused(Refusal::Missing),
        };
        match open_beneath(dir, name) {
            Ok(opened) => Collected {
                size: opened.size,
                content: read_prefix(opened.file, OUTPUT_LIMIT).map_err(Refusal::Io),
            },
            Err(refusal) => Collected::refused(refusal),
        }
    }
}

/// A program's answer as collected: its first bytes, or what stood in the
/// place of a readable file.
struct Collected {
    size: u64,
    content: Result<Prefix, Refusal>,
}

impl Collected {
    fn refused(refusal: Refusal) -> Collected {
        Collected {
            size: 0,
            content: Err(refusal),
        }
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
