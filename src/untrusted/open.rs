//! Opening a file somebody else controls (a contestant's output in its
//! working folder, a contestant's source in a contest folder) without
//! following a link, without blocking on a pipe, and without opening a
//! device: the path is resolved below a folder the judge chose
//! (`openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
//! RESOLVE_NO_MAGICLINKS`, component by component with `O_NOFOLLOW` where
//! the kernel has no `openat2`), first as an `O_PATH` descriptor, which
//! opens nothing; `fstat` then decides, and only a regular file with no
//! other name is opened for reading. A file a user names (`open_named`)
//! is opened the same way but for its links, which are followed: never a
//! pipe, a device or a folder either.

use std::ffi::CString;
use std::fmt;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path};

/// What stands at a path instead of a readable regular file.
#[derive(Debug)]
pub enum Refusal {
    /// Nothing is there.
    Missing,
    /// A symbolic link (not followed).
    Link,
    /// Something that is not a regular file: "a named pipe", "a folder", ...
    NotRegular(&'static str),
    /// A regular file that also has other names (a hard link).
    HardLink { names: u64 },
    /// A file with other names that whoever could put it in its folder
    /// could not read themselves (`links::rule`).
    ForeignLink(super::links::Foreign),
    /// A path that leaves the folder (`..`, or a link on the way).
    Escapes,
    /// It could not be opened or examined.
    Io(io::Error),
}

impl Refusal {
    /// The refusal as an I/O error: the error itself, or one that says
    /// what is there (`is a named pipe, not a regular file`).
    pub fn into_io(self) -> io::Error {
        match self {
            Refusal::Io(e) => e,
            Refusal::Missing => io::Error::from_raw_os_error(libc::ENOENT),
            other => io::Error::other(other.to_string()),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Missing => write!(f, "is missing"),
            Refusal::Link => write!(f, "is a symbolic link, which the judge does not follow"),
            Refusal::NotRegular(what) => write!(f, "is {what}, not a regular file"),
            Refusal::HardLink { names } => write!(
                f,
                "is a hard link (a file with {names} names), which the judge does not read"
            ),
            Refusal::ForeignLink(foreign) => write!(f, "{foreign}"),
            Refusal::Escapes => write!(f, "leads outside its folder"),
            Refusal::Io(e) => write!(f, "cannot be read: {e}"),
        }
    }
}

/// A regular file opened for reading, with its size when opened.
#[derive(Debug)]
pub struct Opened {
    pub file: File,
    pub size: u64,
}

/// Opens `relative`, below `dir`, as described in the module's docs.
pub fn open_beneath(dir: &Path, relative: &Path) -> Result<Opened, Refusal> {
    let found = regular_beneath(dir, relative)?;
    if found.stat.st_nlink > 1 {
        return Err(Refusal::HardLink {
            names: found.stat.st_nlink,
        });
    }
    reopen(&found.handle, &found.stat)
}

/// A regular file found below a folder, not yet opened for reading.
pub(super) struct Beneath {
    /// Its `O_PATH` descriptor.
    pub handle: OwnedFd,
    /// Its status.
    pub stat: libc::stat,
    /// The status of the folder it was looked up in.
    pub folder: libc::stat,
}

/// Looks `relative` up below `dir` as [`open_beneath`] does, without
/// opening it; refuses what is not a regular file, whatever its names.
pub(super) fn regular_beneath(dir: &Path, relative: &Path) -> Result<Beneath, Refusal> {
    if relative.is_absolute()
        || relative
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
    {
        return Err(Refusal::Escapes);
    }
    // The folder is the judge's choice and trusted: a link to it is followed
    // (a `submissions` folder linked in), links below it are not.
    let root = open_dir(dir)?;
    let folder = fstat(&root)?;
    let handle = match beneath(&root, relative) {
        Err(Refusal::Io(e)) if e.raw_os_error() == Some(libc::ENOSYS) => {
            walk_without_links(root, relative)?
        }
        other => other?,
    };
    let stat = fstat(&handle)?;
    regular(&stat)?;
    Ok(Beneath {
        handle,
        stat,
        folder,
    })
}

/// Opens a file named by whoever runs the judge (a case or an answer file
/// handed to a checker protocol, a report given to `mayan report merge`):
/// the path is theirs, so its links are followed and a file with other
/// names is read, but only a regular file is opened. A named pipe, a
/// device or a folder in its place is refused at once, where opening it
/// would block the judge (a pipe no one writes) or feed it without end
/// (`/dev/zero`).
pub fn open_named(path: &Path) -> Result<Opened, Refusal> {
    let handle = open_at(libc::AT_FDCWD, path, libc::O_PATH | libc::O_CLOEXEC).map_err(|r| {
        match r {
            // Without O_NOFOLLOW, ELOOP is a loop of links, not a link.
            Refusal::Link => Refusal::Io(io::Error::from_raw_os_error(libc::ELOOP)),
            other => other,
        }
    })?;
    let stat = fstat(&handle)?;
    regular(&stat)?;
    reopen(&handle, &stat)
}

/// Refuses what is not a regular file, saying what it is.
fn regular(stat: &libc::stat) -> Result<(), Refusal> {
    match stat.st_mode & libc::S_IFMT {
        libc::S_IFREG => Ok(()),
        libc::S_IFLNK => Err(Refusal::Link),
        libc::S_IFDIR => Err(Refusal::NotRegular("a folder")),
        libc::S_IFIFO => Err(Refusal::NotRegular("a named pipe")),
        libc::S_IFSOCK => Err(Refusal::NotRegular("a socket")),
        libc::S_IFCHR | libc::S_IFBLK => Err(Refusal::NotRegular("a device")),
        _ => Err(Refusal::NotRegular("not a file")),
    }
}

/// The regular file behind an `O_PATH` descriptor, opened for reading.
pub(super) fn reopen(handle: &OwnedFd, stat: &libc::stat) -> Result<Opened, Refusal> {
    // The O_PATH descriptor opened nothing; this opens the same inode.
    let proc_path = format!("/proc/self/fd/{}", handle.as_raw_fd());
    let file = File::open(proc_path).map_err(Refusal::Io)?;
    Ok(Opened {
        file,
        size: stat.st_size as u64,
    })
}

/// Opens a file named by a full path as [`open_beneath`] does, below the
/// folder that holds it (the folder itself is trusted).
pub fn open_regular(path: &Path) -> Result<Opened, Refusal> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Err(Refusal::NotRegular("not a file"));
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    open_beneath(dir, Path::new(name))
}

