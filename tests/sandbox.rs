//! Hostile submissions against the sandbox, in every mode this machine can
//! show: as probed, and with mechanisms left out as on machines that lack
//! them (a judge that is not root, no cgroups, an old kernel). Each attack,
//! when it works, prints the right answer, so a hole shows as AC; each must
//! get another verdict, leave no process behind and change no file outside
//! its working folder. An attack a mode has no protection against is not
//! run in that mode (a fork bomb with no process limit would be a real one)
//! and is listed as not tested, and the mode must report that protection as
//! missing. The table of what was tested where is written to
//! `target/sandbox-coverage.txt`, which CI prints. The arena and the attacks
//! are in `support/hostile.rs`.

use crate::support::hostile::{ANSWER, Arena, Attack, PRELUDE, attacks, record, survivors};

use std::io::ErrorKind;
use std::net::{TcpListener, UdpSocket};
use std::time::Duration;

use mayan_judge::check::{Accept, Policy};
use mayan_judge::config::{IoConfig, IoMode, SandboxMode};
use mayan_judge::judge::compile::{Prepared, Toolchain, prepare};
use mayan_judge::judge::plan::Plan;
use mayan_judge::judge::program::grade_program;
use mayan_judge::judge::result::CaseResult;
use mayan_judge::judge::verdict::Verdict;
use mayan_judge::puzzle::dialect::Dialect;
use mayan_judge::runner::cgroup::Cgroups;
use mayan_judge::runner::process::ProcessRunner;
use mayan_judge::runner::sandbox::Sandbox;
use mayan_judge::runner::{Limits, Runner};

const LIMITS: Limits = Limits {
    cpu: Duration::from_millis(1000),
    wall: Duration::from_millis(2500),
    memory: 64 << 20,
    output: 1 << 20,
    processes: 16,
};

/// A runner to test and what it is meant to show.
struct Mode {
    name: &'static str,
    runner: ProcessRunner,
}

fn modes() -> Vec<Mode> {
    let without = |w: &[&str]| Some(Sandbox::probe_without(Vec::new(), w));
    let mut modes = vec![
        Mode {
            name: "as probed",
            runner: ProcessRunner::new(),
        },
        Mode {
            name: "no user id of its own (a judge that is not root)",
            runner: ProcessRunner::with_parts(true, without(&["uid"])),
        },
        Mode {
            name: "no cgroups, no user id of its own",
            runner: ProcessRunner::with_parts(false, without(&["uid"])),
        },
        Mode {
            name: "no Landlock, no network namespace (an old kernel), as root",
            runner: ProcessRunner::with_parts(true, without(&["landlock", "netns"])),
        },
        Mode {
            name: "cgroups and seccomp, root with no user id to lend",
            runner: ProcessRunner::with_parts(true, without(&["landlock", "netns", "uid"])),
        },
        Mode {
            name: "seccomp alone",
            runner: ProcessRunner::with_parts(false, without(&["landlock", "netns", "uid"])),
        },
    ];
    match Cgroups::probe_v2() {
        Some(v2) => modes.push(Mode {
            name: "cgroup v2, with the controllers this host enables there",
            runner: ProcessRunner::with_cgroups(Some(v2), without(&[])),
        }),
        None => record("NOT TESTED [cgroup v2]: no unified hierarchy to make groups in".into()),
    }
    modes
}

fn plan() -> Plan {
    Plan {
        limits: LIMITS,
        io: IoConfig {
            mode: IoMode::Stdio,
            ..IoConfig::default()
        },
        policy: Policy {
            accept: Accept::default(),
            dialect: Dialect::default(),
        },
        jobs: 1,
        readable: Vec::new(),
        interrupt: Default::default(),
    }
}

/// The active protections of a runner, by name.
fn active(runner: &dyn Runner) -> Vec<&'static str> {
    runner
        .protections()
        .into_iter()
        .filter(|p| p.active)
        .map(|p| p.name)
        .collect()
}

/// What an attack did.
struct Effects {
    result: CaseResult,
    /// Processes of it alive after the run (killed since).
    survivors: usize,
    files_changed: bool,
    tcp_reached: bool,
    udp_received: bool,
}

/// Runs one attack, then kills whatever of it is left.
fn launch(runner: &ProcessRunner, attack: &Attack, arena: &Arena) -> Effects {
    let source = format!("{PRELUDE}\n{}", (attack.source)(arena));
    let exe = crate::support::compile(arena.dir.path(), "gcc", "attack", &source);
    let tcp = TcpListener::bind("127.0.0.1:0").unwrap();
    tcp.set_nonblocking(true).unwrap();
    let udp = UdpSocket::bind("127.0.0.1:0").unwrap();
    udp.set_nonblocking(true).unwrap();
    let argv = vec![
        exe.to_string_lossy().into_owned(),
        tcp.local_addr().unwrap().port().to_string(),
        udp.local_addr().unwrap().port().to_string(),
        arena.token(),
    ];
    let before = arena.snapshot();
    let result = grade_program(
        runner,
        &argv,
        std::slice::from_ref(&arena.case),
        &plan(),
        &mut |_| {},
    )
    .pop()
    .expect("a result");
    let left = survivors(&arena.token());
    for pid in &left {
        // SAFETY: kill takes integers; these are the attack's own processes.
        unsafe {
            libc::kill(*pid, libc::SIGKILL);
        }
    }
    let files_changed = arena.snapshot() != before;
    let _ = std::fs::remove_file(arena.open.join("pwned"));
    Effects {
        result,
        survivors: left.len(),
        files_changed,
        tcp_reached: tcp.accept().map_err(|e| e.kind()).err() != Some(ErrorKind::WouldBlock),
        udp_received: udp.recv(&mut [0; 16]).map_err(|e| e.kind()).err()
            != Some(ErrorKind::WouldBlock),
    }
}

