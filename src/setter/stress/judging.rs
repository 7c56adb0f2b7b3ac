//! The search of a stress run: cases drawn (`cases`) and judged, `jobs` at
//! a time, by the judge's grading of a program (`judge::program`), each
//! written to the scratch folder first, until one fails; then that case
//! shrunk while it fails with the same verdict ([`stress`]). Not
//! responsible for what is drawn or how a case shrinks (`cases`), nor for
//! what is shown or written of the failure (`words`, `write`).

use std::path::Path;

use serde::Serialize;

use super::StressError;
use super::cases::{Draw, shrink, stress_case};
use crate::judge::plan::Plan;
use crate::judge::program::grade_program;
use crate::judge::result::CaseResult;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;
use crate::puzzle::answer::format_answer;
use crate::puzzle::case::{Case, format_case};
use crate::runner::Runner;
use crate::setter::spec::Kind;
use crate::solver::Solver;

/// What a stress run looks for, settled: the draw, how many cases, the
/// command (staged) and how each case is judged.
pub struct Search<'a> {
    pub draw: Draw,
    /// Cases tried at most.
    pub cases: u64,
    pub argv: &'a [String],
    /// How each case is judged; `plan.jobs` cases are judged at once.
    pub plan: &'a Plan,
}

/// A case that failed, shrunk.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    /// Which case of the run failed first (from 1), and its kind.
    pub index: u64,
    pub kind: String,
    /// That case as drawn, and its result.
    pub case: String,
    pub first: CaseResult,
    /// The smallest case that fails the same way, and its result.
    pub small: String,
    pub last: CaseResult,
    /// Candidates tried while shrinking.
    pub tried: usize,
    /// The reference answer of the small case.
    pub expected: String,
    #[serde(skip)]
    pub small_case: Case,
}

/// What a stress run found.
#[derive(Debug)]
pub struct Found {
    /// Cases drawn and judged (a draw whose kind found no case is skipped).
    pub judged: u64,
    /// The first failure, shrunk; `None` when every case judged passed.
    pub failure: Option<Failure>,
}

/// Tries cases until one fails (`plan.jobs` at a time), then shrinks it.
pub fn stress(search: &Search, runner: &dyn Runner, scratch: &Path) -> Result<Found, StressError> {
    let mut solver = Solver::new();
    let batch = search.plan.jobs.max(1) as u64;
    let (mut i, mut judged) = (0, 0);
    while i < search.cases {
        let drawn: Vec<(u64, Kind, Case)> = (i..(i + batch).min(search.cases))
            .filter_map(|k| {
                let (kind, case) = stress_case(&search.draw, k, &mut solver);
                case.map(|c| (k, kind, c))
            })
            .collect();
        i += batch;
        let cases: Vec<Case> = drawn.iter().map(|(_, _, c)| *c).collect();
        let results = grade_many(&cases, scratch, runner, search).map_err(stopped_at(judged))?;
        for ((k, kind, case), first) in drawn.into_iter().zip(results) {
            judged += 1;
            match first.verdict {
                Verdict::AC => {}
                Verdict::JudgeError => {
                    return Err(StressError::Judge {
                        index: k + 1,
                        message: first.message,
                    });
                }
                _ => {
                    let failure = shrunk(search, runner, scratch, (k, kind, case), first)?;
                    return Ok(Found {
                        judged,
                        failure: Some(failure),
                    });
                }
            }
        }
    }
    Ok(Found {
        judged,
        failure: None,
    })
}

/// A stop (by a signal) said with the cases judged so far, all passed.
fn stopped_at(judged: u64) -> impl Fn(StressError) -> StressError {
    move |e| match e {
        StressError::Interrupted { .. } => StressError::Interrupted { judged },
        e => e,
    }
}

/// The failure of a case, shrunk while it fails with the same verdict.
fn shrunk(
    search: &Search,
    runner: &dyn Runner,
    scratch: &Path,
    (k, kind, case): (u64, Kind, Case),
    first: CaseResult,
) -> Result<Failure, StressError> {
    let verdict = first.verdict;
    let (small, tried) = shrink(case, |c| {
        grade_one(c, scratch, runner, search).is_ok_and(|r| r.verdict == verdict)
    });
    let last = grade_one(&small, scratch, runner, search)?;
    let solution = Solver::new().solve(&small.board, small.n, search.plan.policy.dialect);
    let kind = clap::ValueEnum::to_possible_value(&kind)
        .map_or(String::new(), |v| v.get_name().to_string());
    Ok(Failure {
        index: k + 1,
        kind,
        case: format_case(&case),
        first,
        small: format_case(&small),
        last,
        tried,
        expected: format_answer(solution.as_deref()),
        small_case: small,
    })
}

/// Grades in-memory cases, all at once as the plan allows, by writing each
/// to the scratch folder; results in the cases' order.
fn grade_many(
    cases: &[Case],
    scratch: &Path,
    runner: &dyn Runner,
    search: &Search,
) -> Result<Vec<CaseResult>, StressError> {
    let mut files = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let input = scratch.join(format!("case-{i}.in"));
        std::fs::write(&input, format_case(case)).map_err(|source| StressError::Write {
            path: input.clone(),
            source,
        })?;
        files.push(CaseFile {
            suite: "stress".into(),
            name: format!("case-{i}"),
            input,
            answer: None,
            points: 1,
        });
    }
    let results = grade_program(runner, search.argv, &files, search.plan, &mut |_| {});
    // Fewer results than cases: the judge was asked to stop.
    if results.len() < cases.len() {
        return Err(StressError::Interrupted { judged: 0 });
    }
    Ok(results)
}

/// Grades one in-memory case by writing it to the scratch folder.
fn grade_one(
    case: &Case,
    scratch: &Path,
    runner: &dyn Runner,
    search: &Search,
) -> Result<CaseResult, StressError> {
    let mut one = grade_many(std::slice::from_ref(case), scratch, runner, search)?;
    one.pop().ok_or(StressError::Interrupted { judged: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::runner::fake::{FakeRunner, Scripted};
    use crate::setter::stress::KINDS;

    #[test]
    fn a_search_stopped_by_its_interrupt_says_so_and_judges_no_more() {
        let plan = Plan::of(&Config::builtin(), 1);
        let interrupt = plan.interrupt.clone();
        let fake = FakeRunner::new(move |_| {
            interrupt.raise(libc::SIGTERM);
            Ok(Scripted::answer("-1\n"))
        });
        let scratch = tempfile::tempdir().unwrap();
        let search = Search {
            draw: Draw {
                seed: 1,
                kinds: KINDS.to_vec(),
                n: None,
            },
            cases: 50,
            argv: &["prog".to_string()],
            plan: &plan,
        };
        let e = stress(&search, &fake, scratch.path()).unwrap_err();
        assert!(matches!(e, StressError::Interrupted { .. }), "{e}");
        assert_eq!(fake.runs().len(), 1);
        assert_eq!(plan.interrupt.received(), Some(libc::SIGTERM));
    }
}
