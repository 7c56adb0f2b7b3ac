//! Walking a folder a user names (a suite, a contest folder, a source's
//! folder): bounded in entries, depth and time, refused at once on the
//! kernel's pseudo file systems (`/sys`, `/proc`, cgroups, debugfs ...,
//! told by `statfs`), and stopped when the judge is asked to stop (SIGINT,
//! SIGTERM). A walk of `/sys` following its links never ends, and one of a
//! huge tree would hold the judge past any signal; here each ends with an
//! error that names the folder and the limit it met.
//!
//! Not responsible for what the entries found mean (see `judge::suite`,
//! `judge::contestants`), nor for opening them (see `open`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How far one walk may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The most entries (files and folders) a walk reads.
    pub entries: usize,
    /// The deepest a folder may be nested below the walk's root.
    pub depth: usize,
    /// The longest a walk may take.
    pub time: Duration,
}

impl Bounds {
    /// The bounds of every walk of the judge: far above any suite or contest
    /// folder (a contest of a thousand contestants is a few thousand
    /// entries), far below what exhausts the judge.
    pub const STANDARD: Bounds = Bounds {
        entries: 100_000,
        depth: 32,
        time: Duration::from_secs(60),
    };
}

/// Why a walk ended before its end.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WalkError {
    #[error(
        "{}: on a {filesystem} file system, the kernel's own files, where no case or source lies: give a folder on a disk",
        path.display()
    )]
    Pseudo {
        path: PathBuf,
        filesystem: &'static str,
    },
    #[error(
        "{}: more than {limit} entries, the most a walk reads: give a smaller folder",
        root.display()
    )]
    TooMany { root: PathBuf, limit: usize },
    #[error(
        "{}: folders nested deeper than {limit}, the deepest a walk goes (at {}): give a shallower folder, or look for a loop of links",
        root.display(), path.display()
    )]
    TooDeep {
        root: PathBuf,
        path: PathBuf,
        limit: usize,
    },
    #[error(
        "{}: still walking after {}, the longest a walk may take: give a smaller folder, or one on a faster disk",
        root.display(), humantime::format_duration(*limit)
    )]
    TooSlow { root: PathBuf, limit: Duration },
    #[error("{}: the walk was stopped by {}", root.display(), signal_name(*signal))]
    Stopped { root: PathBuf, signal: i32 },
}

/// A signal's name, for a message.
fn signal_name(signal: i32) -> String {
    match signal {
        libc::SIGINT => "SIGINT (Ctrl-C)".into(),
        libc::SIGTERM => "SIGTERM".into(),
        libc::SIGHUP => "SIGHUP (the terminal closed)".into(),
        other => format!("signal {other}"),
    }
}

/// The kernel's pseudo file systems, by their `statfs` magic number
/// (`linux/magic.h`). devtmpfs says it is tmpfs, so `/dev` is not told
/// here; its entries are devices, never cases.
const PSEUDO: &[(u32, &str)] = &[
    (0x9fa0, "proc"),
    (0x6265_6572, "sysfs"),
    (0x1cd1, "devpts"),
    (0x6462_6720, "debugfs"),
    (0x7472_6163, "tracefs"),
    (0x7363_6673, "securityfs"),
    (0x0027_e0eb, "cgroup"),
    (0x6367_7270, "cgroup2"),
    (0x6265_6570, "configfs"),
    (0xcafe_4a11, "bpf"),
    (0x6165_676c, "pstore"),
    (0xde5e_81e4, "efivarfs"),
    (0x6573_5543, "fusectl"),
    (0x4249_4e4d, "binfmt_misc"),
    (0xf97c_ff8c, "selinuxfs"),
    (0x6e73_6673, "nsfs"),
    (0x1980_0202, "mqueue"),
];

/// The name of the pseudo file system `path` lies on, if it lies on one
/// (links followed); `None` for any other, or when it cannot be told.
pub fn pseudo_filesystem(path: &Path) -> Option<&'static str> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: statfs is plain data, filled by the call.
    let mut st: libc::statfs = unsafe { std::mem::zeroed() };
    // SAFETY: a NUL-terminated path and a local to fill.
    if unsafe { libc::statfs(path.as_ptr(), &mut st) } != 0 {
        return None;
    }
    let magic = st.f_type as u32;
    PSEUDO
        .iter()
        .find(|(m, _)| *m == magic)
        .map(|(_, name)| *name)
}

/// An error when `path` lies on a pseudo file system.
pub fn refuse_pseudo(path: &Path) -> Result<(), WalkError> {
    match pseudo_filesystem(path) {
        Some(filesystem) => Err(WalkError::Pseudo {
            path: path.to_path_buf(),
            filesystem,
        }),
        None => Ok(()),
    }
}

/// What tells a walk to stop: the signal that asked, if one did (the
/// judge's is `runner::signals::received`).
pub type Stop = fn() -> Option<i32>;

/// A bounded walk over a `walkdir` walk: its entries and their errors, as
/// `walkdir` gives them, until a bound is met, a pseudo file system
/// reached or a stop asked; then it ends, and [`Walk::finish`] says why.
pub struct Walk {
    inner: walkdir::IntoIter,
    root: PathBuf,
    bounds: Bounds,
    stop: Stop,
    started: Instant,
    seen: usize,
    ended: Option<WalkError>,
}

impl Walk {
    /// The walk `walk` of `root` (made by `WalkDir::new(root)`), within
    /// `bounds`, asking `stop` before each entry.
    pub fn new(walk: walkdir::WalkDir, root: &Path, bounds: Bounds, stop: Stop) -> Walk {
        Walk {
            inner: walk.into_iter(),
            root: root.to_path_buf(),
            bounds,
            stop,
            started: Instant::now(),
            seen: 0,
            ended: refuse_pseudo(root).err(),
        }
    }

