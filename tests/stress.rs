//! `mayan stress` finds planted bugs (wrong order, a crash at large n, a
//! loop, a misread full column), shrinks the failing case and describes the
//! case it shows; a correct program passes, with one job or two.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn build(dir: &Path, name: &str, source: &str) -> PathBuf {
    crate::support::compile(dir, "g++", name, source)
}

fn correct_source() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("submissions/correct.cpp"))
        .unwrap()
}

/// The correct program with `code` run right after it has read n.
fn after_reading_n(code: &str) -> String {
    let read = "if (std::fscanf(in, \"%d\", &n) != 1) return 1;";
    let source = correct_source().replace(read, &format!("{read} {code}"));
    assert_ne!(source, correct_source(), "the mutation must apply");
    source
}

fn stress() -> Command {
    let mut cmd = Command::cargo_bin("mayan").unwrap();
    cmd.arg("stress");
    cmd
}

fn stdout_of(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

#[test]
fn a_planted_bug_is_found_and_shrunk() {
    let dir = tempfile::tempdir().unwrap();
    // The bug: trying g = -1 before g = 1.
    let buggy = correct_source().replace(
        "for (int g = 1; g >= -1; g -= 2)",
        "for (int g = -1; g <= 1; g += 2)",
    );
    assert_ne!(buggy, correct_source(), "the mutation must apply");
    let exe = build(dir.path(), "buggy", &buggy);
    let saved = dir.path().join("saved");
    let assert = stress()
        .args(["--cases", "500", "--seed", "1", "--save"])
        .arg(&saved)
        .arg("--")
        .arg(&exe)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "the smallest case that fails the same way",
        ))
        .stdout(predicate::str::contains("verdict: WA"));
    let stdout = stdout_of(&assert);
    let saved_in = std::fs::read_dir(&saved)
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "in"))
        .unwrap()
        .path();
    let case = mayan_judge::puzzle::case::read_case_file(&saved_in).unwrap();
    assert!(
        case.board.block_count() <= 6,
        "not shrunk: {:?}\n{stdout}",
        case.board
    );
    // The case shown is the saved one, described by its own n.
    let shown = std::fs::read_to_string(&saved_in).unwrap();
    assert!(stdout.contains(&shown), "{stdout}\n---\n{shown}");
    assert!(saved_in.with_extension("ans").exists());
}

#[test]
fn a_crash_at_n_four_or_more_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build(
        dir.path(),
        "crash4",
        &after_reading_n("if (n >= 4) return 3;"),
    );
    let assert = stress()
        .args(["--cases", "40", "--"])
        .arg(&exe)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("fails with RE"))
        .stdout(predicate::str::contains("verdict: RE"));
    let stdout = stdout_of(&assert);
    // The case shown still asks for 4 or more moves.
    let shown_n = stdout
        .lines()
        .skip_while(|l| !l.starts_with("the smallest case"))
        .nth(1)
        .and_then(|l| l.trim().parse::<u8>().ok())
        .unwrap_or_else(|| panic!("no n shown:\n{stdout}"));
    assert!(shown_n >= 4, "{stdout}");
}

#[test]
fn a_loop_at_n_five_is_found_on_hard_cases() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build(
        dir.path(),
        "loop5",
        &after_reading_n("if (n == 5) for (volatile int spin = 0;; spin++) {}"),
    );
    stress()
        .args(["--cases", "3", "--kind", "hard", "-t", "0.3s", "--"])
        .arg(&exe)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("(hard, n = 5) fails with TLE"));
}

#[test]
fn a_fixed_n_and_json_say_what_failed() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build(
        dir.path(),
        "crash2",
        &after_reading_n("if (n == 2) return 4;"),
    );
    let json = dir.path().join("stress.json");
    stress()
        .args(["--cases", "20", "--n", "2", "--kind", "random", "--json"])
        .arg(&json)
        .arg("--")
        .arg(&exe)
        .assert()
        .code(1);
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let failure = &value["failure"];
    assert_eq!(failure["index"], 1, "{value}");
    assert_eq!(failure["kind"], "random");
    assert_eq!(failure["first"]["verdict"], "RE");
    assert!(failure["small"].as_str().unwrap().starts_with("2\n"));
}

#[test]
fn a_correct_program_passes_with_two_jobs_and_json_says_none() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build(dir.path(), "good", &correct_source());
    let json = dir.path().join("none.json");
    stress()
        .args(["--cases", "60", "-j", "2", "--json"])
        .arg(&json)
        .arg("--")
        .arg(&exe)
        .assert()
        .code(0)
        .stdout("no failure in 55 cases (seed 1); 5 draws found no case of their kind\n");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert!(value["failure"].is_null(), "{value}");
    assert_eq!(value["judged"], 55);
}

/// `stress` said only "received: (nothing)" for a stdio program judged in
/// file mode; the verdict now says where its answer went.
#[test]
fn a_program_for_the_other_io_mode_is_told_which_under_stress() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("stdio.py");
    std::fs::write(&script, "import sys\nsys.stdin.read()\nprint(-1)\n").unwrap();
    stress()
        .args(["--cases", "5", "--seed", "1", "--", "python3"])
        .arg(&script)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("received:\n(nothing)\n"))
        .stdout(predicate::str::contains(
            "verdict: PE: the program wrote no mayan.out; it printed \"-1\" on standard output instead: a program for --io stdio?",
        ));
}

#[test]
fn stress_stopped_by_sigterm_or_sighup_writes_its_json_of_what_passed() {
    // Regression: a stress run stopped by SIGTERM exited 143 and wrote no
    // --json, losing what it had judged; so did one whose terminal closed.
    let dir = tempfile::tempdir().unwrap();
    // Slow enough that the signal lands mid-search.
    let slow = "{ volatile long z = 0; for (long q = 0; q < 30000000; ++q) z = z + q; }";
    let exe = build(dir.path(), "slow", &after_reading_n(slow));
    for (signal, code, name) in [
        (libc::SIGTERM, 143, "SIGTERM"),
        (libc::SIGHUP, 129, "SIGHUP"),
    ] {
        let json = dir.path().join(format!("{name}.json"));
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mayan"))
            .args(["stress", "--cases", "100000", "--json"])
            .arg(&json)
            .arg("--")
            .arg(&exe)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_secs(2));
        // SAFETY: kill takes a process id and a signal.
        unsafe { libc::kill(child.id() as i32, signal) };
        assert_eq!(child.wait().unwrap().code(), Some(code), "{name}");
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        assert_eq!(value["stopped_by"], name, "{value}");
        assert!(value["failure"].is_null(), "{value}");
        assert!(value["judged"].as_u64().unwrap() < 100_000, "{value}");
    }
}

#[test]
fn a_script_under_stress_runs_the_binary_beside_it_as_under_judge() {
    // Regression: under `stress` the files staged beside a script could be
    // read but not run ("Permission denied"); `judge` ran them.
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), "good", &correct_source());
    let script = dir.path().join("w.sh");
    std::fs::write(&script, "#!/bin/sh\nexec \"$(dirname \"$0\")/good\"\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    stress()
        .current_dir(dir.path())
        .args(["--cases", "3", "--", "./w.sh"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("no failure in 3 cases"));
}