/// Runs one attack and checks that it was contained.
fn contain(runner: &ProcessRunner, attack: &Attack, arena: &Arena) -> Result<CaseResult, String> {
    let e = launch(runner, attack, arena);
    let result = e.result;
    let mut wrong = Vec::new();
    let contained = if attack.expect.is_empty() {
        result.verdict != Verdict::AC
    } else {
        attack.expect.contains(&result.verdict)
    };
    if !contained || result.verdict == Verdict::JudgeError {
        wrong.push(format!("verdict {} ({})", result.verdict, result.message));
    }
    if e.survivors > 0 {
        wrong.push(format!("{} process(es) outlived the run", e.survivors));
    }
    if e.files_changed {
        wrong.push("a file outside the working folder changed".to_string());
    }
    if e.tcp_reached {
        wrong.push("the TCP listener was reached".to_string());
    }
    if e.udp_received {
        wrong.push("the UDP socket got a datagram".to_string());
    }
    if wrong.is_empty() {
        Ok(result)
    } else {
        Err(wrong.join("; "))
    }
}

#[test]
fn every_attack_is_contained_in_every_mode_that_claims_the_protection() {
    let arena = Arena::new();
    let mut failures = Vec::new();
    for mode in modes() {
        let active = active(&mode.runner);
        for attack in attacks() {
            let missing: Vec<String> = attack
                .needs
                .iter()
                .filter(|group| !group.iter().any(|p| active.contains(p)))
                .map(|group| group.join(" or "))
                .collect();
            if !missing.is_empty() {
                record(format!(
                    "NOT TESTED [{}] {}: no {} protection here",
                    mode.name,
                    attack.name,
                    missing.join(", ")
                ));
                continue;
            }
            match contain(&mode.runner, &attack, &arena) {
                Ok(r) => record(format!(
                    "contained [{}] {}: {} ({})",
                    mode.name, attack.name, r.verdict, r.message
                )),
                Err(why) => failures.push(format!("[{}] {}: {why}", mode.name, attack.name)),
            }
        }
    }
    assert!(failures.is_empty(), "holes:\n{}", failures.join("\n"));
}

#[test]
fn modes_report_the_protections_they_lack() {
    // SAFETY: geteuid takes nothing.
    let root = unsafe { libc::geteuid() } == 0;
    for mode in modes().into_iter().skip(1) {
        let active = active(&mode.runner);
        let lacks = |name: &str| !active.contains(&name);
        match mode.name {
            n if n.starts_with("no user id") => assert!(lacks("user"), "{n}: {active:?}"),
            n if n.starts_with("no cgroups") => {
                assert!(lacks("memory") && lacks("leftovers"), "{n}: {active:?}")
            }
            n if n.starts_with("no Landlock") => assert!(lacks("files"), "{n}: {active:?}"),
            n if n.starts_with("cgroup v2") => assert!(!lacks("leftovers"), "{n}: {active:?}"),
            n if n.starts_with("cgroups and seccomp") && root => assert!(
                lacks("files") && lacks("memory") && lacks("leftovers"),
                "{n}: a root run without Landlock can leave its cgroup: {active:?}"
            ),
            // A run that is not root cannot leave its group: what the
            // judge's groups hold is held (a user scope's, say).
            n if n.starts_with("cgroups and seccomp") => {
                let cgroups = Cgroups::probe();
                assert!(lacks("files"), "{n}: {active:?}");
                assert_eq!(
                    !lacks("memory"),
                    cgroups.as_ref().is_some_and(Cgroups::has_memory),
                    "{n}: {active:?}"
                );
                assert_eq!(
                    !lacks("leftovers"),
                    cgroups.as_ref().is_some_and(Cgroups::kills_at_once),
                    "{n}: {active:?}"
                );
            }
            // A judge that is not root limits processes by its user's count.
            n => assert!(
                lacks("files") && lacks("user") && (lacks("processes") || !root),
                "{n}: {active:?}"
            ),
        }
    }
}

