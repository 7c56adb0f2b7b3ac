//! A size-limited tmpfs per run as its working folder, where the judge may
//! mount one (root): writing there is bounded by the kernel, in bytes and in
//! files, and what is written counts as the run's memory. The judge first
//! takes a mount namespace of its own, so that its mounts vanish with it
//! even if it is killed; where it cannot (it has threads already, as in the
//! tests), each mount is still undone when its run is over.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// A mounted tmpfs; unmounted when dropped.
#[derive(Debug)]
pub struct Mounted {
    path: PathBuf,
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes()).map_err(io::Error::other)
}

/// Gives the judge a mount namespace of its own, private below `/`, so that
/// nothing it mounts is seen outside it or outlives it. False when that
/// cannot be done (not root, or threads already share the judge's files).
pub fn private_mounts() -> bool {
    // SAFETY: unshare takes a flag; mount with null source, type and data
    // changes only the propagation of "/" in our new namespace.
    unsafe {
        libc::unshare(libc::CLONE_NEWNS) == 0
            && libc::mount(
                std::ptr::null(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ) == 0
    }
}

/// Mounts a tmpfs of at most `bytes` bytes and `files` entries on `path`,
/// an empty folder, owned by the judge with mode 0700.
pub fn mount(path: &Path, bytes: u64, files: u64) -> io::Result<Mounted> {
    let target = c_path(path)?;
    let options = CString::new(format!("size={bytes},nr_inodes={files},mode=0700"))
        .map_err(io::Error::other)?;
    // SAFETY: every pointer is to a NUL-terminated string that outlives the
    // call.
    let r = unsafe {
        libc::mount(
            c"tmpfs".as_ptr(),
            target.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            options.as_ptr().cast(),
        )
    };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(Mounted {
        path: path.to_path_buf(),
    })
}

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Ok(target) = c_path(&self.path) {
            // SAFETY: the path is a NUL-terminated string; MNT_DETACH lets go
            // even if something still holds a file there.
            unsafe {
                libc::umount2(target.as_ptr(), libc::MNT_DETACH);
            }
        }
    }
}

/// A tmpfs that is there already, writable by the judge, for the scratch
/// folders of runs: `/dev/shm`, unless `TMPDIR` names the temporary folder
/// (the user's choice wins). On a disk, each run's folders would cost new
/// inodes (ext4 spends much time finding free ones while others are being
/// freed); in memory they cost next to nothing.
pub fn memory_folder() -> Option<PathBuf> {
    const TMPFS_MAGIC: libc::c_long = 0x0102_1994;
    if std::env::var_os("TMPDIR").is_some() {
        return None;
    }
    let path = Path::new("/dev/shm");
    let c = c_path(path).ok()?;
    // SAFETY: statfs is plain data; the kernel fills it from a
    // NUL-terminated path.
    let mut fs: libc::statfs = unsafe { std::mem::zeroed() };
    // SAFETY: as above; access takes the same path and a mode.
    let ok = unsafe {
        libc::statfs(c.as_ptr(), &mut fs) == 0 && libc::access(c.as_ptr(), libc::W_OK) == 0
    };
    (ok && fs.f_type as libc::c_long == TMPFS_MAGIC).then(|| path.to_path_buf())
}

/// Whether a tmpfs can be mounted here: mounts one on a fresh folder.
pub fn available() -> bool {
    let Ok(dir) = tempfile::Builder::new().prefix("mayan-probe-").tempdir() else {
        return false;
    };
    mount(dir.path(), 1 << 20, 16).is_ok()
}
