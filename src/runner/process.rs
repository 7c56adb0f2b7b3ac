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

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::cgroup::{self, Cgroups, RunGroup};
use super::guard::Guard;
use super::reap::{self, RUN_MARKER};
use super::sandbox::{ChildSteps, Exposed, Jail, Protection, Sandbox};
use super::spawn;
use super::tree;
use super::watch::{Watched, over_disk, own_peak_kib, own_resident_kib, watch};
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

    /// Given cgroups (v2 on a host that has both, say) and a sandbox. What
    /// judges killed outright left is swept (see `leftovers`): their groups
    /// and the processes of user ids no judge holds were, by the probes;
    /// here the processes that carry their runs' marker, then their scratch
    /// folders.
    pub fn with_cgroups(cgroups: Option<Cgroups>, sandbox: Option<Sandbox>) -> ProcessRunner {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes an integer flag and
        // touches no memory of ours.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
        let temp = std::env::temp_dir();
        super::leftovers::sweep(&[&temp, std::path::Path::new("/dev/shm")]);
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
    /// The judge's memory the child carried to its exec: its resident
    /// memory at a fork, its peak when the child shared its memory.
    judge_kib: u64,
    /// The run's group could not be read while it ran (see `watch`).
    fault: Option<io::Error>,
}

impl Runner for ProcessRunner {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        if spec.argv.is_empty() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty command"));
        }
        // NS-PID-START-N: see `leftovers`.
        let run_id = format!(
            "{}-{}",
            super::leftovers::tag(),
            NEXT_RUN.fetch_add(1, Ordering::Relaxed)
        );
        let jail = match &self.sandbox {
            Some(s) => Some(s.jail(spec)?),
            None => None,
        };
        if let Err(e) = give_own_files(spec, jail.as_ref()) {
            if let Some(jail) = jail {
                jail.release()?;
            }
            return Err(e);
        }
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
            reap::kill_everything(
                *pid,
                &run_id,
                uid.filter(|_| group.is_none()),
                group.is_some(),
            );
        }
        if let Some(jail) = jail {
            jail.release()?;
        }
        let (_, ended) = ended?;
        outcome(ended, group.as_ref(), spec)
    }

    fn guard(&mut self, guarded: &crate::inputs::Inputs) -> Result<(), Exposed> {
        match &mut self.sandbox {
            Some(sandbox) => sandbox.guard(guarded),
            // `--sandbox off`: the user's choice, said in the report.
            None => Ok(()),
        }
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

    fn run_scratch(&self) -> io::Result<super::Scratch> {
        match self.sandbox.as_ref().and_then(Sandbox::scratch_root) {
            Some(root) => super::scratch_dir_in(root, "mayan-run-"),
            None => super::scratch_dir("mayan-run-"),
        }
    }
}

