//! The filter's policy, checked by running its program as the kernel would
//! (`bpf::run`) for every call number, architecture, x32 bit and clone
//! flags; and once in the kernel.

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

/// The calls refused on x86-64, by number rather than from `REFUSED`, which
/// the filter is built from: a list edited by mistake (or a filter compiled
/// otherwise, as by `seccompiler` in issue 35's trial, which gave these same
/// verdicts) shows here.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_calls_refused_on_x86_64_by_number() {
    let f = filter().unwrap();
    let (mut refused, mut absent) = (Vec::new(), Vec::new());
    for nr in 0..1024u32 {
        match bpf::run(&f.program, nr, AUDIT_ARCH.unwrap(), 0) {
            libc::SECCOMP_RET_ALLOW => {}
            v if v == libc::SECCOMP_RET_ERRNO | libc::EPERM as u32 => refused.push(nr),
            v if v == libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32 => absent.push(nr),
            v => panic!("call {nr}: {v:#x}"),
        }
    }
    let eperm = [
        29, 41, 64, 68, 101, 103, 155, 159, 161, 163, 164, 165, 166, 167, 168, 169, 175, 176, 179,
        227, 240, 246, 248, 249, 250, 272, 298, 304, 305, 308, 310, 311, 313, 320, 321, 323, 425,
        426, 427,
    ];
    assert_eq!(refused, eperm);
    assert_eq!(absent, [435], "clone3");
}

#[cfg(target_arch = "x86_64")]
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
