//! `mayan solve` through the binary: arguments in, output and exit code out.

use assert_cmd::Command;
use predicates::prelude::*;

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

fn mayan() -> Command {
    let mut cmd = Command::cargo_bin("mayan").unwrap();
    cmd.env_remove("NO_COLOR");
    cmd
}

#[test]
fn solves_a_file_in_the_contest_format() {
    mayan()
        .args(["solve", "cases/sample/statement.in"])
        .assert()
        .success()
        .stdout("2 1 1\n3 1 1\n3 0 1\n");
}

#[test]
fn solves_standard_input_with_or_without_a_dash() {
    mayan()
        .arg("solve")
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .stdout("2 1 1\n3 1 1\n3 0 1\n");
    mayan()
        .args(["solve", "-"])
        .write_stdin(SAMPLE)
        .assert()
        .success()
        .stdout("2 1 1\n3 1 1\n3 0 1\n");
}

#[test]
fn prints_minus_one_when_there_is_no_solution() {
    mayan()
        .args(["solve", "cases/rules/no-solution.in"])
        .assert()
        .success()
        .stdout("-1\n");
}

#[test]
fn dialect_flags_change_the_answer() {
    let case = "2\n1 0\n1 0\n0\n1 0\n0\n";
    mayan()
        .arg("solve")
        .write_stdin(case)
        .assert()
        .success()
        .stdout("0 0 1\n3 0 -1\n");
    mayan()
        .args(["solve", "--null-swaps", "exclude"])
        .write_stdin(case)
        .assert()
        .success()
        .stdout("1 0 1\n0 0 1\n");
    mayan()
        .args(["solve", "--steps", "at-most", "--null-swaps", "exclude"])
        .write_stdin("2\n1 0\n0\n1 0\n1 0\n0\n")
        .assert()
        .success()
        .stdout("0 0 1\n");
}

#[test]
fn min_moves_prints_the_least_number_of_moves() {
    mayan()
        .args(["solve", "--min-moves", "cases/dialect/fewer-than-n.in"])
        .assert()
        .success()
        .stdout("1\n");
    mayan()
        .args(["solve", "--min-moves", "cases/rules/no-solution.in"])
        .assert()
        .success()
        .stdout("-1\n");
    mayan()
        .args([
            "solve",
            "--min-moves",
            "--bound",
            "16",
            "cases/rules/swap.in",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--bound"));
}

#[test]
fn explain_draws_every_stage_plainly_when_piped() {
    let out = mayan()
        .args(["solve", "--explain", "cases/rules/cross.in"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("2 0 1\n\nstart, n = 1\n"), "{text}");
    assert!(
        text.contains(
            "move 1: 2 0 1  (2, 0) goes right, swaps with (3, 0); 2 waves of eliminations"
        )
    );
    assert!(text.contains("after wave 2"));
    assert!(text.contains("0 | (1) (1) (1) [2]   2"), "{text}");
    assert!(!text.contains('\x1b'), "colour escapes in piped output");
}

#[test]
fn explain_says_when_there_is_no_solution() {
    mayan()
        .args(["solve", "--explain", "cases/rules/no-solution.in"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "no sequence of 3 moves clears this board (null-swaps = include, steps = exact)",
        ));
}

#[test]
fn bad_input_names_file_and_line_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "2\n1 0\n1 11 0\n0\n0\n0\n").unwrap();
    mayan()
        .arg("solve")
        .arg(&bad)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "bad.in:3: column 1: colour 11 is outside 1..=10",
        ));
    mayan()
        .arg("solve")
        .write_stdin("3\n1 1 1 0\n0\n0\n0\n0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "<stdin>:2: the starting board already holds a run",
        ));
    mayan()
        .args(["solve", "/nonexistent/case.in"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "/nonexistent/case.in: cannot read",
        ));
    mayan()
        .arg("solve")
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty"));
    mayan()
        .arg("solve")
        .write_stdin(&b"\xff\xfe\x00"[..])
        .assert()
        .code(2);
}

#[test]
fn usage_errors_exit_2() {
    mayan()
        .args(["solve", "--null-swaps", "maybe"])
        .assert()
        .code(2);
    mayan().arg("frobnicate").assert().code(2);
}

#[test]
fn validate_checks_the_bundled_suites_cleanly() {
    mayan()
        .arg("validate")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "validated 45 cases (null-swaps = include, steps = exact): 0 errors, 0 warnings; 4 dialect-sensitive",
        ));
}

#[test]
fn validate_reports_the_official_data_cosmetics_without_failing() {
    let official =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/mayan-noip2011");
    mayan()
        .arg("validate")
        .arg(&official)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "3.in:3: warning: trailing whitespace",
        ))
        .stdout(predicate::str::contains("0 errors, 2 warnings"));
}

#[test]
fn validate_fails_on_a_wrong_answer_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.in"), "1\n1 1 2 0\n2 2 1 0\n0\n0\n0\n").unwrap();
    std::fs::write(dir.path().join("x.ans"), "-1\n").unwrap();
    mayan()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "x.ans: error: the answer file says -1, but the reference solver",
        ))
        .stdout(predicate::str::contains("1 error,"));
}

