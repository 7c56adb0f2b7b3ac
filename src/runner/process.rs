//! Linux runner: a child process in its own process group, with rlimits as a
//! backstop, measured by `wait4`'s rusage and a watchdog (`watch`) that kills
//! it on a wall-clock, CPU, memory or disk breach. After every run everything
//! it started is killed (`reap`).
//!
//! Where the judge can make cgroups (see `cgroup`), each run gets its own:
//! CPU time and peak memory then come from the group and cover the whole
//! process tree (and none of the judge's own memory), the kernel holds memory
//! at a ceiling a little above the limit and the process count at the limit,
//! and every process in the group is killed at the end. Elsewhere memory is
//! measured by rusage and `/proc` sampling of the main process.
//!
//! Unless it is off, the sandbox (see `sandbox`) confines each run: its own
//! user id, file rules, no network, a system-call filter, a clean
//! environment.

use std::fs::File;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::cgroup::{self, Cgroups, RunGroup};
use super::reap::{self, RUN_MARKER};
use super::sandbox::{Jail, Protection, Sandbox};
use super::watch::{Watched, folder_size, over_disk, own_resident_kib, watch};
use super::{Exit, RunOutcome, RunSpec, Runner, Stop};
use crate::config::SandboxMode;

static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

/// `--sandbox strict` on a machine that lacks some protection.
#[derive(Debug, thiserror::Error)]
#[error("--sandbox strict: not every protection is available here; missing: {}", missing.join("; "))]
pub struct StrictUnmet {
    /// Each missing protection, with the reason.
    pub missing: Vec<String>,
}

/// Runs programs as child processes of the judge.
#[derive(Debug)]
pub struct ProcessRunner {
    cgroups: Option<Cgroups>,
    sandbox: Option<Sandbox>,
}

impl ProcessRunner {
    /// Per-run cgroups where they can be made, and every protection of the
    /// sandbox this machine offers.
    pub fn new() -> ProcessRunner {
        ProcessRunner::with_parts(true, Some(Sandbox::probe(Vec::new())))
    }

    /// The runner a sandbox mode asks for, with extra folders every run may
    /// read; `Err` lists what is missing when `Strict` cannot be met.
    pub fn configured(
        mode: SandboxMode,
        readable: Vec<PathBuf>,
    ) -> Result<ProcessRunner, StrictUnmet> {
        let sandbox = (mode != SandboxMode::Off).then(|| Sandbox::probe(readable));
        let runner = ProcessRunner::with_parts(true, sandbox);
        if mode == SandboxMode::Strict {
            let missing: Vec<String> = runner
                .protections()
                .into_iter()
                .filter(|p| !p.active)
                .map(|p| format!("{} ({})", p.name, p.how))
                .collect();
            if !missing.is_empty() {
                return Err(StrictUnmet { missing });
            }
        }
        Ok(runner)
    }

    /// Measuring by rusage and `/proc` only, with no sandbox.
    pub fn without_cgroups() -> ProcessRunner {
        ProcessRunner::with_parts(false, None)
    }

    /// Cgroups or not, and a sandbox or none. The judge becomes the reaper
    /// of its orphaned descendants, so a double-forked child is still ours to
    /// find and kill.
    pub fn with_parts(cgroups: bool, sandbox: Option<Sandbox>) -> ProcessRunner {
        ProcessRunner::with_cgroups(if cgroups { Cgroups::probe() } else { None }, sandbox)
    }

    /// Given cgroups (v2 on a host that has both, say) and a sandbox.
    pub fn with_cgroups(cgroups: Option<Cgroups>, sandbox: Option<Sandbox>) -> ProcessRunner {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes an integer flag and
        // touches no memory of ours.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
        ProcessRunner { cgroups, sandbox }
    }

    /// Every protection, active or not: the sandbox's and the resources'.
    pub fn protections(&self) -> Vec<Protection> {
        super::protections::all(self.cgroups.as_ref(), self.sandbox.as_ref())
    }