/// Gives the run's own files (its copy of the input) to its user id, when
/// it has one, so that it may write them (`Jail::release` takes them back
/// with its working folder). Without one the run is the judge's user, whose
/// files they are already.
fn give_own_files(spec: &RunSpec, jail: Option<&Jail>) -> io::Result<()> {
    match jail.and_then(Jail::uid) {
        Some(uid) => (spec.own_files.iter()).try_for_each(|p| super::sandbox::uid::give(p, uid)),
        None => Ok(()),
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
    let setup = ChildSetup::new(spec, group, jail);
    let start_child = starter(spec, argv, run_id, jail, setup)?;
    let workdir_before = tree::size(&spec.workdir, usize::MAX).unwrap_or(0);
    // What of rusage's peak is the judge's (see `outcome`): a forked child
    // carries the judge's resident pages to its exec; one sharing the
    // judge's memory carries the judge's peak, read after the exec, so that
    // nothing the judge's other threads add meanwhile counts as the run's.
    let by_rusage = !group.is_some_and(RunGroup::has_memory);
    let forked_kib = if by_rusage && jail.is_none() {
        own_resident_kib()
    } else {
        0
    };
    let start = Instant::now();
    // Dropped when this ends, after the program is reaped: it ends
    // whatever of the run is left, and with the judge, however it ends.
    let guard = Guard::start();
    let pid = {
        let mut live = reap::live_list();
        let started = match &guard {
            Some(guard) => guard.enter(start_child).and_then(|started| started),
            None => start_child(),
        };
        let pid = started.map_err(|e| explain_spawn_error(e, &argv[0], jail))?;
        live.push(pid);
        pid
    };
    let judge_kib = if by_rusage && jail.is_some() {
        own_peak_kib()
    } else {
        forked_kib
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

/// How a run's program is started. Sandboxed (an absolute program, an
/// environment of the jail's own), by `spawn`, which does not copy the
/// judge; otherwise by std's `Command`, which searches `PATH` and keeps the
/// judge's environment, forking.
fn starter(
    spec: &RunSpec,
    argv: &[String],
    run_id: &str,
    jail: Option<&Jail>,
    setup: ChildSetup,
) -> io::Result<Starter> {
    let stdin = match &spec.stdin {
        Some(path) => File::open(path)?,
        None => File::open("/dev/null")?,
    };
    let stdio = [
        stdin,
        File::create(&spec.stdout)?,
        File::create(&spec.stderr)?,
    ];
    match jail {
        Some(jail) => sharing_starter(spec, argv, run_id, jail, setup, stdio),
        None => {
            let [stdin, stdout, stderr] = stdio;
            let mut command = Command::new(&argv[0]);
            command
                .args(&argv[1..])
                .current_dir(&spec.workdir)
                .stdin(Stdio::from(stdin))
                .stdout(Stdio::from(stdout))
                .stderr(Stdio::from(stderr))
                .env(RUN_MARKER, run_id);
            // SAFETY: `enter` makes only async-signal-safe system calls.
            unsafe { command.pre_exec(move || setup.enter()) };
            Ok(Box::new(move || Ok(command.spawn()?.id() as libc::pid_t)))
        }
    }
}

/// Starts a program and gives its pid.
type Starter = Box<dyn FnOnce() -> io::Result<libc::pid_t>>;

/// The sandboxed start: the jail's program, environment and marker, the
/// child sharing the judge's memory until its exec (`spawn`).
fn sharing_starter(
    spec: &RunSpec,
    argv: &[String],
    run_id: &str,
    jail: &Jail,
    setup: ChildSetup,
    files: [File; 3],
) -> io::Result<Starter> {
    let c = |s: &[u8]| CString::new(s).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput));
    let mut env: Vec<CString> = jail
        .env()
        .iter()
        .map(|(k, v)| c(format!("{k}={v}").as_bytes()))
        .collect::<io::Result<_>>()?;
    env.push(c(format!("{RUN_MARKER}={run_id}").as_bytes())?);
    let cwd = c(spec.workdir.as_os_str().as_bytes())?;
    let argv: Vec<CString> = argv
        .iter()
        .map(|a| c(a.as_bytes()))
        .collect::<io::Result<_>>()?;
    Ok(Box::new(move || {
        let mut kept = Vec::new();
        let mut stdio = [0; 3];
        for (fd, file) in stdio.iter_mut().zip(&files) {
            *fd = file.as_raw_fd();
            if let Some(dup) = spawn::above_stdio(*fd)? {
                *fd = dup.as_raw_fd();
                kept.push(dup);
            }
        }
        let enter = move || setup.enter();
        let job = spawn::Job {
            program: argv[0].clone(),
            argv,
            env,
            cwd,
            stdio,
            setup: &enter,
        };
        spawn::spawn(&job)
    }))
}

/// A backstop on processes: with a user id of its own the run's processes
/// alone count (one above a pids cgroup's limit, so that the group refuses
/// first and the refusal is seen); otherwise, where there is no pids
/// cgroup, the judge's user's tasks are counted now, and the run may add
/// its limit to them.
fn process_backstop(spec: &RunSpec, group: Option<&RunGroup>, jail: Option<&Jail>) -> Option<u64> {
    let limit = u64::from(spec.limits.processes);
    match (
        jail.and_then(Jail::uid),
        group.is_some_and(RunGroup::has_pids),
    ) {
        (Some(_), pids) => Some(limit + u64::from(pids)),
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
/// Prepared in the parent; [`ChildSetup::enter`] makes only system calls.
struct ChildSetup {
    group_fds: Option<[RawFd; 4]>,
    limits: super::Limits,
    nproc: Option<u64>,
    steps: Option<ChildSteps>,
}

impl ChildSetup {
    fn new(spec: &RunSpec, group: Option<&RunGroup>, jail: Option<&Jail>) -> ChildSetup {
        ChildSetup {
            group_fds: group.map(RunGroup::procs_fds),
            limits: spec.limits,
            nproc: process_backstop(spec, group, jail),
            steps: jail.map(Jail::child_steps),
        }
    }

    /// In the child: only async-signal-safe system calls (getpid, write,
    /// setpgid, setrlimit, prctl, and the sandbox's), no allocation.
    fn enter(&self) -> io::Result<()> {
        if let Some(fds) = self.group_fds {
            cgroup::join(fds)?;
        }
        // SAFETY: takes integers.
        unsafe { libc::setpgid(0, 0) };
        let limits = self.limits;
        let cpu_seconds = limits.cpu.as_secs() + 1;
        set_limit(libc::RLIMIT_CPU, cpu_seconds + 1);
        set_limit(libc::RLIMIT_FSIZE, limits.output + 1);
        set_limit(libc::RLIMIT_CORE, 0);
        // A backstop only: the watchdog enforces the real limit on resident
        // memory, and interpreters reserve far more address space than they
        // use.
        set_limit(
            libc::RLIMIT_AS,
            limits.memory.saturating_mul(8).saturating_add(1 << 30),
        );
        if let Some(n) = self.nproc {
            set_limit(libc::RLIMIT_NPROC, n);
        }
        match &self.steps {
            Some(steps) => steps.enter()?,
            // The program dies with the judge (the sandbox's steps set
            // this after their change of user, which clears it).
            // SAFETY: takes integers.
            None => unsafe {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            },
        }
        Ok(())
    }
}

/// Waits for the started program while the watchdog samples it, in this
/// thread: the end is seen on a pidfd (at once), the program is reaped by
/// `wait4` only after the watchdog is done with its pid.
fn wait_watched(watched: &Watched) -> io::Result<Ended> {
    let pidfd = open_pidfd(watched.pid);
    let mut ended = |timeout: Duration| match &pidfd {
        Some(fd) => pidfd_ready(fd, timeout),
        None => exited_within(watched.pid, timeout),
    };
    let seen = watch(watched, &mut ended);
    let mut stopped = seen.stop;
    let waited = wait_for(watched.pid);
    let wall = watched.start.elapsed();
    reap::ended(watched.pid);
    if stopped.is_none() && over_disk(watched) {
        // Written between the last sample and the end.
        stopped = Some(Stop::Disk);
    }
    waited.map(|(status, usage)| Ended {
        status,
        usage,
        wall,
        stopped,
        sampled_peak_kib: seen.peak_kib,
        judge_kib: 0,
        fault: seen.fault,
    })
}

/// A pidfd of our child (Linux 5.3 on), which becomes readable when it
/// ends; `None` where the kernel has none.
fn open_pidfd(pid: libc::pid_t) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes integers and returns a new descriptor.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a non-negative result is a descriptor that is ours alone.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// True when the pidfd's process has ended, waiting at most `timeout`.
fn pidfd_ready(fd: &OwnedFd, timeout: Duration) -> bool {
    let mut poll = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = timeout.as_millis().clamp(1, i32::MAX as u128) as i32;
    // SAFETY: poll reads and writes the one pollfd we pass.
    let r = unsafe { libc::poll(&mut poll, 1, ms) };
    r > 0 && poll.revents != 0
}

/// Without a pidfd: true when the child has ended (left unreaped), looking
/// every 200 µs for at most `timeout`.
fn exited_within(pid: libc::pid_t, timeout: Duration) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        // SAFETY: siginfo is plain data; waitid fills it. WNOWAIT leaves
        // the child to be reaped by `wait_for`.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        // SAFETY: pid is our child; the pointer is to a local.
        let r = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        // SAFETY: si_pid is set by waitid when a child was found.
        if r != 0 || unsafe { info.si_pid() } != 0 {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
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
/// and sampling otherwise. An error where the group could not be read: a
/// run is never judged on a figure the judge could not measure.
fn outcome(ended: Ended, group: Option<&RunGroup>, spec: &RunSpec) -> io::Result<RunOutcome> {
    if let Some(fault) = ended.fault {
        return Err(fault);
    }
    let limits = spec.limits;
    let (cpu, peak_kib) = match group {
        Some(group) if group.has_memory() => (
            group.cpu()?,
            (group.peak()? / 1024).max(ended.sampled_peak_kib),
        ),
        _ => {
            // rusage's peak includes the judge's pages the child carried
            // to its exec: above them it is the program's own, below them
            // only the samples tell.
            let maxrss = ended.usage.ru_maxrss as u64;
            let own = if maxrss > ended.judge_kib + 1024 {
                maxrss
            } else {
                0
            };
            let rusage_cpu = timeval(ended.usage.ru_utime) + timeval(ended.usage.ru_stime);
            let cpu = match group {
                Some(g) => g.cpu()?.max(rusage_cpu),
                None => rusage_cpu,
            };
            (cpu, own.max(ended.sampled_peak_kib))
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
    Ok(RunOutcome {
        exit,
        stopped,
        cpu,
        wall: ended.wall,
        peak_memory_kib: peak_kib,
        process_limit_hit: group.is_some_and(RunGroup::hit_process_limit),
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> RunSpec {
        RunSpec {
            argv: vec!["true".into()],
            workdir: PathBuf::from("/"),
            stdin: None,
            stdout: PathBuf::from("/dev/null"),
            stderr: PathBuf::from("/dev/null"),
            limits: super::super::Limits {
                cpu: Duration::from_secs(1),
                wall: Duration::from_secs(3),
                memory: 64 << 20,
                output: 1 << 20,
                processes: 16,
            },
            readable: Vec::new(),
            own_files: Vec::new(),
        }
    }

    fn ended(fault: Option<io::Error>) -> Ended {
        Ended {
            status: 0,
            // SAFETY: rusage is plain data.
            usage: unsafe { std::mem::zeroed() },
            wall: Duration::from_millis(5),
            stopped: None,
            sampled_peak_kib: 0,
            judge_kib: 0,
            fault,
        }
    }

    #[test]
    fn a_run_whose_group_could_not_be_read_has_no_outcome() {
        let fault = io::Error::other("cgroup v2: memory.current: gone");
        let e = outcome(ended(Some(fault)), None, &spec()).unwrap_err();
        assert_eq!(e.to_string(), "cgroup v2: memory.current: gone");
        let fine = outcome(ended(None), None, &spec()).unwrap();
        assert_eq!(fine.exit, Exit::Code(0));
    }
}
