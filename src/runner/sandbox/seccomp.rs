//! The system-call filter every sandboxed program runs under. It refuses what
//! a contest program never needs and what would open a way out of the other
//! protections: sockets (no network even where there is no network
//! namespace), tracing and reading other processes, new namespaces and
//! mounts, kernel keyrings, BPF, perf events, userfaultfd and io_uring (whose
//! operations would go round this filter), machine-wide IPC objects, and the
//! administrator's calls (modules, reboot, clocks, swap).
//!
//! Two filters, because a filter has one action for all its matches: the
//! refusals fail with `EPERM`, and `clone3` fails with `ENOSYS` so that the C
//! library falls back to `clone`, whose flags the first filter can inspect.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

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

/// The same calls by their x32 numbers, which x86-64 kernels may accept
/// under the same architecture tag.
#[cfg(target_arch = "x86_64")]
const X32: i64 = 0x4000_0000;
#[cfg(not(target_arch = "x86_64"))]
const X32: i64 = 0;

/// The compiled filters, in the order they are installed.
#[derive(Debug, Clone)]
pub struct Filters {
    pub programs: Vec<BpfProgram>,
}

/// Why the filters cannot be had on this machine.
#[derive(Debug, thiserror::Error)]
pub enum SeccompError {
    #[error("no seccomp in this kernel: {0}")]
    Kernel(std::io::Error),
    #[error("seccomp: no filters for this architecture ({0})")]
    Architecture(String),
    #[error("seccomp: {0}")]
    Backend(#[from] seccompiler::BackendError),
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

/// Compiles the filters for this machine's architecture.
pub fn filters() -> Result<Filters, SeccompError> {
    let arch: TargetArch = std::env::consts::ARCH
        .try_into()
        .map_err(|e| SeccompError::Architecture(format!("{e:?}")))?;
    let error = SeccompError::Backend;
    let mut refused: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for &call in REFUSED {
        refused.insert(call, Vec::new());
        if X32 != 0 {
            refused.insert(call | X32, Vec::new());
        }
    }
    let mut namespaced = Vec::new();
    for flag in NAMESPACE_FLAGS {
        let condition = SeccompCondition::new(
            0,
            SeccompCmpArgLen::Qword,
            SeccompCmpOp::MaskedEq(flag),
            flag,
        )
        .map_err(error)?;
        namespaced.push(SeccompRule::new(vec![condition]).map_err(error)?);
    }
    refused.insert(libc::SYS_clone, namespaced);
    let mut absent: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    absent.insert(libc::SYS_clone3, Vec::new());
    let compile = |rules, errno: i32| -> Result<BpfProgram, SeccompError> {
        let filter = SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(errno as u32),
            arch,
        )
        .map_err(error)?;
        filter.try_into().map_err(error)
    };
    Ok(Filters {
        programs: vec![
            compile(refused, libc::EPERM)?,
            compile(absent, libc::ENOSYS)?,
        ],
    })
}

/// In the child, between fork and exec: installs the filters. Only system
/// calls; no memory is allocated. `no_new_privs` must already be set.
pub fn install(filters: &Filters) -> std::io::Result<()> {
    for program in &filters.programs {
        let fprog = libc::sock_fprog {
            len: program.len() as u16,
            filter: program.as_ptr() as *mut libc::sock_filter,
        };
        // SAFETY: the kernel copies the program from the pointer, which
        // outlives the call.
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
    }
    Ok(())
}