    /// The run's cgroups, when there are any.
    fn group(&self, run_id: &str, spec: &RunSpec) -> io::Result<Option<RunGroup>> {
        let Some(c) = &self.cgroups else {
            return Ok(None);
        };
        let limits = spec.limits;
        c.create(run_id, ceiling(limits.memory), limits.processes)
            .map(Some)
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

/// What the run observed, before it is turned into a [`RunOutcome`].
struct Ended {
    status: i32,
    usage: libc::rusage,
    wall: Duration,
    stopped: Option<Stop>,
    sampled_peak_kib: u64,
    /// The judge's resident memory when it forked the child.
    judge_kib: u64,
}

impl Runner for ProcessRunner {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        if spec.argv.is_empty() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty command"));
        }
        let run_id = format!(
            "{}-{}",
            std::process::id(),
            NEXT_RUN.fetch_add(1, Ordering::Relaxed)
        );
        let jail = match &self.sandbox {
            Some(s) => Some(s.jail(spec)?),
            None => None,
        };
        let group = self.group(&run_id, spec)?;
        let ended = spawn_and_wait(spec, &run_id, group.as_ref(), jail.as_ref());
        if let Some(group) = &group {
            group.kill_all();
        }
        let uid = jail.as_ref().and_then(Jail::uid);
        if let Ok((pid, _)) = &ended {
            // With a cgroup every process is gone already; otherwise search
            // by user id, which also finds a process that cleared its
            // environment, or by the marker.
            reap::kill_everything(*pid, &run_id, uid.filter(|_| group.is_none()));
        }
        if let Some(jail) = jail {
            jail.release()?;
        }
        let (_, ended) = ended?;
        Ok(outcome(&ended, group.as_ref(), spec))
    }

    fn method(&self) -> String {
        match &self.cgroups {
            Some(c) if c.has_memory() => {
                format!("{} per run, with wait4 rusage and rlimits", c.describe())
            }
            Some(c) => format!(
                "{} per run for CPU time; memory by rusage and /proc sampling",
                c.describe()
            ),
            None => "rlimits, wait4 rusage and /proc sampling (no cgroup)".to_string(),
        }
    }

    fn protections(&self) -> Vec<Protection> {
        ProcessRunner::protections(self)
    }

    fn working_folder(
        &self,
        dir: &std::path::Path,
        limits: &super::Limits,
    ) -> io::Result<Option<super::sandbox::tmpfs::Mounted>> {
        match &self.sandbox {
            Some(s) => s.working_folder(dir, limits),
            None => Ok(None),
        }
    }
}

/// Starts the program and waits for it under the watchdog; the pid and what
/// was seen.
fn spawn_and_wait(
    spec: &RunSpec,
    run_id: &str,
    group: Option<&RunGroup>,
    jail: Option<&Jail>,
) -> io::Result<(libc::pid_t, Ended)> {
    let argv = jail.map_or(&spec.argv, |j| &j.argv);
    let mut command = command_for(spec, argv, run_id, jail)?;
    enter_limits(&mut command, spec, group, jail);
    let workdir_before = folder_size(&spec.workdir, usize::MAX).unwrap_or(0);
    let judge_kib = if !group.is_some_and(RunGroup::has_memory) {
        own_resident_kib()
    } else {
        0
    };
    let start = Instant::now();
    let pid = {
        let mut live = reap::live_list();
        let child = command
            .spawn()
            .map_err(|e| explain_spawn_error(e, &argv[0], jail))?;
        let pid = child.id() as libc::pid_t;
        live.push(pid);
        pid
    };
    let watched = Watched {
        pid,
        group,
        workdir: &spec.workdir,
        workdir_before,
        limits: spec.limits,
        start,
    };
    let mut ended = wait_watched(&watched)?;
    ended.judge_kib = judge_kib;
    Ok((pid, ended))
}

/// The command of a run: its program and arguments, working folder,
/// standard streams and environment (the jail's, and the run's marker).
fn command_for(
    spec: &RunSpec,
    argv: &[String],
    run_id: &str,
    jail: Option<&Jail>,
) -> io::Result<Command> {
    let stdin = match &spec.stdin {
        Some(path) => Stdio::from(File::open(path)?),
        None => Stdio::null(),
    };
    let mut command = Command::new(&argv[0]);
    command
        .args(&argv[1..])
        .current_dir(&spec.workdir)
        .stdin(stdin)
        .stdout(File::create(&spec.stdout)?)
        .stderr(File::create(&spec.stderr)?);
    if let Some(jail) = jail {
        command.env_clear().envs(jail.env());
    }
    command.env(RUN_MARKER, run_id);
    Ok(command)
}

/// A backstop on processes where there is no pids cgroup: with a user id of
/// its own the run's processes alone count; otherwise the judge's user's
/// tasks are counted now, and the run may add its limit to them.
fn process_backstop(spec: &RunSpec, group: Option<&RunGroup>, jail: Option<&Jail>) -> Option<u64> {
    let limit = u64::from(spec.limits.processes);
    match (
        jail.and_then(Jail::uid),
        group.is_some_and(RunGroup::has_pids),
    ) {
        (Some(_), _) => Some(limit),
        (None, false) if jail.is_some() => {
            // SAFETY: getuid takes nothing.
            let uid = unsafe { libc::getuid() };
            (uid != 0).then(|| reap::tasks_of(uid) + limit)
        }
        (None, _) => None,
    }
}

