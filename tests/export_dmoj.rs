//! `mayan export dmoj`: the bundled problem exported with standard and with
//! file I/O and judged by DMOJ's own `dmoj-cli` (no site): the reference
//! solution AC on every case, the wrong one WA on every case, a standard-I/O
//! program refused under file I/O, the checker binary run even without its
//! executable bit; and the folder's parts and what an export refuses.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use assert_cmd::Command;
use mayan_judge::check::Policy;
use mayan_judge::config::{IoConfig, IoMode};
use mayan_judge::export::solutions::Solution;
use predicates::prelude::*;

use crate::support::judges::{export_binary, tool_or_skip};

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn export(out: &Path, io: &str) {
    mayan()
        .current_dir(root())
        .args(["export", "dmoj", "--time-limit", "3s", "--io", io])
        .arg(out)
        .arg("--binary")
        .arg(export_binary())
        .assert()
        .success()
        .stdout(predicate::str::contains("time 3 s, memory 131072 KB"));
}

/// The verdicts of each submission graded in one `dmoj-cli` session, in
/// order: the word after `Test case N` of every case line.
fn verdicts_per_submission(output: &str) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<String>> = Vec::new();
    for line in output.lines() {
        if line.contains("Start grading") {
            all.push(Vec::new());
        } else if let Some(rest) = line.trim_start().strip_prefix("Test case")
            && let Some(current) = all.last_mut()
        {
            let verdict = rest.split_whitespace().nth(1).unwrap_or_default();
            current.push(verdict.to_string());
        }
    }
    all
}

fn count(verdicts: &[String], which: &str) -> usize {
    verdicts.iter().filter(|v| *v == which).count()
}

#[test]
fn dmoj_cli_judges_the_exported_problem_with_file_and_standard_io() {
    let Some(dmoj_cli) = tool_or_skip(
        "dmoj_cli_judges_the_exported_problem_with_file_and_standard_io",
        "MAYAN_DMOJ_CLI",
        "dmoj-cli",
        "pip install dmoj (Python <= 3.11, libseccomp-dev); .ci/run does",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    export(&problems.join("mayan"), "stdio");
    export(&problems.join("mayanfile"), "file");
    // An upload or an unzip may drop the executable bit: the checker copes.
    let binary = problems.join("mayanfile/mayan");
    std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o644)).unwrap();
    let text = judge_with_dmoj_cli(&dmoj_cli, dir.path(), &problems);
    eprintln!("--- dmoj-cli ---\n{text}");
    let graded = verdicts_per_submission(&text);
    assert_eq!(graded.len(), 5, "five submissions graded: {text}");
    for (i, v) in graded.iter().enumerate() {
        assert_eq!(v.len(), 45, "submission {i}: every case graded: {v:?}");
    }
    assert_eq!(count(&graded[0], "AC"), 45, "reference, stdio");
    assert_eq!(count(&graded[1], "WA"), 45, "wrong, stdio");
    assert_eq!(count(&graded[2], "AC"), 45, "reference, file I/O");
    assert_eq!(count(&graded[3], "WA"), 45, "wrong, file I/O");
    assert_eq!(count(&graded[4], "AC"), 0, "a stdio program under file I/O");
    assert!(!text.contains("Traceback"), "no internal error: {text}");
}

