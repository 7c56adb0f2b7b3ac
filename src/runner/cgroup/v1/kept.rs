//! The sets of cpuacct, pids and freezer groups kept between runs: the pool,
//! their names, and the removal of sets whose judge is gone.
//!
//! A kept set's name says which judge made it, as `/proc` sees it:
//! `mayan-kept-NS-PID-START-N`, with the inode of the judge's PID namespace,
//! its pid and its start time (clock ticks after boot, field 22 of
//! `/proc/PID/stat`). A judge killed outright leaves its sets behind; the
//! next judge's probe removes those made in its own PID namespace by a pid
//! that now names no process, or a process started at another time (the pid
//! reused). Sets of other namespaces (another container's judge, whose pids
//! mean other processes) and anything not named so are left alone, and a
//! group that still holds a process cannot be removed.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{Members, remove_members};
use crate::runner::procfs::{self, Proc};

/// Emptied sets (the memory slot always `None`), waiting for a run; removed
/// when the last clone of the hierarchies and the last run's group are gone.
#[derive(Debug, Default)]
pub(super) struct Kept(Mutex<Vec<Members>>);

impl Kept {
    pub fn take(&self) -> Option<Members> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    pub fn put(&self, set: Members) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(set);
    }

    /// What `each` gives for every set kept now.
    pub fn map<T>(&self, each: impl Fn(&Members) -> T) -> Vec<T> {
        let sets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        sets.iter().map(each).collect()
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        let sets = self.0.get_mut().unwrap_or_else(|e| e.into_inner());
        for set in sets.drain(..) {
            remove_members(set);
        }
    }
}

/// A judge as `/proc` sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judge {
    pub ns: u64,
    pub pid: u32,
    pub start: u64,
}

impl Judge {
    /// This process, if `/proc` shows it (it may be another namespace's).
    pub fn this() -> Option<Judge> {
        let pid = procfs::own_pid()?;
        Some(Judge {
            ns: procfs::own_pid_namespace()?,
            pid: u32::try_from(pid).ok()?,
            start: procfs::start_time(Proc::Pid(pid))?,
        })
    }
}

/// The name of a new kept set of `judge` (or of a judge `/proc` does not
/// show, never taken for abandoned), unique in this process.
pub fn set_name(judge: Option<Judge>) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    match judge {
        Some(j) => format!("mayan-kept-{}-{}-{}-{n}", j.ns, j.pid, j.start),
        None => format!("mayan-kept-unseen-{}-{n}", std::process::id()),
    }
}

/// The judge that made the kept set of this name.
pub fn maker(name: &str) -> Option<Judge> {
    let mut fields = name.strip_prefix("mayan-kept-")?.split('-');
    let mut next = || fields.next()?.parse::<u64>().ok();
    let (ns, pid, start, _n) = (next()?, next()?, next()?, next()?);
    fields.next().is_none().then_some(Judge {
        ns,
        pid: u32::try_from(pid).ok()?,
        start,
    })
}

/// Removes from `base` the empty kept sets of judges of `this` one's PID
/// namespace that are gone.
pub fn remove_abandoned(base: &Path, this: Judge) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(made_by) = entry.file_name().to_str().and_then(maker) else {
            continue;
        };
        let Ok(pid) = libc::pid_t::try_from(made_by.pid) else {
            continue;
        };
        if made_by.ns == this.ns && procfs::start_time(Proc::Pid(pid)) != Some(made_by.start) {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_sets_name_gives_back_its_judge() {
        let judge = Judge {
            ns: 4026531836,
            pid: 4242,
            start: 987654,
        };
        assert_eq!(maker(&set_name(Some(judge))), Some(judge));
        assert_eq!(
            maker(&set_name(None)),
            None,
            "an unseen judge's are never swept"
        );
        for other in [
            "mayan-4242-7",
            "mayan-kept-1-2-3",
            "mayan-kept-1-2-3-4-5",
            "mayan-kept-1-x-3-4",
            "mayan-2024-finals",
            "mayan-probe-4242",
            "system.slice",
        ] {
            assert_eq!(maker(other), None, "{other}");
        }
    }
}
