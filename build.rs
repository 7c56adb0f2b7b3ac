//! Build script: on Linux with glibc 2.36 or later, the `mayan` binary is
//! linked with packed relative relocations (`-z pack-relative-relocs`,
//! DT_RELR; rust-lld and GNU ld 2.38 know it). The position-independent
//! binary keeps ASLR, and its 4700 relative relocations take 1.2 KB instead
//! of 110 KB for the loader to read at every start: about 0.1 ms of each
//! `mayan solve`, which checkers call once per case (README, "How the
//! solver is fast", the end).
//!
//! A dynamic binary so linked (`cargo build`) needs glibc 2.36 where it
//! runs; a static one (`cargo dist`, .cargo/config.toml) carries the
//! start-up code of the glibc it was linked with, which reads the packed
//! relocations from 2.36 on. So the flag is given only when building for
//! this machine (host and target alike) and its glibc is that recent.
//!
//! It also tells the code the host's tuple (`MAYAN_HOST_TUPLE`), for the
//! tests and benches that look for `cargo dist`'s binary.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    // Where `cargo dist` puts its binary: target/<host tuple>/dist.
    println!("cargo:rustc-env=MAYAN_HOST_TUPLE={}", var("HOST"));
    let glibc_linux = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    if glibc_linux && var("HOST") == var("TARGET") && host_glibc_at_least(2, 36) {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn host_glibc_at_least(major: u32, minor: u32) -> bool {
    use std::ffi::{CStr, c_char};
    unsafe extern "C" {
        /// glibc's own version, "2.36" (the build script runs on the host).
        fn gnu_get_libc_version() -> *const c_char;
    }
    // SAFETY: glibc returns a pointer to a static NUL-terminated string.
    let version = unsafe { CStr::from_ptr(gnu_get_libc_version()) };
    let mut parts = version.to_str().unwrap_or("").split('.');
    let mut next = || parts.next().and_then(|p| p.parse::<u32>().ok());
    (next(), next()) >= (Some(major), Some(minor))
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn host_glibc_at_least(_: u32, _: u32) -> bool {
    false
}
