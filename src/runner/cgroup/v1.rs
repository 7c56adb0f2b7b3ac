//! cgroup v1: a group per run in each of the memory, cpuacct, pids and
//! freezer hierarchies, made below the judge's own group in each (so a limit
//! on the judge, a container's or a service's, covers its runs too). Memory
//! and cpuacct are needed; pids and freezer are used when they are there.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{read_u64, remove_group, write};

const ROOT: &str = "/sys/fs/cgroup";

/// The controllers a run's group is made in, by their folder name.
const CONTROLLERS: [&str; 4] = ["memory", "cpuacct", "pids", "freezer"];

/// Where per-run groups are made: the judge's own group in each hierarchy
/// that works here, in `CONTROLLERS` order.
#[derive(Debug, Clone)]
pub struct Hierarchies {
    bases: [Option<PathBuf>; 4],
}

/// The groups of one run; removed when dropped.
#[derive(Debug)]
pub struct Group {
    dirs: [Option<PathBuf>; 4],
    /// Open `cgroup.procs` files, written by the child before it executes.
    procs: Vec<File>,
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
        (bases[0].is_some() && bases[1].is_some()).then_some(Hierarchies { bases })
    }

    pub fn has_pids(&self) -> bool {
        self.bases[2].is_some()
    }

    pub fn has_freezer(&self) -> bool {
        self.bases[3].is_some()
    }

    /// Makes the groups of one run, with a memory ceiling in bytes and at
    /// most `processes` processes (threads included).
    pub fn create(&self, name: &str, ceiling: u64, processes: u32) -> io::Result<Group> {
        let mut group = Group {
            dirs: [None, None, None, None],
            procs: Vec::with_capacity(4),
        };
        // On an error `group` is dropped, removing what was made.
        for (i, base) in self.bases.iter().enumerate() {
            let Some(base) = base else { continue };
            let dir = base.join(format!("mayan-{name}"));
            std::fs::create_dir(&dir)?;
            group.dirs[i] = Some(dir);
        }
        if let Some(memory) = &group.dirs[0] {
            write(&memory.join("memory.limit_in_bytes"), &ceiling.to_string())?;
        }
        if let Some(pids) = &group.dirs[2] {
            write(&pids.join("pids.max"), &processes.to_string())?;
        }
        for dir in group.dirs.iter().flatten() {
            let procs = OpenOptions::new()
                .write(true)
                .open(dir.join("cgroup.procs"))?;
            group.procs.push(procs);
        }
        Ok(group)
    }
}

impl Group {
    fn file(&self, controller: usize, name: &str) -> Option<PathBuf> {
        self.dirs[controller].as_ref().map(|d| d.join(name))
    }

    fn read(&self, controller: usize, name: &str) -> u64 {
        self.file(controller, name).map_or(0, |p| read_u64(&p))
    }

    pub fn procs_fds(&self) -> [RawFd; 4] {
        let mut fds = [-1; 4];
        for (fd, file) in fds.iter_mut().zip(&self.procs) {
            *fd = file.as_raw_fd();
        }
        fds
    }

    pub fn has_pids(&self) -> bool {
        self.dirs[2].is_some()
    }

    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(self.read(1, "cpuacct.usage"))
    }

    pub fn usage(&self) -> u64 {
        self.read(0, "memory.usage_in_bytes")
    }

    pub fn peak(&self) -> u64 {
        self.read(0, "memory.max_usage_in_bytes")
    }

    pub fn hit_process_limit(&self) -> bool {
        self.file(2, "pids.events")
            .and_then(|p| std::fs::read_to_string(p).ok())
            .is_some_and(|t| super::events_count(&t, "max") > 0)
    }

    fn pids(&self) -> Vec<libc::pid_t> {
        self.file(0, "cgroup.procs")
            .map(|p| super::read_pids(&p))
            .unwrap_or_default()
    }

    /// Freezes (when there is a freezer) or thaws the group.
    fn freeze(&self, frozen: bool) {
        let Some(state) = self.file(3, "freezer.state") else {
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
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill_all();
        for dir in self.dirs.iter().flatten() {
            remove_group(dir);
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
