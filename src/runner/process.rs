//! Linux runner: a child process in its own process group, with rlimits as a
//! backstop, measured by `wait4`'s rusage and a watchdog that samples
//! `/proc` and kills the whole group on a wall-clock, CPU or memory breach.
//! After every run, everything it started is killed: its process group, and
//! any process (setsid'd or orphaned) that still carries the run's marker in
//! its environment.
//!
//! Where the judge can make cgroups (see `cgroup`), each run gets its own:
//! CPU time and peak memory then cover the whole process tree, the kernel
//! holds memory at a ceiling a little above the limit, and every process in
//! the group is killed at the end. Elsewhere memory is measured by rusage and
//! `/proc` sampling: a spike shorter than the sampling period is only seen
//! through rusage's peak, after the fact.

use std::fs::File;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::cgroup::{self, Cgroups, RunGroup};
use super::{Exit, RunOutcome, RunSpec, Runner, Stop};

/// How often the watchdog looks at a running program.
const SAMPLE: Duration = Duration::from_millis(5);

/// The environment variable that marks every process of one run.
pub const RUN_MARKER: &str = "MAYAN_RUN_ID";

static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

/// Runs programs as child processes of the judge.
#[derive(Debug)]
pub struct ProcessRunner {
    cgroups: Option<Cgroups>,
}

impl ProcessRunner {
    /// Makes the judge the reaper of its orphaned descendants, so a
    /// double-forked child is still ours to find and kill, and uses per-run
    /// cgroups where they can be made.
    pub fn new() -> ProcessRunner {
        let mut runner = ProcessRunner::without_cgroups();
        runner.cgroups = Cgroups::probe();
        runner
    }

    /// The same, measuring by rusage and `/proc` only.
    pub fn without_cgroups() -> ProcessRunner {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes an integer flag and
        // touches no memory of ours.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
        ProcessRunner { cgroups: None }
    }
}

impl Default for ProcessRunner {
    fn default() -> ProcessRunner {
        ProcessRunner::new()
    }
}

/// The memory ceiling the kernel enforces on a run's cgroup: above the limit,
/// so that a breach is seen and named, but not far above.
fn ceiling(limit: u64) -> u64 {
    limit + (limit / 4).max(64 << 20)
}

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) {
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: setrlimit reads the struct we pass; failure leaves the limit
    // as it was, which the watchdog still enforces.
    unsafe {
        libc::setrlimit(resource, &limit);
    }
}

impl Runner for ProcessRunner {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        let (program, args) = spec
            .argv
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty command"))?;
        let run_id = format!(
            "{}-{}",
            std::process::id(),
            NEXT_RUN.fetch_add(1, Ordering::Relaxed)
        );
        let stdin = match &spec.stdin {
            Some(path) => Stdio::from(File::open(path)?),
            None => Stdio::null(),
        };
        let limits = spec.limits;
        let group = match &self.cgroups {
            Some(c) => Some(c.create(&run_id, ceiling(limits.memory))?),
            None => None,
        };
        let group_fds = group.as_ref().map(RunGroup::procs_fds);
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(&spec.workdir)
            .stdin(stdin)
            .stdout(File::create(&spec.stdout)?)
            .stderr(File::create(&spec.stderr)?)
            .env(RUN_MARKER, &run_id);
        // SAFETY: only async-signal-safe calls (getpid, write, setpgid,
        // setrlimit) between fork and exec.
        unsafe {
            command.pre_exec(move || {
                if let Some(fds) = group_fds {
                    cgroup::join(fds);
                }
                libc::setpgid(0, 0);
                let cpu_seconds = limits.cpu.as_secs() + 1;
                set_limit(libc::RLIMIT_CPU, cpu_seconds + 1);
                set_limit(libc::RLIMIT_FSIZE, limits.output + 1);
                set_limit(libc::RLIMIT_CORE, 0);
                // A backstop only: the watchdog enforces the real limit on
                // resident memory, and interpreters reserve far more address
                // space than they use.
                set_limit(
                    libc::RLIMIT_AS,
                    limits.memory.saturating_mul(8).saturating_add(1 << 30),
                );
                Ok(())
            });
        }
        let start = Instant::now();
        let child = command.spawn()?;
        let pid = child.id() as libc::pid_t;
        let (done, finished) = mpsc::channel::<()>();
        let (status, usage, wall, (stopped, sampled_peak_kib)) = std::thread::scope(|scope| {
            let watchdog = scope.spawn(|| watch(pid, group.as_ref(), limits, start, finished));
            let waited = wait_for(pid);
            let wall = start.elapsed();
            let _ = done.send(());
            let watched = watchdog.join().unwrap_or((None, 0));
            waited.map(|(status, usage)| (status, usage, wall, watched))
        })?;
        if let Some(group) = &group {
            group.kill_all();
        }
        kill_everything(pid, &run_id);
        let mut cpu = timeval(usage.ru_utime) + timeval(usage.ru_stime);
        let mut peak_kib = (usage.ru_maxrss as u64).max(sampled_peak_kib);
        if let Some(group) = &group {
            // The whole tree, orphans included.
            cpu = cpu.max(group.cpu());
            peak_kib = peak_kib.max(group.peak() / 1024);
        }
        let exit = if libc::WIFSIGNALED(status) {
            Exit::Signal(libc::WTERMSIG(status))
        } else {
            Exit::Code(libc::WEXITSTATUS(status))
        };
        let stopped = stopped
            .or_else(|| {
                (peak_kib * 1024 > limits.memory && matches!(exit, Exit::Signal(_)))
                    .then_some(Stop::Memory)
            })
            .or_else(|| {
                (cpu > limits.cpu && matches!(exit, Exit::Signal(_))).then_some(Stop::CpuTime)
            });
        Ok(RunOutcome {
            exit,
            stopped,
            cpu,
            wall,
            peak_memory_kib: peak_kib,
        })
    }

    fn method(&self) -> &'static str {
        if self.cgroups.is_some() {
            "cgroup v1 (memory, cpuacct) per run, with wait4 rusage and rlimits"
        } else {
            "rlimits, wait4 rusage and /proc sampling (no cgroup)"
        }
    }
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
}

