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

/// One combination of the observed factors.
#[derive(Debug, Clone, Copy)]
struct Factors {
    exit: Exit,
    stopped: Option<Stop>,
    cpu_over: bool,
    memory_over: bool,
    output_over: bool,
    checker: Option<CheckVerdict>,
}

/// The precedence written out as the module documents it.
fn expected(f: Factors) -> Verdict {
    if f.checker == Some(CheckVerdict::Fail) {
        Verdict::JudgeError
    } else if f.cpu_over || matches!(f.stopped, Some(Stop::CpuTime | Stop::WallTime)) {
        Verdict::TLE
    } else if f.memory_over || f.stopped == Some(Stop::Memory) {
        Verdict::MLE
    } else if f.output_over
        || f.exit == Exit::Signal(libc::SIGXFSZ)
        || f.stopped == Some(Stop::Disk)
    {
        Verdict::OLE
    } else if f.exit != Exit::Code(0) {
        Verdict::RE
    } else {
        match f.checker {
            Some(CheckVerdict::Accepted) => Verdict::AC,
            Some(CheckVerdict::WrongAnswer) => Verdict::WA,
            Some(CheckVerdict::PresentationError) => Verdict::PE,
            _ => Verdict::JudgeError,
        }
    }
}

/// Every combination of the factors.
fn combinations() -> Vec<Factors> {
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
    let mut all = Vec::new();
    for (exit, stopped, checker) in exits
        .iter()
        .flat_map(|&e| stops.iter().flat_map(move |&s| checkers.map(|c| (e, s, c))))
    {
        for bits in 0..8 {
            all.push(Factors {
                exit,
                stopped,
                cpu_over: bits & 1 != 0,
                memory_over: bits & 2 != 0,
                output_over: bits & 4 != 0,
                checker,
            });
        }
    }
    all
}

#[test]
fn precedence_holds_for_every_combination() {
    let mut seen = std::collections::HashSet::new();
    for f in combinations() {
        let cpu = if f.cpu_over { 1500 } else { 200 };
        let peak = if f.memory_over { 200 << 10 } else { 10 << 10 };
        let observed = Observed {
            run: run(f.exit, f.stopped, cpu, peak),
            output_bytes: if f.output_over { 2 << 20 } else { 20 },
            checker: f.checker.map(|v| (v, "checker says".to_string())),
        };
        let (got, _) = decide(&observed, &LIMITS);
        assert_eq!(got, expected(f), "{observed:?}");
        seen.insert(got);
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
    assert_eq!(
        m,
        "stopped at the wall-clock limit of 3000 ms having used 10 ms of its 1000 ms of CPU \
         time: idle, it slept or waited"
    );
    let (v, m) = decide(
        &observed(run(Exit::Signal(9), Some(Stop::WallTime), 500, 10)),
        &LIMITS,
    );
    assert_eq!(v, Verdict::TLE);
    assert_eq!(
        m,
        "stopped at the wall-clock limit of 3000 ms having used 500 ms of its 1000 ms of CPU time",
        "half the limit is not idle"
    );
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
    // A fork bomb that spins at the limit until its CPU time is up.
    let mut bomb = run(Exit::Signal(9), Some(Stop::CpuTime), 1200, 900);
    bomb.process_limit_hit = true;
    let (v, m) = decide(&observed(bomb), &LIMITS);
    assert_eq!(v, Verdict::TLE);
    assert!(
        m.ends_with("(a process or thread was refused at the limit of 16)"),
        "{m}"
    );
    let (v, m) = decide(&observed(run(Exit::Code(0), None, 10, 10)), &LIMITS);
    assert_eq!((v, m.as_str()), (Verdict::AC, "fine"));
}
