//! The system-call filter every sandboxed program runs under. It refuses what
//! a contest program never needs and what would open a way out of the other
//! protections: sockets (no network even where there is no network
//! namespace), tracing and reading other processes, new namespaces and
//! mounts, kernel keyrings, BPF, perf events, userfaultfd and io_uring (whose
//! operations would go round this filter), machine-wide IPC objects, and the
//! administrator's calls (modules, reboot, clocks, swap).
//!
//! The refusals fail with `EPERM`; `clone` with a namespace flag too; `clone3`
//! fails with `ENOSYS` so that the C library falls back to `clone`, whose
//! flags the filter can inspect; on x86-64 every x32 call (their numbers have
//! bit 30 set) fails with `EPERM`; a call of another architecture ends the
//! process. One short program decides all of it (`bpf`): the kernel checks,
//! compiles and analyses a filter at every run's start, at a cost that grows
//! with the filters and their length.

mod bpf;

use bpf::{Outcome, Policy};

/// Namespace flags `clone` may not be given.
const NAMESPACE_FLAGS: [u64; 7] = [
    libc::CLONE_NEWUSER as u64,
    libc::CLONE_NEWNS as u64,
    libc::CLONE_NEWNET as u64,
    libc::CLONE_NEWPID as u64,
    libc::CLONE_NEWIPC as u64,
    libc::CLONE_NEWUTS as u64,
    libc::CLONE_NEWCGROUP as u64,
];

/// Refused outright.
const REFUSED: &[libc::c_long] = &[
    libc::SYS_socket,
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_open_by_handle_at,
    // System V and POSIX message queues, semaphores and shared memory are
    // shared machine-wide (there is no IPC namespace per run).
    libc::SYS_shmget,
    libc::SYS_msgget,
    libc::SYS_semget,
    libc::SYS_mq_open,
    // Privileged calls: refused anyway without capabilities, refused here
    // too in case a run keeps some (a root judge with no user id to lend).
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_acct,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_clock_adjtime,
    libc::SYS_adjtimex,
    libc::SYS_quotactl,
    libc::SYS_syslog,
];

/// `AUDIT_ARCH_*` of the architecture the judge runs programs of.
const AUDIT_ARCH: Option<u32> = if cfg!(target_arch = "x86_64") {
    Some(0xC000_003E)
} else if cfg!(target_arch = "aarch64") {
    Some(0xC000_00B7)
} else if cfg!(target_arch = "riscv64") {
    Some(0xC000_00F3)
} else {
    None
};

/// The bit of the x32 calls' numbers, which x86-64 kernels may accept under
/// the same architecture tag.
const X32: Option<u32> = if cfg!(target_arch = "x86_64") {
    Some(0x4000_0000)
} else {
    None
};

/// The compiled filter.
#[derive(Debug, Clone)]
pub struct Filter {
    pub program: Vec<libc::sock_filter>,
}

/// Why the filter cannot be had on this machine.
#[derive(Debug, thiserror::Error)]
pub enum SeccompError {
    #[error("no seccomp in this kernel: {0}")]
    Kernel(std::io::Error),
    #[error("seccomp: no filter for this architecture ({0})")]
    Architecture(&'static str),
    #[error(transparent)]
    TooLong(#[from] bpf::TooFar),
}

/// Whether the kernel takes seccomp filters.
pub fn available() -> Result<(), SeccompError> {
    // SAFETY: PR_GET_SECCOMP takes no pointer.
    let r = unsafe { libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) };
    if r < 0 {
        Err(SeccompError::Kernel(std::io::Error::last_os_error()))
    } else {
        Ok(())
    }
}

/// The calls the filter does not simply allow, and what it does with them.
fn calls() -> Vec<(u32, Outcome)> {
    let eperm = libc::EPERM as u16;
    let mut calls: Vec<(u32, Outcome)> = REFUSED
        .iter()
        .map(|&nr| (nr as u32, Outcome::Errno(eperm)))
        .collect();
    let mask = NAMESPACE_FLAGS.iter().fold(0, |m, &f| m | f as u32);
    calls.push((
        libc::SYS_clone as u32,
        Outcome::RefuseFlags { mask, errno: eperm },
    ));
    calls.push((libc::SYS_clone3 as u32, Outcome::Errno(libc::ENOSYS as u16)));
    calls
}

/// Compiles the filter for this machine's architecture.
pub fn filter() -> Result<Filter, SeccompError> {
    let arch = AUDIT_ARCH.ok_or(SeccompError::Architecture(std::env::consts::ARCH))?;
    let calls = calls();
    let policy = Policy {
        arch,
        refused_bit: X32,
        calls: &calls,
    };
    Ok(Filter {
        program: bpf::assemble(&policy)?,
    })
}

/// In the child, between fork and exec: installs the filter. Only system
/// calls; no memory is allocated. `no_new_privs` must already be set.
pub fn install(filter: &Filter) -> std::io::Result<()> {
    let fprog = libc::sock_fprog {
        len: filter.program.len() as u16,
        filter: filter.program.as_ptr() as *mut libc::sock_filter,
    };
    // SAFETY: the kernel copies the program from the pointer, which outlives
    // the call.
    let r = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            0,
            &fprog as *const libc::sock_fprog,
        )
    };
    if r != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn every_x32_call_is_refused_and_the_x86_64_ones_are_judged_apart() {
        if available().is_err() {
            return;
        }
        let f = filter().unwrap();
        // SAFETY: the child makes only system calls (install allocates
        // nothing) and ends with _exit.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            // SAFETY: as above.
            unsafe {
                libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
                let installed = install(&f).is_ok();
                let x32 = libc::syscall(i64::from(X32.unwrap()) | libc::SYS_getpid);
                let x32_errno = *libc::__errno_location();
                let allowed = libc::syscall(libc::SYS_getpid) > 0;
                let refused = libc::syscall(libc::SYS_socket, libc::AF_INET, libc::SOCK_STREAM, 0);
                let socket_errno = *libc::__errno_location();
                let ok = installed
                    && x32 == -1
                    && x32_errno == libc::EPERM
                    && allowed
                    && refused == -1
                    && socket_errno == libc::EPERM;
                libc::_exit(if ok { 0 } else { 1 });
            }
        }
        let mut status = 0;
        // SAFETY: pid is our child; the pointer is to a local.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
            "{status}"
        );
    }
}

