//! The file rules of a run, with Landlock: everything in the working folder;
//! reading and executing the system's programs and libraries, the program's
//! own files and the folders the configuration adds; nothing else. From
//! Landlock ABI 4 TCP is refused too, and from ABI 6 signals to processes
//! outside the run and abstract Unix sockets made outside it.
//!
//! The ruleset is built by the judge before the fork (building allocates);
//! the child only calls `landlock_restrict_self` on its descriptor (see
//! `ChildSteps`).

use std::io;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreatedAttr, Scope, path_beneath_rules,
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

/// What a run may touch besides the system folders.
#[derive(Debug, Clone, Default)]
pub struct Paths {
    /// The working folder: every right.
    pub workdir: PathBuf,
    /// Files and folders to read and execute.
    pub readable: Vec<PathBuf>,
}

/// Builds the ruleset of one run; the descriptor is handed to the child.
pub fn ruleset(paths: &Paths) -> io::Result<OwnedFd> {
    let error = |e: landlock::RulesetError| io::Error::other(format!("landlock: {e}"));
    let read_exec = AccessFs::from_read(TARGET);
    let readable = SYSTEM
        .iter()
        .map(PathBuf::from)
        .chain(paths.readable.iter().cloned());
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
        .add_rules(path_beneath_rules(readable, read_exec))
        .map_err(error)?
        .add_rules(path_beneath_rules(
            READ_ONLY,
            AccessFs::ReadFile | AccessFs::ReadDir,
        ))
        .map_err(error)?
        .add_rules(path_beneath_rules(
            [Path::new("/dev/null")],
            AccessFs::ReadFile | AccessFs::WriteFile,
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
