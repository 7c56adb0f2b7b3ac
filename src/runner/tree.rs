//! Folder trees a run made, walked by descriptors: measured while it runs,
//! taken back from its user id, removed after it. A run may leave anything
//! there: a tree deeper than any path may be long (`PATH_MAX`), folders
//! with no permission bits, pipes, sockets, symbolic links, hard links to
//! files elsewhere. So every step is relative to an open folder (`openat`,
//! `fstatat`, `unlinkat`), never a path from the top; no link is followed
//! and no mount crossed (a removal unmounts one it meets, where it may);
//! and a walk is a loop over a stack of names, not a recursion, with one
//! folder open at a time: it goes back up by opening `..`, which must be
//! the folder it came down from, so a walk holds a few descriptors
//! whatever the depth.
//!
//! Not responsible for the limits on what a run writes (see `watch`) or
//! for reading its output (see `untrusted`).

use std::collections::HashSet;
use std::ffi::{CStr, CString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

const OPEN_DIR: libc::c_int =
    libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC;

/// An open folder, with what `fstat` said of it when it was opened.
struct Dir {
    fd: OwnedFd,
    st: libc::stat,
}

/// A folder's device and inode: which folder it is.
type Id = (u64, u64);

impl Dir {
    fn open(path: &Path) -> io::Result<Dir> {
        let path = CString::new(path.as_os_str().as_bytes()).map_err(io::Error::other)?;
        // SAFETY: a NUL-terminated path and flags.
        Dir::adopt(unsafe { libc::open(path.as_ptr(), OPEN_DIR) })
    }

    fn child(&self, name: &CStr) -> io::Result<Dir> {
        // SAFETY: our descriptor and a NUL-terminated name.
        Dir::adopt(unsafe { libc::openat(self.fd.as_raw_fd(), name.as_ptr(), OPEN_DIR) })
    }

    /// The folder above, which must be `expected` (the folder the walk came
    /// down from): anything else means the tree was moved meanwhile.
    fn parent(&self, expected: Id) -> io::Result<Dir> {
        let parent = self.child(c"..")?;
        if parent.id() != expected {
            return Err(io::Error::other("a folder was moved while it was walked"));
        }
        Ok(parent)
    }

    fn adopt(fd: libc::c_int) -> io::Result<Dir> {
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a new descriptor, ours alone.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        // SAFETY: stat is plain data; fstat fills it.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: our descriptor, a local.
        if unsafe { libc::fstat(fd.as_raw_fd(), &mut st) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(Dir { fd, st })
    }

    fn id(&self) -> Id {
        (self.st.st_dev, self.st.st_ino)
    }

    /// What `name` here is, not following a link.
    fn stat_at(&self, name: &CStr) -> io::Result<libc::stat> {
        // SAFETY: stat is plain data; fstatat fills it.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        let flags = libc::AT_SYMLINK_NOFOLLOW;
        // SAFETY: our descriptor, a NUL-terminated name, a local.
        let r = unsafe { libc::fstatat(self.fd.as_raw_fd(), name.as_ptr(), &mut st, flags) };
        check(r).map(|()| st)
    }

    fn unlink_at(&self, name: &CStr, flags: libc::c_int) -> io::Result<()> {
        // SAFETY: our descriptor and a NUL-terminated name.
        check(unsafe { libc::unlinkat(self.fd.as_raw_fd(), name.as_ptr(), flags) })
    }

    /// The entries from `offset` on (0: the start, or where an earlier
    /// entry said the listing goes on).
    fn entries_from(&self, offset: i64) -> io::Result<Entries<'_>> {
        // SAFETY: our descriptor; a folder's offsets are the file system's.
        if unsafe { libc::lseek(self.fd.as_raw_fd(), offset, libc::SEEK_SET) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(Entries {
            dir: self,
            buf: vec![0; 16 << 10],
            len: 0,
            at: 0,
        })
    }
}

fn check(r: libc::c_int) -> io::Result<()> {
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// One entry of a folder.
struct Entry {
    name: CString,
    /// Its type as the folder says (`DT_*`; `DT_UNKNOWN` where the file
    /// system does not say).
    kind: u8,
    /// Where the listing goes on after it.
    next: i64,
}

/// A folder's entries, read by `getdents64` (but `.` and `..`).
struct Entries<'a> {
    dir: &'a Dir,
    buf: Vec<u8>,
    len: usize,
    at: usize,
}

impl Iterator for Entries<'_> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<io::Result<Entry>> {
        loop {
            if self.at >= self.len {
                let fd = self.dir.fd.as_raw_fd();
                let (buf, size) = (self.buf.as_mut_ptr(), self.buf.len());
                // SAFETY: the kernel writes at most `size` bytes to `buf`.
                let n = unsafe { libc::syscall(libc::SYS_getdents64, fd, buf, size) };
                match n {
                    0 => return None,
                    n if n < 0 => return Some(Err(io::Error::last_os_error())),
                    n => (self.len, self.at) = (n as usize, 0),
                }
            }
            // struct linux_dirent64: u64 ino, i64 off, u16 reclen, u8 type,
            // then the name, NUL-terminated.
            let record = &self.buf[self.at..self.len];
            let field = |from: usize, to: usize| record.get(from..to).unwrap_or(&[]);
            let next = i64::from_ne_bytes(field(8, 16).try_into().ok()?);
            let length = u16::from_ne_bytes(field(16, 18).try_into().ok()?) as usize;
            let kind = *record.get(18)?;
            let name = CStr::from_bytes_until_nul(field(19, length)).ok()?;
            self.at += length.max(1);
            if name != c"." && name != c".." {
                return Some(Ok(Entry {
                    name: name.to_owned(),
                    kind,
                    next,
                }));
            }
        }
    }
}