#[test]
fn validate_rejects_a_config_with_an_unknown_key() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    std::fs::write(&config, "[rules]\nnull-swap = \"include\"\n").unwrap();
    mayan()
        .arg("validate")
        .arg("--config")
        .arg(&config)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "judge.toml: line 2: unknown field `null-swap`",
        ));
}

#[test]
fn validate_speaks_the_kattis_input_validator_convention() {
    mayan()
        .args(["validate", "--kattis"])
        .write_stdin(SAMPLE)
        .assert()
        .code(42);
    mayan()
        .args(["validate", "--kattis"])
        .write_stdin("3\r\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0")
        .assert()
        .code(42)
        .stderr(predicate::str::contains("warning: line 1: CRLF line end"));
    mayan()
        .args(["validate", "--kattis"])
        .write_stdin("3\n1 1 1 0\n0\n0\n0\n0\n")
        .assert()
        .code(43)
        .stderr(predicate::str::contains(
            "line 2: the starting board already holds a run",
        ));
    mayan()
        .args(["validate", "--kattis"])
        .write_stdin("")
        .assert()
        .code(43);
}

#[test]
fn a_folder_as_the_program_or_as_the_package_is_a_slip_said_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let rules = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/rules");
    for args in [
        &["judge", "--suite", rules, "--"][..],
        &["stress", "--cases", "3", "--"][..],
    ] {
        mayan()
            .current_dir(dir.path())
            .args(args)
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("a folder, not a program"))
            .stderr(predicate::str::contains("judge error").not());
    }
    let project = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    mayan()
        .current_dir(project)
        .args(["export", "kattis", "."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(".: names no folder of its own"));
}

#[test]
fn an_empty_command_or_a_source_in_no_known_language_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let rules = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/rules");
    for args in [
        &["judge", "--suite", rules, "--", ""][..],
        &["judge", "--suite", rules, "--", " "],
        &["stress", "--cases", "3", "--", ""],
    ] {
        mayan()
            .current_dir(dir.path())
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("the command after -- is empty"))
            .stderr(predicate::str::contains("judge error").not());
    }
    std::fs::write(dir.path().join("plain.sh"), "echo -1\n").unwrap();
    for (program, said) in [
        ("./nosuch", "./nosuch: no such program"),
        (
            "./plain.sh",
            "./plain.sh: no such program (no executable file",
        ),
        ("nosuch-program-xyz", "nosuch-program-xyz: no such program"),
    ] {
        mayan()
            .current_dir(dir.path())
            .args(["judge", "--suite", rules, "--", program])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(said));
        mayan()
            .current_dir(dir.path())
            .args(["stress", "--cases", "3", "--", program])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(said));
    }
    std::fs::write(dir.path().join("solution.txt"), "print(-1)\n").unwrap();
    mayan()
        .current_dir(dir.path())
        .args(["judge", "--suite", rules, "solution.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "solution.txt: no language for this extension (known: c, cpp",
        ))
        .stderr(predicate::str::contains("judge error").not());
    mayan()
        .current_dir(dir.path())
        .args(["judge", "--suite", rules, "missing.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.txt: no such source file"));
}

#[test]
fn stress_refuses_a_json_path_it_cannot_write_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.py"), "print(-1)\n").unwrap();
    mayan()
        .current_dir(dir.path())
        .args([
            "stress",
            "--json",
            "no/such/folder/r.json",
            "--",
            "python3",
            "p.py",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write the report there"))
        .stderr(predicate::str::contains("sandbox:").not());
}

#[test]
fn a_pipe_as_a_suites_answer_file_is_refused_at_once_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("s");
    std::fs::create_dir(&suite).unwrap();
    std::fs::write(suite.join("a.in"), SAMPLE).unwrap();
    crate::support::mkfifo(&suite.join("a.ans"));
    let judge = ["judge", "--suite", suite.to_str().unwrap(), "--", "true"];
    let validate = ["validate", suite.to_str().unwrap()];
    for args in [&judge[..], &validate[..]] {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_mayan"));
        cmd.current_dir(dir.path()).args(args);
        let out = crate::support::finish(cmd);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            format!("{stdout}{stderr}").contains("a named pipe"),
            "{args:?}: {stdout}{stderr}"
        );
        assert_ne!(out.status.code(), Some(0));
    }
}

#[test]
fn the_kattis_validator_shows_control_bytes_escaped() {
    mayan()
        .args(["validate", "--kattis"])
        .write_stdin("3\n1 0\n2 1 \x1b[31m0\n")
        .assert()
        .code(43)
        .stderr(predicate::str::contains("\\x1b[31m0"))
        .stderr(predicate::str::contains("\x1b").not());
}

#[test]
fn gen_refuses_robust_dialect_sensitive_cases_which_cannot_exist() {
    let dir = tempfile::tempdir().unwrap();
    mayan()
        .args(["gen", "--robust", "--kind", "dialect-sensitive", "--out"])
        .arg(dir.path().join("g"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give one or the other"));
    assert!(!dir.path().join("g").exists());
}