/// What the child does between fork and exec: join its cgroups, take a
/// process group of its own, set the rlimit backstops, enter the sandbox.
fn enter_limits(
    command: &mut Command,
    spec: &RunSpec,
    group: Option<&RunGroup>,
    jail: Option<&Jail>,
) {
    let limits = spec.limits;
    let group_fds = group.map(RunGroup::procs_fds);
    let steps = jail.map(Jail::child_steps);
    let nproc = process_backstop(spec, group, jail);
    // SAFETY: only async-signal-safe calls (getpid, write, setpgid,
    // setrlimit, and the sandbox's system calls) between fork and exec.
    unsafe {
        command.pre_exec(move || {
            if let Some(fds) = group_fds {
                cgroup::join(fds)?;
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
            if let Some(n) = nproc {
                set_limit(libc::RLIMIT_NPROC, n);
            }
            if let Some(steps) = &steps {
                steps.enter()?;
            }
            Ok(())
        });
    }
}

/// Waits for the started program while the watchdog samples it.
fn wait_watched(watched: &Watched) -> io::Result<Ended> {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let watchdog = scope.spawn(|| watch(watched, finished));
        let waited = wait_for(watched.pid);
        let wall = watched.start.elapsed();
        reap::ended(watched.pid);
        let _ = done.send(());
        let (mut stopped, sampled_peak_kib) = watchdog.join().unwrap_or((None, 0));
        if stopped.is_none() && over_disk(watched) {
            // Written between the last sample and the end.
            stopped = Some(Stop::Disk);
        }
        waited.map(|(status, usage)| Ended {
            status,
            usage,
            wall,
            stopped,
            sampled_peak_kib,
            judge_kib: 0,
        })
    })
}

/// A failed start, said in the terms of the sandbox when it is the cause.
fn explain_spawn_error(e: io::Error, program: &str, jail: Option<&Jail>) -> io::Error {
    match (e.kind(), jail) {
        (io::ErrorKind::PermissionDenied, Some(jail)) => io::Error::new(
            e.kind(),
            format!(
                "{program}: permission denied in the sandbox, which runs it{} with the system \
                 folders, its working folder and the files its command names; make it readable \
                 by others, add its folder to [sandbox] readable, or use --sandbox off",
                jail.uid()
                    .map_or(String::new(), |u| format!(" as user {u}"))
            ),
        ),
        (io::ErrorKind::NotFound, _) => io::Error::new(e.kind(), format!("{program}: not found")),
        _ => e,
    }
}

/// The outcome of a run: from the cgroup where there is one (the whole
/// tree, and none of the judge's memory from before the exec), from rusage
/// and sampling otherwise.
fn outcome(ended: &Ended, group: Option<&RunGroup>, spec: &RunSpec) -> RunOutcome {
    let limits = spec.limits;
    let (cpu, peak_kib) = match group {
        Some(group) if group.has_memory() => (
            group.cpu(),
            (group.peak() / 1024).max(ended.sampled_peak_kib),
        ),
        _ => {
            // rusage's peak includes the judge's pages the child carried
            // from the fork to its exec: above them it is the program's
            // own, below them only the samples tell.
            let maxrss = ended.usage.ru_maxrss as u64;
            let own = if maxrss > ended.judge_kib + 1024 {
                maxrss
            } else {
                0
            };
            let rusage_cpu = timeval(ended.usage.ru_utime) + timeval(ended.usage.ru_stime);
            (
                group.map_or(rusage_cpu, |g| g.cpu().max(rusage_cpu)),
                own.max(ended.sampled_peak_kib),
            )
        }
    };
    let status = ended.status;
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    let stopped = ended
        .stopped
        .or_else(|| {
            (peak_kib * 1024 > limits.memory && matches!(exit, Exit::Signal(_)))
                .then_some(Stop::Memory)
        })
        .or_else(|| (cpu > limits.cpu && matches!(exit, Exit::Signal(_))).then_some(Stop::CpuTime));
    RunOutcome {
        exit,
        stopped,
        cpu,
        wall: ended.wall,
        peak_memory_kib: peak_kib,
        process_limit_hit: group.is_some_and(RunGroup::hit_process_limit),
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
