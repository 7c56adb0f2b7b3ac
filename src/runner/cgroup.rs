//! Per-run control groups (cgroup v1, memory and cpuacct controllers), where
//! the judge may create them: CPU time and peak memory of the whole process
//! tree, a kernel-enforced memory ceiling, and a list of every process of the
//! run to kill at the end. Probed once; absent, the runner falls back to
//! rlimits, rusage and `/proc` sampling and says so.
//!
//! cgroup v2 hosts are not handled yet.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::time::Duration;

const MEMORY_ROOT: &str = "/sys/fs/cgroup/memory";
const CPUACCT_ROOT: &str = "/sys/fs/cgroup/cpuacct";

/// The place where per-run groups are made.
#[derive(Debug, Clone)]
pub struct Cgroups {
    memory: PathBuf,
    cpuacct: PathBuf,
}

/// The groups of one run; removed when dropped.
#[derive(Debug)]
pub struct RunGroup {
    memory: PathBuf,
    cpuacct: PathBuf,
    /// Open `cgroup.procs` files, written by the child before it executes.
    procs: [File; 2],
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
    /// The v1 hierarchies if a group can be made in both; `None` otherwise.
    pub fn probe() -> Option<Cgroups> {
        let cgroups = Cgroups {
            memory: PathBuf::from(MEMORY_ROOT),
            cpuacct: PathBuf::from(CPUACCT_ROOT),
        };
        let probe = cgroups
            .create(&format!("probe-{}", std::process::id()), 64 << 20)
            .ok()?;
        drop(probe);
        Some(cgroups)
    }

    /// Makes the groups of one run, with a memory ceiling in bytes.
    pub fn create(&self, name: &str, ceiling: u64) -> io::Result<RunGroup> {
        let memory = self.memory.join(format!("mayan-{name}"));
        let cpuacct = self.cpuacct.join(format!("mayan-{name}"));
        std::fs::create_dir(&memory)?;
        if let Err(e) = std::fs::create_dir(&cpuacct) {
            let _ = std::fs::remove_dir(&memory);
            return Err(e);
        }
        let open = |dir: &Path| {
            OpenOptions::new()
                .write(true)
                .open(dir.join("cgroup.procs"))
        };
        let group = (|| {
            write(&memory.join("memory.limit_in_bytes"), &ceiling.to_string())?;
            Ok::<_, io::Error>([open(&memory)?, open(&cpuacct)?])
        })();
        match group {
            Ok(procs) => Ok(RunGroup {
                memory,
                cpuacct,
                procs,
            }),
            Err(e) => {
                let _ = std::fs::remove_dir(&memory);
                let _ = std::fs::remove_dir(&cpuacct);
                Err(e)
            }
        }
    }
}

impl RunGroup {
    /// File descriptors the child writes its pid to (see [`join`]).
    pub fn procs_fds(&self) -> [RawFd; 2] {
        [self.procs[0].as_raw_fd(), self.procs[1].as_raw_fd()]
    }

    /// CPU time of every process that ran in the group.
    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(read_u64(&self.cpuacct.join("cpuacct.usage")))
    }

    /// Memory in use now, bytes.
    pub fn usage(&self) -> u64 {
        read_u64(&self.memory.join("memory.usage_in_bytes"))
    }

    /// Peak memory of the group, bytes.
    pub fn peak(&self) -> u64 {
        read_u64(&self.memory.join("memory.max_usage_in_bytes"))
    }

    /// True when the kernel had to hold the group at its ceiling.
    pub fn hit_ceiling(&self) -> bool {
        read_u64(&self.memory.join("memory.failcnt")) > 0
    }

    /// Kills every process in the group until none is left.
    pub fn kill_all(&self) {
        for _ in 0..100 {
            let text =
                std::fs::read_to_string(self.memory.join("cgroup.procs")).unwrap_or_default();
            let pids: Vec<libc::pid_t> = text
                .split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect();
            if pids.is_empty() {
                return;
            }
            for pid in pids {
                // SAFETY: kill takes integers.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.kill_all();
        for dir in [&self.memory, &self.cpuacct] {
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
pub fn join(fds: [RawFd; 2]) {
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
    for fd in fds {
        // SAFETY: writes our stack buffer to a file descriptor the parent
        // opened for this purpose.
        unsafe {
            libc::write(fd, digits[at..].as_ptr().cast(), digits.len() - at);
        }
    }
}