fn root() -> bool {
    // SAFETY: geteuid takes nothing.
    unsafe { libc::geteuid() == 0 }
}

fn is_dir(st: &libc::stat) -> bool {
    st.st_mode & libc::S_IFMT == libc::S_IFDIR
}

/// Whether an entry is a folder: as its folder says, or as `fstatat` says
/// when the folder does not.
fn entry_is_dir(dir: &Dir, entry: &Entry) -> bool {
    match entry.kind {
        libc::DT_DIR => true,
        libc::DT_UNKNOWN => dir.stat_at(&entry.name).is_ok_and(|st| is_dir(&st)),
        _ => false,
    }
}

/// The first error of a walk that goes on past its errors.
#[derive(Default)]
struct FirstError(Option<io::Error>);

impl FirstError {
    fn note(&mut self, e: io::Error) {
        if e.kind() != io::ErrorKind::NotFound {
            self.0.get_or_insert(e);
        }
    }
}

/// A folder the removal came down through: the name it went into, and
/// what could not be removed there.
struct Frame {
    above: Id,
    name: CString,
    kept: HashSet<CString>,
}

/// Removes `path` and everything below it, as much as can be removed; the
/// first failure, once the rest is done. A missing path is no error; a
/// path that is no folder (a file, a link) is removed itself.
pub fn remove(path: &Path) -> io::Result<()> {
    let top = match Dir::open(path) {
        Ok(dir) => dir,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) if matches!(e.raw_os_error(), Some(libc::ENOTDIR | libc::ELOOP)) => {
            return std::fs::remove_file(path);
        }
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700))?;
            Dir::open(path)?
        }
        Err(e) => return Err(e),
    };
    let mut first = FirstError::default();
    empty(top, &mut first);
    if let Err(e) = std::fs::remove_dir(path) {
        first.note(e);
    }
    first.0.map_or(Ok(()), Err)
}

/// Empties the folder `top` depth first, one folder open at a time.
fn empty(top: Dir, first: &mut FirstError) {
    let mut frames: Vec<Frame> = Vec::new();
    let (mut dir, mut kept) = (top, HashSet::new());
    loop {
        writable(&dir);
        if let Some(name) = clear(&dir, &mut kept, first) {
            match descend(&dir, &name) {
                Ok(child) => {
                    let above = dir.id();
                    let kept_here = std::mem::take(&mut kept);
                    frames.push(Frame {
                        above,
                        name,
                        kept: kept_here,
                    });
                    dir = child;
                }
                Err(e) => {
                    first.note(e);
                    kept.insert(name);
                }
            }
            continue;
        }
        let Some(frame) = frames.pop() else { return };
        match dir.parent(frame.above) {
            Ok(parent) => dir = parent,
            Err(e) => {
                // Moved under the walk: what is left stays.
                first.note(e);
                return;
            }
        }
        kept = frame.kept;
        if let Err(e) = dir.unlink_at(&frame.name, libc::AT_REMOVEDIR) {
            first.note(e);
            kept.insert(frame.name);
        }
    }
}

/// Removes every entry of `dir` that is not a folder and not `kept` (what
/// could not be removed before); the first folder left, if any.
fn clear(dir: &Dir, kept: &mut HashSet<CString>, first: &mut FirstError) -> Option<CString> {
    let entries = match dir.entries_from(0) {
        Ok(entries) => entries,
        Err(e) => {
            first.note(e);
            return None;
        }
    };
    let mut folder = None;
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                first.note(e);
                break;
            }
        };
        if kept.contains(&entry.name) {
            continue;
        }
        if entry_is_dir(dir, &entry) {
            folder.get_or_insert(entry.name);
            continue;
        }
        match dir.unlink_at(&entry.name, 0) {
            Ok(()) => {}
            Err(e) if e.raw_os_error() == Some(libc::EISDIR) => {
                folder.get_or_insert(entry.name);
            }
            Err(e) => {
                first.note(e);
                kept.insert(entry.name);
            }
        }
    }
    folder
}

