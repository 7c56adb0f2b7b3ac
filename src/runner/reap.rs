//! After a run: every process it started is killed, its process group, the
//! processes that carry the run's marker in their environment (a setsid'd or
//! double-forked escapee), the orphans the judge adopted that carry a run's
//! CPU limit (an escapee that cleared its environment) and, when the run had
//! a user id of its own, every process of that user. The per-run cgroup, where there is one, does this
//! first and completely; this is the rest of the net.

use std::sync::{Mutex, MutexGuard};

use super::process::RUN_MARKER;

/// Kills the run's process group and every process that carries the run's
/// marker (a setsid'd or double-forked escapee) or, given `uid`, every
/// process of that user (which also finds a process that cleared its
/// environment); reaps the ones that became our children.
///
/// The judge is child subreaper, so once the program is gone its escapees
/// are orphans adopted by the judge: listing the judge's own children finds
/// them without reading every process's environment. Killing one orphans its
/// children in turn, so the search repeats until none is left.
pub fn kill_everything(pid: libc::pid_t, run_id: &str, uid: Option<u32>) {
    // SAFETY: kill takes integers.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let marker = format!("{RUN_MARKER}={run_id}");
    // SAFETY: getpid takes nothing.
    let me = unsafe { libc::getpid() };
    for _ in 0..64 {
        let found = match (uid, own_children()) {
            (Some(uid), _) => processes_of(uid),
            (None, Some(children)) => children
                .into_iter()
                .filter(|&c| carries(c, &marker) || (escaped(c) && !is_live(c)))
                .map(|c| (c, me))
                .collect(),
            (None, None) => marked_processes(&marker),
        };
        if found.is_empty() {
            return;
        }
        for &(p, _) in &found {
            // SAFETY: kill takes integers.
            unsafe {
                libc::kill(p, libc::SIGKILL);
            }
        }
        for &(p, parent) in &found {
            if parent == me {
                // An orphan the judge adopted as subreaper: reap it.
                // SAFETY: p is our child; a null status pointer is allowed.
                unsafe {
                    libc::waitpid(p, std::ptr::null_mut(), 0);
                }
            }
        }
    }
}

/// The judge's children, from `/proc/self/task/*/children`; `None` where the
/// kernel does not offer that list.
fn own_children() -> Option<Vec<libc::pid_t>> {
    let mut children = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let list = std::fs::read_to_string(task.ok()?.path().join("children")).ok()?;
        children.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<libc::pid_t>().ok()),
        );
    }
    Some(children)
}

fn carries(pid: libc::pid_t, marker: &str) -> bool {
    std::fs::read(format!("/proc/{pid}/environ"))
        .map(|env| env.split(|&b| b == 0).any(|v| v == marker.as_bytes()))
        .unwrap_or(false)
}

/// True for a process that came from some run: the runner gives every run a
/// hard CPU time limit, which a process cannot raise, where the judge's own
/// children (a compiler the judge did not sandbox, say) have none. Found
/// among the judge's children it is an orphan it adopted as subreaper,
/// whatever it did to its environment.
fn escaped(pid: libc::pid_t) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/limits")).is_ok_and(|text| {
        text.lines()
            .find(|l| l.starts_with("Max cpu time"))
            .and_then(|l| l.split_whitespace().nth(4))
            .is_some_and(|hard| hard != "unlimited")
    })
}

/// The main processes of the runs in flight, which are the judge's
/// children and carry a CPU limit too, but are no escapees.
static LIVE: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());

/// Holds the live list while a run is started and its pid entered, so that
/// no other run's search sees the new process first.
pub fn live_list() -> MutexGuard<'static, Vec<libc::pid_t>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Takes a run's main process off the live list once it has been waited for.
pub fn ended(pid: libc::pid_t) {
    live_list().retain(|&p| p != pid);
}

fn is_live(pid: libc::pid_t) -> bool {
    live_list().contains(&pid)
}

/// Processes whose environment holds `marker` (those we may read), with
/// their parents.
fn marked_processes(marker: &str) -> Vec<(libc::pid_t, libc::pid_t)> {
    all_pids()
        .filter(|&pid| carries(pid, marker))
        .map(|pid| (pid, parent_of(pid)))
        .collect()
}

/// The processes whose real user id is `uid`, with their parents.
fn processes_of(uid: u32) -> Vec<(libc::pid_t, libc::pid_t)> {
    all_pids()
        .filter(|&pid| real_uid(pid) == Some(uid))
        .map(|pid| (pid, parent_of(pid)))
        .collect()
}

/// Tasks (threads included) whose real user id is `uid`: what the kernel
/// counts against `RLIMIT_NPROC`.
pub fn tasks_of(uid: u32) -> u64 {
    all_pids()
        .filter_map(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            let field = |name: &str| {
                status
                    .lines()
                    .find_map(|l| l.strip_prefix(name))
                    .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
            };
            (field("Uid:")? == u64::from(uid)).then(|| field("Threads:").unwrap_or(1))
        })
        .sum()
}

/// Every process id in `/proc` (none when it cannot be read).
fn all_pids() -> impl Iterator<Item = libc::pid_t> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<libc::pid_t>().ok())
}

/// The real user id of a process, from `/proc/PID/status`.
fn real_uid(pid: libc::pid_t) -> Option<u32> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn parent_of(pid: libc::pid_t) -> libc::pid_t {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')
                .and_then(|(_, r)| r.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
