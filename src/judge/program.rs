//! One program over many cases: `plan.jobs` cases at once, each graded by
//! `grade`, the results handed on in case order as soon as a case and all
//! before it are done, so nothing already judged is lost when a later case
//! fails. Once the judge is asked to stop, no case starts, and the cases
//! stopped half-way are left out.
//!
//! A case stopped by the wall clock is judged again once, alone, only when
//! it was most likely starved by a busy machine, not slow nor idle (see
//! `starved`): at once when cases run one at a time; else after the
//! others, holding back the results after it; for at most
//! [`MAX_JUDGED_AGAIN`] cases of a program; and its result says so. A run
//! that sat idle until the wall clock (slept, or waited) is TLE once, its
//! message saying so (`verdict`). When the judge is asked to stop
//! meanwhile, the first result stands.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::grade::grade_case;
use super::plan::Plan;
use super::result::CaseResult;
use super::suite::CaseFile;
use super::verdict::{Verdict, sat_idle};
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
    let work = Work {
        runner,
        argv,
        cases,
        plan,
        next: AtomicUsize::new(0),
        running: AtomicUsize::new(0),
        budget: AtomicUsize::new(MAX_JUDGED_AGAIN),
        starved: Mutex::new(Vec::new()),
        done: Mutex::new(InOrder {
            results: (0..cases.len()).map(|_| Slot::Pending).collect(),
            emitted: 0,
            on_result,
        }),
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| work.grade_cases(jobs));
        }
    });
    let mut done = work.done.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut starved = work.starved.into_inner().unwrap_or_else(|e| e.into_inner());
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

/// What the workers of one program share.
struct Work<'a, 'b> {
    runner: &'a dyn Runner,
    argv: &'a [String],
    cases: &'a [CaseFile],
    plan: &'a Plan,
    /// The next case to take.
    next: AtomicUsize,
    /// Cases running now.
    running: AtomicUsize,
    /// Cases that may still be judged again.
    budget: AtomicUsize,
    /// Starved cases to judge again after the others.
    starved: Mutex<Vec<(usize, CaseResult)>>,
    done: Mutex<InOrder<'b>>,
}

impl Work<'_, '_> {
    /// One worker: takes the next case until none is left.
    fn grade_cases(&self, jobs: usize) {
        let mut solver = Solver::new();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(case) = self.cases.get(i) else { break };
            let at_start = self.running.fetch_add(1, Ordering::SeqCst) + 1;
            let mut result = grade_case(self.runner, self.argv, case, self.plan, &mut solver);
            let at_end = self.running.fetch_sub(1, Ordering::SeqCst);
            let loaded = self.loaded(at_start.max(at_end));
            let again = |r: &mut CaseResult| starved(r, self.plan, loaded) && self.take_budget();
            if let Some(first) = result.take_if(again) {
                if jobs > 1 {
                    let mut starved = self.starved.lock().unwrap_or_else(|e| e.into_inner());
                    starved.push((i, first));
                    continue;
                }
                let first = (case, first);
                result = Some(judge_again(
                    self.runner,
                    self.argv,
                    first,
                    self.plan,
                    &mut solver,
                ));
            }
            let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
            done.finish(i, result);
        }
    }

    /// True when the machine was loaded while a case ran, `at_once` cases
    /// of this program running beside each other at its start or end:
    /// more of them than cores, or the load average over the last minute
    /// above the cores (other programs: another judge, a build), so that a
    /// run may have shared its core. When the load cannot be told, it is
    /// taken as loaded: judging again costs time, a wrong TLE a contestant.
    fn loaded(&self, at_once: usize) -> bool {
        match self.runner.machine_load() {
            Some(load) => load.over_cores() || at_once > load.cores,
            None => true,
        }
    }

    /// Takes one from the budget of cases judged again; false when spent.
    fn take_budget(&self) -> bool {
        let left = |n: usize| n.checked_sub(1);
        (self.budget)
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, left)
            .is_ok()
    }
}

/// True when a case's run was most likely starved by a busy machine, not
/// slow nor idle, so that judged alone it might pass:
///
/// - it was stopped at the wall clock: TLE with its CPU time under the
///   limit (a run stopped for CPU time has used all of it);
/// - its CPU time came near the limit, at least half of it (the opposite of
///   `verdict::sat_idle`). Why half: a run computing all the time gets from
///   the wall clock (the CPU limit times `wall-multiple`, 3 by default) the
///   share of a core it was given; stopped there with half its limit, it
///   had a sixth of a core at least, which a loaded machine explains and a
///   core of its own would have multiplied. With less in all that time it
///   was mostly not running: it slept or waited (a program that only sleeps
///   uses next to no CPU), and judging it again would only cost another
///   wall-clock limit. A machine so loaded that a computing run gets under
///   a sixth of a core is an unfair one anyway (`--jobs` above the cores is
///   warned about), and the message says the CPU time it was given;
/// - the machine was `loaded` meanwhile (see `Work::loaded`): on an idle
///   machine a run that had a core and did not finish is slow.
fn starved(r: &CaseResult, plan: &Plan, loaded: bool) -> bool {
    let cpu_limit = plan.limits.cpu;
    let cpu = std::time::Duration::from_millis(r.cpu_ms);
    r.verdict == Verdict::TLE && cpu < cpu_limit && !sat_idle(cpu, &plan.limits) && loaded
}

/// The cases of a program judged again at most: a program that runs near
/// its limit on a loaded machine costs twice the wall-clock limit on only
/// so many.
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
         time on a loaded machine",
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
