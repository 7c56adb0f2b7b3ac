//! `mayan export kattis`: the bundled problem exported and checked by
//! Kattis's own `verifyproblem` (0 errors, the reference solution AC on
//! every case, the wrong one rejected); the package's scripts run from a
//! path with spaces; the reference solution judged in every dialect; the
//! strict input validator; and what a careless or hostile export is refused.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use assert_cmd::Command;
use mayan_judge::check::{Accept, Policy};
use mayan_judge::config::{IoConfig, IoMode};
use mayan_judge::export::solutions::Solution;
use mayan_judge::puzzle::dialect::Dialect;
use predicates::prelude::*;

use crate::support::judges::{export_binary, tool_or_skip};

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Exports the bundled problem to `out` with the binary the tests ship.
fn export_bundled(out: &Path) -> String {
    let done = mayan()
        .current_dir(root())
        .args(["export", "kattis"])
        .arg(out)
        .arg("--binary")
        .arg(export_binary())
        .assert()
        .success();
    String::from_utf8_lossy(&done.get_output().stdout).into_owned()
}

#[test]
fn verifyproblem_accepts_the_exported_bundled_problem() {
    let Some(verifyproblem) = tool_or_skip(
        "verifyproblem_accepts_the_exported_bundled_problem",
        "MAYAN_VERIFYPROBLEM",
        "verifyproblem",
        "pip install problemtools; .ci/run does",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    let summary = export_bundled(&package);
    assert!(
        summary.contains("exported 45 cases in 7 suites (450 points"),
        "{summary}"
    );
    if std::env::var_os("MAYAN_EXPORT_BINARY").is_some() {
        assert!(summary.contains("statically linked"), "{summary}");
    }
    let out = std::process::Command::new(verifyproblem)
        .arg(&package)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    eprintln!("--- verifyproblem {} ---\n{text}", package.display());
    assert!(text.contains("mayan tested: 0 errors,"), "{text}");
    assert!(out.status.success(), "exit {:?}", out.status);
    assert!(
        text.contains("accepted/reference.cpp (C++) OK: AC (450)"),
        "{text}"
    );
    assert!(
        text.contains("wrong_answer/illegal_moves.cpp (C++) OK: WA"),
        "{text}"
    );
    assert!(
        text.contains("partially_accepted/always_minus_one.cpp (C++) OK: AC (60)"),
        "{text}"
    );
    assert!(
        !text.contains("No validator rejects"),
        "the strict validator: {text}"
    );
}

/// Runs a validator's `run` script from `cwd` with `args` and `stdin`.
fn run_script(script: &Path, cwd: &Path, args: &[&Path], stdin: &str) -> i32 {
    use std::io::Write;
    let mut child = std::process::Command::new(script)
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait().unwrap().code().unwrap_or(-1)
}

#[test]
fn the_package_holds_every_part_and_runs_from_a_path_with_spaces() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("my exports/mayan");
    mayan()
        .current_dir(root())
        .args(["export", "kattis"])
        .arg(&package)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "cannot build a statement in a path with a space",
        ))
        // The bundled cases are all different (validate checks it too).
        .stderr(predicate::str::contains("is the same case as").not());
    for (file, executable) in [
        ("problem.yaml", false),
        (".timelimit", false),
        ("problem_statement/problem.en.tex", false),
        ("data/testdata.yaml", false),
        ("data/sample/statement.in", false),
        ("data/secret/03-subtask-bottom-row/testdata.yaml", false),
        ("data/secret/06-hard/hard-001.ans", false),
        ("input_validators/mayan/build", true),
        ("input_validators/mayan/run", true),
        ("output_validators/mayan/mayan", true),
        ("submissions/accepted/reference.cpp", false),
        ("submissions/wrong_answer/illegal_moves.cpp", false),
    ] {
        let meta = std::fs::metadata(package.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(meta.permissions().mode() & 0o111 != 0, executable, "{file}");
    }
    assert_eq!(
        std::fs::read_to_string(package.join(".timelimit")).unwrap(),
        "1\n"
    );
    assert!(
        !package
            .join("data/secret/02-dialect/fewer-than-n.exclude.ans")
            .exists()
    );
    validators_run_from_anywhere(&package, dir.path());
}

