//! cgroup v2: a group per run in the unified hierarchy, below a group the
//! judge may enable the memory and pids controllers in (`place` chooses it:
//! its own group where that was delegated, a delegated systemd scope of its
//! own, root's group of its own, or its group as it was), CPU time from
//! `cpu.stat` (always there), and every process killed at once by
//! `cgroup.kill` (Linux 5.14; before it, frozen by `cgroup.freeze` and
//! killed one by one).
//!
//! Controllers can only be enabled for the children of a group that holds
//! no process itself, so when the judge is in that group it first moves
//! itself into a leaf beside the runs' groups. Where the controllers cannot
//! be enabled runs still get a group: whole-tree CPU time and a kill that
//! misses nothing, but no memory or process limit, and the report says so
//! and why.
//!
//! A control file that cannot be read during a run (systemd took the
//! controller away, say) is an error for that run, never a zero.

pub mod place;
pub mod systemd;

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{events_count, kill_each, read_pids, read_u64, remove_group, write};
use crate::runner::leftovers;
use place::Place;

/// Where per-run groups are made, and what they can do.
#[derive(Debug, Clone)]
pub struct Tree {
    base: PathBuf,
    place: Place,
    memory: bool,
    pids: bool,
    /// Root's own group, removed with the last tree when it is empty.
    own_group: Option<Arc<OwnGroup>>,
}

/// Root's group of its own at the hierarchy's root (see `place`): removed
/// when the judge is done with it, if no other judge's runs are in it
/// (another judge that finds it gone makes it again).
#[derive(Debug)]
struct OwnGroup(PathBuf);

impl Drop for OwnGroup {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.0);
    }
}

/// The group of one run; removed when dropped.
#[derive(Debug)]
pub struct Group {
    dir: PathBuf,
    procs: File,
    memory: bool,
    /// `memory.peak` was there when the group was made (Linux 5.19).
    peak: bool,
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

/// The controllers the judge wants for its runs.
const WANTED: [&str; 2] = ["memory", "pids"];

impl Tree {
    /// The group runs' groups are made in (see `place`), if groups can be
    /// made there, with the controllers that could be enabled for them.
    /// What gone judges left there is swept first (see `sweep_abandoned`).
    pub fn probe() -> Option<Tree> {
        let mount = mount_point(&std::fs::read_to_string("/proc/self/mountinfo").ok()?)?;
        let own = own_path(&std::fs::read_to_string("/proc/self/cgroup").ok()?)?;
        let placed = place::choose(&mount, &own);
        let base = placed.base;
        let probe = base.join(format!("mayan-probe-{}", std::process::id()));
        std::fs::create_dir(&probe).ok()?;
        let _ = std::fs::remove_dir(&probe);
        sweep_abandoned(&base);
        if let (Place::Scope { .. }, Some(parent)) = (&placed.place, base.parent()) {
            sweep_abandoned_scopes(parent);
        }
        if placed.place == Place::OwnGroup {
            // The root's own children get what the root enables.
            enable(&mount, &WANTED);
        }
        enable_for_runs(&base, &placed.place);
        let enabled = controllers(&base.join("cgroup.subtree_control"));
        let own = (placed.place == Place::OwnGroup).then(|| Arc::new(OwnGroup(base.clone())));
        Some(Tree {
            memory: enabled.iter().any(|c| c == "memory"),
            pids: enabled.iter().any(|c| c == "pids"),
            place: placed.place,
            base,
            own_group: own,
        })
    }

    pub fn has_memory(&self) -> bool {
        self.memory
    }

    pub fn has_pids(&self) -> bool {
        self.pids
    }

    /// For the report: where runs' groups are made (see `place`).
    pub fn place(&self) -> &Place {
        &self.place
    }

    /// Why runs' memory is not limited as a whole, when it is not.
    pub fn missing_memory(&self) -> Option<String> {
        (!self.memory).then(|| {
            let available = controllers(&self.base.join("cgroup.controllers"));
            let what = if available.iter().any(|c| c == "memory") {
                "the memory controller could not be enabled below the judge's group"
            } else {
                "the memory controller is not available to the judge's group"
            };
            match &self.place {
                Place::Shared { why } => format!("{what} ({why})"),
                _ => what.to_string(),
            }
        })
    }

