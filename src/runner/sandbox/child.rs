//! What a run's child does between fork and exec to enter its sandbox:
//! only system calls on what the judge prepared, no allocation.

use std::io;
use std::os::fd::RawFd;
use std::sync::Arc;

use super::{hide, seccomp, uid};

/// The steps the child takes between fork and exec, in this order: enter the
/// network namespace and hide the judge's data in a mount namespace of its
/// own (both need the judge's privileges), become the run's user
/// (or, still root, drop every capability), die with the judge, close the
/// judge's files at exec, forbid new privileges, enter the file rules,
/// install the system-call filter (last: it refuses calls the steps before
/// make).
#[derive(Debug, Clone)]
pub struct ChildSteps {
    pub(super) netns: Option<RawFd>,
    pub(super) uid: Option<u32>,
    pub(super) ruleset: Option<RawFd>,
    pub(super) seccomp: Option<Arc<seccomp::Filter>>,
    pub(super) hidden: Option<Arc<hide::Hidden>>,
    pub(super) parent: libc::pid_t,
}

impl ChildSteps {
    /// In the child: only system calls, no allocation.
    pub fn enter(&self) -> io::Result<()> {
        let check = |r: libc::c_int| {
            if r != 0 {
                Err(io::Error::last_os_error())
            } else {
                Ok(())
            }
        };
        // SAFETY: each call takes integers or a pointer to a local.
        unsafe {
            if let Some(fd) = self.netns {
                check(libc::setns(fd, libc::CLONE_NEWNET))?;
            }
            if let Some(hidden) = &self.hidden {
                hidden.enter()?;
            }
            if let Some(uid) = self.uid {
                uid::become_user(uid)?;
            }
            if libc::geteuid() == 0 {
                // Root with no id to lend: root without its powers.
                drop_capabilities()?;
            }
            // Set after the change of user, which clears it.
            check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0))?;
            // Nothing of the judge's open files reaches the program.
            libc::syscall(
                libc::SYS_close_range,
                3u32,
                u32::MAX,
                libc::CLOSE_RANGE_CLOEXEC,
            );
            // 0: the judge, outside the run's PID namespace (see `guard`).
            if ![0, self.parent].contains(&libc::getppid()) {
                libc::_exit(137);
            }
            libc::umask(0o022);
            check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
        }
        if let Some(fd) = self.ruleset {
            // SAFETY: the descriptor is the run's Landlock ruleset.
            let r = unsafe { libc::syscall(libc::SYS_landlock_restrict_self, fd, 0u32) };
            if r != 0 {
                return Err(io::Error::last_os_error());
            }
        }
        if let Some(filters) = &self.seccomp {
            seccomp::install(filters)?;
        }
        Ok(())
    }
}

/// In the child: empties the capability bounding set and the effective,
/// permitted and inheritable sets. Only system calls.
fn drop_capabilities() -> io::Result<()> {
    for cap in 0..64 {
        // SAFETY: takes integers; an unknown capability fails with EINVAL,
        // which ends the known ones.
        if unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) } != 0 {
            break;
        }
    }
    // struct __user_cap_header_struct and two __user_cap_data_struct
    // (version 3: 64 capabilities), all zero but the version.
    let header: [u32; 2] = [0x2008_0522, 0];
    let data = [0u32; 6];
    // SAFETY: capset reads the two arrays, laid out as the kernel's structs.
    let r = unsafe { libc::syscall(libc::SYS_capset, header.as_ptr(), data.as_ptr()) };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
