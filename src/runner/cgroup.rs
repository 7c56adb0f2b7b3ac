//! Per-run control groups (cgroup v1), where the judge may create them: CPU
//! time (cpuacct) and peak memory (memory) of the whole process tree, a
//! kernel-enforced memory ceiling, a process count limit (pids), and every
//! process of the run frozen (freezer) and killed at the end. Probed once:
//! memory and cpuacct are needed for any group, pids and freezer are used
//! when they are there. Absent, the runner falls back to rlimits, rusage and
//! `/proc` sampling and the report says so.
//!
//! cgroup v2 hosts are not handled yet.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const ROOT: &str = "/sys/fs/cgroup";

/// The controllers a run's group may be made in, by their folder name.
const CONTROLLERS: [&str; 4] = ["memory", "cpuacct", "pids", "freezer"];

/// The place where per-run groups are made.
#[derive(Debug, Clone)]
pub struct Cgroups {
    /// The folders of the controllers that work here, in `CONTROLLERS` order.
    roots: [Option<PathBuf>; 4],
}

/// The groups of one run; removed when dropped.
#[derive(Debug)]
pub struct RunGroup {
    dirs: [Option<PathBuf>; 4],
    /// Open `cgroup.procs` files, written by the child before it executes.
    procs: Vec<File>,
}

fn write(path: &Path, text: &str) -> io::Result<()> {
    std::fs::write(path, text)
}

fn read_u64(path: &Path) -> u64 {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(0)
}

impl Cgroups {
    /// The v1 controllers where a group can be made; `None` unless memory
    /// and cpuacct are among them.
    pub fn probe() -> Option<Cgroups> {
        let name = format!("mayan-probe-{}", std::process::id());
        let roots = CONTROLLERS.map(|c| {
            let root = Path::new(ROOT).join(c);
            let dir = root.join(&name);
            let made = std::fs::create_dir(&dir).is_ok();
            let _ = std::fs::remove_dir(&dir);
            made.then_some(root)
        });
        (roots[0].is_some() && roots[1].is_some()).then_some(Cgroups { roots })
    }

    /// True when runs get a process count limit.
    pub fn has_pids(&self) -> bool {
        self.roots[2].is_some()
    }

    /// True when runs are frozen before they are killed.
    pub fn has_freezer(&self) -> bool {
        self.roots[3].is_some()
    }

    /// Makes the groups of one run, with a memory ceiling in bytes and at
    /// most `processes` processes (threads included).
    pub fn create(&self, name: &str, ceiling: u64, processes: u32) -> io::Result<RunGroup> {
        let mut group = RunGroup {
            dirs: [None, None, None, None],
            procs: Vec::with_capacity(4),
        };
        // On an error `group` is dropped, removing what was made.
        for (i, root) in self.roots.iter().enumerate() {
            let Some(root) = root else { continue };
            let dir = root.join(format!("mayan-{name}"));
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

impl RunGroup {
    fn file(&self, controller: usize, name: &str) -> Option<PathBuf> {
        self.dirs[controller].as_ref().map(|d| d.join(name))
    }

    fn read(&self, controller: usize, name: &str) -> u64 {
        self.file(controller, name).map_or(0, |p| read_u64(&p))
    }

    /// File descriptors the child writes its pid to (see [`join`]); -1 for
    /// none.
    pub fn procs_fds(&self) -> [RawFd; 4] {
        let mut fds = [-1; 4];
        for (fd, file) in fds.iter_mut().zip(&self.procs) {
            *fd = file.as_raw_fd();
        }
        fds
    }

    /// True when the group limits its processes.
    pub fn has_pids(&self) -> bool {
        self.dirs[2].is_some()
    }

    /// CPU time of every process that ran in the group.
    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(self.read(1, "cpuacct.usage"))
    }

    /// Memory in use now, bytes.
    pub fn usage(&self) -> u64 {
        self.read(0, "memory.usage_in_bytes")
    }

    /// Peak memory of the group, bytes.
    pub fn peak(&self) -> u64 {
        self.read(0, "memory.max_usage_in_bytes")
    }

    /// True when a fork or thread was refused at the process limit.
    pub fn hit_process_limit(&self) -> bool {
        let Some(path) = self.file(2, "pids.events") else {
            return false;
        };
        std::fs::read_to_string(path)
            .ok()
            .and_then(|t| {
                t.lines()
                    .find_map(|l| l.strip_prefix("max ")?.trim().parse::<u64>().ok())
            })
            .is_some_and(|n| n > 0)
    }

    fn pids(&self) -> Vec<libc::pid_t> {
        let path = self.file(0, "cgroup.procs");
        path.and_then(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect()
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
            let pids = self.pids();
            if pids.is_empty() {
                return;
            }
            self.freeze(true);
            for pid in self.pids() {
                // SAFETY: kill takes integers.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            self.freeze(false);
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.kill_all();
        for dir in self.dirs.iter().flatten() {
            for _ in 0..50 {
                if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
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
