//! Which cases stopped by the wall clock are judged again alone: a run
//! near its CPU limit on a loaded machine, never an idle one, at most
//! `MAX_JUDGED_AGAIN` of a program. The machine's load comes from the fake.

use super::*;
use crate::runner::Load;

/// A machine with twice as many tasks wanting a core as it has.
const LOADED: Load = Load {
    average: 4.0,
    cores: 2,
};

/// A machine with a core to spare (the two cases at once of `plan` have
/// one each).
const IDLE: Load = Load {
    average: 0.5,
    cores: 2,
};

#[test]
fn a_case_stopped_by_the_wall_clock_near_its_limit_on_a_loaded_machine_is_judged_again_once() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    // The first run of case `c` is starved (wall clock, 600 ms of CPU); the
    // second is fine. `./slow` is stopped there every time with 900 ms.
    let starved = AtomicUsize::new(0);
    let runner = FakeRunner::new(move |run: &FakeRun| {
        let argv0 = run.spec.argv[0].as_str();
        let c = run.input == SAMPLE && run.spec.argv.len() == 2;
        Ok(match argv0 {
            "./slow" => Scripted::stopped(Stop::WallTime, Duration::from_millis(900)),
            _ if c && starved.fetch_add(1, Ordering::SeqCst) == 0 => {
                Scripted::stopped(Stop::WallTime, Duration::from_millis(600))
            }
            _ => correct(run)?,
        })
    })
    .with_load(LOADED);
    let entries = [program("ok", &["./ok", "c"]), program("slow", &["./slow"])];
    let report = judge_with(&runner, IoMode::File, &entries);
    let [ok, slow] = &report.submissions[..] else {
        panic!("two reports");
    };
    assert_eq!(verdicts(ok), [Verdict::AC; 4]);
    let again: Vec<&CaseResult> = ok.cases.iter().filter(|c| c.judged_again).collect();
    assert_eq!(again.len(), 1, "the starved case only");
    let told = "; judged again alone: its first run was stopped at the wall clock after 600 ms \
                of CPU time on a loaded machine";
    assert!(again[0].message.contains(told), "{}", again[0].message);
    assert_eq!(verdicts(slow), [Verdict::TLE; 4]);
    assert!(slow.cases.iter().all(|c| c.judged_again), "once each");
    let runs = |name: &str| runner.runs().iter().filter(|r| r[0] == name).count();
    assert_eq!((runs("./ok"), runs("./slow")), (5, 8));
}

#[test]
fn on_a_machine_with_a_core_to_spare_a_run_near_its_limit_is_judged_once() {
    let runner = FakeRunner::new(|_: &FakeRun| {
        Ok(Scripted::stopped(
            Stop::WallTime,
            Duration::from_millis(900),
        ))
    })
    .with_load(IDLE);
    let report = judge_with(&runner, IoMode::File, &[program("slow", &["./slow"])]);
    let slow = &report.submissions[0];
    assert_eq!(verdicts(slow), [Verdict::TLE; 4]);
    assert!(slow.cases.iter().all(|c| !c.judged_again));
    assert_eq!(runner.runs().len(), 4);
}

#[test]
fn a_program_that_only_sleeps_is_tle_once_as_idle() {
    // Issue 37: a program that slept (0 ms of CPU, stopped at the wall
    // clock) had every case judged again alone as "starved".
    let runner =
        FakeRunner::new(|_: &FakeRun| Ok(Scripted::stopped(Stop::WallTime, Duration::ZERO)))
            .with_load(LOADED);
    let report = judge_with(&runner, IoMode::File, &[program("sleeper", &["./sleeper"])]);
    let sleeper = &report.submissions[0];
    assert_eq!(verdicts(sleeper), [Verdict::TLE; 4]);
    for c in &sleeper.cases {
        assert!(!c.judged_again);
        assert_eq!(
            c.message,
            "stopped at the wall-clock limit of 3000 ms having used 0 ms of its 1000 ms of CPU \
             time: idle, it slept or waited"
        );
    }
    assert_eq!(runner.runs().len(), 4, "each case once");
}

#[test]
fn a_program_near_its_limit_on_a_loaded_machine_is_judged_again_on_five_cases_at_most() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = cases(dir.path());
    cases.extend(cases.clone());
    let runner = FakeRunner::new(|_: &FakeRun| {
        Ok(Scripted::stopped(
            Stop::WallTime,
            Duration::from_millis(500),
        ))
    })
    .with_load(LOADED);
    for jobs in [1, 2] {
        let plan = Plan {
            jobs,
            ..plan(IoMode::File)
        };
        let argv = ["./slow".to_string()];
        let results =
            crate::judge::program::grade_program(&runner, &argv, &cases, &plan, &mut |_| {});
        let again = results.iter().filter(|r| r.judged_again).count();
        assert_eq!((results.len(), again), (8, 5), "jobs {jobs}");
        assert!(results.iter().all(|r| r.verdict == Verdict::TLE));
    }
    assert_eq!(runner.runs().len(), 2 * (8 + 5));
}
