//! The sandbox around a run: what a submitted program may touch. Each
//! mechanism is probed once, when the runner is made; a run uses every one
//! that is there and the report lists which were active (see
//! [`Protection`]).
//!
//! - files: Landlock rules (`landlock`), and the judge's data hidden by
//!   empty mounts where a run could otherwise reach it (`hide`);
//! - network: an empty network namespace (`netns`) and a seccomp filter that
//!   refuses sockets (`seccomp`);
//! - the judge and other runs: an unprivileged user id per run when the judge
//!   is root (`uid`), Landlock's signal scope, seccomp's refusal of ptrace;
//! - resources and leftovers: the per-run cgroup and the reaping in
//!   `process`, which the sandbox reports on with the rest.
//!
//! The parent builds everything that allocates (rulesets, filters, the
//! environment); [`ChildSteps::enter`] runs in the child between fork and
//! exec and makes only system calls.

mod child;
pub mod hide;
pub mod landlock;
pub mod netns;
pub mod seccomp;
pub mod tmpfs;
pub mod uid;

use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use super::RunSpec;
use crate::inputs::Inputs;
pub use child::ChildSteps;
pub use hide::Exposed;

/// The search path of a sandboxed program, and where its command's first
/// word is looked up: the system's folders, not the judge's own `PATH`
/// (which may point into a home folder the run cannot read).
pub const PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// One protection, as the report shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Protection {
    /// What is protected: "files", "network", ...
    pub name: &'static str,
    pub active: bool,
    /// How, or why not.
    pub how: String,
}

/// The probed mechanisms.
#[derive(Debug)]
pub struct Sandbox {
    landlock_abi: i32,
    seccomp: Option<Arc<seccomp::Filter>>,
    seccomp_missing: String,
    netns: Option<OwnedFd>,
    netns_missing: String,
    uids: Option<uid::Pool>,
    uid_missing: String,
    /// Runs get a tmpfs of their own as working folder.
    tmpfs: bool,
    /// Where runs' scratch folders go, when not the temporary folder.
    scratch_root: Option<PathBuf>,
    /// The file rules every run has (the system's folders, the configured
    /// ones, ...), opened once; `None` without Landlock.
    shared_rules: Option<landlock::Shared>,
    /// The configured folders every run may read.
    readable: Vec<PathBuf>,
    /// Why the judge cannot mount in a run's namespace, if it cannot.
    mount_missing: Option<String>,
    /// What every run has hidden (see `hide`), once [`Sandbox::guard`] said.
    hidden: Option<Arc<hide::Hidden>>,
}

impl Sandbox {
    /// Probes every mechanism; what is missing is recorded with the reason.
    pub fn probe(readable: Vec<PathBuf>) -> Sandbox {
        // First, while the judge may still have no other thread.
        // SAFETY: geteuid takes nothing.
        let mounts = unsafe { libc::geteuid() } == 0 && {
            tmpfs::private_mounts();
            tmpfs::available()
        };
        let tmpfs = mounts;
        let (seccomp, seccomp_missing) = match seccomp::available().and_then(|()| seccomp::filter())
        {
            Ok(f) => (Some(Arc::new(f)), String::new()),
            Err(why) => (None, why.to_string()),
        };
        let (netns, netns_missing) = match netns::empty() {
            Ok(fd) => (Some(fd), String::new()),
            Err(e) => (None, format!("cannot make a network namespace: {e}")),
        };
        // SAFETY: geteuid takes nothing.
        let root = unsafe { libc::geteuid() } == 0;
        let (uids, uid_missing) = if !root {
            (
                None,
                "the judge is not root: runs keep its user id".to_string(),
            )
        } else if uid::range_taken() {
            (
                None,
                format!(
                    "an account uses an id in {}-{}",
                    uid::FIRST,
                    uid::FIRST + uid::COUNT - 1
                ),
            )
        } else {
            match uid::Pool::new() {
                Ok(pool) => (Some(pool), String::new()),
                Err(e) => (None, format!("cannot make the user id lock folder: {e}")),
            }
        };
        let configured = readable.clone();
        let mut readable = readable;
        readable.extend(landlock::etc_entries());
        let landlock_abi = landlock::kernel_abi();
        Sandbox {
            landlock_abi,
            seccomp,
            seccomp_missing,
            netns,
            netns_missing,
            uids,
            uid_missing,
            tmpfs,
            scratch_root: tmpfs.then(tmpfs::memory_folder).flatten(),
            shared_rules: (landlock_abi > 0).then(|| landlock::Shared::open(&readable)),
            readable: configured,
            mount_missing: mount_missing(root, mounts),
            hidden: None,
        }
    }

