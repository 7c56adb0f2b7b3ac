//! Nothing a run started outlives the judge, however the judge ends
//! (SIGKILL included), with cgroups or without: each run's program starts
//! in a PID namespace of its own, whose first process (its init) is a small
//! guard the judge made. When the guard ends, the kernel kills every
//! process left in the namespace, whatever it did to escape (a new session,
//! a double fork, a cleared environment, another cgroup it could not reach
//! anyway). The guard ends when the judge kills it after the run, or when
//! the judge dies: it holds `PR_SET_PDEATHSIG(SIGKILL)`, and the read end
//! of a pipe whose write end only the judge holds, whose end (the judge
//! gone before the death signal was set) it watches.
//!
//! The guard is a fork of the judge in a new namespace (a raw `clone`,
//! without the C library's `fork` handlers); until it ends it makes only
//! raw system calls, as a child forked from a judge of many threads must.
//! It reaps the orphans of the run, which the namespace gives to it. (A
//! guard sharing the judge's memory, as `spawn` starts a program, would
//! share the creating thread's thread-local storage too: tests judging in
//! parallel hung on their output locks. The price of the fork: the pages
//! the judge writes while a run lasts are copied once.)
//!
//! The program is still the judge's child (waited, measured by `wait4`, in
//! the run's cgroup), started by the judge's thread after it `setns`es its
//! next children into the guard's namespace ([`Guard::enter`]).
//!
//! A new PID namespace needs root (`CAP_SYS_ADMIN`), and the raw calls are
//! written for x86-64 and AArch64: elsewhere [`Guard::start`] gives none,
//! and what outlives a killed judge is only what `PR_SET_PDEATHSIG` on the
//! program itself ends (the program, not what it forked), until a later
//! judge sweeps it (`leftovers`).
//!
//! Not responsible for ending a run's processes after a run (see `reap`,
//! `cgroup`), which the guard's end does once more, completely.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::OnceLock;

/// One run's guard: the init of the run's PID namespace.
pub struct Guard {
    pid: libc::pid_t,
    /// The guard's PID namespace.
    ns: OwnedFd,
    /// The write end of the pipe the guard watches; closed with the judge.
    _alive: OwnedFd,
}

impl Guard {
    /// A guard in a new PID namespace, or `None` where one cannot be made
    /// (no root, an architecture without the raw calls, a kernel that
    /// refuses).
    pub fn start() -> Option<Guard> {
        // SAFETY: geteuid takes nothing.
        if !SUPPORTED || unsafe { libc::geteuid() } != 0 {
            return None;
        }
        own_namespace()?;
        let (watched, alive) = pipe().ok()?;
        let fds = (watched.as_raw_fd() as usize, alive.as_raw_fd() as usize);
        let flags = (libc::CLONE_NEWPID | libc::SIGCHLD) as usize;
        // SAFETY: a fork into a new PID namespace: the child has its own
        // copy of memory and makes raw system calls only (`watch`), never
        // returning.
        let pid = unsafe { raw::call(libc::SYS_clone, [flags, 0, 0, 0]) } as isize;
        if pid == 0 {
            watch(fds);
        }
        if pid < 0 {
            return None;
        }
        let pid = pid as libc::pid_t;
        let ns = std::fs::File::open(format!("/proc/{pid}/ns/pid")).map(OwnedFd::from);
        let guard = Guard {
            pid,
            ns: ns.ok()?,
            _alive: alive,
        };
        Some(guard)
    }

    /// Runs `start` (which starts the run's program) with this thread's
    /// next children made in the guard's namespace, then puts this thread
    /// back; where the namespace cannot be entered (a container's filter
    /// refusing `setns`), runs it as it is. An error when this thread
    /// cannot come back.
    pub fn enter<T>(&self, start: impl FnOnce() -> T) -> io::Result<T> {
        let Some(own) = own_namespace() else {
            return Ok(start());
        };
        if setns(self.ns.as_raw_fd()).is_err() {
            return Ok(start());
        }
        let started = start();
        setns(own.as_raw_fd())?;
        Ok(started)
    }
}

