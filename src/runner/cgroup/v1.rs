//! cgroup v1: a group per run in each of the memory, cpuacct, pids and
//! freezer hierarchies, made below the judge's own group in each (so a limit
//! on the judge, a container's or a service's, covers its runs too). Memory
//! and cpuacct are needed; pids and freezer are used when they are there.
//!
//! Only the memory group is made afresh for each run: what a run leaves in
//! the page cache stays charged to its memory group, and would count in the
//! next run's peak. The others hold nothing once their processes are gone,
//! so an emptied set is kept for the next run (`kept`): its CPU time set
//! back to zero, its process limit written again, its freezer thawed and
//! its count of refused forks read (making and removing the three cost some
//! 0.2 ms a run here, a quarter of the judge's own time). A set is kept only
//! whole, and only once it holds no process, none unreaped.

mod kept;

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{read_u64, remove_group, write};
use crate::runner::leftovers;
use kept::Kept;

const ROOT: &str = "/sys/fs/cgroup";

/// The controllers a run's group is made in, by their folder name.
const CONTROLLERS: [&str; 4] = ["memory", "cpuacct", "pids", "freezer"];
const MEMORY: usize = 0;
const CPUACCT: usize = 1;
const PIDS: usize = 2;
const FREEZER: usize = 3;

/// Where per-run groups are made: the judge's own group in each hierarchy
/// that works here, in `CONTROLLERS` order; and the sets kept for reuse.
#[derive(Debug, Clone)]
pub struct Hierarchies {
    bases: [Option<PathBuf>; 4],
    kept: Arc<Kept>,
}

/// A run's group in one hierarchy: its folder, and its `cgroup.procs` open
/// for the child to write itself into before it executes.
#[derive(Debug)]
struct Member {
    dir: PathBuf,
    procs: File,
}

/// Groups of one run, in `CONTROLLERS` order.
type Members = [Option<Member>; 4];

/// The groups of one run; the memory group is removed when dropped, the
/// others kept for the next run when fit (see the module doc).
#[derive(Debug)]
pub struct Group {
    members: Members,
    /// Which hierarchies the judge uses: a set missing one is not kept.
    used: [bool; 4],
    /// The pids group's count of refused forks when the run began.
    refused_before: u64,
    kept: Arc<Kept>,
}

/// The judge's own group in a v1 hierarchy, from `/proc/self/cgroup`
/// (`4:memory:/some/path`, controllers may be co-mounted: `2:cpu,cpuacct:/`).
pub fn own_path(proc_self_cgroup: &str, controller: &str) -> Option<String> {
    proc_self_cgroup.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
        names
            .split(',')
            .any(|n| n == controller)
            .then(|| path.to_string())
    })
}

impl Hierarchies {
    /// The hierarchies where a group can be made; `None` unless memory and
    /// cpuacct are among them. What gone judges left there is swept first
    /// (see `sweep_abandoned`).
    pub fn probe() -> Option<Hierarchies> {
        let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        let name = format!("mayan-probe-{}", std::process::id());
        let bases = CONTROLLERS.map(|c| {
            let root = Path::new(ROOT).join(c);
            let nested = own_path(&own, c).map(|p| root.join(p.trim_start_matches('/')));
            // Below the judge's own group where it may make one, else at the
            // top of the hierarchy.
            nested.into_iter().chain([root]).find(|base| {
                let dir = base.join(&name);
                let made = std::fs::create_dir(&dir).is_ok();
                let _ = std::fs::remove_dir(&dir);
                made
            })
        });
        sweep_abandoned(&bases);
        (bases[MEMORY].is_some() && bases[CPUACCT].is_some()).then(|| Hierarchies {
            bases,
            kept: Arc::default(),
        })
    }

    pub fn has_pids(&self) -> bool {
        self.bases[PIDS].is_some()
    }

    pub fn has_freezer(&self) -> bool {
        self.bases[FREEZER].is_some()
    }