    /// Why the walk ended early, if it did.
    pub fn finish(self) -> Result<(), WalkError> {
        self.ended.map_or(Ok(()), Err)
    }

    /// Why the walk must end before reading on, if it must.
    fn bound_met(&self) -> Option<WalkError> {
        let root = self.root.clone();
        if let Some(signal) = (self.stop)() {
            return Some(WalkError::Stopped { root, signal });
        }
        if self.started.elapsed() > self.bounds.time {
            let limit = self.bounds.time;
            return Some(WalkError::TooSlow { root, limit });
        }
        (self.seen >= self.bounds.entries).then_some(WalkError::TooMany {
            root,
            limit: self.bounds.entries,
        })
    }

    /// Why the walk must end at `entry`, if it must.
    fn entry_fault(&self, entry: &walkdir::DirEntry) -> Option<WalkError> {
        if entry.depth() > self.bounds.depth {
            return Some(WalkError::TooDeep {
                root: self.root.clone(),
                path: entry.path().to_path_buf(),
                limit: self.bounds.depth,
            });
        }
        let entered = entry.file_type().is_dir() && entry.depth() > 0;
        entered.then(|| refuse_pseudo(entry.path()).err())?
    }
}

impl Iterator for Walk {
    type Item = Result<walkdir::DirEntry, walkdir::Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended.is_some() {
            return None;
        }
        self.ended = self.bound_met();
        if self.ended.is_some() {
            return None;
        }
        let item = self.inner.next()?;
        self.seen += 1;
        if let Ok(entry) = &item {
            self.ended = self.entry_fault(entry);
            if self.ended.is_some() {
                return None;
            }
        }
        Some(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> Option<i32> {
        None
    }

    fn small(entries: usize, depth: usize) -> Bounds {
        Bounds {
            entries,
            depth,
            time: Duration::from_secs(60),
        }
    }

    fn walk_all(root: &Path, bounds: Bounds, stop: Stop) -> (usize, Result<(), WalkError>) {
        let mut walk = Walk::new(walkdir::WalkDir::new(root), root, bounds, stop);
        let count = walk.by_ref().count();
        (count, walk.finish())
    }

    #[test]
    fn a_walk_within_its_bounds_reads_everything() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a/b")).unwrap();
        std::fs::write(dir.path().join("a/b/1.in"), "").unwrap();
        let (count, end) = walk_all(dir.path(), small(10, 5), never);
        assert_eq!((count, end), (4, Ok(())));
    }

    #[test]
    fn too_many_entries_end_the_walk_naming_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..20 {
            std::fs::write(dir.path().join(format!("{i}.in")), "").unwrap();
        }
        let (count, end) = walk_all(dir.path(), small(10, 5), never);
        assert_eq!(count, 10);
        let e = end.unwrap_err();
        assert!(matches!(e, WalkError::TooMany { limit: 10, .. }), "{e}");
        assert!(e.to_string().contains("more than 10 entries"), "{e}");
    }

    #[test]
    fn folders_nested_too_deep_end_the_walk_naming_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("1/2/3/4/5")).unwrap();
        let (_, end) = walk_all(dir.path(), small(100, 3), never);
        let e = end.unwrap_err();
        assert!(matches!(e, WalkError::TooDeep { limit: 3, .. }), "{e}");
        assert!(e.to_string().contains("nested deeper than 3"), "{e}");
        assert!(e.to_string().contains("1/2/3/4"), "{e}");
    }

    #[test]
    fn a_walk_out_of_time_ends_naming_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("1.in"), "").unwrap();
        let bounds = Bounds {
            time: Duration::ZERO,
            ..small(100, 5)
        };
        std::thread::sleep(Duration::from_millis(2));
        let (count, end) = walk_all(dir.path(), bounds, never);
        assert_eq!(count, 0);
        assert!(matches!(end, Err(WalkError::TooSlow { .. })), "{end:?}");
    }

    #[test]
    fn a_stop_ends_the_walk_naming_the_signal() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("1.in"), "").unwrap();
        let (count, end) = walk_all(dir.path(), small(100, 5), || Some(libc::SIGTERM));
        assert_eq!(count, 0);
        let e = end.unwrap_err();
        assert!(e.to_string().contains("stopped by SIGTERM"), "{e}");
    }

    #[test]
    fn pseudo_file_systems_are_refused_by_their_type() {
        assert_eq!(pseudo_filesystem(Path::new("/proc")), Some("proc"));
        assert_eq!(pseudo_filesystem(Path::new("/proc/self")), Some("proc"));
        if Path::new("/sys/kernel").is_dir() {
            assert_eq!(pseudo_filesystem(Path::new("/sys")), Some("sysfs"));
        }
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(pseudo_filesystem(dir.path()), None);
        let (count, end) = walk_all(Path::new("/proc"), Bounds::STANDARD, never);
        assert_eq!(count, 0);
        let e = end.unwrap_err();
        assert!(
            e.to_string().contains("/proc: on a proc file system"),
            "{e}"
        );
    }

    #[test]
    fn a_link_into_a_pseudo_file_system_ends_the_walk() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/proc/self", dir.path().join("inside")).unwrap();
        let walk = walkdir::WalkDir::new(dir.path()).follow_links(true);
        let mut walk = Walk::new(walk, dir.path(), Bounds::STANDARD, never);
        walk.by_ref().for_each(drop);
        let e = walk.finish().unwrap_err();
        assert!(
            matches!(
                e,
                WalkError::Pseudo {
                    filesystem: "proc",
                    ..
                }
            ),
            "{e}"
        );
    }
}