/// The package's validators, run from `cwd` as the tools run them (not
/// from their own folder): the strict input validator, and the checker
/// with a feedback folder.
fn validators_run_from_anywhere(package: &Path, cwd: &Path) {
    let input = package.join("input_validators/mayan/run");
    let case = std::fs::read_to_string(package.join("data/sample/statement.in")).unwrap();
    assert_eq!(run_script(&input, cwd, &[], &case), 42);
    assert_eq!(run_script(&input, cwd, &[], &case.replace('\n', " \n")), 43);
    let output = package.join("output_validators/mayan/run");
    let feedback = cwd.join("feedback dir");
    std::fs::create_dir(&feedback).unwrap();
    let answer = package.join("data/sample/statement.ans");
    let args = [
        &package.join("data/sample/statement.in"),
        &answer,
        &feedback,
    ];
    let args: Vec<&Path> = args.iter().map(|p| p.as_path()).collect();
    assert_eq!(run_script(&output, cwd, &args, "2 1 1\n3 1 1\n3 0 1\n"), 42);
    assert_eq!(run_script(&output, cwd, &args, "-1\n"), 43);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(
        message.starts_with("WA: -1, but a solution exists"),
        "{message}"
    );
}

/// Copies the inputs (not the answers) of the bundled suites into `dir`:
/// the solver answers them in every dialect.
fn inputs_only(dir: &Path) -> PathBuf {
    let cases = dir.join("cases");
    std::fs::create_dir(&cases).unwrap();
    for suite in ["rules", "dialect", "exactly-n", "sample"] {
        for entry in std::fs::read_dir(root().join("cases").join(suite)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "in") {
                let name = format!("{suite}-{}", path.file_name().unwrap().to_string_lossy());
                std::fs::copy(&path, cases.join(name)).unwrap();
            }
        }
    }
    cases
}

#[test]
fn the_packages_reference_solution_is_accepted_in_every_dialect() {
    if !crate::support::judges::have_gxx(
        "the_packages_reference_solution_is_accepted_in_every_dialect",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = inputs_only(dir.path());
    let stdio = IoConfig {
        mode: IoMode::Stdio,
        ..IoConfig::default()
    };
    for (i, dialect) in Dialect::ALL.into_iter().enumerate() {
        let policy = Policy {
            accept: Accept::Lexmin,
            dialect,
        };
        let exe = crate::support::compile(
            dir.path(),
            "g++",
            &format!("reference{i}"),
            &Solution::Accepted.source(policy, &stdio),
        );
        let config = dir.path().join(format!("judge{i}.toml"));
        let text = format!(
            "[rules]\nnull-swaps = \"{}\"\nsteps = \"{}\"\n[limits]\ntime = \"3s\"\n[[suite]]\npath = \"{}\"\n",
            dialect.null_swaps,
            dialect.steps,
            cases.display()
        );
        std::fs::write(&config, text).unwrap();
        mayan()
            .args(["judge", "--io", "stdio", "--config"])
            .arg(&config)
            .arg("--")
            .arg(&exe)
            .assert()
            .code(0)
            .stdout(predicate::str::contains(
                "total: 270/270 points, 27/27 accepted",
            ));
    }
    let wrong = crate::support::compile(
        dir.path(),
        "g++",
        "wrong",
        &Solution::Wrong.source(Policy::default(), &stdio),
    );
    mayan()
        .args(["judge", "--io", "stdio", "--suite"])
        .arg(&cases)
        .arg("--")
        .arg(&wrong)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "total: 0/270 points, 0/27 accepted",
        ));
}

