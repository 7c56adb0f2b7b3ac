//! What no run may read, hidden from every run that could otherwise reach
//! it: the suites, the configuration, the reports being written, the
//! contest folder and the sources ([`Inputs`], the judging run's). Where
//! one lies in a folder every run may read (a system folder such as
//! `/usr/local/share`; anywhere, without Landlock), each run gets a mount
//! namespace of its own in which an empty read-only folder (a tmpfs) or an
//! empty read-only file is mounted over it; where the judge cannot mount
//! (not root), the judge refuses to start, naming it and the folder that
//! exposes it ([`Exposed`]). An input inside a `[sandbox] readable` folder
//! is always refused, also under another name (a hard link, a bind mount:
//! `inputs::aliased_by`): the configuration opened it on purpose, and
//! hiding it would hide the folder's other files too.
//!
//! The judge prepares the paths (and the empty file) before the fork; the
//! child only makes system calls ([`Hidden::enter`]).

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::inputs::{Exposure, Inputs, Reach};

/// An input that a run could read and that cannot be hidden from it.
#[derive(Debug, thiserror::Error)]
pub enum Exposed {
    /// Inside (or holding) a folder of `[sandbox] readable`.
    #[error(
        "[sandbox] readable: {0}, which no run may read; move it out, or name a folder that \
         holds only what the programs need"
    )]
    Readable(Exposure),
    /// Inside a folder every run may read, where the judge cannot hide it.
    #[error(
        "{exposure}, which every run may read, and this judge cannot hide it from the runs \
         ({why}): move it out of {}, or judge as root",
        exposure.folder.display()
    )]
    Open { exposure: Exposure, why: String },
    /// Holding a folder every run needs (`/usr`, the temporary folder the
    /// runs work in): hiding it would hide that too.
    #[error("{0}, which every run needs: put what no run may read in a folder of its own")]
    Holds(Exposure),
    /// A report not yet written in a system folder: hiding it would hide
    /// the folder, and what the runs need in it.
    #[error(
        "{0}, where the report will be written: it would have to be hidden from every run with \
         all that folder holds, which the programs need; write the report outside the system \
         folders"
    )]
    ReportInSystem(Exposure),
    /// A file of the judge's with other names on a file system every run
    /// may read part of (see `inputs::linked_in_open`).
    #[error(
        "{} ({}) has {names} names (hard links), on the same file system as {}, which every \
         run may read: another name of it may lie there, and no path tells where; copy the data \
         without hard links (`cp -r`){}, or keep it on another file system",
        input.what,
        crate::text::visible(&input.path.display().to_string()),
        folder.display(),
        if *separate_users { ", make it unreadable to others (`chmod -R o-r`)" } else { "" }
    )]
    Linked {
        input: crate::inputs::Input,
        folder: PathBuf,
        names: u64,
        /// The runs are users of their own (what others may not read, no
        /// run reads).
        separate_users: bool,
    },
    /// The empty file to mount over files could not be made.
    #[error("cannot make the empty file that hides the judge's files from the runs: {0}")]
    Prepare(io::Error),
}

/// The paths hidden from every run, ready for the child.
#[derive(Debug)]
pub struct Hidden {
    /// Each path, and whether it is a folder (else a file).
    targets: Vec<(CString, bool)>,
    /// The empty read-only file mounted over files.
    empty: CString,
    /// Holds the empty file; removed when the judge is done.
    _dir: tempfile::TempDir,
}

