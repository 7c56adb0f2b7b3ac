//! A contest judged all night: the JSON report kept as a journal while the
//! run goes, a run stopped by Ctrl-C or killed outright going on where it
//! stopped (`--resume`), a changed contestant judged again alone, and a
//! contestant who appeared during the run named.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use mayan_judge::judge::report::RunReport;
use mayan_judge::judge::verdict::Verdict;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A script answering -1 (right on the rules suite's two boards with no
/// solution), after `sleep` seconds.
fn script(sleep: f64) -> String {
    format!("import time\ntime.sleep({sleep})\nprint(-1)\n")
}

/// A class folder `class/` of `names`, each a script of [`script`].
fn class(dir: &Path, names: &[&str], sleep: f64) {
    std::fs::create_dir_all(dir.join("class")).unwrap();
    for name in names {
        std::fs::write(dir.join(format!("class/{name}.py")), script(sleep)).unwrap();
    }
}

/// `mayan judge` over the rules suite, standard I/O, the class folder,
/// `--json r.json`, and `extra`.
fn judge_cmd(dir: &Path, extra: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mayan"));
    cmd.current_dir(dir)
        .args(["judge", "--suite"])
        .arg(root().join("cases/rules"))
        .args([
            "--io",
            "stdio",
            "--time-limit",
            "5s",
            "--contestants",
            "class",
        ])
        .args(["--json", "r.json"])
        .args(extra)
        .stdin(Stdio::null());
    cmd
}

fn judge(dir: &Path, extra: &[&str]) -> (Output, String) {
    let out = judge_cmd(dir, extra).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stderr)
}

fn report(dir: &Path) -> RunReport {
    serde_json::from_str(&std::fs::read_to_string(dir.join("r.json")).unwrap()).unwrap()
}

fn journal(dir: &Path) -> PathBuf {
    dir.join("r.json.journal")
}

/// Every verdict of the report, submission by submission.
fn verdicts(report: &RunReport) -> Vec<(String, Vec<Verdict>)> {
    (report.submissions.iter())
        .map(|s| (s.name.clone(), s.cases.iter().map(|c| c.verdict).collect()))
        .collect()
}

/// Waits until the journal holds `lines` lines.
fn wait_for_lines(dir: &Path, lines: usize, child: &mut Child) {
    let start = Instant::now();
    loop {
        let now = std::fs::read_to_string(journal(dir)).map_or(0, |t| t.lines().count());
        if now >= lines {
            return;
        }
        assert!(child.try_wait().unwrap().is_none(), "the run ended first");
        assert!(start.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(20));
    }
}

const CASES: usize = 13;

#[test]
fn a_changed_contestant_is_judged_again_alone_and_the_rest_kept() {
    let dir = tempfile::tempdir().unwrap();
    let names = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"];
    class(dir.path(), &names, 0.0);
    let (out, stderr) = judge(dir.path(), &["-q"]);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        !journal(dir.path()).exists(),
        "the journal goes once the report is written"
    );
    let first = report(dir.path());
    assert_eq!(first.submissions.len(), 8);
    assert!(first.cases.iter().all(|c| c.hash.is_some()));
    // c3 fixes a typo in a comment: its source changed, so it is judged
    // again; nothing else is.
    let c3 = dir.path().join("class/c3.py");
    std::fs::write(&c3, format!("# fixed\n{}", script(0.0))).unwrap();
    let (out, stderr) = judge(dir.path(), &["--resume"]);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "resumed: {} results kept from the earlier run, {CASES} results judged now",
            7 * CASES
        )),
        "{stderr}"
    );
    let second = report(dir.path());
    let resumed = second.resumed.clone().unwrap();
    assert_eq!((resumed.kept, resumed.judged), (7 * CASES, CASES));
    assert_eq!(verdicts(&second), verdicts(&first));
    // Another limit: nothing is kept.
    let (_, stderr) = judge(dir.path(), &["--resume", "--memory-limit", "100MiB"]);
    assert!(stderr.contains("judged under other limits"), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "0 results kept from the earlier run, {} results judged now",
            8 * CASES
        )),
        "{stderr}"
    );
}