fn c_path(path: &Path) -> Result<CString, Refusal> {
    CString::new(path.as_os_str().as_bytes()).map_err(|_| Refusal::NotRegular("not a file"))
}

fn refusal(e: io::Error) -> Refusal {
    match e.raw_os_error() {
        Some(libc::ENOENT) => Refusal::Missing,
        Some(libc::ELOOP) => Refusal::Link,
        Some(libc::EXDEV) => Refusal::Escapes,
        Some(libc::ENOTDIR) => Refusal::NotRegular("below something that is not a folder"),
        _ => Refusal::Io(e),
    }
}

/// An `O_PATH` descriptor of the trusted folder `dir`, links followed.
fn open_dir(dir: &Path) -> Result<OwnedFd, Refusal> {
    let flags = libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC;
    open_at(libc::AT_FDCWD, dir, flags)
}

/// An `O_PATH` descriptor of `path` relative to `dir`, no link followed.
fn open_path(dir: libc::c_int, path: &Path, extra: libc::c_int) -> Result<OwnedFd, Refusal> {
    open_at(
        dir,
        path,
        libc::O_PATH | libc::O_NOFOLLOW | libc::O_CLOEXEC | extra,
    )
}

fn open_at(dir: libc::c_int, path: &Path, flags: libc::c_int) -> Result<OwnedFd, Refusal> {
    let name = c_path(path)?;
    // SAFETY: `name` is a NUL-terminated string that outlives the call.
    let fd = unsafe { libc::openat(dir, name.as_ptr(), flags) };
    if fd < 0 {
        return Err(refusal(io::Error::last_os_error()));
    }
    // SAFETY: a fresh descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// `openat2` below `root`: no link, no magic link, nothing outside.
fn beneath(root: &OwnedFd, relative: &Path) -> Result<OwnedFd, Refusal> {
    let name = c_path(relative)?;
    // SAFETY: open_how is plain data; zero is "no flag" in every field.
    let mut how: libc::open_how = unsafe { std::mem::zeroed() };
    how.flags = (libc::O_PATH | libc::O_NOFOLLOW | libc::O_CLOEXEC) as u64;
    how.resolve = libc::RESOLVE_BENEATH | libc::RESOLVE_NO_SYMLINKS | libc::RESOLVE_NO_MAGICLINKS;
    // SAFETY: the pointers are to a NUL-terminated string and a struct that
    // outlive the call; the size is the struct's.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_openat2,
            root.as_raw_fd(),
            name.as_ptr(),
            &how as *const libc::open_how,
            std::mem::size_of::<libc::open_how>(),
        )
    };
    if fd < 0 {
        return Err(refusal(io::Error::last_os_error()));
    }
    // SAFETY: a fresh descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as libc::c_int) })
}

/// Without `openat2`: each folder on the way opened with `O_NOFOLLOW`.
fn walk_without_links(root: OwnedFd, relative: &Path) -> Result<OwnedFd, Refusal> {
    let parts: Vec<&std::ffi::OsStr> = relative.iter().collect();
    let mut at = root;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let extra = if last { 0 } else { libc::O_DIRECTORY };
        at = open_path(at.as_raw_fd(), Path::new(part), extra)?;
    }
    Ok(at)
}

