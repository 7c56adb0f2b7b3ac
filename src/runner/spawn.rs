//! Starting a sandboxed program without copying the judge: `clone` with
//! `CLONE_VM | CLONE_VFORK`, as `posix_spawn` does, instead of `fork`.
//!
//! A forked child gets a copy of the judge's page tables, and until it execs
//! every page either of them writes is copied on the fault: on a virtual
//! machine, where a fault is dear, that was a fifth of the judge's cost per
//! run. Here the child borrows the judge's memory, runs on a stack of its
//! own, and the calling thread waits until the child has exec'd or failed.
//!
//! What that demands of the child, until `execve`: only system calls on
//! what the parent prepared (no allocation, no lock, no C library wrapper
//! that keeps state about threads: see `sandbox::uid::become_user`), and it
//! reports a failure by storing its `errno` where the parent reads it, then
//! `_exit`s. Signal handlers stay the judge's until exec; the judge's only
//! ones store to an atomic (see `signals`), which is safe to share.

use std::cell::RefCell;
use std::ffi::CString;
use std::io;
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicI32, Ordering};

/// Bytes of the child's stack (it makes system calls and nothing deep).
const STACK: usize = 128 << 10;

/// A program to start: everything prepared in the parent.
pub struct Job<'a> {
    /// An absolute path: no search of `PATH` in the child.
    pub program: CString,
    pub argv: Vec<CString>,
    pub env: Vec<CString>,
    pub cwd: CString,
    /// Standard input, output and error, at 3 or above.
    pub stdio: [RawFd; 3],
    /// The last steps before exec (cgroups, limits, sandbox); only system
    /// calls.
    pub setup: &'a (dyn Fn() -> io::Result<()> + Sync),
}

/// What the child reads: pointers into the job, and where it reports.
struct Shared<'a> {
    job: &'a Job<'a>,
    argv: Vec<*const libc::c_char>,
    env: Vec<*const libc::c_char>,
    errno: AtomicI32,
}

/// Starts `job`; returns its pid once it has exec'd.
pub fn spawn(job: &Job) -> io::Result<libc::pid_t> {
    let pointers = |strings: &[CString]| {
        let mut p: Vec<*const libc::c_char> = strings.iter().map(|s| s.as_ptr()).collect();
        p.push(std::ptr::null());
        p
    };
    let shared = Shared {
        job,
        argv: pointers(&job.argv),
        env: pointers(&job.env),
        errno: AtomicI32::new(0),
    };
    let pid = STACKS.with(|stack| {
        let mut stack = stack.borrow_mut();
        let top = stack.get_or_insert_with(Stack::new).top()?;
        // SAFETY: the child runs `child` on its own stack with the shared
        // memory; CLONE_VFORK keeps this thread (and `shared`) waiting until
        // it has exec'd or exited.
        let pid = unsafe {
            libc::clone(
                child,
                top,
                libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
                (&shared as *const Shared).cast_mut().cast(),
            )
        };
        if pid < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(pid)
        }
    })?;
    match shared.errno.load(Ordering::SeqCst) {
        0 => Ok(pid),
        errno => {
            // The child has exited: reap it.
            let mut status = 0;
            // SAFETY: pid is our child; the pointer is to a local.
            unsafe { libc::waitpid(pid, &mut status, 0) };
            Err(io::Error::from_raw_os_error(errno))
        }
    }
}

/// The child: sets itself up and execs, or reports why not and exits.
extern "C" fn child(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the parent's `Shared`, alive while the parent waits.
    let shared = unsafe { &*(arg as *const Shared) };
    let errno = enter(shared);
    shared.errno.store(errno.max(1), Ordering::SeqCst);
    // SAFETY: ends only this child (it is its own thread group).
    unsafe { libc::_exit(127) }
}

/// In the child: everything up to `execve`; its `errno` if any step failed.
fn enter(shared: &Shared) -> i32 {
    let job = shared.job;
    let errno = || {
        io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EINVAL)
    };
    // SAFETY: system calls on descriptors, strings and pointer arrays the
    // parent prepared and keeps alive.
    unsafe {
        for (target, &fd) in job.stdio.iter().enumerate() {
            if libc::dup2(fd, target as RawFd) < 0 {
                return errno();
            }
        }
        if libc::chdir(job.cwd.as_ptr()) != 0 {
            return errno();
        }
        // As std's Command does: the judge ignores SIGPIPE, programs must
        // not inherit that, nor the calling thread's blocked signals.
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::pthread_sigmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        if let Err(e) = (job.setup)() {
            return e.raw_os_error().unwrap_or(libc::EINVAL);
        }
        libc::execve(
            job.program.as_ptr(),
            shared.argv.as_ptr(),
            shared.env.as_ptr(),
        );
    }
    errno()
}

thread_local! {
    /// Each thread's child stack, made once.
    static STACKS: RefCell<Option<Stack>> = const { RefCell::new(None) };
}

