//! Unprivileged user ids for runs when the judge is root: each run in flight
//! gets an id of its own from a range no account uses, so that it cannot
//! signal, trace or read the files of the judge or of another run, and so
//! that a per-user process limit counts only its own processes.

use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::runner::procfs::{self, Proc};

/// The first id of the range and how many there are (isolate uses 60000 up).
pub const FIRST: u32 = 61_000;
pub const COUNT: u32 = 1024;

/// Where the lock file of each id is: a lease holds an exclusive `flock` on
/// its id's file, so that judges running at once (or two runners in one
/// process) never lend the same id; the kernel drops the lock when its
/// holder dies.
const LOCKS: &str = "/run/mayan-judge";

/// The ids free to lend.
#[derive(Debug)]
pub struct Pool {
    free: Mutex<Vec<u32>>,
    locks: PathBuf,
}

/// An id lent to one run; back in the pool when dropped.
#[derive(Debug)]
pub struct Lease<'a> {
    pool: &'a Pool,
    pub uid: u32,
    /// Holds the id's lock.
    _lock: File,
}

impl Pool {
    /// The pool, with its lock folder (made if need be, root's alone),
    /// once what runs of judges killed outright left is swept (see
    /// `sweep`).
    pub fn new() -> io::Result<Pool> {
        let pool = if Path::new("/run").is_dir() {
            Pool::in_folder(PathBuf::from(LOCKS))
        } else {
            Pool::in_folder(std::env::temp_dir().join("mayan-judge-uids"))
        }?;
        pool.sweep();
        Ok(pool)
    }

    /// Kills the processes of the ids of the range that no judge holds, and
    /// removes their files in the folders anyone may write to: what the
    /// runs of a judge killed outright left (its locks died with it). Each
    /// such id's lock is held meanwhile, so that no judge lends it until
    /// they are gone; an id a judge holds is its own.
    fn sweep(&self) {
        let mut ids: Vec<u32> = procfs::all_pids()
            .filter_map(|pid| procfs::status_field(Proc::Pid(pid), "Uid:"))
            .filter_map(|uid| u32::try_from(uid).ok())
            .filter(|uid| (FIRST..FIRST + COUNT).contains(uid))
            .collect();
        let files = left_in_open_folders(|uid| (FIRST..FIRST + COUNT).contains(&uid));
        ids.extend(files.iter().map(|&(_, uid)| uid));
        ids.sort_unstable();
        ids.dedup();
        for uid in ids {
            if let Some(_lock) = self.try_lock(uid) {
                kill_user(uid);
                for (path, _) in files.iter().filter(|&&(_, owner)| owner == uid) {
                    let _ = crate::runner::tree::remove(path);
                }
            }
        }
    }

    /// The pool with its lock files in `locks`.
    pub fn in_folder(locks: PathBuf) -> io::Result<Pool> {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&locks)?;
        Ok(Pool {
            free: Mutex::new((FIRST..FIRST + COUNT).rev().collect()),
            locks,
        })
    }

    /// An id for one run, locked against every other holder; `None` when
    /// every id is lent.
    pub fn lease(&self) -> Option<Lease<'_>> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        for at in (0..free.len()).rev() {
            let uid = free[at];
            if let Some(lock) = self.try_lock(uid) {
                free.remove(at);
                return Some(Lease {
                    pool: self,
                    uid,
                    _lock: lock,
                });
            }
        }
        None
    }

    fn try_lock(&self, uid: u32) -> Option<File> {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.locks.join(uid.to_string()))
            .ok()?;
        // SAFETY: flock takes the descriptor of a file we hold open.
        let r = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        (r == 0).then_some(file)
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        // Used ids go to the back, so an id is reused as late as possible.
        self.pool
            .free
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(0, self.uid);
    }
}

