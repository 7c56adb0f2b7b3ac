//! Answer files picked by dialect: the shipped `cases/dialect/` judges right
//! under every dialect, `validate` says which dialect reads each file and
//! warns when a file would judge another dialect wrongly, and `gen` writes
//! the files each dialect needs. Answer files of another extension
//! (`mayan1.out`, as LemonLime and Cena keep data): read by every command
//! when the suite says so, and named as not read (the solver answering
//! instead) when it does not.

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

/// A data folder `data/` as LemonLime and Cena keep it: `mayan1.in` with
/// `mayan1.out` (the statement's case), `mayan2.in` with `mayan2.out`, which
/// when `wrong` holds the exclude dialect's answer: a valid solution, but
/// not the smallest under the configured include, so the jury's answer is
/// wrong and a judge that reads it must say so. `lemon.toml` configures the
/// folder as a suite of `.out` answers, judged on standard streams.
fn lemon_data(dir: &Path, wrong: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let second = if wrong { "exclude.ans" } else { "ans" };
    for (from, to) in [
        ("cases/sample/statement.in", "mayan1.in"),
        ("cases/sample/statement.ans", "mayan1.out"),
        (&format!("{SENSITIVE}.in"), "mayan2.in"),
        (&format!("{SENSITIVE}.{second}"), "mayan2.out"),
    ] {
        std::fs::copy(root.join(from), data.join(to)).unwrap();
    }
    let toml = "[io]\nmode = \"stdio\"\n\n[[suite]]\nname = \"lemon\"\npath = \"data\"\nanswer-extension = \"out\"\n";
    std::fs::write(dir.join("lemon.toml"), toml).unwrap();
}

/// `mayan judge ARGS -- mayan solve` in `dir`: the reference solver as
/// the program judged, so every case is AC unless the jury's data is wrong.
fn judge_solver(dir: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    mayan()
        .current_dir(dir)
        .arg("judge")
        .args(args)
        .arg("--")
        .arg(assert_cmd::cargo::cargo_bin("mayan"))
        .arg("solve")
        .assert()
}

const NOT_READ: &str = "not an answer file here";

#[test]
fn out_answers_are_read_when_the_suite_says_so() {
    let dir = tempfile::tempdir().unwrap();
    lemon_data(dir.path(), true);
    // The wrong mayan2.out is read, so the run stops on the jury's fault.
    for args in [
        &["--config", "lemon.toml"][..],
        &[
            "--io",
            "stdio",
            "--suite",
            "data",
            "--answer-extension",
            "out",
        ],
    ] {
        judge_solver(dir.path(), args)
            .code(2)
            .stderr(predicate::str::contains("nothing was judged"))
            .stderr(predicate::str::contains("data/mayan2.out: "))
            .stderr(predicate::str::contains("null-swaps = exclude"));
    }
    lemon_data(dir.path(), false);
    for args in [
        &["--config", "lemon.toml"][..],
        &[
            "--io",
            "stdio",
            "--suite",
            "data",
            "--answer-extension",
            "out",
        ],
    ] {
        judge_solver(dir.path(), args)
            .code(0)
            .stdout(predicate::str::contains("2/2 accepted"))
            .stderr(predicate::str::contains(NOT_READ).not());
    }
}

#[test]
fn out_answers_not_read_say_so_and_how_to_read_them() {
    let dir = tempfile::tempdir().unwrap();
    lemon_data(dir.path(), true);
    // Read with `.ans` answers, the folder has none: the reference solver
    // answers every case (the wrong mayan2.out is not read: all AC), and
    // each .out file says so.
    judge_solver(dir.path(), &["--io", "stdio", "--suite", "data"])
        .code(0)
        .stdout(predicate::str::contains("2/2 accepted"))
        .stderr(predicate::str::contains(
            "data/mayan1.out: warning: beside mayan1.in but not an answer file here: this \
             suite's answer files end in .ans, and mayan1.in has none, so the reference \
             solver's answer is used instead; if this file holds mayan1.in's answer, set \
             answer-extension = \"out\" in this suite's [[suite]] (or give \
             --answer-extension out)",
        ))
        .stderr(predicate::str::contains(
            "data/mayan2.out: warning: beside mayan2.in",
        ));
}

#[test]
fn validate_reads_the_answers_of_the_suites_extension() {
    let dir = tempfile::tempdir().unwrap();
    lemon_data(dir.path(), true);
    let validate = |args: &[&str]| {
        mayan()
            .current_dir(dir.path())
            .arg("validate")
            .args(args)
            .assert()
    };
    validate(&["data"])
        .code(0)
        .stdout(predicate::str::contains(
            "data/mayan2.out: warning: beside mayan2.in",
        ))
        .stdout(predicate::str::contains(
            "mayan2.in: warning: no answer file",
        ));
    for args in [
        &["--config", "lemon.toml"][..],
        &["--answer-extension", "out", "data"],
    ] {
        validate(args)
            .code(1)
            .stdout(predicate::str::contains("data/mayan2.out: error: "))
            .stdout(predicate::str::contains(NOT_READ).not())
            .stdout(predicate::str::contains("1 error, 1 warning;"));
    }
    validate(&["--answer-extension", ".out", "data"])
        .code(2)
        .stderr(predicate::str::contains(
            "starts with `.`: write it without the dot",
        ));
}

#[test]
fn packages_name_the_answers_as_their_judges_expect() {
    let dir = tempfile::tempdir().unwrap();
    lemon_data(dir.path(), true);
    let export = |target: &str, out: &str| {
        mayan()
            .current_dir(dir.path())
            .args(["export", target, "--config", "lemon.toml", out])
            .assert()
    };
    export("kattis", "kattis/lemon")
        .code(2)
        .stderr(predicate::str::contains("data/mayan2.out: "));
    lemon_data(dir.path(), false);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let right = std::fs::read_to_string(root.join(format!("{SENSITIVE}.ans"))).unwrap();
    for (target, answer) in [
        ("kattis", "kattis/lemon/data/secret/01-lemon/mayan2.ans"),
        ("dmoj", "dmoj/lemon/data/01-lemon/mayan2.ans"),
    ] {
        export(target, &format!("{target}/lemon"))
            .success()
            .stderr(predicate::str::contains(NOT_READ).not());
        let written = std::fs::read_to_string(dir.path().join(answer)).unwrap();
        assert_eq!(written, right, "{target}");
    }
}

#[test]
fn gen_writes_answers_of_the_extension_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    mayan()
        .args([
            "gen",
            "--kind",
            "dialect-sensitive",
            "--count",
            "2",
            "--answer-extension",
            "out",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .success();
    assert!(dir.path().join("dialect-sensitive-001.out").exists());
    for (ns, steps) in DIALECTS {
        mayan()
            .args([
                "validate",
                "--answer-extension",
                "out",
                "--null-swaps",
                ns,
                "--steps",
                steps,
            ])
            .arg(dir.path())
            .assert()
            .code(0)
            .stdout(predicate::str::contains("0 errors, 0 warnings"));
    }
}
