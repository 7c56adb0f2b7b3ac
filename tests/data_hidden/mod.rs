//! The judge's data out of every run's reach, wherever it lies: each test an
//! attack, a contestant that opens the answer file by its absolute path and
//! prints it, with the data in a system folder every run may read
//! (`/usr/local/share`), inside a `[sandbox] readable` folder and in the
//! judge's own working folder; and the configurations that would open it
//! (`readable = ["/"]`, a readable folder holding a suite, one that is not
//! there). The contestant never gets AC: the run sees an empty folder, or
//! the judge refuses before anything runs, naming the path and the folder
//! that exposes it.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mayan_judge::config::Config;
use mayan_judge::judge::event::Fanout;
use mayan_judge::judge::report::outputs::Outputs;
use mayan_judge::judge::run::{Request, Run, RunError};
use mayan_judge::judge::verdict::Verdict;
use mayan_judge::runner::Runner;
use mayan_judge::runner::process::ProcessRunner;
use mayan_judge::runner::sandbox::{Exposed, Sandbox};

use crate::support::hostile::record;

fn mayan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mayan"))
}

/// A folder under `/usr/local/share`, which every run may read as a system
/// folder; removed when dropped, so also when the test fails.
struct SystemFolder(PathBuf);

impl SystemFolder {
    /// A new one named after the test, or `None` (said) where the tests
    /// cannot write there (not root).
    fn new(test: &str) -> Option<SystemFolder> {
        let path = PathBuf::from(format!(
            "/usr/local/share/mayan-hidden-{}-{test}",
            std::process::id()
        ));
        match std::fs::create_dir_all(&path) {
            Ok(()) => Some(SystemFolder(path)),
            Err(e) => {
                record(format!(
                    "NOT TESTED [{test}]: cannot make {}: {e}",
                    path.display()
                ));
                None
            }
        }
    }
}