/// Where the judge is not root, a folder of its own that it may not list,
/// enter or change is made so that it may.
fn writable(dir: &Dir) {
    // SAFETY: geteuid takes nothing.
    let own = dir.st.st_uid == unsafe { libc::geteuid() };
    if !root() && own && dir.st.st_mode & 0o700 != 0o700 {
        // SAFETY: our descriptor and a mode.
        unsafe { libc::fchmod(dir.fd.as_raw_fd(), (dir.st.st_mode & 0o7777) | 0o700) };
    }
}

/// Opens the folder `name` in `dir` to empty it: made readable first if
/// need be (see [`writable`]), and unmounted if it is a mount point.
fn descend(dir: &Dir, name: &CStr) -> io::Result<Dir> {
    let child = match dir.child(name) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied && !root() => {
            // SAFETY: our descriptor, a NUL-terminated name, a mode. The
            // entry is a folder (`clear` found it so): nothing to follow.
            check(unsafe { libc::fchmodat(dir.fd.as_raw_fd(), name.as_ptr(), 0o700, 0) })?;
            dir.child(name)?
        }
        opened => opened?,
    };
    if child.st.st_dev == dir.st.st_dev {
        return Ok(child);
    }
    // A file system mounted there (a run's tmpfs its judge could not
    // unmount): detached, then the folder below it.
    let path = CString::new(format!("/proc/self/fd/{}", child.fd.as_raw_fd()))
        .map_err(io::Error::other)?;
    // SAFETY: a NUL-terminated path and a flag.
    check(unsafe { libc::umount2(path.as_ptr(), libc::MNT_DETACH) })?;
    drop(child);
    let below = dir.child(name)?;
    if below.st.st_dev != dir.st.st_dev {
        return Err(io::Error::other("a mount point that cannot be unmounted"));
    }
    Ok(below)
}

/// What a read-only walk does with each entry below the top: sees its
/// folder and its `fstatat`; an error stops the walk.
type Visit<'a> = dyn FnMut(&Dir, &Entry, &libc::stat) -> io::Result<()> + 'a;

/// Visits every entry below the open folder `top` (depth first, links not
/// followed, no mount crossed); an entry that vanished meanwhile is
/// passed over, a folder that cannot be opened is an error.
fn visit(top: Dir, each: &mut Visit) -> io::Result<()> {
    // The folders above the current one, and where their listing goes on.
    let mut frames: Vec<(Id, i64)> = Vec::new();
    let (mut dir, mut offset) = (top, 0);
    loop {
        let mut into = None;
        for entry in dir.entries_from(offset)? {
            let entry = entry?;
            let st = match dir.stat_at(&entry.name) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                st => st?,
            };
            each(&dir, &entry, &st)?;
            if is_dir(&st) && st.st_dev == dir.st.st_dev {
                into = Some(entry);
                break;
            }
        }
        match into {
            Some(entry) => match dir.child(&entry.name) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => offset = entry.next,
                child => {
                    frames.push((dir.id(), entry.next));
                    (dir, offset) = (child?, 0);
                }
            },
            None => {
                let Some((above, next)) = frames.pop() else {
                    return Ok(());
                };
                (dir, offset) = (dir.parent(above)?, next);
            }
        }
    }
}

/// Bytes in the regular files below `path` (a file under two names counts
/// twice); `None` when it holds more than `max_entries` entries, or a
/// folder the judge cannot look into. A missing `path` holds nothing.
pub fn size(path: &Path, max_entries: usize) -> Option<u64> {
    let top = match Dir::open(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Some(0),
        top => top.ok()?,
    };
    let (mut total, mut entries) = (0u64, 0usize);
    visit(top, &mut |_, _, st| {
        entries += 1;
        if entries > max_entries {
            return Err(io::Error::other("too many entries"));
        }
        if st.st_mode & libc::S_IFMT == libc::S_IFREG {
            total = total.saturating_add(st.st_size as u64);
        }
        Ok(())
    })
    .ok()?;
    Some(total)
}

/// Gives everything below `path` that `from` owns, and `path` itself, to
/// `to` (a user and a group id); links are changed themselves, never what
/// they point to, and what another user owns (a hard link to someone
/// else's file) is left as it is.
pub fn take_back(path: &Path, from: u32, to: (u32, u32)) -> io::Result<()> {
    let top = Dir::open(path)?;
    if top.st.st_uid == from {
        // SAFETY: our descriptor and two ids.
        check(unsafe { libc::fchown(top.fd.as_raw_fd(), to.0, to.1) })?;
    }
    visit(top, &mut |dir, entry, st| {
        if st.st_uid != from {
            return Ok(());
        }
        let (fd, flags) = (dir.fd.as_raw_fd(), libc::AT_SYMLINK_NOFOLLOW);
        // SAFETY: our descriptor, a NUL-terminated name, ids and a flag.
        check(unsafe { libc::fchownat(fd, entry.name.as_ptr(), to.0, to.1, flags) })
    })
}

#[cfg(test)]
mod tests;
