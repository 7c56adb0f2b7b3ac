//! cgroup v1: a group per run in each of the memory, cpuacct, pids and
//! freezer hierarchies, made below the judge's own group in each (so a limit
//! on the judge, a container's or a service's, covers its runs too). Memory
//! and cpuacct are needed; pids and freezer are used when they are there.
//!
//! Only the memory group is made afresh for each run: what a run leaves in
//! the page cache stays charged to its memory group, and would count in the
//! next run's peak. The others hold nothing once their processes are gone,
//! so an emptied set is kept for the next run, its CPU time set back to
//! zero, its process limit set again and its count of refused forks read
//! (making and removing them cost some 0.25 ms a run here, a quarter of the
//! judge's own time). The kept sets are removed with the last clone of the
//! [`Hierarchies`]; what a judge killed outright leaves (empty groups) the
//! next one's probe removes.

use std::cell::Cell;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{read_u64, remove_group, write};

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

/// Emptied sets of cpuacct, pids and freezer groups (the memory slot is
/// always `None`), waiting for a run; removed when the last clone of the
/// hierarchies and the last run's group are gone.
#[derive(Debug, Default)]
struct Kept(Mutex<Vec<Members>>);

/// The groups of one run; the memory group is removed when dropped, the
/// others kept for the next run once empty.
#[derive(Debug)]
pub struct Group {
    members: Members,
    /// The pids group's count of refused forks when the run began.
    refused_before: u64,
    /// Whether `kill_all` froze the group (to be sure it thawed).
    froze: Cell<bool>,
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
    /// cpuacct are among them.
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
        for base in bases.iter().flatten() {
            remove_abandoned(base);
        }
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
    /// the others a kept set when there is one.
    pub fn create(&self, name: &str, ceiling: u64, processes: u32) -> io::Result<Group> {
        let reused = self.kept.take();
        let mut group = Group {
            members: Members::default(),
            refused_before: 0,
            froze: Cell::new(false),
            kept: Arc::clone(&self.kept),
        };
        // On an error `group` is dropped, removing what was made.
        if let Some(set) = reused {
            group.members = set;
            let usage = group.file(CPUACCT, "cpuacct.usage");
            if usage.is_some_and(|usage| write(&usage, "0").is_ok()) {
                group.refused_before = group.refused_forks();
            } else {
                // Gone (removed by hand, say): a new set instead.
                remove_members(std::mem::take(&mut group.members));
            }
        }
        if group.members[CPUACCT].is_none() {
            let name = format!("mayan-kept-{}-{}", std::process::id(), next_set());
            for i in [CPUACCT, PIDS, FREEZER] {
                group.members[i] = self.make(i, &name)?;
            }
        }
        group.members[MEMORY] = self.make(MEMORY, &format!("mayan-{name}"))?;
        if let Some(memory) = group.file(MEMORY, "memory.limit_in_bytes") {
            write(&memory, &ceiling.to_string())?;
        }
        if let Some(pids) = group.file(PIDS, "pids.max") {
            write(&pids, &processes.to_string())?;
        }
        Ok(group)
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
        let sets = self.kept.0.lock().unwrap_or_else(|e| e.into_inner());
        sets.iter()
            .flat_map(|set| set.iter().flatten().map(|m| m.dir.clone()))
            .collect()
    }
}

/// Removes the empty groups judges that are gone left in `base` (killed
/// before they could remove them): named `mayan-PID-...` or
/// `mayan-kept-PID-...`, for a PID no process has now. A group that still
/// holds a process cannot be removed, and is left.
fn remove_abandoned(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let abandoned = name
            .to_str()
            .and_then(judge_of)
            .is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists());
        if abandoned {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

/// The judge's pid in the name of a run's group or a kept set.
fn judge_of(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("mayan-")?;
    let rest = rest.strip_prefix("kept-").unwrap_or(rest);
    let (pid, _) = rest.split_once('-')?;
    pid.parse().ok()
}

/// A number for the name of a new kept set, unique in this process.
fn next_set() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Kept {
    fn take(&self) -> Option<Members> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    fn put(&self, set: Members) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(set);
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

    fn read(&self, controller: usize, name: &str) -> u64 {
        self.file(controller, name).map_or(0, |p| read_u64(&p))
    }

    pub fn procs_fds(&self) -> [RawFd; 4] {
        self.members
            .each_ref()
            .map(|m| m.as_ref().map_or(-1, |m| m.procs.as_raw_fd()))
    }

    pub fn has_pids(&self) -> bool {
        self.members[PIDS].is_some()
    }

    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(self.read(CPUACCT, "cpuacct.usage"))
    }

    pub fn usage(&self) -> u64 {
        self.read(MEMORY, "memory.usage_in_bytes")
    }

    pub fn peak(&self) -> u64 {
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
        self.froze.set(self.froze.get() || frozen);
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

    /// True when the groups other than memory hold no process (none left,
    /// none unreaped: `pids.current` counts zombies) and are thawed: fit
    /// for another run. Every process of the run was in all of them.
    fn reusable(&self) -> bool {
        let text = |i: usize, name: &str| {
            self.file(i, name)
                .map(|p| std::fs::read_to_string(p).unwrap_or_else(|_| "?".into()))
        };
        let empty = match text(PIDS, "pids.current") {
            Some(count) => count.trim() == "0",
            None => text(CPUACCT, "cgroup.procs").is_some_and(|t| t.trim().is_empty()),
        };
        let thawed = !self.froze.get()
            || text(FREEZER, "freezer.state").is_none_or(|t| t.trim() == "THAWED");
        self.members[CPUACCT].is_some() && empty && thawed
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
    fn abandoned_groups_are_known_by_their_judges_pid() {
        assert_eq!(judge_of("mayan-4242-7"), Some(4242));
        assert_eq!(judge_of("mayan-kept-4242-0"), Some(4242));
        for other in [
            "mayan-probe-4242",
            "mayan-judge",
            "mayan-bench-1",
            "system.slice",
            "mayan-",
        ] {
            assert_eq!(judge_of(other), None, "{other}");
        }
    }

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