    /// Makes the groups of one run, with a memory ceiling in bytes and at
    /// most `processes` processes (threads included): a new memory group,
    /// the others a kept set when there is one that can be reset.
    pub fn create(&self, name: &str, ceiling: u64, processes: u32) -> io::Result<Group> {
        let mut group = Group {
            members: Members::default(),
            used: self.bases.each_ref().map(Option::is_some),
            refused_before: 0,
            kept: Arc::clone(&self.kept),
        };
        // On an error `group` is dropped: a memory group made is removed,
        // a set kept again if fit.
        if let Some(set) = self.kept.take() {
            group.members = set;
            if group.reset(processes).is_err() {
                // A group gone (removed by hand, say): a new set instead.
                remove_members(std::mem::take(&mut group.members));
            }
        }
        if group.members[CPUACCT].is_none() {
            group.members = self.new_set()?;
            if let Err(e) = group.reset(processes) {
                remove_members(std::mem::take(&mut group.members));
                return Err(e);
            }
        }
        group.refused_before = group.refused_forks();
        group.members[MEMORY] = self.make(MEMORY, &format!("mayan-run-{name}"))?;
        if let Some(memory) = group.file(MEMORY, "memory.limit_in_bytes") {
            write(&memory, &ceiling.to_string())?;
        }
        Ok(group)
    }

    /// A new set of cpuacct, pids and freezer groups, whole or not at all.
    fn new_set(&self) -> io::Result<Members> {
        let mut set = Members::default();
        for _ in 0..8 {
            let name = kept::set_name();
            let made = [CPUACCT, PIDS, FREEZER]
                .into_iter()
                .try_for_each(|i| self.make(i, &name).map(|m| set[i] = m));
            match made {
                Ok(()) => return Ok(set),
                // Left by an earlier judge of the same pid and start, say.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => {
                    remove_members(set);
                    return Err(e);
                }
            }
            remove_members(std::mem::take(&mut set));
        }
        Err(io::Error::from(io::ErrorKind::AlreadyExists))
    }

    /// A new group named `name` in hierarchy `i`, if the judge uses it.
    fn make(&self, i: usize, name: &str) -> io::Result<Option<Member>> {
        let Some(base) = &self.bases[i] else {
            return Ok(None);
        };
        let dir = base.join(name);
        std::fs::create_dir(&dir)?;
        match OpenOptions::new()
            .write(true)
            .open(dir.join("cgroup.procs"))
        {
            Ok(procs) => Ok(Some(Member { dir, procs })),
            Err(e) => {
                remove_group(&dir);
                Err(e)
            }
        }
    }

    /// The folders of the sets kept for the next runs (for tests).
    pub fn kept_folders(&self) -> Vec<PathBuf> {
        self.kept
            .map(|set| {
                set.iter()
                    .flatten()
                    .map(|m| m.dir.clone())
                    .collect::<Vec<_>>()
            })
            .concat()
    }
}

/// Kills what gone judges' runs left in their groups (`mayan-run-…` and
/// `mayan-kept-…` in any hierarchy; see `leftovers`) and removes the
/// groups: the freezer groups first, each frozen while its processes are
/// killed so that none forks meanwhile (every process of a run is in its
/// freezer group), then the others.
fn sweep_abandoned(bases: &[Option<PathBuf>; 4]) {
    let mut found: Vec<(usize, PathBuf)> = Vec::new();
    for (i, base) in bases.iter().enumerate() {
        let Some(base) = base else { continue };
        for entry in std::fs::read_dir(base).into_iter().flatten().flatten() {
            let name = entry.file_name();
            if name.to_str().is_some_and(leftovers::abandoned_group) {
                found.push((i, entry.path()));
            }
        }
    }
    found.sort_by_key(|&(i, _)| i != FREEZER);
    for (i, dir) in found {
        drain(&dir, i == FREEZER);
        remove_group(&dir);
    }
}

