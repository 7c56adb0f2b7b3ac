//! Build script: on Linux with glibc 2.36 or later, the `mayan` binary is
//! linked with packed relative relocations (`-z pack-relative-relocs`,
//! DT_RELR; rust-lld and GNU ld 2.38 know it). The position-independent
//! binary keeps ASLR, and its 4700 relative relocations take 1.2 KB instead
//! of 110 KB for the loader to read at every start: about 0.1 ms of each
//! `mayan solve`, which checkers call once per case (README, "How the
//! solver is fast", the end).
//!
//! Such a binary needs glibc 2.36 where it runs, so the flag is given only
//! when building for this machine (host and target alike) and its glibc is
//! that recent, and never to a static build (whose start-up code, before
//! glibc 2.36, would ignore the packed relocations).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let glibc_linux = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    let static_build = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static");
    if glibc_linux && var("HOST") == var("TARGET") && !static_build && host_glibc_at_least(2, 36) {
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
