//! A tool an export runs on the exporter's machine (the C++ compiler for
//! LemonLime's testlib checker, TeX for Polygon's PDF statement), held to a
//! time limit: run in a process group of its own, with no standard input,
//! and the whole group killed past the limit, so that neither it nor what
//! it started (TeX's font makers) outlives the export. What it printed is
//! kept to a bound for the error.
//!
//! Not what the tools are given or what their messages mean: the callers'
//! (`cxx`, `tex`).

use std::io::Seek;
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::untrusted::read_prefix;

/// The most bytes of a tool's messages read.
const MAX_SAID: u64 = 64 << 10;

/// How a tool's run ended.
#[derive(Debug)]
pub struct Ran {
    /// Its exit status; `None`: stopped at the time limit.
    pub status: Option<ExitStatus>,
    /// What it wrote to standard output and standard error, together: the
    /// first 64 KiB of it.
    pub said: String,
}

impl Ran {
    /// Whether it finished in time, successfully.
    pub fn succeeded(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }
}

/// Runs `command` (its arguments and folder set) for at most `limit`.
/// `Err` when it cannot be started (`NotFound`: no such program).
pub fn run_bounded(command: &mut Command, limit: Duration) -> std::io::Result<Ran> {
    let mut said = tempfile::tempfile()?;
    let mut child = command
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(said.try_clone()?)
        .stderr(said.try_clone()?)
        .spawn()?;
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if Instant::now() > deadline {
            kill_group(child.id());
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    said.rewind()?;
    let said = read_prefix(said, MAX_SAID)?;
    let said = String::from_utf8_lossy(&said.bytes).into_owned();
    Ok(Ran { status, said })
}

/// Kills the process group the tool leads (its id is the group's).
fn kill_group(leader: u32) {
    if let Ok(group) = libc::pid_t::try_from(leader) {
        // SAFETY: a signal to a process group this export started; no memory
        // is shared.
        unsafe { libc::kill(-group, libc::SIGKILL) };
    }
}

/// `lines` of a tool's messages, each on its own indented line, escaped
/// for the terminal.
pub fn indented<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    lines
        .map(|line| format!("\n  {}", crate::text::visible(line)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_past_its_limit_is_stopped_with_what_it_started() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("grandchild");
        let started = Instant::now();
        let ran = run_bounded(
            Command::new("sh").args([
                "-c",
                "echo begun; sleep 30 & echo $! > \"$0\"; wait",
                &pid_file.display().to_string(),
            ]),
            Duration::from_millis(300),
        )
        .unwrap();
        assert!(ran.status.is_none() && !ran.succeeded(), "{ran:?}");
        assert_eq!(ran.said, "begun\n");
        assert!(started.elapsed() < Duration::from_secs(20), "not waited on");
        let grandchild: libc::pid_t = (std::fs::read_to_string(&pid_file).unwrap())
            .trim()
            .parse()
            .unwrap();
        // The sleep the tool started is gone too (at most a zombie until
        // its new parent reaps it).
        std::thread::sleep(Duration::from_millis(100));
        let alive = std::fs::read_to_string(format!("/proc/{grandchild}/stat"))
            .is_ok_and(|stat| !stat.contains(") Z "));
        assert!(!alive, "the tool's own child outlived the limit");
    }

    #[test]
    fn a_missing_tool_is_not_found_and_a_failing_one_said_what() {
        let e = run_bounded(
            &mut Command::new("/nonexistent/mayan-tool"),
            Duration::from_secs(5),
        )
        .unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
        let ran = run_bounded(
            Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]),
            Duration::from_secs(30),
        )
        .unwrap();
        assert_eq!(ran.status.and_then(|s| s.code()), Some(3));
        assert_eq!(ran.said, "out\nerr\n");
        assert_eq!(indented(["a", "b\u{7}"].into_iter()), "\n  a\n  b\\x07");
    }
}
