use std::time::Duration;

use super::*;

const LIMITS: Limits = Limits {
    cpu: Duration::from_millis(1000),
    wall: Duration::from_millis(3000),
    memory: 128 << 20,
    output: 1 << 20,
    processes: 16,
};

fn run(exit: Exit, stopped: Option<Stop>, cpu_ms: u64, peak_kib: u64) -> RunOutcome {
    RunOutcome {
        exit,
        stopped,
        cpu: Duration::from_millis(cpu_ms),
        wall: Duration::from_millis(cpu_ms + 5),
        peak_memory_kib: peak_kib,
        process_limit_hit: false,
    }
}

/// Every combination of the observed factors, against the precedence written
/// out as the module documents it.
#[test]
fn precedence_holds_for_every_combination() {
    let exits = [
        Exit::Code(0),
        Exit::Code(3),
        Exit::Signal(libc::SIGSEGV),
        Exit::Signal(libc::SIGXFSZ),
    ];
    let stops = [
        None,
        Some(Stop::CpuTime),
        Some(Stop::WallTime),
        Some(Stop::Memory),
        Some(Stop::Disk),
    ];
    let checkers = [
        None,
        Some(CheckVerdict::Accepted),
        Some(CheckVerdict::WrongAnswer),
        Some(CheckVerdict::PresentationError),
        Some(CheckVerdict::Fail),
    ];
    let mut seen = std::collections::HashSet::new();
    {
        for exit in exits {
            for stopped in stops {
                for cpu_over in [false, true] {
                    for memory_over in [false, true] {
                        for output_over in [false, true] {
                            for checker in checkers {
                                let cpu = if cpu_over { 1500 } else { 200 };
                                let peak = if memory_over { 200 << 10 } else { 10 << 10 };
                                let observed = Observed {
                                    run: run(exit, stopped, cpu, peak),
                                    output_bytes: if output_over { 2 << 20 } else { 20 },
                                    checker: checker.map(|v| (v, "checker says".to_string())),
                                };
                                let want = if checker == Some(CheckVerdict::Fail) {
                                    Verdict::JudgeError
                                } else if cpu_over
                                    || stopped == Some(Stop::CpuTime)
                                    || stopped == Some(Stop::WallTime)
                                {
                                    Verdict::TLE
                                } else if memory_over || stopped == Some(Stop::Memory) {
                                    Verdict::MLE
                                } else if output_over
                                    || exit == Exit::Signal(libc::SIGXFSZ)
                                    || stopped == Some(Stop::Disk)
                                {
                                    Verdict::OLE
                                } else if exit != Exit::Code(0) {
                                    Verdict::RE
                                } else {
                                    match checker {
                                        Some(CheckVerdict::Accepted) => Verdict::AC,
                                        Some(CheckVerdict::WrongAnswer) => Verdict::WA,
                                        Some(CheckVerdict::PresentationError) => Verdict::PE,
                                        _ => Verdict::JudgeError,
                                    }
                                };
                                let (got, _) = decide(&observed, &LIMITS);
                                assert_eq!(got, want, "{observed:?}");
                                seen.insert(got);
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(seen.len(), 8, "every verdict but CE is reachable: {seen:?}");
}

#[test]
fn messages_name_the_limit_or_the_signal() {
    let observed = |r: RunOutcome| Observed {
        run: r,
        output_bytes: 0,
        checker: Some((CheckVerdict::Accepted, "fine".into())),
    };
    let (_, m) = decide(
        &observed(run(Exit::Signal(libc::SIGSEGV), None, 10, 10)),
        &LIMITS,
    );
    assert_eq!(m, "killed by SIGSEGV");
    let (_, m) = decide(&observed(run(Exit::Code(3), None, 10, 10)), &LIMITS);
    assert_eq!(m, "exit code 3");
    let (_, m) = decide(
        &observed(run(Exit::Signal(9), Some(Stop::WallTime), 10, 10)),
        &LIMITS,
    );
    assert_eq!(m, "stopped at the wall-clock limit of 3000 ms");
    let (v, m) = decide(
        &observed(run(Exit::Signal(9), Some(Stop::Disk), 10, 10)),
        &LIMITS,
    );
    assert_eq!(v, Verdict::OLE);
    assert!(m.contains("working folder"), "{m}");
    let mut forked = run(Exit::Code(1), None, 10, 10);
    forked.process_limit_hit = true;
    let (v, m) = decide(&observed(forked), &LIMITS);
    assert_eq!(v, Verdict::RE);
    assert_eq!(
        m,
        "exit code 1 (a process or thread was refused at the limit of 16)"
    );
    let (v, m) = decide(&observed(run(Exit::Code(0), None, 10, 10)), &LIMITS);
    assert_eq!((v, m.as_str()), (Verdict::AC, "fine"));
}