#[cfg(test)]
mod policy_tests {
    use super::*;

    const OTHER_ARCH: u32 = 0x4000_0003; // AUDIT_ARCH_I386

    fn verdict(nr: u32, arg0: u64) -> u32 {
        let f = filter().unwrap();
        bpf::run(&f.program, nr, AUDIT_ARCH.unwrap(), arg0)
    }

    #[test]
    fn every_call_number_gets_what_the_lists_say() {
        let f = filter().unwrap();
        let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
        let enosys = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
        for nr in 0..1024u32 {
            let expected = if REFUSED.contains(&i64::from(nr)) {
                eperm
            } else if i64::from(nr) == libc::SYS_clone3 {
                enosys
            } else {
                libc::SECCOMP_RET_ALLOW
            };
            let got = bpf::run(&f.program, nr, AUDIT_ARCH.unwrap(), 0);
            assert_eq!(got, expected, "call {nr}");
            let other = bpf::run(&f.program, nr, OTHER_ARCH, 0);
            assert_eq!(other, libc::SECCOMP_RET_KILL_PROCESS, "call {nr}");
            if let Some(bit) = X32 {
                let x32 = bpf::run(&f.program, nr | bit, AUDIT_ARCH.unwrap(), 0);
                assert_eq!(x32, eperm, "x32 call {nr}");
            }
        }
    }

    #[test]
    fn clone_is_refused_exactly_the_namespace_flags() {
        let clone = libc::SYS_clone as u32;
        let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
        for flag in NAMESPACE_FLAGS {
            let with_others = flag | (libc::CLONE_VM | libc::SIGCHLD) as u64;
            assert_eq!(verdict(clone, flag), eperm, "{flag:#x}");
            assert_eq!(verdict(clone, with_others), eperm, "{flag:#x}");
        }
        // What the C library's fork and pthread_create pass.
        let fork = libc::SIGCHLD as u64;
        let thread = (libc::CLONE_VM
            | libc::CLONE_FS
            | libc::CLONE_FILES
            | libc::CLONE_SIGHAND
            | libc::CLONE_THREAD
            | libc::CLONE_SYSVSEM
            | libc::CLONE_SETTLS
            | libc::CLONE_PARENT_SETTID
            | libc::CLONE_CHILD_CLEARTID) as u64;
        for allowed in [0, fork, thread, 1 << 40] {
            assert_eq!(
                verdict(clone, allowed),
                libc::SECCOMP_RET_ALLOW,
                "{allowed:#x}"
            );
        }
    }

    #[test]
    fn every_call_is_decided_in_a_few_instructions() {
        // The jumps are forward: the longest path is at most the depth of
        // the search plus the fixed steps; measured by counting them.
        let f = filter().unwrap();
        let longest = (0..1024u32)
            .map(|nr| bpf::steps(&f.program, nr, AUDIT_ARCH.unwrap(), 0))
            .max()
            .unwrap();
        assert!(longest <= 16, "{longest} instructions");
    }

    #[test]
    fn empty_and_single_lists_assemble() {
        for calls in [&[][..], &[(7, Outcome::Errno(1))][..]] {
            let policy = Policy {
                arch: 1,
                refused_bit: None,
                calls,
            };
            let p = bpf::assemble(&policy).unwrap();
            assert_eq!(bpf::run(&p, 8, 1, 0), libc::SECCOMP_RET_ALLOW);
            let seven = bpf::run(&p, 7, 1, 0);
            let expected = if calls.is_empty() {
                libc::SECCOMP_RET_ALLOW
            } else {
                libc::SECCOMP_RET_ERRNO | 1
            };
            assert_eq!(seven, expected);
        }
    }
}
