//! Running a submitted program once: what it is given (argv, working folder,
//! files for its standard streams), the limits it runs under, and what was
//! observed ([`RunOutcome`]). The OS-specific work lives behind the [`Runner`]
//! trait (`process` for Linux); tests that must not depend on time use
//! `fake`, which answers from a script.
//!
//! Not responsible for verdicts (see `judge::verdict`) or for which cases run (see
//! `judge::suite` and `judge::grade`).

pub mod cgroup;
pub mod fake;
mod guard;
mod leftovers;
pub mod process;
mod procfs;
mod protections;
mod reap;
pub mod sandbox;
pub mod signals;
mod spawn;
mod tree;
mod watch;

pub use watch::MAX_ENTRIES as MAX_FOLDER_ENTRIES;

use std::path::PathBuf;
use std::time::Duration;

/// Limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system).
    pub cpu: Duration,
    /// Wall-clock time, so a sleeping program is stopped too.
    pub wall: Duration,
    /// Peak resident memory, bytes.
    pub memory: u64,
    /// Bytes the program may write to its output (each stream, each file),
    /// and to its working folder in all.
    pub output: u64,
    /// Processes (threads included) at once.
    pub processes: u32,
}

/// One run to make.
#[derive(Debug, Clone)]
pub struct RunSpec {
    /// Program and arguments.
    pub argv: Vec<String>,
    /// The program's working folder.
    pub workdir: PathBuf,
    /// Standard input from this file, or nothing (`/dev/null`).
    pub stdin: Option<PathBuf>,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
    pub limits: Limits,
    /// Folders the run may also read (and execute): the submission's own
    /// staged files, as a script's modules beside it.
    pub readable: Vec<PathBuf>,
    /// Files the judge put in the working folder that are the run's own:
    /// given to its user id (when it has one) before it starts, so that it
    /// may write them, and taken back with the folder after. The run's copy
    /// of its input in file mode.
    pub own_files: Vec<PathBuf>,
}

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// Why the judge stopped a program before it ended by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    CpuTime,
    WallTime,
    Memory,
    /// Wrote more than the output limit, or too many files, to its folder,
    /// or made a folder there that the judge cannot look into.
    Disk,
    /// The judge was asked to stop (SIGINT, SIGTERM): not the program's doing.
    Interrupted,
}

/// What was observed of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunOutcome {
    pub exit: Exit,
    /// Set when the judge killed the program, and why.
    pub stopped: Option<Stop>,
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak resident memory, KiB.
    pub peak_memory_kib: u64,
    /// A fork or thread was refused at the process limit.
    pub process_limit_hit: bool,
}

/// How loaded the machine is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Load {
    /// Tasks running or waiting to run, on average over the last minute
    /// (the first figure of `/proc/loadavg`).
    pub average: f64,
    /// The cores the judge may use.
    pub cores: usize,
}

impl Load {
    /// The machine's load now, when `/proc` tells it.
    pub fn now() -> Option<Load> {
        Some(Load {
            average: procfs::load_average()?,
            cores: std::thread::available_parallelism().map_or(1, usize::from),
        })
    }

    /// True when more tasks wanted a core than there were cores: a run then
    /// shared its core with another, and the wall clock went faster than
    /// its CPU time.
    pub fn over_cores(&self) -> bool {
        self.average > self.cores as f64
    }
}

/// Something that runs programs.
pub trait Runner: Sync {
    /// Runs to the end (or to a limit) and reports; `Err` only when the run
    /// could not be made at all (a judge error).
    fn run(&self, spec: &RunSpec) -> std::io::Result<RunOutcome>;

    /// How memory and CPU were measured, for the report.
    fn method(&self) -> String;

    /// Whether a command's first word names a program a run can start:
    /// an executable file at that path, or one on the runs' `PATH`
    /// (`sandbox::resolve`). A runner that runs nothing real finds all.
    fn finds(&self, program: &str) -> bool {
        use std::os::unix::fs::PermissionsExt;
        let path = sandbox::resolve(program);
        let executable = std::fs::metadata(&path)
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
        executable && (program.contains('/') || path.is_absolute())
    }

    /// What confines a run, active or not, for the report.
    fn protections(&self) -> Vec<sandbox::Protection> {
        Vec::new()
    }

    /// Makes an empty folder, before anything is put in it, the working
    /// folder of a run (a size-limited tmpfs, say); what it returns must be
    /// kept until the run's files have been read.
    fn working_folder(
        &self,
        _dir: &std::path::Path,
        _limits: &Limits,
    ) -> std::io::Result<Option<sandbox::tmpfs::Mounted>> {
        Ok(None)
    }

    /// Makes sure no run can read `guarded` (the judge's data: suites,
    /// configuration, reports, contest folder), hiding it or refusing to
    /// start (see `sandbox::hide`); nothing to do for a runner that runs
    /// nothing real.
    fn guard(&mut self, _guarded: &crate::inputs::Inputs) -> Result<(), sandbox::Exposed> {
        Ok(())
    }

    /// How loaded the machine is now (`None` when it cannot be told).
    fn machine_load(&self) -> Option<Load> {
        Load::now()
    }

    /// A fresh scratch folder for one run's files (see [`scratch_dir`]),
    /// in the temporary folder unless the runner has a better place.
    fn run_scratch(&self) -> std::io::Result<Scratch> {
        scratch_dir("mayan-run-")
    }
}

/// A scratch folder; removed when dropped, with whatever a run left in it
/// (by descriptors: see `tree`, which no depth, link, pipe or closed folder
/// stops).
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = tree::remove(&self.path);
    }
}

/// A fresh temporary folder for runs: its contents are made per run, and it
/// may be entered (not listed) by others, so that a run under a user id of
/// its own reaches its working folder inside. Named `PREFIX` and this
/// judge's `NS-PID-START`, so that the next judge removes it if this one is
/// killed (see `leftovers`).
pub fn scratch_dir(prefix: &str) -> std::io::Result<Scratch> {
    scratch_dir_in(&std::env::temp_dir(), prefix)
}

/// The same, made in `parent`.
pub fn scratch_dir_in(parent: &std::path::Path, prefix: &str) -> std::io::Result<Scratch> {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new()
        .prefix(&format!("{prefix}{}-", leftovers::tag()))
        .tempdir_in(parent)?;
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711))?;
    Ok(Scratch { path: dir.keep() })
}

/// Signal name for a report: `SIGSEGV`, or the number.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}