#[test]
fn the_strict_input_validator_refuses_what_a_token_reader_accepts() {
    let case = "1\n1 0\n0\n0\n0\n0\n";
    for (flags, text, code) in [
        (&["--kattis"][..], case, 42),
        (&["--kattis", "--strict"], case, 42),
        (&["--kattis"], "1\n1  0\n0\n0\n0\n0\n", 42),
        (&["--kattis", "--strict"], "1\n1  0\n0\n0\n0\n0\n", 43),
        (&["--kattis", "--strict"], "01\n1 0\n0\n0\n0\n0\n", 43),
        (&["--kattis", "--strict"], "1\n1 0\n0\n0\n0\n0", 43),
        (&["--kattis", "--strict"], "1\n1 0\n\n0\n0\n0\n0\n", 43),
    ] {
        mayan()
            .arg("validate")
            .args(flags)
            .write_stdin(text)
            .assert()
            .code(code);
    }
    mayan()
        .args(["validate", "--strict"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--kattis"));
}

#[test]
fn an_export_over_files_that_are_no_export_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let kattis = |out: &Path| {
        let mut cmd = mayan();
        cmd.current_dir(root()).args(["export", "kattis"]).arg(out);
        cmd
    };
    kattis(&dir.path().join("mayan-judge"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the package folder's name `mayan-judge` is not a problem short name ([a-z0-9]+",
        ))
        .stderr(predicate::str::contains("`mayanjudge`"));
    let busy = dir.path().join("busy");
    std::fs::create_dir(&busy).unwrap();
    std::fs::write(busy.join("notes.txt"), "mine").unwrap();
    kattis(&busy)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give --force"));
    kattis(&busy)
        .arg("--force")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no earlier export"));
    assert_eq!(
        std::fs::read_to_string(busy.join("notes.txt")).unwrap(),
        "mine"
    );
    let pkg = dir.path().join("pkg");
    kattis(&pkg).assert().success();
    kattis(&pkg).assert().code(2);
    kattis(&pkg).arg("--force").assert().success();
}

#[test]
fn an_export_among_the_cases_or_with_a_wrong_binary_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let kattis = |out: &Path| {
        let mut cmd = mayan();
        cmd.current_dir(root()).args(["export", "kattis"]).arg(out);
        cmd
    };
    kattis(Path::new("cases/rules/pkg"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "lies inside the cases of suite `rules`",
        ));
    assert!(!root().join("cases/rules/pkg").exists());
    kattis(Path::new("cases"))
        .arg("--force")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds the cases of suite"));
    kattis(&dir.path().join("other"))
        .args(["--binary", "/bin/true"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not the mayan binary"));
    // A mayan older than the package's commands (no `validate --strict`).
    // It exits without reading its input: the broken pipe once made the
    // export exit 141 without a word, as if its own output had been closed.
    let old = dir.path().join("old-mayan");
    std::fs::write(
        &old,
        "#!/bin/sh\n[ \"$1\" = --version ] && echo 'mayan 0.0.9' && exit 0\n\
         echo \"error: unexpected argument '--strict' found\" >&2\nexit 2\n",
    )
    .unwrap();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o755)).unwrap();
    kattis(&dir.path().join("other"))
        .arg("--binary")
        .arg(&old)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`mayan validate --kattis --strict` on a case of the package exited 2, not 42: \
             error: unexpected argument '--strict' found; is it an older mayan",
        ));
    assert!(!dir.path().join("other").exists());
}

#[test]
fn suite_names_the_judges_refuse_are_made_valid_group_names() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    let text = format!(
        "[[suite]]\nname = \"Sample\"\npath = \"{r}/cases/sample\"\n\
         [[suite]]\nname = \"règles de base / rules\"\npath = \"{r}/cases/rules\"\npoints = 3\n",
        r = root().display()
    );
    std::fs::write(&config, text).unwrap();
    let pkg = dir.path().join("mayan");
    mayan()
        .args(["export", "kattis", "--sample", "Sample", "--config"])
        .arg(&config)
        .arg(&pkg)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "exported 14 cases in 2 suites (49 points",
        ));
    assert!(pkg.join("data/sample/statement.in").is_file());
    let group = pkg.join("data/secret/01-r-gles-de-base-rules");
    let yaml = std::fs::read_to_string(group.join("testdata.yaml")).unwrap();
    assert_eq!(
        yaml,
        "# suite `règles de base / rules` of judge.toml: 3 points per case\naccept_score: 3\nrange: 0 39\n"
    );
}