/// One `dmoj-cli` session (with no site) over the problems in `problems`:
/// the reference and the wrong solution on `mayan` (standard I/O) and on
/// `mayanfile` (file I/O), then the standard-I/O reference on `mayanfile`.
/// What it printed.
fn judge_with_dmoj_cli(dmoj_cli: &Path, dir: &Path, problems: &Path) -> String {
    let gxx = which("g++");
    let judge_yml = dir.join("judge.yml");
    let yml = format!(
        "problem_storage_globs:\n  - {}/*\nruntime:\n  g++: {gxx}\n  g++17: {gxx}\n\
         compiler_time_limit: 60\n",
        problems.display()
    );
    std::fs::write(&judge_yml, yml).unwrap();
    let source = |name: &str, solution: Solution, mode: IoMode| {
        let path = dir.join(name);
        let io = IoConfig {
            mode,
            ..IoConfig::default()
        };
        std::fs::write(&path, solution.source(Policy::default(), &io)).unwrap();
        path
    };
    let runs = [
        (
            "mayan",
            source("ok_stdio.cpp", Solution::Accepted, IoMode::Stdio),
        ),
        (
            "mayan",
            source("wrong_stdio.cpp", Solution::Wrong, IoMode::Stdio),
        ),
        (
            "mayanfile",
            source("ok_file.cpp", Solution::Accepted, IoMode::File),
        ),
        (
            "mayanfile",
            source("wrong_file.cpp", Solution::Wrong, IoMode::File),
        ),
        ("mayanfile", dir.join("ok_stdio.cpp")),
    ];
    let commands: String = (runs.iter())
        .map(|(problem, src)| {
            format!(
                "submit {problem} CPP17 {} -tl 3 -ml 131072\n",
                src.display()
            )
        })
        .collect();
    let out = std::process::Command::new(dmoj_cli)
        .arg("-c")
        .arg(&judge_yml)
        .args(["-e", "CPP17", "--no-ansi"])
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(commands.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn which(program: &str) -> String {
    std::env::var_os("PATH")
        .and_then(|path| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(program))
                .find(|p| p.is_file())
        })
        .map_or_else(|| program.to_string(), |p| p.display().to_string())
}

#[test]
fn the_problem_folder_holds_the_checker_data_and_grader() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mayan");
    mayan()
        .current_dir(root())
        .args(["export", "dmoj"])
        .arg(&file)
        .assert()
        .success();
    let init = std::fs::read_to_string(file.join("init.yml")).unwrap();
    assert!(init.contains("custom_judge: fileio_grader.py\n"), "{init}");
    assert!(init.contains(
        "- {in: data/06-hard/hard-003.in, out: data/06-hard/hard-003.ans, points: 10}\n"
    ));
    assert_eq!(init.matches("points: 10}").count(), 45);
    let grader = std::fs::read_to_string(file.join("fileio_grader.py")).unwrap();
    assert!(grader.contains("INPUT_NAME = 'mayan.in'\nOUTPUT_NAME = 'mayan.out'\n"));
    assert!(file.join("mayan_checker.py").is_file());
    assert!(file.join("data/sample/statement.ans").is_file());
    let statement = std::fs::read_to_string(file.join("statement.md")).unwrap();
    assert!(
        statement.contains("from the file `mayan.in`"),
        "{statement}"
    );
    assert!(statement.contains("## Sample Output 1\n\n```\n2 1 1\n3 1 1\n3 0 1\n```"));
    let stdio = dir.path().join("mayanstdio");
    mayan()
        .current_dir(root())
        .args(["export", "dmoj", "--io", "stdio"])
        .arg(&stdio)
        .assert()
        .success();
    assert!(!stdio.join("fileio_grader.py").exists());
    let init = std::fs::read_to_string(stdio.join("init.yml")).unwrap();
    assert!(!init.contains("custom_judge"), "{init}");
    // DMOJ's problem codes have the same rule as Kattis's short names.
    mayan()
        .current_dir(root())
        .args(["export", "dmoj"])
        .arg(dir.path().join("Mayan"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("name the folder `mayan`"));
}

#[test]
fn file_io_names_that_could_leave_the_working_folder_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    std::fs::write(
        &config,
        format!(
            "[io]\ninput-file = \"../../etc/mayan.in\"\n[[suite]]\npath = \"{}/cases/rules\"\n",
            root().display()
        ),
    )
    .unwrap();
    mayan()
        .args(["export", "dmoj", "--config"])
        .arg(&config)
        .arg(dir.path().join("mayan"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "[io] input-file = \"../../etc/mayan.in\"",
        ));
    assert!(!dir.path().join("mayan").exists(), "nothing half-written");
    let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(leftovers, 1, "only judge.toml: no temporary folder left");
}