/// Decides what of `guarded` the runs could read through `open` (the
/// folders every run may read: the system's, or `/` without Landlock) or
/// `readable` (the configured folders), and prepares to hide it unless
/// `cannot_mount` says why the judge cannot; `Ok(None)` when there is
/// nothing to hide. What would hide one of `needed` (the folders the runs
/// work in) is refused, and so is a file with another name a run could
/// read where it may read (`separate_users`: the runs are users of their
/// own, kept from what is not readable by all).
pub fn plan(
    guarded: &Inputs,
    (open, readable, needed): (&[PathBuf], &[PathBuf], &[PathBuf]),
    (cannot_mount, separate_users): (Option<&str>, bool),
) -> Result<Option<Hidden>, Exposed> {
    for folder in readable {
        let aliased = || crate::inputs::aliased_by(guarded, folder);
        if let Some(exposure) = guarded.exposed_by(folder).or_else(aliased) {
            return Err(Exposed::Readable(exposure));
        }
    }
    if let Some((input, folder, names)) =
        crate::inputs::linked_in_open(guarded, open, separate_users)
    {
        return Err(Exposed::Linked {
            input,
            folder,
            names,
            separate_users,
        });
    }
    let mut targets: Vec<PathBuf> = Vec::new();
    for input in guarded.iter() {
        let Some(exposure) = open.iter().find_map(|folder| input.exposed_by(folder)) else {
            continue;
        };
        let holds_needed = || needed.iter().find_map(|folder| input.exposed_by(folder));
        if exposure.reach == Reach::Inside {
            return Err(Exposed::Holds(exposure));
        }
        if input.to_come && in_system(&input.path) {
            return Err(Exposed::ReportInSystem(exposure));
        }
        if let Some(needed) = holds_needed().filter(|e| e.reach == Reach::Inside) {
            return Err(Exposed::Holds(needed));
        }
        if let Some(why) = cannot_mount {
            let why = why.to_string();
            return Err(Exposed::Open { exposure, why });
        }
        targets.push(exposure.input.path);
    }
    if targets.is_empty() {
        return Ok(None);
    }
    prepare(&targets).map(Some).map_err(Exposed::Prepare)
}

/// Whether `path` lies in a system folder (`/usr`, `/lib`, `/etc` ...),
/// by its real path (or, not there, its folder's).
fn in_system(path: &Path) -> bool {
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let etc = std::iter::once("/etc");
    (super::landlock::SYSTEM.iter().copied().chain(etc)).any(|s| real.starts_with(s))
}

/// The real path of each target, and the empty file.
fn prepare(targets: &[PathBuf]) -> io::Result<Hidden> {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new().prefix("mayan-hide-").tempdir()?;
    let empty = dir.path().join("empty");
    std::fs::write(&empty, "")?;
    std::fs::set_permissions(&empty, std::fs::Permissions::from_mode(0o444))?;
    let mut real = Vec::new();
    for target in targets {
        let path = std::fs::canonicalize(target)?;
        let folder = path.is_dir();
        if !real
            .iter()
            .any(|(p, _): &(PathBuf, bool)| path.starts_with(p))
        {
            real.push((path, folder));
        }
    }
    Ok(Hidden {
        targets: real
            .iter()
            .map(|(p, folder)| Ok((c_path(p)?, *folder)))
            .collect::<io::Result<_>>()?,
        empty: c_path(&empty)?,
        _dir: dir,
    })
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes()).map_err(io::Error::other)
}

impl Hidden {
    /// The real paths hidden, for the report.
    pub fn paths(&self) -> impl Iterator<Item = String> + '_ {
        self.targets
            .iter()
            .map(|(p, _)| p.to_string_lossy().into_owned())
    }

    /// In the child, still root: a mount namespace of its own, private (so
    /// that nothing mounted in it reaches the judge's), and an empty
    /// read-only folder or file over each target still there. Only system
    /// calls.
    pub fn enter(&self) -> io::Result<()> {
        let check = |r: libc::c_int| {
            if r != 0 {
                Err(io::Error::last_os_error())
            } else {
                Ok(())
            }
        };
        let flags = libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
        // SAFETY: every pointer is to a NUL-terminated string the judge
        // made before the fork, or null where the call allows it.
        unsafe {
            check(libc::unshare(libc::CLONE_NEWNS))?;
            check(libc::mount(
                std::ptr::null(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ))?;
            for (target, folder) in &self.targets {
                // Gone since (a journal removed): nothing left to hide.
                if libc::access(target.as_ptr(), libc::F_OK) != 0 {
                    continue;
                }
                if *folder {
                    check(libc::mount(
                        c"mayan-hidden".as_ptr(),
                        target.as_ptr(),
                        c"tmpfs".as_ptr(),
                        flags,
                        c"size=4k,nr_inodes=2,mode=0555".as_ptr().cast(),
                    ))?;
                } else {
                    check(libc::mount(
                        self.empty.as_ptr(),
                        target.as_ptr(),
                        std::ptr::null(),
                        libc::MS_BIND,
                        std::ptr::null(),
                    ))?;
                    check(libc::mount(
                        std::ptr::null(),
                        target.as_ptr(),
                        std::ptr::null(),
                        libc::MS_REMOUNT | libc::MS_BIND | flags,
                        std::ptr::null(),
                    ))?;
                }
            }
        }
        Ok(())
    }
}
