//! Judging one program over the cases: for each case a fresh working folder
//! holding only its input, a run under the limits, the output checked by the
//! checker, and the verdict decided by `verdict::decide`. Results are handed
//! to the caller as they arrive, so nothing already judged is lost when a
//! later case fails.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::check::protocol::OUTPUT_LIMIT;
use crate::check::{CheckVerdict, Output, Policy, check};
use crate::config::{IoConfig, IoMode};
use crate::judge::suite::CaseFile;
use crate::judge::verdict::{Observed, Verdict, decide};
use crate::puzzle::case::read_case_file;
use crate::runner::{Limits, RunSpec, Runner};
use crate::solver::Solver;

/// How every case of a judging run is run and checked.
#[derive(Debug, Clone)]
pub struct Plan {
    pub limits: Limits,
    pub io: IoConfig,
    pub policy: Policy,
    /// Cases run at once.
    pub jobs: usize,
}

/// The result of one case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaseResult {
    pub suite: String,
    pub name: String,
    pub verdict: Verdict,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub peak_memory_kib: u64,
    pub score: u32,
    pub points: u32,
    pub message: String,
    /// Boards or a diff that explain a WA or PE.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub details: String,
    /// The start of what the program answered, for a WA or PE.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub received: String,
}

/// How much of a wrong output a result keeps.
const RECEIVED_EXCERPT: usize = 2048;

/// Judges `argv` on every case, calling `on_result` for each in case order as
/// soon as it and all before it are done. `plan.jobs` cases run at once.
pub fn grade_program(
    runner: &dyn Runner,
    argv: &[String],
    cases: &[CaseFile],
    plan: &Plan,
    on_result: &mut (dyn FnMut(&CaseResult) + Send),
) -> Vec<CaseResult> {
    let jobs = plan.jobs.clamp(1, cases.len().max(1));
    let next = AtomicUsize::new(0);
    let done = Mutex::new(InOrder {
        results: vec![None; cases.len()],
        emitted: 0,
        on_result,
    });
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut solver = Solver::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let result = grade_case(runner, argv, case, plan, &mut solver);
                    done.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .finish(i, result);
                }
            });
        }
    });
    let done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.results.into_iter().flatten().collect()
}

/// Results as they finish, handed on in case order.
struct InOrder<'a> {
    results: Vec<Option<CaseResult>>,
    emitted: usize,
    on_result: &'a mut (dyn FnMut(&CaseResult) + Send),
}

impl InOrder<'_> {
    fn finish(&mut self, i: usize, result: CaseResult) {
        self.results[i] = Some(result);
        while let Some(Some(r)) = self.results.get(self.emitted) {
            (self.on_result)(r);
            self.emitted += 1;
        }
    }
}

/// The same result for every case (a compile error, say).
pub fn all_cases(cases: &[CaseFile], verdict: Verdict, message: &str) -> Vec<CaseResult> {
    cases
        .iter()
        .map(|case| blank(case, verdict, message.to_string()))
        .collect()
}

fn blank(case: &CaseFile, verdict: Verdict, message: String) -> CaseResult {
    CaseResult {
        suite: case.suite.clone(),
        name: case.name.clone(),
        verdict,
        cpu_ms: 0,
        wall_ms: 0,
        peak_memory_kib: 0,
        score: 0,
        points: case.points,
        message,
        details: String::new(),
        received: String::new(),
    }
}

fn grade_case(
    runner: &dyn Runner,
    argv: &[String],
    case: &CaseFile,
    plan: &Plan,
    solver: &mut Solver,
) -> CaseResult {
    match try_grade_case(runner, argv, case, plan, solver) {
        Ok(result) => result,
        Err(why) => blank(case, Verdict::JudgeError, why),
    }
}

