//! The file rules of a run, with Landlock: everything in the working folder;
//! reading and executing the system's programs and libraries, the program's
//! own files and the folders the configuration adds; nothing else. From
//! Landlock ABI 4 TCP is refused too, and from ABI 6 signals to processes
//! outside the run and abstract Unix sockets made outside it.
//!
//! The ruleset is built by the judge before the fork (building allocates);
//! the child only calls `landlock_restrict_self` on its descriptor (see
//! `ChildSteps`). The folders every run shares are opened once ([`Shared`]);
//! each run's ruleset is new, with those and its own working folder and
//! program.

use std::io;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd,
    Ruleset, RulesetAttr, RulesetCreatedAttr, Scope, path_beneath_rules,
};

/// The newest ABI whose rights the rulesets ask for; older kernels grant
/// what they can (best effort) and the probe reports which ABI is there.
const TARGET: ABI = ABI::V6;

/// Folders of the system that programs and interpreters read and execute.
pub const SYSTEM: &[&str] = &[
    "/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin",
];

/// What of `/etc` runs may read, by the start of the name: the dynamic
/// loader's files, time zone, accounts (world-readable anyway), and the
/// configuration of the compilers and interpreters. Not the rest: a run
/// that is root without capabilities would still own `/etc/shadow`.
const ETC: &[&str] = &[
    "ld.so",
    "localtime",
    "timezone",
    "nsswitch.conf",
    "passwd",
    "group",
    "fpc",
    "python",
    "java",
];

/// The entries of `/etc` that runs may read (see `ETC`).
pub fn etc_entries() -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir("/etc") else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            ETC.iter().any(|start| name.starts_with(start)) && !name.ends_with('-')
        })
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

/// Read only: device files a program may open, and what the C library and
/// runtimes read about the process and the processors.
const READ_ONLY: &[&str] = &[
    "/dev/zero",
    "/dev/urandom",
    "/dev/random",
    "/proc",
    "/sys/devices/system/cpu",
];

/// The Landlock ABI of the running kernel, 0 when there is none.
pub fn kernel_abi() -> i32 {
    // SAFETY: with a null attribute and the VERSION flag the call only
    // returns a number.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    v.max(0) as i32
}

/// What a run may touch besides the system folders and the [`Shared`] ones.
#[derive(Debug, Clone, Default)]
pub struct Paths {
    /// The working folder: every right.
    pub workdir: PathBuf,
    /// Files and folders to read and execute.
    pub readable: Vec<PathBuf>,
}

/// The rules every run has, their paths opened once for all runs (a
/// descriptor names the same file or folder as its path did when it was
/// opened): the system folders, `extra` (the configured folders, the
/// entries of `/etc`) to read and execute, the devices and `/proc` to read,
/// `/dev/null` to read and write. A path that is not there is left out.
#[derive(Debug)]
pub struct Shared {
    rules: Vec<(PathFd, BitFlags<AccessFs>)>,
}

impl Shared {
    /// Opens every shared path.
    pub fn open(extra: &[PathBuf]) -> Shared {
        let read_exec = AccessFs::from_read(TARGET);
        let readable = SYSTEM
            .iter()
            .map(PathBuf::from)
            .chain(extra.iter().cloned());
        let mut rules: Vec<(PathFd, BitFlags<AccessFs>)> = Vec::new();
        let mut add = |path: &Path, access: BitFlags<AccessFs>| {
            if let Ok(fd) = PathFd::new(path) {
                // As `path_beneath_rules`: a file takes only the rights of files.
                let is_file = std::fs::metadata(path).is_ok_and(|m| !m.is_dir());
                let access = if is_file {
                    access & AccessFs::from_file(TARGET)
                } else {
                    access
                };
                rules.push((fd, access));
            }
        };
        for path in readable {
            add(&path, read_exec);
        }
        for path in READ_ONLY {
            add(Path::new(path), AccessFs::ReadFile | AccessFs::ReadDir);
        }
        add(
            Path::new("/dev/null"),
            AccessFs::ReadFile | AccessFs::WriteFile,
        );
        Shared { rules }
    }
}

/// Builds the ruleset of one run: the shared rules and the run's own; the
/// descriptor is handed to the child.
pub fn ruleset(shared: &Shared, paths: &Paths) -> io::Result<OwnedFd> {
    let error = |e: landlock::RulesetError| io::Error::other(format!("landlock: {e}"));
    let created = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(TARGET))
        .map_err(error)?
        .handle_access(AccessNet::from_all(TARGET))
        .map_err(error)?
        .scope(Scope::from_all(TARGET))
        .map_err(error)?
        .create()
        .map_err(error)?
        .add_rules(
            shared
                .rules
                .iter()
                .map(|(fd, access)| Ok::<_, landlock::RulesetError>(PathBeneath::new(fd, *access))),
        )
        .map_err(error)?
        .add_rules(path_beneath_rules(
            &paths.readable,
            AccessFs::from_read(TARGET),
        ))
        .map_err(error)?
        .add_rules(path_beneath_rules(
            [&paths.workdir],
            AccessFs::from_all(TARGET),
        ))
        .map_err(error)?;
    Option::<OwnedFd>::from(created)
        .ok_or_else(|| io::Error::other("landlock: the kernel has no Landlock"))
}
