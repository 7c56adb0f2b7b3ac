//! `mayan gen` through the binary: every kind writes cases that validate
//! cleanly, the same seed writes the same files, and dialect-sensitive cases
//! come with every dialect's answer; `validate` names a repeated case.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

fn generate(out: &Path, kind: &str, seed: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("mayan")
        .unwrap()
        .args([
            "gen", "--kind", kind, "--count", "3", "--seed", seed, "--out",
        ])
        .arg(out)
        .assert()
}

#[test]
fn every_kind_writes_valid_cases_with_their_answers() {
    let dir = tempfile::tempdir().unwrap();
    let kinds = [
        "bottom-row",
        "random",
        "exactly-n",
        "fewer-than-n",
        "dialect-sensitive",
        "hard",
        "left-move",
        "cascade",
        "cross",
    ];
    for kind in kinds {
        generate(dir.path(), kind, "5")
            .success()
            .stdout(predicate::str::contains(format!("{kind}-003.in")));
    }
    assert!(
        dir.path()
            .join("dialect-sensitive-001.exclude.at-most.ans")
            .exists()
    );
    Command::cargo_bin("mayan")
        .unwrap()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "validated {} cases",
            3 * kinds.len()
        )))
        .stdout(predicate::str::contains(" 0 errors"));
}

#[test]
fn the_same_seed_writes_the_same_files() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    generate(a.path(), "cross", "42").success();
    generate(b.path(), "cross", "42").success();
    for name in ["cross-001.in", "cross-002.ans", "cross-003.in"] {
        assert_eq!(
            std::fs::read(a.path().join(name)).unwrap(),
            std::fs::read(b.path().join(name)).unwrap(),
            "{name}"
        );
    }
    let c = tempfile::tempdir().unwrap();
    generate(c.path(), "cross", "43").success();
    assert_ne!(
        std::fs::read(a.path().join("cross-001.in")).unwrap(),
        std::fs::read(c.path().join("cross-001.in")).unwrap()
    );
}

#[test]
fn an_impossible_request_says_what_to_loosen() {
    let dir = tempfile::tempdir().unwrap();
    Command::cargo_bin("mayan")
        .unwrap()
        .args([
            "gen",
            "--kind",
            "cascade",
            "--waves",
            "9",
            "--n",
            "1",
            "--colours",
            "1",
            "--density",
            "1",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "found no cascade case after many tries",
        ));
}

/// Regression: `mayan gen ... | head -1` panicked on the closed pipe after
/// the first case and left the rest unwritten.
#[test]
fn a_closed_stdout_does_not_stop_generation() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mayan"))
        .args(["gen", "--kind", "random", "--count", "50", "--out"])
        .arg(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("random-050.ans").exists());
}

#[test]
fn validate_names_a_repeated_case_and_the_case_it_repeats() {
    let dir = tempfile::tempdir().unwrap();
    generate(dir.path(), "exactly-n", "2").success();
    let first = dir.path().join("exactly-n-002.in");
    let text = std::fs::read_to_string(&first).unwrap();
    // The same board with colours 1 and 2 exchanged is still a repeat.
    let swapped: String = text
        .lines()
        .enumerate()
        .map(|(i, line)| match i {
            0 => format!("{line}\n"),
            _ => {
                let tokens = line.split(' ').map(|t| match t {
                    "1" => "2",
                    "2" => "1",
                    t => t,
                });
                tokens.collect::<Vec<_>>().join(" ") + "\n"
            }
        })
        .collect();
    std::fs::write(dir.path().join("copy.in"), &text).unwrap();
    std::fs::write(dir.path().join("recoloured.in"), swapped).unwrap();
    mayan()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "{}: warning: repeats {}: the same n and board, so the same answer under each dialect",
            dir.path().join("exactly-n-002.in").display(),
            dir.path().join("copy.in").display(),
        )))
        .stdout(predicate::str::contains(format!(
            "{}: warning: repeats {}: the same n and board once its colours are renumbered",
            dir.path().join("recoloured.in").display(),
            dir.path().join("copy.in").display(),
        )));
}
