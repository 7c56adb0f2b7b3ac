//! One program over many cases: `plan.jobs` cases at once, each graded by
//! `grade`, the results handed on in case order as soon as a case and all
//! before it are done, so nothing already judged is lost when a later case
//! fails. Once the judge is asked to stop, no case starts, and the cases
//! stopped half-way are left out.
//!
//! A case stopped by the wall clock while its CPU time was well under the
//! limit was most likely starved by a busy machine, not slow: it is judged
//! again once, alone (at once when cases run one at a time; else after the
//! others, holding back the results after it), for at most
//! [`MAX_JUDGED_AGAIN`] cases of a program, and its result says so. When
//! the judge is asked to stop meanwhile, the first result stands.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::grade::grade_case;
use super::plan::Plan;
use super::result::CaseResult;
use super::suite::CaseFile;
use super::verdict::Verdict;
use crate::runner::Runner;
use crate::solver::Solver;

/// Grades `argv` on every case, calling `on_result` for each in case order
/// as soon as it and all before it are done.
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
        results: (0..cases.len()).map(|_| Slot::Pending).collect(),
        emitted: 0,
        on_result,
    });
    let starved = Mutex::new(Vec::new());
    let budget = AtomicUsize::new(MAX_JUDGED_AGAIN);
    let take_budget = || {
        let left = |n: usize| n.checked_sub(1);
        budget
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, left)
            .is_ok()
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut solver = Solver::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let mut result = grade_case(runner, argv, case, plan, &mut solver);
                    if let Some(first) =
                        result.take_if(|r| starved_by_wall(r, plan) && take_budget())
                    {
                        if jobs > 1 {
                            starved
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((i, first));
                            continue;
                        }
                        result = Some(judge_again(runner, argv, (case, first), plan, &mut solver));
                    }
                    done.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .finish(i, result);
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut starved = starved.into_inner().unwrap_or_else(|e| e.into_inner());
    starved.sort_by_key(|(i, _)| *i);
    let mut solver = Solver::new();
    for (i, first) in starved {
        let again = judge_again(runner, argv, (&cases[i], first), plan, &mut solver);
        done.finish(i, Some(again));
    }
    done.results
        .into_iter()
        .filter_map(|slot| match slot {
            Slot::Done(r) => Some(*r),
            _ => None,
        })
        .collect()
}

/// True when a case was stopped by the wall clock (TLE with its CPU time
/// under the limit) having used less than three quarters of its CPU time.
fn starved_by_wall(r: &CaseResult, plan: &Plan) -> bool {
    let cpu_limit = plan.limits.cpu.as_millis() as u64;
    r.verdict == Verdict::TLE && r.cpu_ms * 4 < cpu_limit * 3
}

/// The cases of a program judged again at most: a program that sleeps
/// through every case costs twice the wall-clock limit on only so many.
pub const MAX_JUDGED_AGAIN: usize = 5;

/// A starved case judged again alone, its result saying so; the first
/// result when the judge is asked to stop meanwhile.
fn judge_again(
    runner: &dyn Runner,
    argv: &[String],
    (case, first): (&CaseFile, CaseResult),
    plan: &Plan,
    solver: &mut Solver,
) -> CaseResult {
    let Some(mut again) = grade_case(runner, argv, case, plan, solver) else {
        return first;
    };
    let note = format!(
        "judged again alone: its first run was stopped at the wall clock after {} ms of CPU \
         time (a busy machine?)",
        first.cpu_ms
    );
    again.message = match again.message.is_empty() {
        true => note,
        false => format!("{}; {note}", again.message),
    };
    again.judged_again = true;
    again
}

/// A case's place in the order: not done yet, graded, or stopped half-way.
enum Slot {
    Pending,
    Done(Box<CaseResult>),
    Stopped,
}

/// Results as they finish, handed on in case order.
struct InOrder<'a> {
    results: Vec<Slot>,
    emitted: usize,
    on_result: &'a mut (dyn FnMut(&CaseResult) + Send),
}

impl InOrder<'_> {
    fn finish(&mut self, i: usize, result: Option<CaseResult>) {
        self.results[i] = result.map_or(Slot::Stopped, |r| Slot::Done(Box::new(r)));
        while let Some(slot) = self.results.get(self.emitted) {
            match slot {
                Slot::Pending => break,
                Slot::Done(r) => (self.on_result)(r),
                Slot::Stopped => {}
            }
            self.emitted += 1;
        }
    }
}
