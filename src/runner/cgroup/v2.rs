//! cgroup v2: a group per run below the judge's own group in the unified
//! hierarchy, with the memory and pids controllers where they can be
//! enabled there, CPU time from `cpu.stat` (always there), and every process
//! killed at once by `cgroup.kill` (Linux 5.14; before it, frozen by
//! `cgroup.freeze` and killed one by one).
//!
//! Controllers can only be enabled for the children of a group that holds no
//! process itself, so when the judge's group is not the root the judge first
//! moves itself into a leaf, `mayan-judge`, beside the runs' groups. Where
//! the controllers cannot be enabled (the judge shares its group with other
//! processes, say) runs still get a group: whole-tree CPU time and a kill
//! that misses nothing, but no memory or process limit, and the report says
//! so.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{events_count, kill_each, read_pids, read_u64, remove_group, write};
use crate::runner::leftovers;

/// Where per-run groups are made, and what they can do.
#[derive(Debug, Clone)]
pub struct Tree {
    base: PathBuf,
    memory: bool,
    pids: bool,
}

/// The group of one run; removed when dropped.
#[derive(Debug)]
pub struct Group {
    dir: PathBuf,
    procs: File,
    memory: bool,
    pids: bool,
}

/// The mount point of the unified hierarchy, from `/proc/self/mountinfo`.
pub fn mount_point(mountinfo: &str) -> Option<PathBuf> {
    mountinfo.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        if right.split_whitespace().next()? != "cgroup2" {
            return None;
        }
        left.split_whitespace().nth(4).map(PathBuf::from)
    })
}

/// The judge's own group in the unified hierarchy (`0::/some/path`).
pub fn own_path(proc_self_cgroup: &str) -> Option<String> {
    proc_self_cgroup
        .lines()
        .find_map(|l| l.strip_prefix("0::"))
        .map(str::to_string)
}

/// The value of `key` in a flat keyed file such as `cpu.stat`.
pub fn keyed(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok())?
    })
}

impl Tree {
    /// The judge's group in the unified hierarchy, if groups can be made
    /// below it, with the controllers that could be enabled for them. What
    /// gone judges left there is swept first (see `sweep_abandoned`).
    pub fn probe() -> Option<Tree> {
        let mount = mount_point(&std::fs::read_to_string("/proc/self/mountinfo").ok()?)?;
        let own = own_path(&std::fs::read_to_string("/proc/self/cgroup").ok()?)?;
        let base = mount.join(own.trim_start_matches('/'));
        let probe = base.join(format!("mayan-probe-{}", std::process::id()));
        std::fs::create_dir(&probe).ok()?;
        let _ = std::fs::remove_dir(&probe);
        sweep_abandoned(&base);
        let available =
            std::fs::read_to_string(base.join("cgroup.controllers")).unwrap_or_default();
        let wanted: Vec<&str> = ["memory", "pids"]
            .into_iter()
            .filter(|c| available.split_whitespace().any(|a| a == *c))
            .collect();
        if !wanted.is_empty() && !enable(&base, &wanted) && base != mount {
            // The judge's own group holds processes: move the judge into a
            // leaf and try again.
            let leaf = base.join("mayan-judge");
            let _ = std::fs::create_dir(&leaf);
            if write(&leaf.join("cgroup.procs"), "0").is_ok() {
                enable(&base, &wanted);
            }
        }
        let enabled =
            std::fs::read_to_string(base.join("cgroup.subtree_control")).unwrap_or_default();
        let on = |c: &str| enabled.split_whitespace().any(|e| e == c);
        Some(Tree {
            memory: on("memory"),
            pids: on("pids"),
            base,
        })
    }

    pub fn has_memory(&self) -> bool {
        self.memory
    }

    pub fn has_pids(&self) -> bool {
        self.pids
    }

