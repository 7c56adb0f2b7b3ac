//! Nothing a run started outlives its judge (issue 38, item 5): a judge
//! killed by SIGKILL left the processes its program forked running, in a
//! group nobody removed, until the next judge swept them. Now each run's
//! program starts in a PID namespace whose guard dies with the judge, and
//! the kernel ends the rest within a moment, sandboxed or not. (That a later
//! judge sweeps what a killed one left, its cgroups and folders, is
//! `trust::what_a_killed_judge_left_is_swept_by_the_next_one` and
//! `runner::a_killed_judges_v2_groups_are_emptied_and_removed_by_the_next_one`.)

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::hostile::survivors;

/// A program that leaves three processes behind, each named by the token
/// (its first argument) in its command line: a plain child, a child in a
/// session of its own and a grandchild that cleared its environment; then
/// it sleeps.
const FORKS: &str = "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n\
int main(int argc, char **argv){ if(argc > 2){ for(;;) sleep(60); } \
if(fork() == 0){ for(;;) sleep(60); } \
if(fork() == 0){ setsid(); for(;;) sleep(60); } \
if(fork() == 0){ setsid(); if(fork() == 0){ char *args[] = {argv[0], argv[1], \"hide\", 0}; \
char *none[] = {0}; execve(argv[0], args, none); } _exit(0); } \
for(;;) sleep(60); }";

fn root() -> bool {
    // SAFETY: geteuid takes nothing.
    unsafe { libc::geteuid() == 0 }
}

/// `mayan judge` of `program token` on the sample case, in `sandbox` mode,
/// within `time`.
fn judge(dir: &Path, program: &Path, token: &str, (sandbox, time): (&str, &str)) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mayan"));
    cmd.env("NO_COLOR", "1")
        .env("TMPDIR", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .args([
            "judge",
            "--io",
            "stdio",
            "--time-limit",
            time,
            "--sandbox",
            sandbox,
        ])
        .arg("--suite")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample"))
        .arg("--")
        .arg(program)
        .arg(token);
    cmd
}

/// Waits (at most a minute) until the program and its three are running.
fn wait_for(token: &str, count: usize) {
    let start = Instant::now();
    while survivors(token).len() < count {
        assert!(start.elapsed() < Duration::from_secs(60), "no forks");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn what_a_run_forked_dies_within_two_seconds_of_a_killed_judge() {
    if !root() {
        // Known limit: without root there is no PID namespace; the program
        // dies with the judge (PR_SET_PDEATHSIG), what it forked lives on
        // until the next judge sweeps it.
        eprintln!("NOT TESTED here: a killed judge's forks (the judge is not root)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let open = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(dir.path(), open).unwrap();
    let exe = crate::support::compile(dir.path(), "gcc", "forks", FORKS);
    for sandbox in ["auto", "off"] {
        let token = format!("killed-judge-forks-{}-{sandbox}", std::process::id());
        let mut judge = judge(dir.path(), &exe, &token, (sandbox, "20s"))
            .spawn()
            .unwrap();
        wait_for(&token, 4);
        // SAFETY: kill takes integers; the pid is our child's.
        unsafe { libc::kill(judge.id() as i32, libc::SIGKILL) };
        judge.wait().unwrap();
        let killed = Instant::now();
        let mut left = survivors(&token);
        while !left.is_empty() && killed.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(20));
            left = survivors(&token);
        }
        for &pid in &left {
            // SAFETY: kill takes integers.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        assert!(left.is_empty(), "{sandbox}: outlived the judge: {left:?}");
    }
}

#[test]
fn what_a_run_forked_dies_with_the_run() {
    // The guard's end after each run ends what the run left, cgroup or not.
    if !root() {
        eprintln!("NOT TESTED here: a run's PID namespace (the judge is not root)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let open = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(dir.path(), open).unwrap();
    let exe = crate::support::compile(dir.path(), "gcc", "forks", FORKS);
    let token = format!("ended-run-forks-{}", std::process::id());
    let out = crate::support::finish(judge(dir.path(), &exe, &token, ("off", "1s")));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "a TLE: {said}");
    let left = survivors(&token);
    for &pid in &left {
        // SAFETY: kill takes integers.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(left.is_empty(), "outlived the run: {left:?}");
}