impl Drop for Guard {
    /// Kills the guard, and so every process of its namespace, and reaps
    /// it. Its end waits for theirs, and so for the judge to reap the
    /// program, its child: a guard not gone within a second is reaped by a
    /// later one's drop.
    fn drop(&mut self) {
        // SAFETY: our child, not reaped yet; integers.
        unsafe { libc::kill(self.pid, libc::SIGKILL) };
        let mut later = LATER.lock().unwrap_or_else(|e| e.into_inner());
        later.push(self.pid);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
        loop {
            // SAFETY: our children; a null status pointer is allowed.
            later.retain(|&pid| unsafe {
                libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG | libc::__WALL) == 0
            });
            if !later.contains(&self.pid) {
                return;
            }
            if std::time::Instant::now() > deadline {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

/// Guards killed but not yet reaped.
static LATER: std::sync::Mutex<Vec<libc::pid_t>> = std::sync::Mutex::new(Vec::new());

/// This judge's own PID namespace, to come back to after [`Guard::enter`].
fn own_namespace() -> Option<&'static OwnedFd> {
    static OWN: OnceLock<Option<OwnedFd>> = OnceLock::new();
    let own = OWN.get_or_init(|| {
        let file = std::fs::File::open("/proc/self/ns/pid").ok()?;
        Some(OwnedFd::from(file))
    });
    own.as_ref()
}

fn setns(fd: RawFd) -> io::Result<()> {
    // SAFETY: a namespace descriptor of ours and a flag.
    match unsafe { libc::setns(fd, libc::CLONE_NEWPID) } {
        0 => Ok(()),
        _ => Err(io::Error::last_os_error()),
    }
}

/// A close-on-exec pipe: its read and write ends.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: two new descriptors, ours alone.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// The guard: dies with the judge, closes everything but the pipe it
/// watches, reaps the run's orphans until the pipe ends or it is killed.
fn watch((watched, alive): (usize, usize)) -> ! {
    // SAFETY: raw system calls on integers and on locals of this stack.
    unsafe {
        raw::call(
            libc::SYS_prctl,
            [
                libc::PR_SET_PDEATHSIG as usize,
                libc::SIGKILL as usize,
                0,
                0,
            ],
        );
        raw::call(libc::SYS_close, [alive, 0, 0, 0]);
        if watched > 0 {
            raw::call(libc::SYS_close_range, [0, watched - 1, 0, 0]);
        }
        raw::call(
            libc::SYS_close_range,
            [watched + 1, u32::MAX as usize, 0, 0],
        );
        let mut poll = libc::pollfd {
            fd: watched as RawFd,
            events: libc::POLLIN,
            revents: 0,
        };
        loop {
            // Anew each time: ppoll leaves the time not slept in it.
            let tick = libc::timespec {
                tv_sec: 0,
                tv_nsec: 100_000_000,
            };
            let any = -1isize as usize;
            let flags = (libc::WNOHANG | libc::__WALL) as usize;
            while (raw::call(libc::SYS_wait4, [any, 0, flags, 0]) as isize) > 0 {}
            let poll_at = &raw mut poll as usize;
            let tick_at = &raw const tick as usize;
            let ready = raw::call(libc::SYS_ppoll, [poll_at, 1, tick_at, 0]) as isize;
            if ready > 0 {
                raw::call(libc::SYS_exit, [0, 0, 0, 0]);
            }
        }
    }
}

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const SUPPORTED: bool = true;
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const SUPPORTED: bool = false;

/// System calls without the C library (whose wrappers write `errno`).
mod raw {
    /// The system call `number` with four arguments; its raw result.
    ///
    /// # Safety
    /// As the system call itself.
    #[cfg(target_arch = "x86_64")]
    pub unsafe fn call(number: libc::c_long, args: [usize; 4]) -> usize {
        let ret: usize;
        // SAFETY: the caller's; the kernel clobbers rcx and r11.
        unsafe {
            std::arch::asm!(
                "syscall",
                inlateout("rax") number as usize => ret,
                in("rdi") args[0], in("rsi") args[1], in("rdx") args[2], in("r10") args[3],
                lateout("rcx") _, lateout("r11") _,
                options(nostack),
            );
        }
        ret
    }

    /// The system call `number` with four arguments; its raw result.
    ///
    /// # Safety
    /// As the system call itself.
    #[cfg(target_arch = "aarch64")]
    pub unsafe fn call(number: libc::c_long, args: [usize; 4]) -> usize {
        let ret: usize;
        // SAFETY: the caller's.
        unsafe {
            std::arch::asm!(
                "svc 0",
                in("x8") number as usize,
                inlateout("x0") args[0] => ret,
                in("x1") args[1], in("x2") args[2], in("x3") args[3],
                options(nostack),
            );
        }
        ret
    }

    /// Never called: [`super::SUPPORTED`] is false here.
    ///
    /// # Safety
    /// None needed.
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    pub unsafe fn call(_: libc::c_long, _: [usize; 4]) -> usize {
        usize::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alive(pid: libc::pid_t) -> bool {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat.rsplit_once(") ").map(|(_, rest)| rest.chars().next());
        !stat.is_empty() && state != Some(Some('Z'))
    }

    #[test]
    fn a_guards_end_ends_every_process_of_its_namespace() {
        use std::os::unix::process::ExitStatusExt;
        let Some(guard) = Guard::start() else {
            return; // no root: nothing to test here
        };
        let mut child = guard
            .enter(|| {
                std::process::Command::new("sh")
                    .args(["-c", "sleep 60 & echo $$; wait"])
                    .stdout(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .unwrap();
        let mut line = String::new();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        std::io::BufRead::read_line(&mut out, &mut line).unwrap();
        // The shell is pid 2 of the guard's namespace; ours, it is found.
        assert_eq!(line.trim(), "2");
        let shell = child_pid_of(guard.pid).unwrap();
        assert_eq!(shell, child.id() as libc::pid_t);
        // As the judge's death would: the guard's end kills the shell.
        // SAFETY: kill takes integers; the guard is our child.
        unsafe { libc::kill(guard.pid, libc::SIGKILL) };
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(libc::SIGKILL));
        drop(guard);
        assert!(!alive(shell));
    }

    /// A process of the guard's namespace that is our child (the shell).
    fn child_pid_of(guard: libc::pid_t) -> Option<libc::pid_t> {
        let own = std::process::id().to_string();
        let ns = std::fs::read_link(format!("/proc/{guard}/ns/pid")).ok()?;
        std::fs::read_dir("/proc").ok()?.flatten().find_map(|e| {
            let pid: libc::pid_t = e.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            let ppid = stat.rsplit_once(") ")?.1.split(' ').nth(1)?.to_string();
            let theirs = std::fs::read_link(format!("/proc/{pid}/ns/pid")).ok()?;
            (ppid == own && theirs == ns && pid != guard).then_some(pid)
        })
    }
}
