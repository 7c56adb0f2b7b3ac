//! Answer files picked by dialect: the shipped `cases/dialect/` judges right
//! under every dialect, `validate` says which dialect reads each file and
//! warns when a file would judge another dialect wrongly, and `gen` writes
//! the files each dialect needs.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

const DIALECTS: [(&str, &str); 4] = [
    ("include", "exact"),
    ("exclude", "exact"),
    ("include", "at-most"),
    ("exclude", "at-most"),
];

#[test]
fn the_shipped_dialect_suite_judges_right_under_every_dialect() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let solver = assert_cmd::cargo::cargo_bin("mayan");
    for (ns, steps) in DIALECTS {
        // The reference solver of the same dialect is the submission: every
        // case must be AC, none JE for want of the right answer file.
        mayan()
            .current_dir(root)
            .args([
                "judge",
                "--null-swaps",
                ns,
                "--steps",
                steps,
                "--io",
                "stdio",
            ])
            .args(["--suite", "cases/dialect", "--"])
            .arg(&solver)
            .args(["solve", "--null-swaps", ns, "--steps", steps])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("4/4 accepted"));
    }
}

/// A case whose answer differs under null-swaps = exclude.
const SENSITIVE: &str = "cases/dialect/fewer-than-n";

fn copy_case(dir: &Path, answers: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let from = |ext: &str| root.join(format!("{SENSITIVE}.{ext}"));
    std::fs::copy(from("in"), dir.join("x.in")).unwrap();
    for ext in answers {
        std::fs::copy(from(ext), dir.join(format!("x.{ext}"))).unwrap();
    }
}

#[test]
fn validate_warns_when_a_file_would_judge_another_dialect_wrongly() {
    let dir = tempfile::tempdir().unwrap();
    copy_case(dir.path(), &["ans"]);
    mayan()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "x.ans: warning: wrong under null-swaps = exclude, steps = exact, which reads this file",
        ))
        .stdout(predicate::str::contains("give that dialect its own x.exclude.ans"));
    // Under the dialect it is wrong for, the same file is an error.
    mayan()
        .args(["validate", "--null-swaps", "exclude"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("x.ans: error:"));
}

#[test]
fn validate_names_the_dialects_each_file_holds() {
    let dir = tempfile::tempdir().unwrap();
    copy_case(dir.path(), &["ans", "exclude.ans"]);
    mayan()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "x.ans: note: holds the answer for include/exact, include/at-most",
        ))
        .stdout(predicate::str::contains(
            "x.exclude.ans: note: holds the answer for exclude/exact, exclude/at-most",
        ))
        .stdout(predicate::str::contains("0 errors, 0 warnings"));
}

#[test]
fn gen_writes_what_every_dialect_needs() {
    let dir = tempfile::tempdir().unwrap();
    for kind in ["fewer-than-n", "dialect-sensitive", "random"] {
        mayan()
            .args([
                "gen", "--kind", kind, "--count", "4", "--seed", "3", "--out",
            ])
            .arg(dir.path())
            .assert()
            .success();
    }
    for (ns, steps) in DIALECTS {
        mayan()
            .args(["validate", "--null-swaps", ns, "--steps", steps])
            .arg(dir.path())
            .assert()
            .code(0)
            .stdout(predicate::str::contains("0 errors, 0 warnings"));
    }
}