/// Kills every process in the group `dir` until none is left (2 s at
/// most); a freezer group is frozen while they are sent the signal, and
/// left thawed.
fn drain(dir: &Path, freezer: bool) {
    let state = dir.join("freezer.state");
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        let pids = super::read_pids(&dir.join("cgroup.procs"));
        if pids.is_empty() {
            break;
        }
        if freezer {
            let _ = write(&state, "FROZEN");
        }
        super::kill_each(&pids);
        if freezer {
            let _ = write(&state, "THAWED");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    if freezer {
        let _ = write(&state, "THAWED");
    }
}

fn remove_members(members: Members) {
    for member in members.into_iter().flatten() {
        drop(member.procs);
        remove_group(&member.dir);
    }
}

impl Group {
    fn file(&self, controller: usize, name: &str) -> Option<PathBuf> {
        self.members[controller].as_ref().map(|m| m.dir.join(name))
    }

    fn read(&self, controller: usize, name: &str) -> io::Result<u64> {
        self.file(controller, name).map_or(Ok(0), |p| read_u64(&p))
    }

    /// Readies a set for a run: CPU time back to zero, the process limit,
    /// thawed. An error when a group is gone.
    fn reset(&self, processes: u32) -> io::Result<()> {
        let settings = [
            (CPUACCT, "cpuacct.usage", "0".to_string()),
            (PIDS, "pids.max", processes.to_string()),
            (FREEZER, "freezer.state", "THAWED".to_string()),
        ];
        for (i, file, value) in settings {
            if let Some(path) = self.file(i, file) {
                write(&path, &value)?;
            }
        }
        Ok(())
    }

    pub fn procs_fds(&self) -> [RawFd; 4] {
        self.members
            .each_ref()
            .map(|m| m.as_ref().map_or(-1, |m| m.procs.as_raw_fd()))
    }

    pub fn has_pids(&self) -> bool {
        self.members[PIDS].is_some()
    }

    pub fn cpu(&self) -> io::Result<Duration> {
        self.read(CPUACCT, "cpuacct.usage")
            .map(Duration::from_nanos)
    }

    pub fn usage(&self) -> io::Result<u64> {
        self.read(MEMORY, "memory.usage_in_bytes")
    }

    pub fn peak(&self) -> io::Result<u64> {
        self.read(MEMORY, "memory.max_usage_in_bytes")
    }

    /// Forks and threads the pids group refused so far, over all its runs.
    fn refused_forks(&self) -> u64 {
        self.file(PIDS, "pids.events")
            .and_then(|p| std::fs::read_to_string(p).ok())
            .map_or(0, |t| super::events_count(&t, "max"))
    }

    pub fn hit_process_limit(&self) -> bool {
        self.refused_forks() > self.refused_before
    }

    fn pids(&self) -> Vec<libc::pid_t> {
        self.file(MEMORY, "cgroup.procs")
            .map(|p| super::read_pids(&p))
            .unwrap_or_default()
    }

    /// Freezes (when there is a freezer) or thaws the group.
    fn freeze(&self, frozen: bool) {
        let Some(state) = self.file(FREEZER, "freezer.state") else {
            return;
        };
        let want = if frozen { "FROZEN" } else { "THAWED" };
        if write(&state, want).is_err() || !frozen {
            return;
        }
        let deadline = Instant::now() + Duration::from_millis(50);
        while Instant::now() < deadline {
            match std::fs::read_to_string(&state) {
                Ok(s) if s.trim() == "FREEZING" => std::thread::sleep(Duration::from_micros(100)),
                _ => return,
            }
        }
    }

    /// Kills every process in the group until none is left: frozen first,
    /// where there is a freezer, so none can fork while the others die.
    pub fn kill_all(&self) {
        for _ in 0..100 {
            if self.pids().is_empty() {
                return;
            }
            self.freeze(true);
            super::kill_each(&self.pids());
            self.freeze(false);
            std::thread::sleep(Duration::from_micros(200));
        }
    }

    /// True when the set is whole and its groups hold no process: none
    /// left, none unreaped (`pids.current` counts zombies; without a pids
    /// group, `tasks` lists every thread). Every process of the run was in
    /// all of them.
    fn reusable(&self) -> bool {
        let whole = [CPUACCT, PIDS, FREEZER]
            .iter()
            .all(|&i| self.members[i].is_some() == self.used[i]);
        let text = |i: usize, name: &str| {
            self.file(i, name)
                .map(|p| std::fs::read_to_string(p).unwrap_or_else(|_| "?".into()))
        };
        let empty = match text(PIDS, "pids.current") {
            Some(count) => count.trim() == "0",
            None => text(CPUACCT, "tasks").is_some_and(|t| t.trim().is_empty()),
        };
        whole && empty
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill_all();
        let reusable = self.reusable();
        let mut members = std::mem::take(&mut self.members);
        if let Some(memory) = members[MEMORY].take() {
            remove_members([Some(memory), None, None, None]);
        }
        if reusable {
            self.kept.put(members);
        } else {
            remove_members(members);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_groups_are_read_per_controller_including_co_mounted_ones() {
        let text = "9:name=systemd:/\n4:memory:/process_api/abc\n2:cpu,cpuacct:/x\n0::/\n";
        assert_eq!(
            own_path(text, "memory").as_deref(),
            Some("/process_api/abc")
        );
        assert_eq!(own_path(text, "cpuacct").as_deref(), Some("/x"));
        assert_eq!(own_path(text, "pids"), None);
    }
}