fn fstat(fd: &OwnedFd) -> Result<libc::stat, Refusal> {
    // SAFETY: stat is plain data; fstat fills it.
    let mut stat: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: a valid descriptor and a pointer to a local.
    if unsafe { libc::fstat(fd.as_raw_fd(), &mut stat) } != 0 {
        return Err(Refusal::Io(io::Error::last_os_error()));
    }
    Ok(stat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::os::unix::fs::symlink;

    fn refused(dir: &Path, name: &str) -> String {
        match open_beneath(dir, Path::new(name)) {
            Ok(_) => "opened".to_string(),
            Err(r) => r.to_string(),
        }
    }

    #[test]
    fn only_a_regular_file_with_one_name_is_opened() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("ok"), "1 0 1\n").unwrap();
        let mut opened = open_beneath(d, Path::new("ok")).unwrap();
        let mut text = String::new();
        opened.file.read_to_string(&mut text).unwrap();
        assert_eq!((text.as_str(), opened.size), ("1 0 1\n", 6));
        let secret = tempfile::NamedTempFile::new().unwrap();
        symlink(secret.path(), d.join("abs")).unwrap();
        symlink("ok", d.join("rel")).unwrap();
        symlink("/dev/zero", d.join("zero")).unwrap();
        std::fs::hard_link(d.join("ok"), d.join("hard")).unwrap();
        std::fs::create_dir(d.join("folder")).unwrap();
        let fifo = CString::new(d.join("fifo").as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        for name in ["abs", "rel", "zero"] {
            assert!(refused(d, name).contains("symbolic link"), "{name}");
        }
        assert!(refused(d, "hard").contains("hard link"));
        assert!(refused(d, "ok").contains("hard link"), "both names count");
        assert_eq!(refused(d, "folder"), "is a folder, not a regular file");
        assert_eq!(refused(d, "fifo"), "is a named pipe, not a regular file");
        assert_eq!(refused(d, "none"), "is missing");
        assert_eq!(refused(d, "../x"), "leads outside its folder");
        assert_eq!(refused(d, "/etc/passwd"), "leads outside its folder");
    }

    #[test]
    fn a_link_on_the_way_is_not_followed_either() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("mayan.cpp"), "secret").unwrap();
        symlink(outside.path(), d.join("amy")).unwrap();
        assert!(open_beneath(d, Path::new("amy/mayan.cpp")).is_err());
        let proc_root = format!("/proc/self/root{}", outside.path().display());
        symlink(proc_root, d.join("bob")).unwrap();
        assert!(open_beneath(d, Path::new("bob/mayan.cpp")).is_err());
    }

    #[test]
    fn a_link_to_the_trusted_folder_is_followed_and_links_below_it_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("real")).unwrap();
        std::fs::write(d.join("real/f"), "x").unwrap();
        symlink("f", d.join("real/g")).unwrap();
        symlink("real", d.join("linked")).unwrap();
        assert!(open_regular(&d.join("linked/f")).is_ok());
        assert!(matches!(
            open_regular(&d.join("linked/g")),
            Err(Refusal::Link)
        ));
    }

    #[test]
    fn a_named_file_is_read_through_its_links_but_only_a_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("case.in"), "1\n").unwrap();
        symlink(d.join("case.in"), d.join("linked")).unwrap();
        std::fs::hard_link(d.join("case.in"), d.join("twice")).unwrap();
        symlink("/dev/zero", d.join("zero")).unwrap();
        symlink("loop", d.join("loop")).unwrap();
        std::fs::create_dir(d.join("folder")).unwrap();
        let fifo = CString::new(d.join("fifo").as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        for name in ["case.in", "linked", "twice"] {
            let mut text = String::new();
            let mut opened = open_named(&d.join(name)).unwrap();
            opened.file.read_to_string(&mut text).unwrap();
            assert_eq!((text.as_str(), opened.size), ("1\n", 2), "{name}");
        }
        let refused = |path: &Path| open_named(path).map(|_| ()).unwrap_err().to_string();
        assert_eq!(
            refused(&d.join("fifo")),
            "is a named pipe, not a regular file"
        );
        assert_eq!(refused(&d.join("zero")), "is a device, not a regular file");
        assert_eq!(
            refused(Path::new("/dev/null")),
            "is a device, not a regular file"
        );
        assert_eq!(
            refused(&d.join("folder")),
            "is a folder, not a regular file"
        );
        assert_eq!(refused(&d.join("none")), "is missing");
        assert!(refused(&d.join("loop")).contains("cannot be read"));
    }

    #[test]
    fn without_openat2_the_walk_refuses_links_too() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("sub")).unwrap();
        std::fs::write(d.join("sub/f"), "x").unwrap();
        symlink("sub", d.join("via")).unwrap();
        symlink("f", d.join("sub/link")).unwrap();
        let root = || open_path(libc::AT_FDCWD, d, libc::O_DIRECTORY).unwrap();
        assert!(walk_without_links(root(), Path::new("sub/f")).is_ok());
        assert!(matches!(
            walk_without_links(root(), Path::new("via/f")),
            Err(Refusal::Link | Refusal::NotRegular(_))
        ));
        let link = walk_without_links(root(), Path::new("sub/link")).unwrap();
        assert_eq!(fstat(&link).unwrap().st_mode & libc::S_IFMT, libc::S_IFLNK);
    }
}