/// Kills every process whose real user id is `uid`, until none is left but
/// zombies (a few rounds: one may fork while the others die).
fn kill_user(uid: u32) {
    for _ in 0..20 {
        let found: Vec<libc::pid_t> = procfs::all_pids()
            .filter(|&pid| procfs::status_field(Proc::Pid(pid), "Uid:") == Some(u64::from(uid)))
            .filter(|&pid| procfs::life(Proc::Pid(pid)) != Some(procfs::Life::Zombie))
            .collect();
        if found.is_empty() {
            return;
        }
        for pid in found {
            // SAFETY: kill takes integers.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// The folders anyone may write to, where a run with no file rules (no
/// Landlock) could leave files of its user id for a later run of the same
/// id to find.
const OPEN_FOLDERS: [&str; 5] = ["/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue"];

/// What the user ids for which `whose` is true own at the top of the
/// folders anyone may write to (and of the temporary folder), with its
/// owner.
fn left_in_open_folders(whose: impl Fn(u32) -> bool) -> Vec<(PathBuf, u32)> {
    use std::os::unix::fs::MetadataExt;
    let temp = std::env::temp_dir();
    let folders = OPEN_FOLDERS.iter().map(Path::new).chain([temp.as_path()]);
    let mut found = Vec::new();
    for folder in folders {
        for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
            // Not following a link: a link is its own.
            if let Ok(m) = entry.metadata()
                && whose(m.uid())
            {
                found.push((entry.path(), m.uid()));
            }
        }
    }
    found
}

/// Removes what `uid` owns at the top of the folders anyone may write to
/// (and of the temporary folder), with all below it (a link itself).
pub fn remove_files_of(uid: u32) {
    for (path, _) in left_in_open_folders(|owner| owner == uid) {
        let _ = crate::runner::tree::remove(&path);
    }
}

/// Gives `path` (not what is in it) to `uid`.
pub fn give(path: &Path, uid: u32) -> io::Result<()> {
    std::os::unix::fs::lchown(path, Some(uid), Some(uid))
}

/// Takes back what `uid` owns under `dir`, `dir` included, for the judge's
/// own user, so that a later run lent the same id finds nothing of its own.
/// Does not follow links, nor change what another user owns (see `tree`).
pub fn take_back(dir: &Path, uid: u32) -> io::Result<()> {
    // SAFETY: getuid and getgid take nothing.
    let judge = unsafe { (libc::getuid(), libc::getgid()) };
    crate::runner::tree::take_back(dir, uid, judge)
}

/// True when an account of this machine (in `/etc/passwd`) has an id in the
/// range.
pub fn range_taken() -> bool {
    std::fs::read("/etc/passwd").is_ok_and(|text| taken_in(&text))
}

fn taken_in(passwd: &[u8]) -> bool {
    passwd.split(|&b| b == b'\n').any(|line| {
        line.split(|&b| b == b':')
            .nth(2)
            .and_then(|id| std::str::from_utf8(id).ok()?.parse::<u32>().ok())
            .is_some_and(|id| (FIRST..FIRST + COUNT).contains(&id))
    })
}

/// In the child, between fork and exec: becomes `uid` (and the group of the
/// same number) with no supplementary groups. Raw system calls: the C
/// library's wrappers would change every thread of what they take for the
/// process, and a child sharing the judge's memory (see `spawn`) shares the
/// C library's idea of the judge's threads.
pub fn become_user(uid: u32) -> io::Result<()> {
    // SAFETY: plain system calls on integers; a null list with length 0
    // clears the supplementary groups.
    unsafe {
        if libc::syscall(libc::SYS_setgroups, 0, std::ptr::null::<libc::gid_t>()) != 0
            || libc::syscall(libc::SYS_setresgid, uid, uid, uid) != 0
            || libc::syscall(libc::SYS_setresuid, uid, uid, uid) != 0
        {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leases_are_distinct_and_come_back_last() {
        let locks = tempfile::tempdir().unwrap();
        let pool = Pool::in_folder(locks.path().into()).unwrap();
        let a = pool.lease().unwrap();
        let b = pool.lease().unwrap();
        assert_ne!(a.uid, b.uid);
        assert_eq!(a.uid, FIRST);
        let first = a.uid;
        drop(a);
        let c = pool.lease().unwrap();
        assert_ne!(c.uid, first, "a returned id is reused last");
    }

    #[test]
    fn the_pool_runs_dry_then_refills() {
        let locks = tempfile::tempdir().unwrap();
        let pool = Pool::in_folder(locks.path().into()).unwrap();
        let all: Vec<_> = std::iter::from_fn(|| pool.lease()).collect();
        assert!(!all.is_empty() && all.len() <= COUNT as usize);
        assert!(pool.lease().is_none());
        drop(all);
        assert!(pool.lease().is_some());
    }

    #[test]
    fn two_pools_never_lend_the_same_id_at_once() {
        // As two judges running at once: the lock files keep them apart.
        let locks = tempfile::tempdir().unwrap();
        let a = Pool::in_folder(locks.path().into()).unwrap();
        let b = Pool::in_folder(locks.path().into()).unwrap();
        let held: Vec<_> = (0..8).map(|_| a.lease().unwrap()).collect();
        let other: Vec<_> = (0..8).map(|_| b.lease().unwrap()).collect();
        for x in &held {
            assert!(other.iter().all(|y| y.uid != x.uid), "{} lent twice", x.uid);
        }
    }

    #[test]
    fn passwd_lines_are_read_by_their_third_field() {
        let clear = b"root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534::/:/bin/false\n";
        assert!(!taken_in(clear));
        let taken = b"root:x:0:0::/root:/bin/sh\njudge:x:61005:61005::/home/j:/bin/sh";
        assert!(taken_in(taken));
        // A group id in the range is not an account's id.
        assert!(!taken_in(b"svc:x:1000:61005::/:/bin/sh"));
    }
}
