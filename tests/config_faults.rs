//! Bad configuration and case data through the binary: each is refused
//! before anything runs (exit 2, the file, line and key, or the flag, named)
//! by every command that reads it, or judged correctly; never charged to a
//! contestant as CE, RE or JE, and never skipped in silence.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn mayan() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("mayan"));
    cmd.env("NO_COLOR", "1").stdin(Stdio::null());
    cmd
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample")
}

/// `judge.toml` in `dir`: `text`, then a suite of the sample case.
fn config(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("judge.toml");
    let suite = format!("[[suite]]\npath = \"{}\"\n", sample().display());
    std::fs::write(&path, format!("{text}\n{suite}")).unwrap();
    path
}

/// A command's exit code and standard error.
fn run(cmd: &mut Command) -> (i32, String) {
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), stderr)
}

/// The four commands that read a configuration, with `--config FILE`.
fn every_command(config: &Path, out: &Path) -> Vec<Command> {
    let mut all = Vec::new();
    for args in [
        &["judge", "--", "true"][..],
        &["stress", "--cases", "1", "--", "true"],
        &["validate"],
    ] {
        let mut cmd = mayan();
        cmd.args(&args[..1])
            .arg("--config")
            .arg(config)
            .args(&args[1..]);
        all.push(cmd);
    }
    let mut export = mayan();
    export
        .args(["export", "dmoj", "--config"])
        .arg(config)
        .arg(out);
    all.push(export);
    all
}

/// Regression: an absolute or `../` input-file made the judge, as root,
/// write the case over any file of the machine.
#[test]
fn io_file_names_outside_the_working_folder_are_refused_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    for (io, key) in [
        (
            format!("input-file = \"{}\"", victim.display()),
            "input-file",
        ),
        ("output-file = \"../victim\"".to_string(), "output-file"),
        (
            "input-file = \"same\"\noutput-file = \"same\"".to_string(),
            "output-file",
        ),
        ("output-file = \"\"".to_string(), "output-file"),
    ] {
        let config = config(dir.path(), &format!("[io]\n{io}"));
        for mut cmd in every_command(&config, &dir.path().join("mayan")) {
            let (code, stderr) = run(&mut cmd);
            assert_eq!(code, 2, "{io}: {stderr}");
            let line = if io.contains('\n') && key == "output-file" {
                3
            } else {
                2
            };
            let named = format!("judge.toml: line {line}: [io] {key} = ");
            assert!(stderr.contains(&named), "{io}: {stderr}");
        }
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(!dir.path().join("mayan").exists(), "nothing exported");
}

/// Regression: a limit that rounds to nothing made every case TLE, a
/// stress run report a "failure", an export write `.timelimit 0`.
#[test]
fn limits_that_fail_every_run_are_refused_naming_the_flag_or_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let plain = config(dir.path(), "");
    let out = dir.path().join("mayan");
    for (command, flag, value) in [
        (&["judge"][..], "--time-limit", "0.0000001"),
        (&["stress", "--cases", "1"], "--time-limit", "0.0000001"),
        (&["judge"], "--memory-limit", "1B"),
        (&["judge"], "--output-limit", "1B"),
        (&["judge"], "--wall-limit", "1ms"),
        (&["export", "dmoj"], "--time-limit", "0.0001"),
        (&["export", "kattis"], "--memory-limit", "1KiB"),
    ] {
        let mut cmd = mayan();
        cmd.args(command)
            .arg("--config")
            .arg(&plain)
            .args([flag, value]);
        if command[0] == "export" {
            cmd.arg(&out);
        } else {
            cmd.args(["--", "true"]);
        }
        let (code, stderr) = run(&mut cmd);
        assert_eq!(code, 2, "{command:?} {flag}: {stderr}");
        assert!(stderr.contains(&format!("for '{flag} <")), "{stderr}");
        assert!(stderr.contains("is below the floor of"), "{stderr}");
    }
    let (code, stderr) = run(mayan().args(["judge", "--config"]).arg(&plain).args([
        "--time-limit",
        "5s",
        "--wall-limit",
        "2s",
        "--",
        "true",
    ]));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--wall-limit (2 s) is below the time limit --time-limit (5 s)"),
        "{stderr}"
    );
    for (limits, says) in [
        (
            "memory = \"1B\"",
            "line 2: limits.memory = 1 B is below the floor of 4 MiB",
        ),
        (
            "output = \"1B\"",
            "line 2: limits.output = 1 B is below the floor of 1 KiB",
        ),
        (
            "processes = 100000",
            "line 2: limits.processes = 100000 is over the ceiling",
        ),
        (
            "compile-time = \"1ms\"",
            "line 2: limits.compile-time = 1ms is below the floor",
        ),
    ] {
        let config = config(dir.path(), &format!("[limits]\n{limits}"));
        for mut cmd in every_command(&config, &out) {
            let (code, stderr) = run(&mut cmd);
            assert_eq!(code, 2, "{limits}: {stderr}");
            assert!(stderr.contains(says), "{limits}: {stderr}");
        }
    }
    assert!(!out.exists(), "nothing exported");
}

/// Regression: compilation had a fixed 60 s of CPU and 120 s of wall
/// clock, so a source that kept the compiler busy held the judge two
/// minutes.
#[test]
fn a_compiler_kept_busy_is_stopped_at_compile_time_and_gives_ce() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("busy.slow"), "anything\n").unwrap();
    let config = config(
        dir.path(),
        "[limits]\ncompile-time = \"1s\"\n\
         [language.slow]\nextensions = [\"slow\"]\n\
         compile = [\"sh\", \"-c\", \"while :; do :; done\", \"{src}\", \"{exe}\"]\n\
         run = [\"{exe}\"]\n\
         [[submission]]\nname = \"busy\"\nsource = \"busy.slow\"\n",
    );
    let start = Instant::now();
    let out = mayan()
        .args(["judge", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "the compile was not stopped"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("the compiler was stopped at the compile-time limit of 1 s of CPU"),
        "{stdout}"
    );
}

