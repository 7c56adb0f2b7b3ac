//! A file the judge gives a run (its copy of the input in file mode, its
//! standard input), marked before the run so that what the run did with it
//! can be told after: read it, changed it, or left it alone. Used for the
//! hints of a message only, never for a verdict.
//!
//! What this relies on. A read sets a file's access time where the file
//! system records reads: always under `strictatime`, and under `relatime`
//! (Linux's default, tmpfs's too) when the access time is not later than
//! the modification or change time, or is a day old; so the mark sets it
//! far back, to 2000-01-01, and any read sets it anew. A read that finds
//! the end of the file at once (an empty standard input) sets it too
//! (ext4 and tmpfs do). Whether the file's own file system records reads
//! (a `noatime` mount does not, nor do some network or FUSE ones) is tried
//! on the file itself, by the judge reading it once before the run; where
//! it does not, a read cannot be seen and the use is [`Use::Unknown`]
//! unless the file was changed. A change is seen by the file's size,
//! modification time or inode (a file removed or replaced), never by its
//! content: the judge does not read what the run left there.

use std::fs::{File, FileTimes, Metadata};
use std::io::{self, Read};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The access time a mark sets: 2000-01-01, before any file's modification.
const LONG_AGO: u64 = 946_684_800;

/// What a run did with a file it was given, as seen after the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// Neither read nor changed (it may have been opened and closed).
    Untouched,
    Read,
    /// Written, truncated, removed or replaced.
    Changed,
    /// Not changed; whether it was read cannot be seen here.
    Unknown,
}

impl Use {
    /// True when the run is known to have read or changed the file.
    pub fn used(self) -> bool {
        matches!(self, Use::Read | Use::Changed)
    }
}

/// A file marked before a run.
#[derive(Debug)]
pub struct Marked {
    path: PathBuf,
    before: Stamp,
    /// The file system sets the access time on a read (tried on the file).
    reads_seen: bool,
}

/// What a change alters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
}

impl Stamp {
    fn of(m: &Metadata) -> Stamp {
        Stamp {
            dev: m.dev(),
            ino: m.ino(),
            size: m.size(),
            mtime: (m.mtime(), m.mtime_nsec()),
        }
    }
}

fn long_ago() -> FileTimes {
    FileTimes::new().set_accessed(SystemTime::UNIX_EPOCH + Duration::from_secs(LONG_AGO))
}

fn marked_time(m: &Metadata) -> bool {
    m.atime() == LONG_AGO as i64 && m.atime_nsec() == 0
}

impl Marked {
    /// Marks `path`, a regular file the judge made and owns: its access
    /// time set back, read once to see whether reads are recorded, and set
    /// back again.
    pub fn mark(path: &Path) -> io::Result<Marked> {
        let file = File::open(path)?;
        file.set_times(long_ago())?;
        // One byte, or none of an empty file: a read all the same.
        let _read = (&file).read(&mut [0u8; 1])?;
        let reads_seen = !marked_time(&file.metadata()?);
        file.set_times(long_ago())?;
        Ok(Marked {
            path: path.to_path_buf(),
            before: Stamp::of(&file.metadata()?),
            reads_seen,
        })
    }

    /// The file marked.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What the run did with the file (not following a link the run may
    /// have put in its place).
    pub fn used(&self) -> Use {
        let Ok(now) = std::fs::symlink_metadata(&self.path) else {
            return Use::Changed;
        };
        if Stamp::of(&now) != self.before {
            Use::Changed
        } else if !marked_time(&now) {
            Use::Read
        } else if self.reads_seen {
            Use::Untouched
        } else {
            Use::Unknown
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file in a temporary folder, marked.
    fn marked(text: &str) -> (tempfile::TempDir, PathBuf, Marked) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mayan.in");
        std::fs::write(&path, text).unwrap();
        let mark = Marked::mark(&path).unwrap();
        (dir, path, mark)
    }

    #[test]
    fn a_file_left_alone_is_untouched_and_one_read_is_read() {
        for text in ["3\n1 0\n", ""] {
            let (_dir, path, mark) = marked(text);
            if !mark.reads_seen {
                eprintln!("NOT TESTED: the temporary folder records no reads (noatime?)");
                assert_eq!(mark.used(), Use::Unknown);
                return;
            }
            assert_eq!(mark.used(), Use::Untouched, "{text:?}");
            let _opened_only = File::open(&path).unwrap();
            assert_eq!(mark.used(), Use::Untouched, "opening is not reading");
            std::fs::read(&path).unwrap();
            assert_eq!(mark.used(), Use::Read, "{text:?}");
        }
    }

    #[test]
    fn a_file_written_removed_or_replaced_is_changed() {
        let (_dir, path, mark) = marked("3\n");
        std::fs::write(&path, "garbage, and longer\n").unwrap();
        assert_eq!(mark.used(), Use::Changed);
        let (dir, path, mark) = marked("3\n");
        std::fs::remove_file(&path).unwrap();
        assert_eq!(mark.used(), Use::Changed);
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), &path).unwrap();
        assert_eq!(mark.used(), Use::Changed);
    }
}