    /// The same, with the mechanisms named in `without` left out ("landlock",
    /// "seccomp", "netns", "uid", "tmpfs", "mounts": no hiding by mounts):
    /// how tests see the degraded modes
    /// of other machines on this one.
    pub fn probe_without(readable: Vec<PathBuf>, without: &[&str]) -> Sandbox {
        let mut s = Sandbox::probe(readable);
        let off = |name| format!("left out ({name})");
        for &name in without {
            match name {
                "landlock" => (s.landlock_abi, s.shared_rules) = (0, None),
                "seccomp" => (s.seccomp, s.seccomp_missing) = (None, off(name)),
                "netns" => (s.netns, s.netns_missing) = (None, off(name)),
                "uid" => (s.uids, s.uid_missing) = (None, off(name)),
                "tmpfs" => (s.tmpfs, s.scratch_root) = (false, None),
                "mounts" => s.mount_missing = Some(off(name)),
                _ => {}
            }
        }
        s
    }

    /// The protections of the files, network, user and signals, active or
    /// not (the runner adds those of resources).
    pub fn protections(&self) -> Vec<Protection> {
        vec![
            self.files_protection(),
            self.network_protection(),
            Protection {
                name: "system calls",
                active: self.seccomp.is_some(),
                how: if self.seccomp.is_some() {
                    "seccomp: no ptrace, namespaces, mounts, keyrings, bpf, io_uring, IPC"
                        .to_string()
                } else {
                    self.seccomp_missing.clone()
                },
            },
            Protection {
                name: "user",
                active: self.uids.is_some(),
                how: if self.uids.is_some() {
                    format!(
                        "a user id of its own per run ({}-{})",
                        uid::FIRST,
                        uid::FIRST + uid::COUNT - 1
                    )
                } else {
                    self.uid_missing.clone()
                },
            },
            self.signals_protection(),
            Protection {
                name: "disk",
                active: true,
                how: if self.tmpfs {
                    "a tmpfs per run, of the output limit and 1000 files".to_string()
                } else {
                    "per-file limit; the working folder measured every 10 ms (no tmpfs: not root)"
                        .to_string()
                },
            },
        ]
    }

    fn files_protection(&self) -> Protection {
        let landlock = self.landlock_abi > 0;
        let mut how = if landlock {
            format!(
                "Landlock ABI {}: working folder; system folders read-only",
                self.landlock_abi
            )
        } else {
            "no Landlock in this kernel".to_string()
        };
        if let Some(hidden) = &self.hidden {
            let paths: Vec<String> = hidden.paths().collect();
            how += &format!("; hidden by an empty mount: {}", paths.join(", "));
        }
        Protection {
            name: "files",
            active: landlock,
            how,
        }
    }