    /// Makes the group of one run, with a memory ceiling in bytes and at
    /// most `processes` processes, where those controllers are enabled.
    pub fn create(&self, name: &str, ceiling: u64, processes: u32) -> io::Result<Group> {
        let dir = self.base.join(format!("mayan-run-{name}"));
        match std::fs::create_dir(&dir) {
            Err(e) if e.kind() == io::ErrorKind::NotFound && self.own_group.is_some() => {
                // Another judge removed root's group when it was done.
                std::fs::create_dir(&self.base).or_else(|e| match e.kind() {
                    io::ErrorKind::AlreadyExists => Ok(()),
                    _ => Err(e),
                })?;
                enable(&self.base, &WANTED);
                std::fs::create_dir(&dir)?;
            }
            made => made?,
        }
        let made = (|| {
            if self.memory {
                write(&dir.join("memory.max"), &ceiling.to_string())
                    .map_err(|e| lost("memory.max", &dir, e))?;
                // Swap would hide memory from the limit; absent without swap.
                let _ = write(&dir.join("memory.swap.max"), "0");
            }
            if self.pids {
                write(&dir.join("pids.max"), &processes.to_string())
                    .map_err(|e| lost("pids.max", &dir, e))?;
            }
            OpenOptions::new()
                .write(true)
                .open(dir.join("cgroup.procs"))
        })();
        match made {
            Ok(procs) => Ok(Group {
                peak: self.memory && dir.join("memory.peak").exists(),
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

/// A control file the judge relies on could not be used: what the group
/// now enables says why (systemd took a controller back, say).
fn lost(file: &str, dir: &Path, e: io::Error) -> io::Error {
    let parent = dir.parent().unwrap_or(dir);
    let now = controllers(&parent.join("cgroup.subtree_control"));
    io::Error::new(
        e.kind(),
        format!(
            "cgroup v2: {}: {e}; the controllers enabled for runs are now: {} \
             (was the judge's group reconfigured, by a `systemctl daemon-reload` say?)",
            dir.join(file).display(),
            if now.is_empty() {
                "none".to_string()
            } else {
                now.join(" ")
            }
        ),
    )
}

/// The controllers listed in a `cgroup.controllers` or
/// `cgroup.subtree_control` file.
fn controllers(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Enables the wanted controllers `base` offers for its children; where
/// the judge itself is in `base`, by moving it into a leaf first (see
/// `place`).
fn enable_for_runs(base: &Path, place: &Place) {
    let available = controllers(&base.join("cgroup.controllers"));
    let wanted: Vec<&str> = WANTED
        .into_iter()
        .filter(|c| available.iter().any(|a| a == c))
        .collect();
    if wanted.is_empty() || enable(base, &wanted) || *place == Place::OwnGroup {
        return;
    }
    let leaf = base.join(place::leaf_name(place));
    let _ = std::fs::create_dir(&leaf);
    if write(&leaf.join("cgroup.procs"), "0").is_ok() {
        enable(base, &wanted);
    } else {
        let _ = std::fs::remove_dir(&leaf);
    }
}

/// Kills what gone judges' runs left in their groups below `base`
/// (`mayan-run-…`; see `leftovers`) and removes the groups, and the
/// leaves of gone judges there.
fn sweep_abandoned(base: &Path) {
    for entry in std::fs::read_dir(base).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if leftovers::abandoned_group(name) || leftovers::abandoned_judge_group(name) {
            kill_group(&entry.path());
            remove_group(&entry.path());
        }
    }
}

/// The scopes of gone judges beside this judge's own (`parent` holds
/// them): their runs' groups are emptied and removed, and systemd then
/// removes the emptied scope.
fn sweep_abandoned_scopes(parent: &Path) {
    for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        let name = entry.file_name();
        if name
            .to_str()
            .is_some_and(|n| n.ends_with(".scope") && leftovers::abandoned_judge_group(n))
        {
            for inner in std::fs::read_dir(entry.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                if inner.path().is_dir() {
                    kill_group(&inner.path());
                    remove_group(&inner.path());
                }
            }
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

    /// CPU time of every process that ran in the group.
    pub fn cpu(&self) -> io::Result<Duration> {
        let file = self.dir.join("cpu.stat");
        let text = std::fs::read_to_string(&file).map_err(|e| lost("cpu.stat", &self.dir, e))?;
        keyed(&text, "usage_usec")
            .map(Duration::from_micros)
            .ok_or_else(|| io::Error::other(format!("{}: no usage_usec", file.display())))
    }

    /// Memory charged to the group now, bytes; 0 where it is not counted.
    pub fn usage(&self) -> io::Result<u64> {
        self.read_memory("memory.current")
    }

    /// The kernel's peak (`memory.peak`, Linux 5.19); 0 before it, where
    /// the watchdog's samples of `memory.current` stand in.
    pub fn peak(&self) -> io::Result<u64> {
        if self.peak {
            self.read_memory("memory.peak")
        } else {
            Ok(0)
        }
    }

    fn read_memory(&self, file: &str) -> io::Result<u64> {
        if !self.memory {
            return Ok(0);
        }
        read_u64(&self.dir.join(file)).map_err(|e| lost(file, &self.dir, e))
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

    /// A run's group as files in a plain folder, `memory` counted.
    fn fake_group(files: &[(&str, &str)]) -> (tempfile::TempDir, Group) {
        let parent = tempfile::tempdir().unwrap();
        std::fs::write(parent.path().join("cgroup.subtree_control"), "pids\n").unwrap();
        let dir = parent.path().join("mayan-run-x");
        std::fs::create_dir(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let procs = File::create(dir.join("cgroup.procs")).unwrap();
        let group = Group {
            dir,
            procs,
            memory: true,
            peak: true,
            pids: true,
        };
        (parent, group)
    }

    #[test]
    fn a_control_file_that_vanished_is_an_error_naming_it_never_a_zero() {
        let (_parent, group) = fake_group(&[("cpu.stat", "usage_usec 1500\n")]);
        assert_eq!(group.cpu().unwrap(), Duration::from_micros(1500));
        for e in [group.usage().unwrap_err(), group.peak().unwrap_err()] {
            let e = e.to_string();
            assert!(e.contains("mayan-run-x/memory."), "{e}");
            assert!(e.contains("enabled for runs are now: pids"), "{e}");
        }
        std::fs::remove_file(group.dir.join("cpu.stat")).unwrap();
        assert!(group.cpu().unwrap_err().to_string().contains("cpu.stat"));
        // A figure that is not a number is no measurement either.
        std::fs::write(group.dir.join("memory.peak"), "lots\n").unwrap();
        let e = group.peak().unwrap_err().to_string();
        assert!(e.contains("not a number"), "{e}");
    }

    #[test]
    fn a_group_without_memory_reads_zero_memory_and_its_cpu_time() {
        let (_parent, mut group) = fake_group(&[("cpu.stat", "usage_usec 7\n")]);
        group.memory = false;
        group.peak = false;
        assert_eq!(group.usage().unwrap(), 0);
        assert_eq!(group.peak().unwrap(), 0);
        assert_eq!(group.cpu().unwrap(), Duration::from_micros(7));
    }

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
