//! After a run: every process it started is killed, its process group, the
//! processes that carry the run's marker in their environment (a setsid'd or
//! double-forked escapee), without a cgroup the orphans the judge adopted
//! that carry a run's CPU limit (an escapee that cleared its environment)
//! and, when the run had
//! a user id of its own, every process of that user. The per-run cgroup, where there is one, does this
//! first and completely; this is the rest of the net. Then every ended
//! process of a run that the judge adopted is reaped ([`reap_adopted`]), so
//! that a long contest leaves no zombies behind.

use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use super::procfs::{self, Proc};

/// The environment variable that marks every process of one run.
pub const RUN_MARKER: &str = "MAYAN_RUN_ID";

/// Kills the run's process group and every process that carries the run's
/// marker (a setsid'd or double-forked escapee) or, given `uid`, every
/// process of that user (which also finds a process that cleared its
/// environment); reaps the ones that became our children.
///
/// The judge is child subreaper, so once the program is gone its escapees
/// are orphans adopted by the judge: listing the judge's own children finds
/// them without reading every process's environment. Killing one orphans its
/// children in turn, so the search repeats until none is left. An adopted
/// orphan with no marker but a run's CPU limit (one that cleared its
/// environment) is killed too, unless the run was `contained` (its cgroup
/// has killed all of it already): then such an orphan belongs to another
/// run still in flight, a helper it must keep. Last, what ended is reaped
/// ([`reap_adopted`]).
pub fn kill_everything(pid: libc::pid_t, run_id: &str, uid: Option<u32>, contained: bool) {
    kill_all_of(pid, run_id, uid, contained);
    reap_adopted();
}

fn kill_all_of(pid: libc::pid_t, run_id: &str, uid: Option<u32>, contained: bool) {
    // SAFETY: kill takes integers.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let marker = format!("{RUN_MARKER}={run_id}");
    // SAFETY: getpid takes nothing.
    let me = unsafe { libc::getpid() };
    for _ in 0..64 {
        let found = match (uid, procfs::own_children()) {
            (Some(uid), _) => processes_of(uid),
            (None, Some(children)) => children
                .into_iter()
                .filter(|&c| carries(c, &marker) || (!contained && escaped(c) && !is_live(c)))
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

fn carries(pid: libc::pid_t, marker: &str) -> bool {
    procfs::environ_holds(Proc::Pid(pid), marker)
}

/// True for a process that came from some run: the runner gives every run a
/// hard CPU time limit, which a process cannot raise, where the judge's own
/// children (a compiler's `--version`, say) have the judge's own (none,
/// as a rule). Found among the judge's children it is an orphan it adopted
/// as subreaper, whatever it did to its environment; it reads so as a
/// zombie too.
fn escaped(pid: libc::pid_t) -> bool {
    static JUDGES: OnceLock<Option<String>> = OnceLock::new();
    let judges = JUDGES.get_or_init(|| procfs::hard_cpu_limit(Proc::Myself));
    procfs::hard_cpu_limit(Proc::Pid(pid))
        .is_some_and(|hard| hard != "unlimited" && judges.as_deref().is_none_or(|own| own != hard))
}

/// Reaps the processes of runs that the judge adopted and that have ended.
/// A program's children that outlive it become the judge's (it is their
/// subreaper) and, killed or not, stay zombies until it waits for them:
/// fifty a case, a long contest would run out of process ids. Only what
/// came from a run ([`escaped`]) and is no run's program in flight (which
/// its own run waits for: the live list is held meanwhile) is reaped; the
/// judge's other children are left to whoever started them. One still
/// ending (killed a moment ago) is waited for, 200 ms at most, once: one
/// that takes longer is reaped by a later pass, not waited for again.
pub fn reap_adopted() {
    static SLOW: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());
    let deadline = Instant::now() + Duration::from_millis(200);
    loop {
        let mut slow = SLOW.lock().unwrap_or_else(|e| e.into_inner());
        let ending = reap_ended(&live_list(), &slow);
        if ending.is_empty() {
            return;
        }
        if Instant::now() >= deadline {
            slow.retain(|&p| procfs::life(Proc::Pid(p)).is_some());
            slow.extend(ending);
            return;
        }
        drop(slow);
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// One pass of [`reap_adopted`]: reaps what has ended; those still ending
/// but the `slow` ones.
fn reap_ended(live: &[libc::pid_t], slow: &[libc::pid_t]) -> Vec<libc::pid_t> {
    let mut ending = Vec::new();
    for pid in judges_children() {
        if live.contains(&pid) || !escaped(pid) {
            continue;
        }
        match procfs::life(Proc::Pid(pid)) {
            Some(procfs::Life::Zombie) => {
                // SAFETY: our child, ended; a null status pointer is allowed.
                unsafe { libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG) };
            }
            Some(procfs::Life::Ending) if !slow.contains(&pid) => ending.push(pid),
            _ => {}
        }
    }
    ending
}

/// The judge's children: from its tasks' `children` lists, or, where the
/// kernel has none, every process whose parent it is.
fn judges_children() -> Vec<libc::pid_t> {
    procfs::own_children().unwrap_or_else(|| {
        let me = procfs::own_pid().unwrap_or(0);
        procfs::all_pids().filter(|&p| parent_of(p) == me).collect()
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
    procfs::all_pids()
        .filter(|&pid| carries(pid, marker))
        .map(|pid| (pid, parent_of(pid)))
        .collect()
}

/// The processes whose real user id is `uid`, with their parents.
fn processes_of(uid: u32) -> Vec<(libc::pid_t, libc::pid_t)> {
    procfs::all_pids()
        .filter(|&pid| procfs::status_field(Proc::Pid(pid), "Uid:") == Some(u64::from(uid)))
        .map(|pid| (pid, parent_of(pid)))
        .collect()
}

/// Tasks (threads included) whose real user id is `uid`: what the kernel
/// counts against `RLIMIT_NPROC`.
pub fn tasks_of(uid: u32) -> u64 {
    procfs::all_pids()
        .filter_map(|pid| {
            let status = procfs::status(Proc::Pid(pid))?;
            let field = |name| procfs::status_number(&status, name);
            (field("Uid:")? == u64::from(uid)).then(|| field("Threads:").unwrap_or(1))
        })
        .sum()
}

fn parent_of(pid: libc::pid_t) -> libc::pid_t {
    procfs::stat(Proc::Pid(pid)).map_or(0, |s| s.parent)
}