/// Regression: each of these passed the load and gave every contestant CE,
/// RE or a judge error instead.
#[test]
fn configuration_faults_are_refused_at_load_not_charged_to_contestants() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("folder.cpp")).unwrap();
    std::fs::create_dir_all(dir.path().join("contest/amy")).unwrap();
    let language = "[language.x]\nextensions = [\"x\"]\n";
    for (text, says) in [
        (
            format!("{language}compile = [\"cc\", \"{{src}}\"]\nrun = [\"{{exe}}\"]"),
            "line 3: language `x` has a `compile` that never names {exe}",
        ),
        (
            format!(
                "{language}compile = [\"cc\", \"-o\", \"{{exe}}\", \"{{sorce}}\"]\nrun = [\"{{exe}}\"]"
            ),
            "line 3: language `x` has `{sorce}` in `compile`",
        ),
        (
            format!("{language}run = [\"{{exe}}\"]"),
            "line 3: language `x` has a `run` naming {exe}, but no `compile` builds it",
        ),
        (
            "[contestants]\npath = \"contest\"\nproblem = \"\"".to_string(),
            "line 3: contestants.problem = \"\" is empty",
        ),
        (
            "[contestants]\npath = \"contest\"\nproblem = \"../mayan\"".to_string(),
            "line 3: contestants.problem = \"../mayan\" holds `/`",
        ),
        (
            "[[submission]]\nname = \"a\"\ncommand = [\"./contest\"]".to_string(),
            "line 3: submission `a`: its program ./contest is a folder",
        ),
        (
            "[[submission]]\nname = \"a\"\nsource = \"folder.cpp\"".to_string(),
            "line 3: submission `a`: its source ",
        ),
    ] {
        let config = config(dir.path(), &text);
        let (code, stderr) = run(mayan().args(["judge", "--config"]).arg(&config));
        assert_eq!(code, 2, "{text}: {stderr}");
        assert!(stderr.contains(says), "{text}: {stderr}");
    }
    let plain = config(dir.path(), "");
    let (code, stderr) = run(mayan().args(["judge", "--config"]).arg(&plain).args([
        "--contestants",
        "contest",
        "--problem",
        "../x",
    ]));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("for '--problem <NAME>': \"../x\" holds `/`"),
        "{stderr}"
    );
}

/// A program that prints the sample's answer, whatever its input.
fn answer_sample(dir: &Path) -> PathBuf {
    let program = dir.join("answer.sh");
    std::fs::write(&program, "#!/bin/sh\nprintf '2 1 1\\n3 1 1\\n3 0 1\\n'\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&program, mode).unwrap();
    program
}

/// Regression: a case reached through a link to a file or a subfolder was
/// skipped in silence (judged 1 case of 3, exit 0).
#[test]
fn cases_reached_through_links_are_judged_and_bad_data_is_refused() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let (suite, shared) = (dir.path().join("s"), dir.path().join("shared"));
    std::fs::create_dir_all(&suite).unwrap();
    std::fs::create_dir_all(&shared).unwrap();
    let statement = sample().join("statement");
    std::fs::copy(statement.with_extension("in"), suite.join("a.in")).unwrap();
    std::fs::copy(statement.with_extension("in"), shared.join("b.in")).unwrap();
    symlink(statement.with_extension("in"), suite.join("c.in")).unwrap();
    symlink(&shared, suite.join("more")).unwrap();
    let program = answer_sample(dir.path());
    let judge = |extra: &[&str]| {
        let mut cmd = mayan();
        cmd.args(["judge", "--io", "stdio", "--suite"])
            .arg(&suite)
            .args(extra);
        cmd.arg("--").arg(&program);
        cmd.output().unwrap()
    };
    let out = judge(&[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("total: 30/30 points, 3/3 accepted"),
        "{stdout}"
    );
    assert!(stdout.contains("s/more/b "), "{stdout}");
    symlink(dir.path().join("gone.in"), suite.join("dangling.in")).unwrap();
    let out = judge(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("dangling.in: cannot walk"), "{stderr}");
    assert!(stderr.contains("(nothing was judged)"), "{stderr}");
    std::fs::remove_file(suite.join("dangling.in")).unwrap();
    std::fs::write(suite.join("a.exclude.in"), "1\n0\n0\n0\n0\n0\n").unwrap();
    let (code, stderr) = run(mayan().arg("validate").arg(&suite));
    assert_eq!(code, 1, "{stderr}");
    let (code, stderr) = run(mayan()
        .args(["judge", "--io", "stdio", "--suite"])
        .arg(&suite)
        .arg("--")
        .arg(&program));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("a.exclude.in: named as a.in with a rule's word"),
        "{stderr}"
    );
}

#[test]
fn validate_refuses_an_empty_folder_or_an_answer_file_as_cases() {
    let dir = tempfile::tempdir().unwrap();
    let out = mayan().arg("validate").arg(dir.path()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("error: no cases here"), "{stdout}");
    let answer = sample().join("statement.ans");
    let out = mayan().arg("validate").arg(&answer).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("error: an answer file, not a case: give its case, "),
        "{stdout}"
    );
    let (code, stderr) = run(mayan()
        .args(["judge", "--suite"])
        .arg(dir.path().join("a/cases"))
        .arg("--suite")
        .arg(dir.path().join("b/cases"))
        .args(["--", "true"]));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("are both named `cases`"), "{stderr}");
}