    /// Makes sure no run can read `guarded` (the suites, the
    /// configuration, the reports, the contest folder, the sources): what
    /// lies in a folder every run may read (the system's with Landlock,
    /// any without) is hidden from every run by an empty mount, or, where
    /// the judge cannot mount, refused; what lies in a `[sandbox] readable`
    /// folder is refused (see `hide`). Before any run.
    pub fn guard(&mut self, guarded: &Inputs) -> Result<(), Exposed> {
        let open: Vec<PathBuf> = if self.landlock_abi > 0 {
            let system = landlock::SYSTEM.iter().map(PathBuf::from);
            system.chain(landlock::etc_entries()).collect()
        } else {
            vec![PathBuf::from("/")]
        };
        let mut needed = vec![std::env::temp_dir()];
        needed.extend(self.scratch_root.clone());
        let folders = (open.as_slice(), self.readable.as_slice(), needed.as_slice());
        let users = (self.mount_missing.as_deref(), self.uids.is_some());
        let hidden = hide::plan(guarded, folders, users)?;
        self.hidden = hidden.map(Arc::new);
        Ok(())
    }

    fn network_protection(&self) -> Protection {
        let how = match (&self.netns, &self.seccomp) {
            (Some(_), Some(_)) => "empty network namespace; seccomp refuses sockets".to_string(),
            (Some(_), None) => format!(
                "empty network namespace (no seccomp: {})",
                self.seccomp_missing
            ),
            (None, Some(_)) => format!("seccomp refuses sockets ({})", self.netns_missing),
            (None, None) => format!("{}; {}", self.netns_missing, self.seccomp_missing),
        };
        Protection {
            name: "network",
            active: self.netns.is_some() || self.seccomp.is_some(),
            how,
        }
    }

    fn signals_protection(&self) -> Protection {
        let how = match (&self.uids, self.landlock_abi >= 6) {
            (Some(_), true) => "own user id; Landlock signal scope".to_string(),
            (Some(_), false) => "own user id".to_string(),
            (None, true) => "Landlock signal scope".to_string(),
            (None, false) => format!(
                "{}; Landlock ABI {} has no signal scope (needs 6)",
                self.uid_missing, self.landlock_abi
            ),
        };
        Protection {
            name: "signals",
            active: self.uids.is_some() || self.landlock_abi >= 6,
            how,
        }
    }

    /// Mounts a tmpfs on a run's empty working folder, sized for the output
    /// limit (and a little more, so that going over it is seen and named),
    /// where runs get one.
    pub fn working_folder(
        &self,
        dir: &Path,
        limits: &super::Limits,
    ) -> io::Result<Option<tmpfs::Mounted>> {
        if !self.tmpfs {
            return Ok(None);
        }
        let bytes = limits.output + (1 << 20);
        let files = super::MAX_FOLDER_ENTRIES as u64 + 16;
        tmpfs::mount(dir, bytes, files).map(Some)
    }

    /// Where runs' scratch folders (their standard streams' files, the
    /// mount point of their working folder) go: a folder in memory where
    /// runs get a tmpfs and `TMPDIR` does not say otherwise, so that making
    /// and removing them costs no disk inodes; `None` for the temporary
    /// folder.
    pub fn scratch_root(&self) -> Option<&Path> {
        self.scratch_root.as_deref()
    }

    /// True when runs get a user id of their own.
    pub fn drops_user(&self) -> bool {
        self.uids.is_some()
    }