#[test]
fn a_run_killed_or_stopped_goes_on_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    class(dir.path(), &["amy", "bob"], 0.15);
    let mut child = judge_cmd(dir.path(), &["-q"])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The run line, amy's begin, and three of her results.
    wait_for_lines(dir.path(), 5, &mut child);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(journal(dir.path()).exists());
    let (out, stderr) = judge(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "r.json.journal: an earlier run that did not finish left its journal here; add --resume"
        ),
        "{stderr}"
    );
    // Ctrl-C in the resumed run: the report holds what finished, the
    // journal stays for the next --resume.
    let mut child = judge_cmd(dir.path(), &["--resume"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = std::fs::read_to_string(journal(dir.path())).map_or(0, |t| t.lines().count());
    wait_for_lines(dir.path(), lines.max(5) + 4, &mut child);
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("`--resume` with --json r.json goes on from there"),
        "{stderr}"
    );
    assert!(report(dir.path()).interrupted);
    assert!(journal(dir.path()).exists());
    let (out, stderr) = judge(dir.path(), &["--resume"]);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let last = report(dir.path());
    assert!(!last.interrupted && !journal(dir.path()).exists());
    let kept = last.resumed.unwrap().kept;
    assert!(kept >= 6, "what both stopped runs judged is kept: {kept}");
    for sub in &last.submissions {
        let wrong = sub
            .cases
            .iter()
            .filter(|c| c.verdict == Verdict::WA)
            .count();
        assert_eq!((sub.cases.len(), wrong), (CASES, CASES - 2), "{}", sub.name);
    }
}

#[test]
fn a_contestant_who_appears_during_the_run_is_named() {
    let dir = tempfile::tempdir().unwrap();
    class(dir.path(), &["amy"], 0.1);
    let mut child = judge_cmd(dir.path(), &[])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_lines(dir.path(), 3, &mut child);
    std::fs::write(dir.path().join("class/zoe.py"), script(0.0)).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "warning: 1 contestant appeared in the contest folder during the run and was not \
             judged: zoe; run again with --resume --json r.json"
        ),
        "{stderr}"
    );
    let (_, stderr) = judge(dir.path(), &["--resume"]);
    assert!(
        stderr.contains(&format!(
            "{CASES} results kept from the earlier run, {CASES} results judged now"
        )),
        "{stderr}"
    );
    let names: Vec<String> = report(dir.path())
        .submissions
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names, ["amy", "zoe"]);
}

#[test]
fn resume_needs_the_json_report_it_goes_on_from() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mayan"))
        .current_dir(dir.path())
        .args(["judge", "--resume"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--json"));
}

#[test]
fn a_link_or_a_pipe_where_the_journal_goes_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    class(dir.path(), &["amy"], 0.0);
    let secret = dir.path().join("secret");
    std::fs::write(&secret, "keep").unwrap();
    std::os::unix::fs::symlink(&secret, journal(dir.path())).unwrap();
    for extra in [&[][..], &["--resume"][..]] {
        let (out, stderr) = judge(dir.path(), extra);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("r.json.journal: not a regular file"),
            "{stderr}"
        );
        assert!(!stderr.contains("rules/"), "nothing was judged: {stderr}");
    }
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "keep");
    std::fs::remove_file(journal(dir.path())).unwrap();
    let fifo = std::ffi::CString::new(journal(dir.path()).to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    let (out, stderr) = judge(dir.path(), &["--resume"]);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
}

#[test]
fn a_report_path_that_is_a_device_a_link_or_another_reports_is_refused_first() {
    let dir = tempfile::tempdir().unwrap();
    class(dir.path(), &["amy"], 0.0);
    let before = std::fs::symlink_metadata("/dev/full").map(|m| m.file_type().is_char_device());
    use std::os::unix::fs::FileTypeExt;
    for extra in [
        &["--csv", "/dev/full"][..],
        &["--junit", "r.json"][..],
        &["--html", "./r.json.journal"][..],
    ] {
        let (out, stderr) = judge(dir.path(), extra);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(!stderr.contains("rules/"), "nothing was judged: {stderr}");
    }
    let after = std::fs::symlink_metadata("/dev/full").map(|m| m.file_type().is_char_device());
    assert_eq!(before.ok(), after.ok());
}

#[test]
fn a_json_report_that_cannot_be_written_costs_neither_the_others_nor_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    class(dir.path(), &["amy"], 0.0);
    // The report is written beside itself first: a folder is in the way.
    std::fs::create_dir(dir.path().join("r.json.tmp")).unwrap();
    let (out, stderr) = judge(dir.path(), &["--csv", "r.csv"]);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("r.json: cannot write"), "{stderr}");
    let csv = std::fs::read_to_string(dir.path().join("r.csv")).unwrap();
    assert!(csv.contains("amy"), "{csv}");
    assert!(
        journal(dir.path()).exists(),
        "the journal holds the results"
    );
    std::fs::remove_dir(dir.path().join("r.json.tmp")).unwrap();
    let (out, stderr) = judge(dir.path(), &["--resume"]);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("{CASES} results kept")),
        "{stderr}"
    );
}
