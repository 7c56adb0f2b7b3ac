//! Per-run control groups, where the judge may create them: CPU time of the
//! whole process tree, peak memory of the whole tree held at a ceiling, a
//! process count limit, and every process of the run killed at the end. cgroup
//! v1 (`v1`) where its memory and cpuacct hierarchies are there, else the
//! unified hierarchy (`v2`). Probed once; absent, the runner falls back to
//! rlimits, rusage and `/proc` sampling, and the report says so. The probe
//! also kills what the runs of judges killed outright left in their groups,
//! and removes those (see `leftovers`).

pub mod v1;
pub mod v2;

use std::io;
use std::os::fd::RawFd;
use std::path::Path;
use std::time::Duration;

/// Where per-run groups are made.
#[derive(Debug, Clone)]
pub enum Cgroups {
    V1(v1::Hierarchies),
    V2(v2::Tree),
}

/// The group(s) of one run; removed when dropped (under v1, all but the
/// memory group may be kept for a later run instead: see `v1`).
#[derive(Debug)]
pub enum RunGroup {
    V1(v1::Group),
    V2(v2::Group),
}

impl Cgroups {
    /// v1 with memory and cpuacct, else v2; `None` when neither works.
    pub fn probe() -> Option<Cgroups> {
        v1::Hierarchies::probe()
            .map(Cgroups::V1)
            .or_else(Cgroups::probe_v2)
    }

    /// The unified hierarchy only (tests use it on hosts that have both).
    pub fn probe_v2() -> Option<Cgroups> {
        v2::Tree::probe().map(Cgroups::V2)
    }

    /// True when runs' memory is counted and held by the group.
    pub fn has_memory(&self) -> bool {
        match self {
            Cgroups::V1(_) => true,
            Cgroups::V2(t) => t.has_memory(),
        }
    }

    /// Why runs' memory is not held as a whole, where it is not.
    pub fn missing_memory(&self) -> Option<String> {
        match self {
            Cgroups::V1(_) => None,
            Cgroups::V2(t) => t.missing_memory(),
        }
    }

    /// True when runs get a process count limit.
    pub fn has_pids(&self) -> bool {
        match self {
            Cgroups::V1(h) => h.has_pids(),
            Cgroups::V2(t) => t.has_pids(),
        }
    }

    /// True when a run's processes are all stopped at once before they are
    /// killed (v1 freezer; v2's `cgroup.kill` or `cgroup.freeze`).
    pub fn kills_at_once(&self) -> bool {
        match self {
            Cgroups::V1(h) => h.has_freezer(),
            Cgroups::V2(_) => true,
        }
    }

    /// For the report: the version and what it measures and limits.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        match self {
            Cgroups::V1(h) => {
                parts.extend(["memory", "cpuacct"]);
                if h.has_pids() {
                    parts.push("pids");
                }
                if h.has_freezer() {
                    parts.push("freezer");
                }
                format!("cgroup v1 ({})", parts.join(", "))
            }
            Cgroups::V2(t) => {
                if t.has_memory() {
                    parts.push("memory");
                }
                if t.has_pids() {
                    parts.push("pids");
                }
                parts.extend(["cpu.stat", "cgroup.kill"]);
                format!("cgroup v2 ({}; {})", parts.join(", "), t.place().describe())
            }
        }
    }

    /// Makes the group(s) of one run, `mayan-run-NAME` (NAME: `NS-PID-START-N`,
    /// see `leftovers`), with a memory ceiling in bytes and at most
    /// `processes` processes (threads included).
    pub fn create(&self, name: &str, ceiling: u64, processes: u32) -> io::Result<RunGroup> {
        match self {
            Cgroups::V1(h) => h.create(name, ceiling, processes).map(RunGroup::V1),
            Cgroups::V2(t) => t.create(name, ceiling, processes).map(RunGroup::V2),
        }
    }
}

