//! The sandbox through `mayan judge`: the judge process itself is the
//! parent a submission tries to kill, and a judge started as an ordinary
//! user (with `setpriv`, when the tests run as root) shows the degraded mode
//! of a machine where the judge is not root: it names what it lacks, and
//! still confines what it claims to.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::hostile::{Arena, PRELUDE, attacks, record, survivors};

fn mayan() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_mayan"))
}

fn attack_program(arena: &Arena, start: &str) -> PathBuf {
    let attack = attacks()
        .into_iter()
        .find(|a| a.name.starts_with(start))
        .unwrap();
    let source = format!("{PRELUDE}\n{}", (attack.source)(arena));
    crate::support::compile(
        arena.dir.path(),
        "gcc",
        &attack.name.replace(' ', "-"),
        &source,
    )
}

/// `mayan judge` on the arena's case, as `prefix` (a command that runs the
/// rest, or nothing); its status, stderr and the JSON report.
fn judge(
    arena: &Arena,
    prefix: &[&str],
    program: &Path,
) -> (std::process::ExitStatus, String, serde_json::Value) {
    let json = arena.open.join("report.json");
    let suite = arena.case.input.parent().unwrap();
    let mut argv: Vec<String> = prefix.iter().map(|s| s.to_string()).collect();
    argv.push(mayan().to_string_lossy().into_owned());
    argv.extend(
        [
            "judge",
            "--suite",
            &suite.to_string_lossy(),
            "--io",
            "stdio",
            "--time-limit",
            "1s",
            "--json",
            &json.to_string_lossy(),
            "--",
            &program.to_string_lossy(),
            "0",
            "0",
        ]
        .map(String::from),
    );
    let out = Command::new(&argv[0])
        .args(&argv[1..])
        .current_dir(arena.dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let report = std::fs::read_to_string(&json)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    (out.status, stderr, report)
}

fn verdict(report: &serde_json::Value) -> &str {
    report["submissions"][0]["cases"][0]["verdict"]
        .as_str()
        .unwrap_or("none")
}

fn active(report: &serde_json::Value, name: &str) -> bool {
    report["sandbox"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|p| p["name"] == name && p["active"] == true)
}

#[test]
fn the_judge_survives_a_submission_that_kills_its_parent() {
    let arena = Arena::new();
    let program = attack_program(&arena, "kill the judge");
    let (status, stderr, report) = judge(&arena, &[], &program);
    if !active(&report, "signals") {
        record("NOT TESTED [mayan judge] killing the judge process: no signals protection".into());
        return;
    }
    assert_eq!(
        status.code(),
        Some(1),
        "the judge must end by itself: {stderr}"
    );
    // In a run's own PID namespace (root, see `runner::guard`) the judge
    // is not even seen: getppid() is 0, and kill(0) ends the program's own
    // group (RE); elsewhere the kill is refused (WA).
    assert!(["WA", "RE"].contains(&verdict(&report)), "{stderr}");
    assert!(stderr.contains("sandbox: "), "{stderr}");
    record(
        "contained [mayan judge] killing the judge process: WA, the judge ended by itself".into(),
    );
}

#[test]
fn a_judge_that_is_not_root_names_what_it_lacks_and_confines_the_rest() {
    // SAFETY: geteuid takes nothing.
    let root = unsafe { libc::geteuid() } == 0;
    let setpriv = Path::new("/usr/bin/setpriv");
    if !root || !setpriv.exists() {
        record("NOT TESTED [mayan judge as an ordinary user]: needs root and setpriv".into());
        return;
    }
    let arena = Arena::new();
    let nobody = [
        "/usr/bin/setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
    ];
    let mut tested = Vec::new();
    for attack in attacks().into_iter().filter(|a| {
        [
            "read the suite's",
            "kill the judge",
            "connect to a loopback",
            "clear the environment",
            "a fork bomb",
        ]
        .iter()
        .any(|s| a.name.starts_with(s))
    }) {
        let program = attack_program(&arena, attack.name);
        let (status, stderr, report) = judge(&arena, &nobody, &program);
        let left = survivors(&arena.token());
        assert!(
            left.is_empty(),
            "{}: {} process(es) left",
            attack.name,
            left.len()
        );
        assert!(
            stderr.contains("NOT protected: ") && stderr.contains("user (the judge is not root"),
            "{stderr}"
        );
        assert!(!active(&report, "user"), "{report}");
        let lacking: Vec<&str> = attack
            .needs
            .iter()
            .filter(|group| !group.iter().any(|p| active(&report, p)))
            .map(|group| group[0])
            .collect();
        if !lacking.is_empty() {
            eprintln!(
                "NOT TESTED as an ordinary user: {} (no {lacking:?})",
                attack.name
            );
            continue;
        }
        assert_eq!(status.code(), Some(1), "{}: {stderr}", attack.name);
        assert_eq!(verdict(&report), "WA", "{}: {stderr}", attack.name);
        record(format!(
            "contained [mayan judge as an ordinary user] {}: WA",
            attack.name
        ));
        tested.push(attack.name);
    }
    assert!(
        !tested.is_empty(),
        "nothing could be tested as an ordinary user"
    );
}

#[test]
fn strict_refuses_to_run_without_every_protection_and_off_is_plain() {
    let arena = Arena::new();
    let program = attack_program(&arena, "read the suite's");
    let (status, stderr, report) = judge(&arena, &["env", "MAYAN_UNUSED=1"], &program);
    let all_active = report["sandbox"]
        .as_array()
        .is_some_and(|ps| ps.iter().all(|p| p["active"] == true));
    let strict = Command::new(mayan())
        .args(["judge", "--sandbox", "strict", "--suite"])
        .arg(arena.case.input.parent().unwrap())
        .args(["--io", "stdio", "--"])
        .arg(&program)
        .output()
        .unwrap();
    if all_active {
        assert_eq!(
            strict.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&strict.stderr)
        );
    } else {
        assert_eq!(strict.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&strict.stderr).contains("--sandbox strict"));
    }
    assert_eq!(status.code(), Some(1), "{stderr}");
    let off = Command::new(mayan())
        .args(["judge", "--sandbox", "off", "--suite"])
        .arg(arena.case.input.parent().unwrap())
        .args(["--io", "stdio", "--"])
        .arg(&program)
        .output()
        .unwrap();
    let off_err = String::from_utf8_lossy(&off.stderr);
    assert!(off_err.contains("NOT protected: sandbox (off"), "{off_err}");
    // With no sandbox the program reads the answer: the switch is real.
    assert_eq!(off.status.code(), Some(0), "{off_err}");
}
