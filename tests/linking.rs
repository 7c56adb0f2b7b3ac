//! The builds are the ones the manual promises: `cargo build --release`
//! makes an ordinary `target/release/mayan`, and `cargo dist` the binary
//! the packages carry, statically linked with glibc, yet
//! position-independent (ASLR) with full RELRO (`.cargo/config.toml`,
//! `build.rs`). Read from its ELF headers, so a change to the build's
//! configuration that loses any of these fails here.

use std::path::Path;

/// What the ELF headers say of a 64-bit little-endian executable.
#[derive(Debug, Default)]
struct Elf {
    /// `ET_DYN`: position-independent, loaded at a random address.
    position_independent: bool,
    /// A `PT_INTERP`: a program loader, so dynamically linked.
    interpreter: bool,
    /// A `PT_GNU_RELRO` segment: made read-only after relocation.
    relro: bool,
    /// `DF_BIND_NOW` or `DF_1_NOW`: everything relocated at start, so the
    /// whole RELRO segment is read-only (full RELRO).
    bind_now: bool,
    /// `DT_RELR`: packed relative relocations.
    packed_relocations: bool,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(b[at..at + 2].try_into().unwrap())
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

fn read_elf(path: &Path) -> Elf {
    let b = std::fs::read(path).unwrap();
    assert_eq!(
        &b[..6],
        b"\x7fELF\x02\x01",
        "{}: not a 64-bit LE ELF",
        path.display()
    );
    let mut elf = Elf {
        position_independent: u16_at(&b, 16) == 3,
        ..Elf::default()
    };
    let (phoff, phentsize, phnum) = (u64_at(&b, 32) as usize, u16_at(&b, 54), u16_at(&b, 56));
    for i in 0..usize::from(phnum) {
        let ph = phoff + i * usize::from(phentsize);
        match u32_at(&b, ph) {
            3 => elf.interpreter = true,
            0x6474_e552 => elf.relro = true,
            2 => read_dynamic(
                &b,
                u64_at(&b, ph + 8) as usize,
                u64_at(&b, ph + 32) as usize,
                &mut elf,
            ),
            _ => {}
        }
    }
    elf
}

/// The `PT_DYNAMIC` entries at `offset`, `size` bytes.
fn read_dynamic(b: &[u8], offset: usize, size: usize, elf: &mut Elf) {
    for entry in (offset..offset + size).step_by(16) {
        let (tag, value) = (u64_at(b, entry), u64_at(b, entry + 8));
        match tag {
            0 => break,
            30 => elf.bind_now |= value & 8 != 0, // DT_FLAGS, DF_BIND_NOW
            0x6fff_fffb => elf.bind_now |= value & 1 != 0, // DT_FLAGS_1, DF_1_NOW
            36 => elf.packed_relocations = true,  // DT_RELR
            _ => {}
        }
    }
}

/// The ordinary build goes where every tutorial and script looks.
#[test]
fn the_ordinary_build_is_in_target_profile() {
    let binary = Path::new(env!("CARGO_BIN_EXE_mayan"));
    let profile = binary.parent().and_then(Path::file_name).unwrap();
    let target = binary
        .parent()
        .and_then(Path::parent)
        .and_then(Path::file_name);
    assert_eq!(target.unwrap(), "target", "{}", binary.display());
    assert!(["release", "debug"].contains(&profile.to_str().unwrap()));
}

/// The packages' binary: `MAYAN_EXPORT_BINARY` (CI builds it with `cargo
/// dist`), else `cargo dist`'s output when it is there; `None` after a note
/// when neither is (a failure on CI).
fn dist_binary() -> Option<std::path::PathBuf> {
    if let Some(path) = std::env::var_os("MAYAN_EXPORT_BINARY") {
        return Some(path.into());
    }
    let host = env!("MAYAN_HOST_TUPLE");
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("target/{host}/dist/mayan"));
    match (built.is_file(), std::env::var_os("CI")) {
        (true, _) => Some(built),
        (false, Some(_)) => panic!("CI must build the packages' binary: cargo dist"),
        (false, None) => {
            eprintln!("SKIPPED: no {} (cargo dist makes it)", built.display());
            None
        }
    }
}

#[test]
#[cfg(all(target_os = "linux", target_env = "gnu", target_arch = "x86_64"))]
fn the_packages_binary_is_static_yet_position_independent_with_full_relro() {
    let Some(binary) = dist_binary() else { return };
    let elf = read_elf(&binary);
    assert!(!elf.interpreter, "dynamically linked: {elf:?}");
    assert!(
        elf.position_independent,
        "not position-independent (no ASLR): {elf:?}"
    );
    assert!(elf.relro && elf.bind_now, "not full RELRO: {elf:?}");
    // build.rs packs the relocations where this glibc reads them.
    // SAFETY: glibc returns a static NUL-terminated string.
    let glibc = unsafe { std::ffi::CStr::from_ptr(libc::gnu_get_libc_version()) };
    let version: Vec<u32> = glibc
        .to_str()
        .unwrap()
        .split('.')
        .filter_map(|p| p.parse().ok())
        .collect();
    if version >= vec![2, 36] {
        assert!(
            elf.packed_relocations,
            "glibc {glibc:?}, relocations not packed: {elf:?}"
        );
    }
}

/// The reader itself, on binaries whose linking is known: gcc's default
/// (dynamic, PIE), `-static` (neither) and `-static-pie`.
#[test]
fn the_elf_reader_tells_the_linkings_apart() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("main.c");
    std::fs::write(&src, "int main(void) { return 0; }\n").unwrap();
    let build = |name: &str, flags: &[&str]| {
        let exe = dir.path().join(name);
        let status = std::process::Command::new("gcc")
            .arg("-o")
            .arg(&exe)
            .args(flags)
            .arg(&src)
            .status()
            .expect("gcc runs");
        assert!(status.success(), "gcc {flags:?}");
        read_elf(&exe)
    };
    let dynamic = build("dynamic", &["-pie", "-Wl,-z,relro,-z,now"]);
    assert!(dynamic.interpreter && dynamic.position_independent && dynamic.bind_now);
    let fixed = build("static", &["-static", "-no-pie"]);
    assert!(!fixed.interpreter && !fixed.position_independent);
    let pie = build("static-pie", &["-static-pie", "-Wl,-z,relro,-z,now"]);
    assert!(!pie.interpreter && pie.position_independent && pie.relro && pie.bind_now);
    assert!(!pie.packed_relocations);
    let packed = build("packed", &["-static-pie", "-Wl,-z,pack-relative-relocs"]);
    assert!(packed.packed_relocations, "{packed:?}");
}

/// The packages' binary needs nothing of the machine it is copied to: it
/// runs in an empty root folder, with no C library, no loader and no
/// `/proc` beside it, and solves a case there (root only: `chroot`).
#[test]
fn the_packages_binary_runs_where_there_is_nothing_else() {
    let Some(binary) = dist_binary() else { return };
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("SKIPPED: chroot needs root");
        return;
    }
    let root = tempfile::tempdir().unwrap();
    std::fs::copy(&binary, root.path().join("mayan")).unwrap();
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample/statement.in");
    std::fs::copy(case, root.path().join("case.in")).unwrap();
    let out = std::process::Command::new("chroot")
        .arg(root.path())
        .args(["/mayan", "solve", "/case.in"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "2 1 1\n3 1 1\n3 0 1\n"
    );
}