    /// Makes the group of one run, with a memory ceiling in bytes and at
    /// most `processes` processes, where those controllers are enabled.
    pub fn create(&self, name: &str, ceiling: u64, processes: u32) -> io::Result<Group> {
        let dir = self.base.join(format!("mayan-run-{name}"));
        std::fs::create_dir(&dir)?;
        let made = (|| {
            if self.memory {
                write(&dir.join("memory.max"), &ceiling.to_string())?;
                // Swap would hide memory from the limit; absent without swap.
                let _ = write(&dir.join("memory.swap.max"), "0");
            }
            if self.pids {
                write(&dir.join("pids.max"), &processes.to_string())?;
            }
            OpenOptions::new()
                .write(true)
                .open(dir.join("cgroup.procs"))
        })();
        match made {
            Ok(procs) => Ok(Group {
                dir,
                procs,
                memory: self.memory,
                pids: self.pids,
            }),
            Err(e) => {
                remove_group(&dir);
                Err(e)
            }
        }
    }
}

/// Kills what gone judges' runs left in their groups below `base`
/// (`mayan-run-…`; see `leftovers`) and removes the groups.
fn sweep_abandoned(base: &Path) {
    for entry in std::fs::read_dir(base).into_iter().flatten().flatten() {
        let name = entry.file_name();
        if name.to_str().is_some_and(leftovers::abandoned_group) {
            kill_group(&entry.path());
            remove_group(&entry.path());
        }
    }
}

/// Enables the controllers for the children of `base`; true when all were.
fn enable(base: &Path, controllers: &[&str]) -> bool {
    controllers
        .iter()
        .all(|c| write(&base.join("cgroup.subtree_control"), &format!("+{c}")).is_ok())
}

impl Group {
    pub fn procs_fds(&self) -> [RawFd; 4] {
        [self.procs.as_raw_fd(), -1, -1, -1]
    }

    pub fn has_memory(&self) -> bool {
        self.memory
    }

    pub fn has_pids(&self) -> bool {
        self.pids
    }

    pub fn cpu(&self) -> Duration {
        let text = std::fs::read_to_string(self.dir.join("cpu.stat")).unwrap_or_default();
        Duration::from_micros(keyed(&text, "usage_usec").unwrap_or(0))
    }

    pub fn usage(&self) -> u64 {
        if self.memory {
            read_u64(&self.dir.join("memory.current"))
        } else {
            0
        }
    }

    /// The kernel's peak (`memory.peak`, Linux 5.19); 0 before it, where
    /// the watchdog's samples of `memory.current` stand in.
    pub fn peak(&self) -> u64 {
        if self.memory {
            read_u64(&self.dir.join("memory.peak"))
        } else {
            0
        }
    }

    pub fn hit_process_limit(&self) -> bool {
        self.pids
            && std::fs::read_to_string(self.dir.join("pids.events"))
                .is_ok_and(|t| events_count(&t, "max") > 0)
    }

    /// Kills every process in the group and waits until none is left.
    pub fn kill_all(&self) {
        kill_group(&self.dir);
    }
}

/// Kills every process in the group `dir` and waits until none is left
/// (2 s at most): by `cgroup.kill`, else frozen and killed one by one.
fn kill_group(dir: &Path) {
    let procs = dir.join("cgroup.procs");
    if read_pids(&procs).is_empty() {
        return;
    }
    let at_once = write(&dir.join("cgroup.kill"), "1").is_ok();
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        let pids = read_pids(&procs);
        if pids.is_empty() {
            return;
        }
        if !at_once {
            let _ = write(&dir.join("cgroup.freeze"), "1");
            kill_each(&read_pids(&procs));
            let _ = write(&dir.join("cgroup.freeze"), "0");
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill_all();
        remove_group(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unified_mount_and_own_group_are_found() {
        let mountinfo = "24 1 0:22 / / rw - ext4 /dev/vda rw\n\
                         41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        assert_eq!(
            mount_point(mountinfo),
            Some(PathBuf::from("/sys/fs/cgroup/unified"))
        );
        assert_eq!(mount_point("24 1 0:22 / / rw - ext4 /dev/vda rw\n"), None);
        let own = "1:cpu:/\n0::/user.slice/user-1000.slice/session-2.scope\n";
        assert_eq!(
            own_path(own).as_deref(),
            Some("/user.slice/user-1000.slice/session-2.scope")
        );
    }

    #[test]
    fn keyed_files_are_read_by_key() {
        let stat = "usage_usec 123456\nuser_usec 100000\nsystem_usec 23456\n";
        assert_eq!(keyed(stat, "usage_usec"), Some(123_456));
        assert_eq!(keyed(stat, "system_usec"), Some(23_456));
        assert_eq!(keyed(stat, "nr_periods"), None);
    }
}
