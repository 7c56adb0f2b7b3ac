//! `mayan stress` finds a planted bug and shrinks the failing case; a correct
//! program passes.

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
    let out = Command::cargo_bin("mayan")
        .unwrap()
        .args(["stress", "--cases", "500", "--seed", "1", "--save"])
        .arg(&saved)
        .arg("--")
        .arg(&exe)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("smallest failing case"))
        .stdout(predicate::str::contains("verdict: WA"));
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
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
    assert!(saved_in.with_extension("ans").exists());
}

#[test]
fn a_correct_program_passes() {
    let dir = tempfile::tempdir().unwrap();
    let exe = build(dir.path(), "good", &correct_source());
    Command::cargo_bin("mayan")
        .unwrap()
        .args(["stress", "--cases", "60", "--"])
        .arg(&exe)
        .assert()
        .code(0)
        .stdout("no failure in 60 cases (seed 1)\n");
}