impl Drop for SystemFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Opens `path` to everyone, as data copied by hand often is.
fn open_to_all(path: &Path) {
    let mode = if path.is_dir() { 0o755 } else { 0o644 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// The suite `s` in `dir`: the sample case and its answer, readable by
/// anyone; the answer's path.
fn suite_in(dir: &Path) -> PathBuf {
    let s = dir.join("s");
    std::fs::create_dir_all(&s).unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample");
    for ext in ["in", "ans"] {
        let to = s.join(format!("statement.{ext}"));
        std::fs::copy(sample.join(format!("statement.{ext}")), &to).unwrap();
        open_to_all(&to);
    }
    for folder in [dir, &s] {
        open_to_all(folder);
    }
    s.join("statement.ans")
}

/// A Python contestant in `dir/prog` that prints the file `answer`.
fn cheat_py(dir: &Path, answer: &Path) -> PathBuf {
    let prog = dir.join("prog");
    std::fs::create_dir_all(&prog).unwrap();
    let script = prog.join("cheat.py");
    let source = format!(
        "import sys\nsys.stdout.write(open({:?}).read())\n",
        answer.to_string_lossy()
    );
    std::fs::write(&script, source).unwrap();
    open_to_all(&prog);
    open_to_all(&script);
    script
}

/// A C contestant in `dir/prog` that prints the file `answer`.
fn cheat_c(dir: &Path, answer: &Path) -> PathBuf {
    let prog = dir.join("prog");
    std::fs::create_dir_all(&prog).unwrap();
    let source = format!(
        "#include <stdio.h>\nint main(void) {{\n  FILE *f = fopen({:?}, \"r\");\n  \
         int c;\n  if (!f) return 3;\n  while ((c = fgetc(f)) != EOF) putchar(c);\n  \
         return 0;\n}}\n",
        answer.to_string_lossy()
    );
    open_to_all(&prog);
    crate::support::compile(&prog, "gcc", "cheat", &source)
}

/// `mayan judge` in `cwd` with `args`; its output and the verdict of the
/// first case in the JSON report `cwd/r.json` ("none" without one).
fn judge(cwd: &Path, args: &[&str]) -> (Output, String) {
    let json = cwd.join("r.json");
    let _ = std::fs::remove_file(&json);
    let out = mayan()
        .current_dir(cwd)
        .args(["judge", "--io", "stdio", "--time-limit", "2s", "--json"])
        .arg(&json)
        .args(args)
        .output()
        .unwrap();
    let report: serde_json::Value = std::fs::read_to_string(&json)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    let verdict = report["submissions"][0]["cases"][0]["verdict"]
        .as_str()
        .unwrap_or("none")
        .to_string();
    (out, verdict)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The contestant `argv` did not get the answer: refused before it ran
/// (exit 2, naming `answer`'s folder), or judged and not accepted.
fn not_accepted(out: &Output, verdict: &str, suite: &Path) {
    let said = stderr(out);
    match out.status.code() {
        Some(2) => assert!(
            said.contains(&suite.display().to_string()),
            "a refusal names the suite: {said}"
        ),
        _ => {
            assert_ne!(verdict, "AC", "the contestant read the answer: {said}");
            assert_ne!(verdict, "none", "{said}");
            assert_eq!(out.status.code(), Some(1), "{said}");
        }
    }
}

#[test]
fn a_contestant_cannot_print_the_answers_from_a_system_folder() {
    // Regression: with the suites under /usr/local/share, which every run
    // may read, a Python contestant printed `s/a.ans` and got AC.
    let Some(system) = SystemFolder::new("system-folder") else {
        return;
    };
    let answer = suite_in(&system.0);
    let suite = answer.parent().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let python = cheat_py(dir.path(), &answer);
    let c = cheat_c(dir.path(), &answer);
    let suite_arg = suite.to_string_lossy().into_owned();
    let commands = [
        vec!["python3".to_string(), python.to_string_lossy().into_owned()],
        vec![c.to_string_lossy().into_owned()],
    ];
    for command in &commands {
        let mut args = vec!["--suite", suite_arg.as_str(), "--"];
        args.extend(command.iter().map(String::as_str));
        let (out, verdict) = judge(dir.path(), &args);
        not_accepted(&out, &verdict, suite);
        // The answer is still there for the judge.
        assert!(std::fs::read_to_string(&answer).unwrap().contains(' '));
    }
}

#[test]
fn a_judge_that_is_not_root_refuses_answers_in_a_system_folder() {
    // Regression: a judge that cannot hide them judged on, and the
    // contestant printed the answers.
    // SAFETY: geteuid takes nothing.
    let root = unsafe { libc::geteuid() } == 0;
    let setpriv = Path::new("/usr/bin/setpriv");
    if !root || !setpriv.exists() {
        record(
            "NOT TESTED [mayan judge as an ordinary user, data in /usr]: needs root and setpriv"
                .into(),
        );
        return;
    }
    let Some(system) = SystemFolder::new("not-root") else {
        return;
    };
    let answer = suite_in(&system.0);
    let suite = answer.parent().unwrap();
    let dir = tempfile::tempdir().unwrap();
    open_to_all(dir.path());
    let python = cheat_py(dir.path(), &answer);
    let out = Command::new(setpriv)
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_mayan"))
        .current_dir(dir.path())
        .args(["judge", "--io", "stdio", "--suite"])
        .arg(suite)
        .args(["--", "python3"])
        .arg(&python)
        .output()
        .unwrap();
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    let named = format!("/usr holds the cases of suite `s` ({})", suite.display());
    assert!(said.contains(&named), "{said}");
    assert!(said.contains("cannot hide it"), "{said}");
    assert!(!said.contains("AC"), "nothing was judged: {said}");
}

#[test]
fn a_contestant_cannot_print_the_answers_from_the_judges_working_folder() {
    // The usual layout: judge.toml and the suite in the folder the judge
    // is started in, open to everyone.
    let dir = tempfile::tempdir().unwrap();
    let answer = suite_in(dir.path());
    std::fs::write(
        dir.path().join("judge.toml"),
        "[[suite]]\nname = \"s\"\npath = \"s\"\n",
    )
    .unwrap();
    let python = cheat_py(dir.path(), &answer);
    let (out, verdict) = judge(dir.path(), &["--", "python3", &python.to_string_lossy()]);
    not_accepted(&out, &verdict, answer.parent().unwrap());
}

#[test]
fn a_readable_folder_that_holds_the_suite_is_refused() {
    // Regression: a pyenv in the organiser's home named in `readable`, the
    // data beside it: every run could read the answers.
    let dir = tempfile::tempdir().unwrap();
    let env = dir.path().join("env");
    let answer = suite_in(&env);
    let config = dir.path().join("judge.toml");
    std::fs::write(
        &config,
        "[sandbox]\nreadable = [\"env\"]\n[[suite]]\nname = \"s\"\npath = \"env/s\"\n",
    )
    .unwrap();
    let python = cheat_py(dir.path(), &answer);
    let (out, verdict) = judge(dir.path(), &["--", "python3", &python.to_string_lossy()]);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(verdict, "none", "nothing ran: {said}");
    assert!(
        said.contains("judge.toml: line 2: sandbox.readable"),
        "{said}"
    );
    assert!(
        said.contains("env holds the cases of suite `s` (env/s)"),
        "{said}"
    );

    // The same suite named on the command line, the configuration naming
    // none: refused when the run is prepared.
    std::fs::write(&config, "[sandbox]\nreadable = [\"env\"]\n").unwrap();
    let suite = env.join("s");
    let (out, verdict) = judge(
        dir.path(),
        &[
            "--suite",
            &suite.to_string_lossy(),
            "--",
            "python3",
            &python.to_string_lossy(),
        ],
    );
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(verdict, "none", "nothing ran: {said}");
    assert!(said.contains("[sandbox] readable: "), "{said}");
    assert!(said.contains(&suite.display().to_string()), "{said}");
}

#[test]
fn readable_root_a_missing_folder_and_one_inside_the_contest_are_refused() {
    // Regression: `readable = ["/"]` and a folder that is not there were
    // accepted without a word.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("contest/alice")).unwrap();
    let parse = |readable: &str| {
        let text =
            format!("[sandbox]\nreadable = [{readable:?}]\n[contestants]\npath = \"contest\"\n");
        let config = dir.path().join("judge.toml");
        std::fs::write(&config, &text).unwrap();
        let e = Config::parse(&text, &config).unwrap_err();
        e.to_string()
    };
    let e = parse("/");
    assert!(
        e.contains("judge.toml: line 2: sandbox.readable names /"),
        "{e}"
    );
    let e = parse("nowhere");
    let missing = dir.path().join("nowhere").display().to_string();
    assert!(
        e.contains("sandbox.readable names") && e.contains(&missing),
        "{e}"
    );
    assert!(e.contains("cannot be opened"), "{e}");
    let e = parse("contest/alice");
    assert!(e.contains("lies inside the contest folder"), "{e}");
    let e = parse(".");
    assert!(e.contains("holds the configuration"), "{e}");
}

/// The run of `python3 cheat` on the suite `suite` through the library,
/// its programs run by `runner`.
fn prepare(suite: &Path, cheat: &Path, runner: ProcessRunner) -> Result<Run, RunError> {
    let request = Request {
        overrides: mayan_judge::config::Overrides {
            suites: vec![suite.to_path_buf()],
            io: Some(mayan_judge::config::IoMode::Stdio),
            ..Default::default()
        },
        command: vec!["python3".into(), cheat.to_string_lossy().into_owned()],
        jobs: 1,
        outputs: Outputs::default(),
        ..Request::default()
    };
    Run::prepare_with(
        request,
        move |_: &Config| -> Result<Box<dyn Runner>, RunError> { Ok(Box::new(runner)) },
    )
}

#[test]
fn a_judge_that_cannot_mount_refuses_answers_in_a_system_folder_before_anything_runs() {
    let Some(system) = SystemFolder::new("no-mounts") else {
        return;
    };
    let answer = suite_in(&system.0);
    let dir = tempfile::tempdir().unwrap();
    let python = cheat_py(dir.path(), &answer);
    let sandbox = Sandbox::probe_without(Vec::new(), &["mounts"]);
    let runner = ProcessRunner::with_parts(true, Some(sandbox));
    let Err(e) = prepare(answer.parent().unwrap(), &python, runner) else {
        panic!("judged data every run may read");
    };
    assert!(matches!(e, RunError::Exposed(Exposed::Open { .. })), "{e}");
    let said = e.to_string();
    let suite = answer.parent().unwrap().display().to_string();
    assert!(
        said.contains(&format!("/usr holds the cases of suite `s` ({suite})")),
        "{said}"
    );
    assert!(said.contains("move it out of /usr"), "{said}");
}

#[test]
fn without_landlock_answers_open_to_everyone_are_hidden_from_the_runs() {
    // Without file rules a run reads whatever its user may: the answers,
    // open to everyone in a temporary folder, are hidden by a mount.
    let dir = tempfile::tempdir().unwrap();
    let answer = suite_in(dir.path());
    let python = cheat_py(dir.path(), &answer);
    let sandbox = Sandbox::probe_without(Vec::new(), &["landlock"]);
    let runner = ProcessRunner::with_parts(true, Some(sandbox));
    let run = match prepare(answer.parent().unwrap(), &python, runner) {
        Ok(run) => run,
        Err(e @ RunError::Exposed(Exposed::Open { .. })) => {
            record(format!("refused [no Landlock, not root]: {e}"));
            return;
        }
        Err(e) => panic!("{e}"),
    };
    let report = run.judge(&mut Fanout::default()).unwrap();
    let verdict = report.submissions[0].cases[0].verdict;
    assert_ne!(verdict, Verdict::AC, "the contestant read the answer");
    assert_ne!(verdict, Verdict::JudgeError, "the run must still work");
}

#[test]
fn stress_refuses_a_configuration_it_cannot_hide() {
    // `mayan stress` runs programs with the same runner: its configuration
    // in a system folder, and no way to hide it, is refused before any run.
    // SAFETY: geteuid takes nothing.
    let root = unsafe { libc::geteuid() } == 0;
    let setpriv = Path::new("/usr/bin/setpriv");
    if !root || !setpriv.exists() {
        record("NOT TESTED [mayan stress as an ordinary user, judge.toml in /usr]: needs root and setpriv".into());
        return;
    }
    let Some(system) = SystemFolder::new("stress") else {
        return;
    };
    open_to_all(&system.0);
    let config = system.0.join("judge.toml");
    std::fs::write(&config, "[limits]\ntime = \"1s\"\n").unwrap();
    open_to_all(&config);
    let dir = tempfile::tempdir().unwrap();
    open_to_all(dir.path());
    let out = Command::new(setpriv)
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_mayan"))
        .current_dir(dir.path())
        .arg("stress")
        .arg("--config")
        .arg(&config)
        .args(["--cases", "1", "--", "true"])
        .output()
        .unwrap();
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    let named = format!("/usr holds the configuration ({})", config.display());
    assert!(said.contains(&named), "{said}");
}

mod aliases;
mod beside;