    /// Prepares one run: its user id, its file rules, its command and
    /// environment.
    pub fn jail(&self, spec: &RunSpec) -> io::Result<Jail<'_>> {
        let (program, args) = spec
            .argv
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty command"))?;
        let program = resolve(program);
        let mut readable = vec![program.clone()];
        // Files only: a folder named in the command would open all below
        // it (folders go in `[sandbox] readable`, explicitly, or are the
        // judge's own staging of the submission's files, `spec.readable`).
        readable.extend(
            args.iter()
                .map(PathBuf::from)
                .filter(|p| p.is_absolute() && p.is_file()),
        );
        readable.extend(spec.readable.iter().cloned());
        let lease = match &self.uids {
            Some(pool) => Some(
                pool.lease()
                    .ok_or_else(|| io::Error::other("every sandbox user id is in use"))?,
            ),
            None => None,
        };
        if let Some(lease) = &lease {
            uid::give(&spec.workdir, lease.uid)?;
        }
        let ruleset = match &self.shared_rules {
            Some(shared) => Some(landlock::ruleset(
                shared,
                &landlock::Paths {
                    workdir: spec.workdir.clone(),
                    readable,
                },
            )?),
            None => None,
        };
        let mut argv = vec![program.to_string_lossy().into_owned()];
        argv.extend(args.iter().cloned());
        Ok(Jail {
            argv,
            workdir: spec.workdir.clone(),
            uid: lease,
            ruleset,
            netns: self.netns.as_ref().map(AsRawFd::as_raw_fd),
            seccomp: self.seccomp.clone(),
            hidden: self.hidden.clone(),
        })
    }
}

/// Why runs cannot get mounts of their own (to hide the judge's data), if
/// they cannot: the judge is not root, or no tmpfs could be mounted.
fn mount_missing(root: bool, mounts: bool) -> Option<String> {
    match (root, mounts) {
        (true, true) => None,
        (false, _) => Some("the judge is not root".to_string()),
        (true, false) => Some("no tmpfs can be mounted here".to_string()),
    }
}

/// The program a command's first word names: itself when it holds a `/`,
/// else the first executable of that name on [`PATH`], then on the judge's
/// own `PATH` (a program found there outside the system folders needs its
/// folder in `[sandbox] readable`), else the word as given (the run then
/// fails to start and says so).
pub fn resolve(program: &str) -> PathBuf {
    if program.contains('/') {
        return PathBuf::from(program);
    }
    let judges = std::env::var("PATH").unwrap_or_default();
    PATH.split(':')
        .chain(judges.split(':').filter(|d| !d.is_empty()))
        .map(|dir| Path::new(dir).join(program))
        .find(|p| is_executable(p))
        .unwrap_or_else(|| PathBuf::from(program))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// One run's sandbox, held by the judge for the length of the run.
#[derive(Debug)]
pub struct Jail<'a> {
    /// The command, its program resolved to a path.
    pub argv: Vec<String>,
    workdir: PathBuf,
    uid: Option<uid::Lease<'a>>,
    ruleset: Option<OwnedFd>,
    netns: Option<RawFd>,
    seccomp: Option<Arc<seccomp::Filter>>,
    hidden: Option<Arc<hide::Hidden>>,
}

impl Jail<'_> {
    /// The run's environment: nothing of the judge's.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        let work = self.workdir.to_string_lossy().into_owned();
        vec![
            ("PATH", PATH.to_string()),
            ("HOME", work.clone()),
            ("TMPDIR", work),
            ("LANG", "C.UTF-8".to_string()),
        ]
    }

    /// The run's own user id, when it has one.
    pub fn uid(&self) -> Option<u32> {
        self.uid.as_ref().map(|l| l.uid)
    }

    /// What the child does before exec; `'static`, to move into `pre_exec`.
    pub fn child_steps(&self) -> ChildSteps {
        ChildSteps {
            netns: self.netns,
            uid: self.uid(),
            ruleset: self.ruleset.as_ref().map(AsRawFd::as_raw_fd),
            seccomp: self.seccomp.clone(),
            hidden: self.hidden.clone(),
            // SAFETY: getpid takes nothing.
            parent: unsafe { libc::getpid() },
        }
    }

    /// After the run, when none of its processes is left: takes the working
    /// folder back from the run's user id, removes what it left in the
    /// folders anyone may write to when it had no file rules, and returns
    /// the id to the pool.
    pub fn release(self) -> io::Result<()> {
        if let Some(lease) = &self.uid {
            uid::take_back(&self.workdir, lease.uid)?;
            if self.ruleset.is_none() {
                // No file rules: what it left where anyone may write.
                uid::remove_files_of(lease.uid);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