fn try_grade_case(
    runner: &dyn Runner,
    argv: &[String],
    case: &CaseFile,
    plan: &Plan,
    solver: &mut Solver,
) -> Result<CaseResult, String> {
    let parsed = read_case_file(&case.input).map_err(|e| format!("bad test data: {e}"))?;
    let expected = match &case.answer {
        Some(path) => {
            Some(std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let base =
        crate::runner::scratch_dir("mayan-run-").map_err(|e| format!("temporary folder: {e}"))?;
    let work = base.path().join("work");
    std::fs::create_dir(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    // Dropped before `base`, whose removal needs it gone.
    let _folder = runner
        .working_folder(&work, &plan.limits)
        .map_err(|e| format!("working folder: {e}"))?;
    let (stdin, output_path) = match plan.io.mode {
        IoMode::File => {
            std::fs::copy(&case.input, work.join(&plan.io.input_file))
                .map_err(|e| format!("copying the input: {e}"))?;
            (None, work.join(&plan.io.output_file))
        }
        IoMode::Stdio => {
            let input = base.path().join("stdin");
            std::fs::copy(&case.input, &input).map_err(|e| format!("copying the input: {e}"))?;
            (Some(input), base.path().join("stdout"))
        }
    };
    let spec = RunSpec {
        argv: argv.to_vec(),
        workdir: work.clone(),
        stdin,
        stdout: base.path().join("stdout"),
        stderr: base.path().join("stderr"),
        limits: plan.limits,
    };
    let run = runner.run(&spec).map_err(|e| e.to_string());
    let output_bytes = std::fs::metadata(&output_path)
        .map(|m| m.len())
        .unwrap_or(0);
    let clean = run
        .as_ref()
        .is_ok_and(|r| r.stopped.is_none() && r.exit == crate::runner::Exit::Code(0));
    let mut details = String::new();
    let checker = if clean && output_bytes <= plan.limits.output {
        let j = check_output(&output_path, plan, &parsed, expected.as_deref(), solver);
        details = j.details;
        Some((j.verdict, j.summary))
    } else {
        None
    };
    let observed = Observed {
        run: run.clone(),
        output_bytes,
        checker,
    };
    let (verdict, message) = decide(&observed, &plan.limits);
    let wrong = matches!(verdict, Verdict::WA | Verdict::PE);
    let run = run.ok();
    Ok(CaseResult {
        suite: case.suite.clone(),
        name: case.name.clone(),
        verdict,
        cpu_ms: run.map_or(0, |r| r.cpu.as_millis() as u64),
        wall_ms: run.map_or(0, |r| r.wall.as_millis() as u64),
        peak_memory_kib: run.map_or(0, |r| r.peak_memory_kib),
        score: if verdict == Verdict::AC {
            case.points
        } else {
            0
        },
        points: case.points,
        message,
        details: if wrong { details } else { String::new() },
        received: if wrong {
            excerpt(&output_path)
        } else {
            String::new()
        },
    })
}

/// The start of a file, as text.
fn excerpt(path: &Path) -> String {
    let mut bytes = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = std::io::Read::read_to_end(
            &mut std::io::Read::take(f, RECEIVED_EXCERPT as u64),
            &mut bytes,
        );
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn check_output(
    path: &Path,
    plan: &Plan,
    case: &crate::puzzle::case::Case,
    expected: Option<&str>,
    solver: &mut Solver,
) -> crate::check::CheckResult {
    let Ok(read) = crate::untrusted::read_file_bounded(path, OUTPUT_LIMIT) else {
        let what = match plan.io.mode {
            IoMode::File => format!("the program wrote no {}", plan.io.output_file),
            IoMode::Stdio => "the program's output could not be read".to_string(),
        };
        return crate::check::CheckResult {
            verdict: CheckVerdict::PresentationError,
            summary: what,
            details: String::new(),
        };
    };
    let text = read.as_deref().map(String::from_utf8_lossy);
    let output = match &text {
        Some(text) => Output::Text(text),
        None => Output::TooLarge(OUTPUT_LIMIT),
    };
    check(case, output, expected, plan.policy, solver)
}
