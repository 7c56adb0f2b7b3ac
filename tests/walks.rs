//! Walks of what a user names, bounded (issue 38, item 3): `--suite /sys`
//! walked its links for ever, its memory growing, past SIGTERM. Now a
//! pseudo file system is refused at once by its type, a folder nested too
//! deep is refused naming the limit, and SIGTERM stops a slow walk within
//! a second. (The bounds on entries and time are tested on the walker
//! itself, `untrusted::walk`, with small limits.)

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::finish;

fn mayan() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mayan"));
    cmd.env("NO_COLOR", "1").stdin(Stdio::null());
    cmd
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `--suite /sys` walked for ever: it is refused at once, naming sysfs.
#[test]
fn a_suite_on_sysfs_is_refused_at_once_naming_the_filesystem() {
    if !Path::new("/sys/kernel").is_dir() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for suite in ["/sys", "/sys/kernel", "/proc/self"] {
        let mut cmd = mayan();
        cmd.current_dir(dir.path());
        cmd.args(["judge", "--suite", suite, "--", "/bin/true"]);
        let out = finish(cmd);
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{suite}: {said}");
        assert!(said.contains("file system"), "{suite}: {said}");
        assert!(said.contains(suite), "{suite}: {said}");
        let filesystem = if suite.starts_with("/sys") {
            "sysfs"
        } else {
            "proc"
        };
        assert!(said.contains(filesystem), "{suite}: {said}");
    }
}

/// A suite whose folder links into `/sys` is refused where the link leads.
#[test]
fn a_link_from_a_suite_into_sysfs_is_refused() {
    if !Path::new("/sys/kernel").is_dir() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    std::fs::create_dir(&suite).unwrap();
    std::os::unix::fs::symlink("/sys", suite.join("everything")).unwrap();
    let mut cmd = mayan();
    cmd.current_dir(dir.path());
    cmd.args(["judge", "--suite", "suite", "--", "/bin/true"]);
    let out = finish(cmd);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("sysfs"), "{said}");
}

/// A contest folder or a source on a pseudo file system is refused too.
#[test]
fn contestants_and_sources_on_pseudo_filesystems_are_refused() {
    if !Path::new("/sys/kernel").is_dir() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample");
    let runs: [&[&str]; 2] = [
        &["judge", "--contestants", "/sys/kernel"],
        &["judge", "/proc/self/environ"],
    ];
    for args in runs {
        let mut cmd = mayan();
        cmd.current_dir(dir.path()).args(args);
        cmd.arg("--suite").arg(&sample);
        let out = finish(cmd);
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("file system"), "{args:?}: {said}");
    }
}

/// A suite nested deeper than any walk goes is refused naming the limit.
#[test]
fn a_suite_nested_too_deep_is_refused_naming_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let mut deep = dir.path().join("suite");
    for i in 0..40 {
        deep.push(i.to_string());
    }
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(deep.join("1.in"), "3\n1 0\n0\n0\n0\n0\n").unwrap();
    let mut cmd = mayan();
    cmd.current_dir(dir.path());
    cmd.args(["judge", "--suite", "suite", "--", "/bin/true"]);
    let out = finish(cmd);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("nested deeper than 32"), "{said}");
}

/// A suite of links that fan out (every level links twice to the next), a
/// walk of a million paths; SIGTERM midway ends the judge within a second,
/// as 143 (128 + SIGTERM), naming the stop.
#[test]
fn sigterm_stops_a_slow_walk_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    let levels = 24;
    for level in 0..levels {
        std::fs::create_dir_all(suite.join(format!("l{level}"))).unwrap();
    }
    for level in 0..levels - 1 {
        for link in ["a", "b", "c"] {
            let target = format!("../l{}", level + 1);
            std::os::unix::fs::symlink(target, suite.join(format!("l{level}/{link}"))).unwrap();
        }
    }
    let mut child = mayan()
        .current_dir(dir.path())
        .args(["judge", "--suite", "suite/l0", "--", "/bin/true"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let signalled = Instant::now();
    // SAFETY: kill takes integers; the pid is our child's.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    while child.try_wait().unwrap().is_none() && signalled.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let took = signalled.elapsed();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let said = stderr(&out);
    assert!(took < Duration::from_secs(1), "took {took:?}: {said}");
    assert_eq!(out.status.code(), Some(143), "{said}");
    assert!(said.contains("stopped by SIGTERM"), "{said}");
}