/// A child stack with an inaccessible page below it.
struct Stack {
    base: *mut libc::c_void,
}

impl Stack {
    fn new() -> Stack {
        let guard = page_size();
        // SAFETY: a fresh private anonymous mapping; no pointer is passed in.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                STACK + guard,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base != libc::MAP_FAILED {
            // SAFETY: the mapping's first page, ours.
            unsafe { libc::mprotect(base, guard, libc::PROT_NONE) };
        }
        Stack { base }
    }

    /// The top of the stack (it grows down), 16-byte aligned.
    fn top(&self) -> io::Result<*mut libc::c_void> {
        if self.base == libc::MAP_FAILED {
            return Err(io::Error::other("no memory for a child's stack"));
        }
        let end = self.base as usize + page_size() + STACK;
        Ok((end & !15) as *mut libc::c_void)
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        if self.base != libc::MAP_FAILED {
            // SAFETY: the mapping made in `new`, no longer used.
            unsafe { libc::munmap(self.base, STACK + page_size()) };
        }
    }
}

fn page_size() -> usize {
    // SAFETY: sysconf takes an integer.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(size).unwrap_or(4096)
}

/// A descriptor at 3 or above, so that putting one stream at 0-2 never
/// overwrites another: `fd` itself, or a close-on-exec duplicate.
pub fn above_stdio(fd: RawFd) -> io::Result<Option<std::os::fd::OwnedFd>> {
    if fd >= 3 {
        return Ok(None);
    }
    // SAFETY: duplicates a descriptor we hold.
    let dup = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3) };
    if dup < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the new descriptor is ours alone.
    Ok(Some(unsafe { std::os::fd::FromRawFd::from_raw_fd(dup) }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    fn job_of<'a>(
        argv: &[&str],
        out: &std::fs::File,
        setup: &'a (dyn Fn() -> io::Result<()> + Sync),
    ) -> Job<'a> {
        let fd = out.as_raw_fd();
        // Standard input: the output file, write-only (nothing reads it).
        let stdin = fd;
        Job {
            program: CString::new(argv[0]).unwrap(),
            argv: argv.iter().map(|a| CString::new(*a).unwrap()).collect(),
            env: vec![CString::new("MAYAN_SPAWN_TEST=yes").unwrap()],
            cwd: CString::new("/").unwrap(),
            stdio: [stdin, fd, fd],
            setup,
        }
    }

    fn wait(pid: libc::pid_t) -> i32 {
        let mut status = 0;
        // SAFETY: our child; a local.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        status
    }

    #[test]
    fn the_program_gets_its_arguments_environment_folder_and_streams() {
        let dir = tempfile::tempdir().unwrap();
        let out = std::fs::File::create(dir.path().join("out")).unwrap();
        let setup = || Ok(());
        let script = "echo \"$0 $1 $MAYAN_SPAWN_TEST $(pwd)\"; echo err >&2";
        let job = job_of(&["/bin/sh", "-c", script, "one"], &out, &setup);
        let pid = spawn(&job).unwrap();
        assert_eq!(wait(pid), 0);
        let text = std::fs::read_to_string(dir.path().join("out")).unwrap();
        assert_eq!(text, "one  yes /\nerr\n");
    }

    #[test]
    fn a_failing_step_or_exec_is_an_error_with_its_errno() {
        let dir = tempfile::tempdir().unwrap();
        let out = std::fs::File::create(dir.path().join("out")).unwrap();
        let refuse = || Err(io::Error::from_raw_os_error(libc::EACCES));
        let job = job_of(&["/bin/true"], &out, &refuse);
        let e = spawn(&job).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::EACCES));
        let setup = || Ok(());
        let job = job_of(&["/nonexistent/program"], &out, &setup);
        let e = spawn(&job).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn the_setup_runs_in_the_child_not_the_judge() {
        let dir = tempfile::tempdir().unwrap();
        let out = std::fs::File::create(dir.path().join("out")).unwrap();
        let setup = || {
            let limit = libc::rlimit {
                rlim_cur: 12345,
                rlim_max: 12345,
            };
            // SAFETY: reads a local.
            unsafe { libc::setrlimit(libc::RLIMIT_FSIZE, &limit) };
            Ok(())
        };
        let job = job_of(&["/bin/sh", "-c", "ulimit -f"], &out, &setup);
        assert_eq!(wait(spawn(&job).unwrap()), 0);
        let text = std::fs::read_to_string(dir.path().join("out")).unwrap();
        // 12345 bytes in the shell's 512-byte blocks.
        assert_eq!(text.trim(), "24");
        let mut mine = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: writes a local.
        unsafe { libc::getrlimit(libc::RLIMIT_FSIZE, &mut mine) };
        assert_ne!(mine.rlim_cur, 12345);
    }
}