/// Waits for the child, retrying on EINTR; returns its status and rusage.
fn wait_for(pid: libc::pid_t) -> io::Result<(i32, libc::rusage)> {
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data; wait4 fills it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pid is our child; the pointers are to locals.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            return Ok((status, usage));
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Samples the running program until told it ended; kills its group on a
/// breach. Returns why it was stopped, if it was, and the largest resident
/// memory seen (KiB).
fn watch(
    pid: libc::pid_t,
    group: Option<&RunGroup>,
    limits: super::Limits,
    start: Instant,
    finished: mpsc::Receiver<()>,
) -> (Option<Stop>, u64) {
    let mut peak = 0;
    loop {
        match finished.recv_timeout(SAMPLE) {
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            _ => return (None, peak),
        }
        let stop = if start.elapsed() > limits.wall {
            Some(Stop::WallTime)
        } else {
            let (memory_kib, cpu) = match group {
                Some(g) => (g.usage() / 1024, g.cpu()),
                None => sample(pid),
            };
            peak = peak.max(memory_kib);
            if memory_kib * 1024 > limits.memory {
                Some(Stop::Memory)
            } else if cpu > limits.cpu {
                Some(Stop::CpuTime)
            } else {
                None
            }
        };
        if let Some(stop) = stop {
            // SAFETY: kill takes integers; -pid names the run's group.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
                libc::kill(pid, libc::SIGKILL);
            }
            if let Some(g) = group {
                g.kill_all();
            }
            let _ = finished.recv();
            return (Some(stop), peak);
        }
    }
}

/// Resident memory (KiB) and CPU time of a process, from `/proc`; zeros when
/// it is gone.
fn sample(pid: libc::pid_t) -> (u64, Duration) {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return (0, Duration::ZERO);
    };
    // Fields after the command name, which is in parentheses and may hold spaces.
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
        return (0, Duration::ZERO);
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let number = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // SAFETY: sysconf takes an integer.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    // SAFETY: as above.
    let page_kib = (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64) / 1024;
    // utime is field 14 and stime 15 of stat (1-based), rss 24: here shifted by 3.
    let cpu = Duration::from_millis((number(11) + number(12)) * 1000 / ticks);
    (number(21) * page_kib, cpu)
}

/// Kills the run's process group and every process that carries the run's
/// marker (a setsid'd or double-forked escapee), and reaps the ones that
/// became our children.
///
/// The judge is child subreaper, so once the program is gone its escapees
/// are orphans adopted by the judge: listing the judge's own children finds
/// them without reading every process's environment. Killing one orphans its
/// children in turn, so the search repeats until none is left.
pub fn kill_everything(pid: libc::pid_t, run_id: &str) {
    // SAFETY: kill takes integers.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let marker = format!("{RUN_MARKER}={run_id}");
    // SAFETY: getpid takes nothing.
    let me = unsafe { libc::getpid() };
    for _ in 0..64 {
        let found = match own_children() {
            Some(children) => children
                .into_iter()
                .filter(|&c| carries(c, &marker))
                .map(|c| (c, me))
                .collect(),
            None => marked_processes(&marker),
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

/// The judge's children, from `/proc/self/task/*/children`; `None` where the
/// kernel does not offer that list.
fn own_children() -> Option<Vec<libc::pid_t>> {
    let mut children = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let list = std::fs::read_to_string(task.ok()?.path().join("children")).ok()?;
        children.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<libc::pid_t>().ok()),
        );
    }
    Some(children)
}

fn carries(pid: libc::pid_t, marker: &str) -> bool {
    std::fs::read(format!("/proc/{pid}/environ"))
        .map(|env| env.split(|&b| b == 0).any(|v| v == marker.as_bytes()))
        .unwrap_or(false)
}

/// Processes whose environment holds `marker` (those we may read), with
/// their parents.
fn marked_processes(marker: &str) -> Vec<(libc::pid_t, libc::pid_t)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.parse::<libc::pid_t>().ok())
        })
        .filter(|&pid| carries(pid, marker))
        .map(|pid| (pid, parent_of(pid)))
        .collect()
}

fn parent_of(pid: libc::pid_t) -> libc::pid_t {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')
                .and_then(|(_, r)| r.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