impl RunGroup {
    /// File descriptors the child writes its pid to (see [`join`]); -1 for
    /// none.
    pub fn procs_fds(&self) -> [RawFd; 4] {
        match self {
            RunGroup::V1(g) => g.procs_fds(),
            RunGroup::V2(g) => g.procs_fds(),
        }
    }

    /// True when the group counts the run's memory.
    pub fn has_memory(&self) -> bool {
        match self {
            RunGroup::V1(_) => true,
            RunGroup::V2(g) => g.has_memory(),
        }
    }

    /// True when the group limits the run's processes.
    pub fn has_pids(&self) -> bool {
        match self {
            RunGroup::V1(g) => g.has_pids(),
            RunGroup::V2(g) => g.has_pids(),
        }
    }

    /// CPU time of every process that ran in the group; an error when a
    /// control file cannot be read (see `v2`).
    pub fn cpu(&self) -> io::Result<Duration> {
        match self {
            RunGroup::V1(g) => g.cpu(),
            RunGroup::V2(g) => g.cpu(),
        }
    }

    /// Memory in use now, bytes (0 where the group does not count it).
    pub fn usage(&self) -> io::Result<u64> {
        match self {
            RunGroup::V1(g) => g.usage(),
            RunGroup::V2(g) => g.usage(),
        }
    }

    /// Peak memory of the group, bytes (0 where the group does not count it).
    pub fn peak(&self) -> io::Result<u64> {
        match self {
            RunGroup::V1(g) => g.peak(),
            RunGroup::V2(g) => g.peak(),
        }
    }

    /// True when a fork or thread was refused at the process limit.
    pub fn hit_process_limit(&self) -> bool {
        match self {
            RunGroup::V1(g) => g.hit_process_limit(),
            RunGroup::V2(g) => g.hit_process_limit(),
        }
    }

    /// Kills every process in the group until none is left.
    pub fn kill_all(&self) {
        match self {
            RunGroup::V1(g) => g.kill_all(),
            RunGroup::V2(g) => g.kill_all(),
        }
    }
}

fn write(path: &Path, text: &str) -> io::Result<()> {
    std::fs::write(path, text)
}

/// A control file holding one number; an error names the file.
fn read_u64(path: &Path) -> io::Result<u64> {
    let text = std::fs::read_to_string(path)?;
    text.trim().parse().map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: not a number: {:?}", path.display(), text.trim()),
        )
    })
}

fn read_pids(path: &Path) -> Vec<libc::pid_t> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

fn kill_each(pids: &[libc::pid_t]) {
    for &pid in pids {
        // SAFETY: kill takes integers.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

/// The count of `event` in an events file (`max 3`).
fn events_count(text: &str, event: &str) -> u64 {
    text.lines()
        .find_map(|l| {
            l.strip_prefix(event)?
                .strip_prefix(' ')?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or(0)
}

/// Removes an emptied group, retrying while the kernel lets go of it.
fn remove_group(dir: &Path) {
    for _ in 0..50 {
        if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// In the child, between fork and exec: writes its own pid into the groups.
/// Only async-signal-safe calls (getpid, write).
pub fn join(fds: [RawFd; 4]) -> io::Result<()> {
    // SAFETY: getpid takes nothing.
    let mut pid = unsafe { libc::getpid() } as u32;
    let mut digits = [0u8; 12];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (pid % 10) as u8;
        pid /= 10;
        if pid == 0 {
            break;
        }
    }
    for fd in fds.into_iter().filter(|&fd| fd >= 0) {
        let len = digits.len() - at;
        // SAFETY: writes our stack buffer to a file descriptor the parent
        // opened for this purpose.
        let written = unsafe { libc::write(fd, digits[at..].as_ptr().cast(), len) };
        if written != len as isize {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_counted_by_name() {
        assert_eq!(events_count("max 3\n", "max"), 3);
        assert_eq!(events_count("low 0\nhigh 2\nmax 7\noom 1\n", "max"), 7);
        assert_eq!(events_count("maxed 4\n", "max"), 0);
        assert_eq!(events_count("", "max"), 0);
    }
}
