//! Links the `mayan` binary as a position-dependent executable on Linux.
//!
//! `mayan solve FILE` and the checkers run once per case, so their start-up
//! counts. A position-independent binary has some 4700 pointers for the
//! dynamic loader to relocate at every start, copying about 17 pages of the
//! binary (page faults); a position-dependent one has them fixed at link
//! time. Only the binaries are linked so (tests and benches keep the
//! default); the static build of README.md already is.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}
