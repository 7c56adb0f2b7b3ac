//! The judge's data under a second name inside a `[sandbox] readable`
//! folder: a hard link of an answer, a bind mount of a suite. Its path
//! tells nothing, so the judge compares devices and inodes; each is
//! refused before anything runs, naming both names.

use std::path::Path;
use std::process::Command;

use super::{cheat_py, judge, open_to_all, stderr, suite_in};
use crate::support::hostile::record;

/// `dir/judge.toml`: the suite `s` and `readable` open to the runs.
fn configure(dir: &Path, readable: &str) {
    let config =
        format!("[sandbox]\nreadable = [{readable:?}]\n[[suite]]\nname = \"s\"\npath = \"s\"\n");
    std::fs::write(dir.join("judge.toml"), config).unwrap();
}

/// Judged in `dir` with a contestant printing `leak`: refused, saying
/// `said`, nothing run.
fn refused(dir: &Path, leak: &Path, said: &str) {
    let python = cheat_py(dir, leak);
    let (out, verdict) = judge(dir, &["--", "python3", &python.to_string_lossy()]);
    let stderr = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(verdict, "none", "nothing ran: {stderr}");
    assert!(stderr.contains("[sandbox] readable: "), "{stderr}");
    assert!(stderr.contains(said), "{stderr}");
}

#[test]
fn a_hard_link_of_an_answer_in_a_readable_folder_is_refused() {
    // Regression: `ln s/a.ans pub/leak.ans` with `readable = ["pub"]`: a
    // contestant printed the answer by its second name and got AC.
    let dir = tempfile::tempdir().unwrap();
    suite_in(dir.path());
    let public = dir.path().join("pub");
    std::fs::create_dir(&public).unwrap();
    open_to_all(&public);
    let leak = public.join("leak.ans");
    std::fs::hard_link(dir.path().join("s/statement.ans"), &leak).unwrap();
    configure(dir.path(), "pub");
    refused(
        dir.path(),
        &leak,
        &format!(
            "{} is another name (a hard link or a mount) of a file of the cases of suite `s`",
            leak.display()
        ),
    );
}

/// A bind mount, undone when dropped (so also when the test fails).
struct Bound(std::path::PathBuf);

impl Drop for Bound {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_bind_mount_of_a_suite_in_a_readable_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    suite_in(dir.path());
    let view = dir.path().join("view");
    let bound = view.join("bound");
    std::fs::create_dir_all(&bound).unwrap();
    open_to_all(&view);
    let mounted = Command::new("mount")
        .args(["--bind"])
        .arg(dir.path().join("s"))
        .arg(&bound)
        .output();
    if !mounted.as_ref().is_ok_and(|o| o.status.success()) {
        record(format!(
            "NOT TESTED [a bind mount of a suite]: cannot mount: {mounted:?}"
        ));
        return;
    }
    let _bound = Bound(bound.clone());
    configure(dir.path(), "view");
    let said = format!(
        "{} is another name (a hard link or a mount) of the cases of suite `s`",
        bound.display()
    );
    refused(dir.path(), &bound.join("statement.ans"), &said);
    // A readable folder inside the mount lies inside the suite.
    configure(dir.path(), "view/bound");
    refused(dir.path(), &bound.join("statement.ans"), "lies inside");
}

#[test]
fn a_readable_folder_beside_the_reports_is_judged() {
    // Regression: `readable = ["env"]` beside judge.toml, with the JSON
    // report written there too, was refused as lying inside "the folder of
    // the report": nothing of the report is inside it.
    let dir = tempfile::tempdir().unwrap();
    let answer = suite_in(dir.path());
    let env = dir.path().join("env");
    std::fs::create_dir(&env).unwrap();
    open_to_all(&env);
    configure(dir.path(), "env");
    let python = cheat_py(dir.path(), &answer);
    let (out, verdict) = judge(dir.path(), &["--", "python3", &python.to_string_lossy()]);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert_ne!(verdict, "AC", "the contestant read the answer: {said}");
    assert_ne!(verdict, "none", "{said}");
}

#[test]
fn an_answer_with_another_name_where_every_run_may_read_is_refused() {
    // Regression: a suite's answer hard-linked from /usr/local/share (the
    // data kept once, linked into the suite): the run printed it by its
    // other name and got AC. No path tells where the other name lies.
    let Some(system) = super::SystemFolder::new("hard-linked") else {
        return;
    };
    let kept = super::suite_in(&system.0);
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("s");
    std::fs::create_dir(&s).unwrap();
    std::fs::copy(kept.with_file_name("statement.in"), s.join("statement.in")).unwrap();
    if let Err(e) = std::fs::hard_link(&kept, s.join("statement.ans")) {
        record(format!("NOT TESTED [an answer hard-linked from /usr]: {e}"));
        return;
    }
    std::fs::write(
        dir.path().join("judge.toml"),
        "[[suite]]\nname = \"s\"\npath = \"s\"\n",
    )
    .unwrap();
    let python = cheat_py(dir.path(), &kept);
    let (out, verdict) = judge(dir.path(), &["--", "python3", &python.to_string_lossy()]);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(verdict, "none", "nothing ran: {said}");
    assert!(
        said.contains("(s/statement.ans) has 2 names (hard links)"),
        "{said}"
    );
    assert!(said.contains("copy the data without hard links"), "{said}");
}

#[test]
fn a_bind_mount_of_a_suite_inside_the_contest_folder_is_refused() {
    // Regression: a suite mounted as a contestant's folder was judged, its
    // files read as the contestant's.
    let dir = tempfile::tempdir().unwrap();
    suite_in(dir.path());
    let as_contestant = dir.path().join("c/GD-0005");
    std::fs::create_dir_all(&as_contestant).unwrap();
    std::fs::write(dir.path().join("s/mayan.py"), "print(-1)\n").unwrap();
    let mounted = Command::new("mount")
        .arg("--bind")
        .arg(dir.path().join("s"))
        .arg(&as_contestant)
        .output();
    if !mounted.as_ref().is_ok_and(|o| o.status.success()) {
        record(format!(
            "NOT TESTED [a suite mounted in the contest]: {mounted:?}"
        ));
        return;
    }
    let _bound = Bound(as_contestant);
    let (out, verdict) = judge(dir.path(), &["--suite", "s", "--contestants", "c"]);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(verdict, "none", "nothing ran: {said}");
    assert!(
        said.contains("keep the suites and the contest folder apart"),
        "{said}"
    );
}