/// On the machine CI runs on, every protection must be there: a protection
/// that goes missing must fail loudly, not shrink the tests in silence.
#[test]
fn ci_has_every_protection() {
    let runner = ProcessRunner::new();
    let missing: Vec<String> = runner
        .protections()
        .into_iter()
        .filter(|p| !p.active)
        .map(|p| format!("{}: {}", p.name, p.how))
        .collect();
    for m in &missing {
        record(format!("NOT PROTECTED on this machine: {m}"));
    }
    if std::env::var_os("CI").is_some() && std::env::var_os("MAYAN_SANDBOX_PARTIAL").is_none() {
        assert!(
            missing.is_empty(),
            "protections missing on CI (set MAYAN_SANDBOX_PARTIAL=1 to accept): {missing:?}"
        );
    }
}

#[test]
fn a_compiler_cannot_include_an_answer_file() {
    let arena = Arena::new();
    let runner = ProcessRunner::new();
    if !active(&runner).contains(&"files") {
        record(
            "NOT TESTED [as probed] compile-time #include of an answer: no files protection".into(),
        );
        return;
    }
    let source = arena.dir.path().join("steal.c");
    std::fs::write(
        &source,
        format!(
            "#include <stdio.h>\nstatic const char a[] = {{\n#include {:?}\n}};\nint main(void) {{ return 0; }}\n",
            arena.answer
        ),
    )
    .unwrap();
    let build = mayan_judge::runner::scratch_dir("mayan-build-").unwrap();
    let tools = Toolchain {
        languages: &mayan_judge::config::Languages::default(),
        source_limit: 1 << 20,
        limits: mayan_judge::judge::compile::compile_limits(&Default::default()),
        guarded: mayan_judge::inputs::Inputs::none(),
    };
    let prepared = prepare(
        (&source, mayan_judge::config::Origin::Contestant),
        build.path(),
        &runner,
        tools,
    )
    .unwrap();
    match prepared {
        Prepared::CompileError(message) => {
            assert!(message.contains("Permission denied"), "{message}");
            record("contained [as probed] compile-time #include of an answer: CE".into());
        }
        Prepared::Ready(argv) => panic!("the compiler read the answer file: {argv:?}"),
        Prepared::EmptySource(message) => panic!("the source is not empty: {message}"),
    }
}

#[test]
fn a_python_submission_runs_inside_the_sandbox() {
    let arena = Arena::new();
    let runner = ProcessRunner::new();
    let script = arena.dir.path().join("steal.py");
    std::fs::write(
        &script,
        format!(
            "import sys\ntry:\n    sys.stdout.write(open({:?}).read())\nexcept OSError as e:\n    print(-1)\n    print(e, file=sys.stderr)\n",
            arena.answer
        ),
    )
    .unwrap();
    let argv = vec!["python3".to_string(), script.to_string_lossy().into_owned()];
    let judge_it = || {
        grade_program(
            &runner,
            &argv,
            std::slice::from_ref(&arena.case),
            &plan(),
            &mut |_| {},
        )
        .pop()
        .unwrap()
    };
    let result = judge_it();
    if active(&runner).contains(&"files") {
        assert_eq!(result.verdict, Verdict::WA, "{result:?}");
        record("contained [as probed] Python reading the answer: WA".into());
    } else {
        record("NOT TESTED [as probed] Python reading the answer: no files protection".into());
    }
    // A Python program that only does its job is not hindered.
    std::fs::write(&script, format!("print({ANSWER:?}, end='')\n")).unwrap();
    let result = judge_it();
    assert_eq!(result.verdict, Verdict::AC, "{result:?}");
}

/// The attacks are real: with the sandbox off (and no cgroups), the ones safe
/// to let through get through. Not the fork bomb, nor the kill of the
/// parent, which is this test.
#[test]
fn without_the_sandbox_the_attacks_work() {
    let arena = Arena::new();
    let runner = ProcessRunner::without_cgroups();
    assert!(!active(&runner).contains(&"files"));
    let all = attacks();
    let by_name = |start: &str| all.iter().find(|a| a.name.starts_with(start)).unwrap();
    // SAFETY: geteuid takes nothing.
    let root = unsafe { libc::geteuid() } == 0;
    let mut names = vec![
        "read the suite's",
        "read the answer by a path",
        "read judge.toml",
        "link the answer",
        "make machine-wide shared memory",
        "write outside",
        "connect to a loopback",
        "a memory hog split",
    ];
    if root {
        names.extend(["read /etc/shadow", "use root's powers"]);
    }
    for name in names {
        let e = launch(&runner, by_name(name), &arena);
        assert_eq!(
            e.result.verdict,
            Verdict::AC,
            "{name}: {}",
            e.result.message
        );
        if name == "write outside" {
            assert!(e.files_changed, "{name}");
        }
        if name.starts_with("connect") {
            assert!(e.tcp_reached);
        }
    }
    // Unconfined, a run as root leaves its cgroup and its memory goes
    // uncounted.
    let plain = ProcessRunner::configured(SandboxMode::Off, Vec::new()).unwrap();
    if root && active(&plain).contains(&"memory") {
        let e = launch(&plain, by_name("move itself out"), &arena);
        assert_eq!(e.result.verdict, Verdict::AC, "{}", e.result.message);
    }
    let e = launch(&runner, by_name("send UDP"), &arena);
    assert!(e.udp_received, "{}", e.result.message);
}
