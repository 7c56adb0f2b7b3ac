//! What a process costs before the solver runs, measured from outside: the
//! CPU time of child processes (`wait4`), and the floors a `mayan solve`
//! process is compared against: C programs that only read the case and print
//! `-1`, built here with gcc without a C library (the kernel's cost of a
//! process), statically linked with glibc (plus glibc's start-up: on virtual
//! machines mostly CPUID instructions, each a trap to the hypervisor) and
//! dynamically linked (plus the loader).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs `cmd` to its end with standard output captured; its CPU time (user
/// + system, in ms) and what it printed. Panics when it fails: a benchmark's inputs are its own.
#[expect(
    clippy::zombie_processes,
    reason = "reaped by wait4, which also gives its CPU time"
)]
pub fn run(cmd: &mut Command) -> (f64, String) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the program starts");
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills; the child is ours and
    // not yet reaped (Child::wait is never called on it).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{cmd:?} failed: status {status:#x}"
    );
    let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
    let cpu = ms(usage.ru_utime) + ms(usage.ru_stime);
    (cpu, out)
}

/// The program that only reads the case and prints `-1`: with glibc's
/// start-up, and without a C library at all (raw system calls).
const FLOOR_C: &str = r#"
#include <fcntl.h>
#include <unistd.h>
int main(int argc, char **argv) {
    char buf[4096];
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) return 2;
    while (read(fd, buf, sizeof buf) > 0) {}
    return write(1, "-1\n", 3) == 3 ? 0 : 1;
}
"#;

const FLOOR_BARE: &str = r#"
static long sys(long n, long a, long b, long c) {
    long r;
    __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return r;
}
void start(long *sp) {
    char **argv = (char **)(sp + 1);
    char buf[4096];
    long fd = sys(2, (long)argv[1], 0, 0);   /* open */
    if (fd < 0) sys(231, 2, 0, 0);           /* exit_group */
    while (sys(0, fd, (long)buf, sizeof buf) > 0) {}
    sys(1, 1, (long)"-1\n", 3);              /* write */
    sys(231, 0, 0, 0);
}
__asm__(".globl _start\n_start:\n mov %rsp, %rdi\n and $-16, %rsp\n call start\n");
"#;

/// The floors, built with gcc into `dir`.
pub struct Floors {
    /// No C library: the kernel's process (fork, exec, page faults, exit).
    pub bare: PathBuf,
    /// glibc, statically linked (position-independent, as ours).
    pub glibc_static: PathBuf,
    /// glibc, dynamically linked.
    pub glibc_dynamic: PathBuf,
}

impl Floors {
    /// Builds the floors; `None` (with the reason on standard error) when gcc
    /// cannot, as on a machine without it or its static C library.
    pub fn build(dir: &Path) -> Option<Floors> {
        let src = dir.join("floor.c");
        let bare_src = dir.join("floor-bare.c");
        std::fs::write(&src, FLOOR_C).ok()?;
        std::fs::write(&bare_src, FLOOR_BARE).ok()?;
        let floors = Floors {
            bare: dir.join("floor-bare"),
            glibc_static: dir.join("floor-static"),
            glibc_dynamic: dir.join("floor-dynamic"),
        };
        let builds: [(&PathBuf, &PathBuf, &[&str]); 3] = [
            (
                &floors.bare,
                &bare_src,
                &["-static", "-nostdlib", "-fno-stack-protector"],
            ),
            (&floors.glibc_static, &src, &["-static-pie"]),
            (&floors.glibc_dynamic, &src, &[]),
        ];
        for (exe, src, flags) in builds {
            let status = Command::new("gcc")
                .args(["-O2", "-o"])
                .arg(exe)
                .args(flags)
                .arg(src)
                .status();
            if !status.is_ok_and(|s| s.success()) {
                eprintln!("gcc could not build {}: no floors", exe.display());
                return None;
            }
        }
        Some(floors)
    }
}

/// Whether an ELF file asks for a program loader (is dynamically linked),
/// as `mayan export` reads it.
pub fn is_dynamic(exe: &Path) -> bool {
    use mayan_judge::export::binary::{Binary, Linking};
    let binary = Binary::read(exe).expect("the binary reads");
    matches!(binary.linking, Linking::Dynamic { .. })
}
