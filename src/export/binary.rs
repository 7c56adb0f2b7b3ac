//! The binary a package carries as its validator and checker: whether a
//! judge host without Rust and with an older C library can run it, read from
//! its ELF headers (an interpreter means dynamic linking; a symbol table
//! means it was not stripped), its size, and whether it runs here and is
//! this project's.
//!
//! Only inspecting; the packages copy it.

use std::fmt;
use std::path::{Path, PathBuf};

/// The largest binary copied into a package.
const MAX_BYTES: u64 = 512 << 20;

/// How a binary is linked, as its ELF headers say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Linking {
    /// No interpreter: runs with no C library on the host.
    Static,
    /// Needs this program loader, and the C library it belongs to.
    Dynamic { interpreter: String },
    /// Not a 64-bit little-endian ELF file: nothing is known.
    Unknown,
}

/// What was learnt of a binary.
#[derive(Debug, Clone)]
pub struct Binary {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    pub linking: Linking,
    /// Whether it still holds a symbol table (`strip` removes it).
    pub symbols: bool,
    /// The machine it is for, as `x86-64`.
    pub machine: String,
}

/// The binary cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum BinaryError {
    #[error("{}: cannot read the binary: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: larger than {} MiB; is it the mayan binary?", path.display(), MAX_BYTES >> 20)]
    TooLarge { path: PathBuf },
    #[error("{}: `mayan {command}` on a case of the package exited {}, not 42: {said}; is it an older mayan than this one? Give this version's binary with --binary", path.display(), code.map_or("on a signal".to_string(), |c| c.to_string()))]
    SelfTest {
        path: PathBuf,
        command: String,
        code: Option<i32>,
        said: String,
    },
    #[error("cannot run {}: {source}", path.display())]
    Run {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl Binary {
    /// Reads and inspects the binary at `path`.
    pub fn read(path: &Path) -> Result<Binary, BinaryError> {
        let bytes = crate::untrusted::read_file_bounded(path, MAX_BYTES)
            .map_err(|source| BinaryError::Io {
                path: path.to_path_buf(),
                source,
            })?
            .ok_or_else(|| BinaryError::TooLarge {
                path: path.to_path_buf(),
            })?;
        let elf = Elf(&bytes);
        Ok(Binary {
            path: path.to_path_buf(),
            linking: elf.linking(),
            symbols: elf.has_symbols(),
            machine: elf.machine(),
            bytes,
        })
    }

    /// What `--version` prints, run here; an error when it cannot run here
    /// (a build for another machine, say).
    pub fn version(&self) -> std::io::Result<String> {
        let out = std::process::Command::new(std::path::absolute(&self.path)?)
            .arg("--version")
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()?;
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    }

    /// Runs what a package runs, on one of its cases: the strict input
    /// validator must accept `input`, the checker (with `flags`) must accept
    /// `answer` as the output. A binary older than the package's commands
    /// fails here rather than on the judge.
    pub fn self_test(&self, input: &str, answer: &str, flags: &str) -> Result<(), BinaryError> {
        let run_error = |source| BinaryError::Run {
            path: self.path.clone(),
            source,
        };
        let dir = tempfile::tempdir().map_err(run_error)?;
        let (case, expected, feedback) = (
            dir.path().join("in"),
            dir.path().join("ans"),
            dir.path().join("fb"),
        );
        std::fs::write(&case, input).map_err(run_error)?;
        std::fs::write(&expected, answer).map_err(run_error)?;
        std::fs::create_dir(&feedback).map_err(run_error)?;
        let mut check: Vec<String> = vec!["check".into(), "--protocol".into(), "kattis".into()];
        check.extend([&case, &expected, &feedback].map(|p| p.display().to_string()));
        check.extend(flags.split_whitespace().map(String::from));
        let validate: Vec<String> = ["validate", "--kattis", "--strict"]
            .map(String::from)
            .to_vec();
        for (args, stdin) in [(validate, input), (check, answer)] {
            let (code, said) = self.run_with(&args, stdin).map_err(run_error)?;
            if code != Some(42) {
                return Err(BinaryError::SelfTest {
                    path: self.path.clone(),
                    command: args[..3].join(" "),
                    code,
                    said,
                });
            }
        }
        Ok(())
    }

    /// Runs the binary with `args` and `stdin`: its exit code and the start
    /// of its standard error.
    fn run_with(&self, args: &[String], stdin: &str) -> std::io::Result<(Option<i32>, String)> {
        use std::io::Write;
        use std::process::Stdio;
        let mut child = std::process::Command::new(std::path::absolute(&self.path)?)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()?;
        if let Some(mut pipe) = child.stdin.take() {
            // A program that exits without reading all of it says why in its
            // exit code; the broken pipe is no error of ours.
            match pipe.write_all(stdin.as_bytes()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(e),
                _ => {}
            }
        }
        let out = child.wait_with_output()?;
        let said: String = String::from_utf8_lossy(&out.stderr)
            .chars()
            .take(300)
            .collect();
        Ok((out.status.code(), said.trim().to_string()))
    }

    /// What a judge host needs of this binary, and what to do if not
    /// enough: notes for the one who exports.
    pub fn warnings(&self) -> Vec<String> {
        let mut notes = Vec::new();
        match &self.linking {
            Linking::Static => {}
            Linking::Dynamic { interpreter } => notes.push(format!(
                "{} is dynamically linked ({interpreter}): a judge host needs a C library at \
                 least as new as this machine's; ship a static build (README, \"A static binary \
                 for the packages\") with --binary",
                self.path.display()
            )),
            Linking::Unknown => notes.push(format!(
                "{} is not a 64-bit ELF executable: make sure the judge hosts can run it",
                self.path.display()
            )),
        }
        if self.symbols {
            notes.push(format!(
                "{} is not stripped ({}): `strip` it, or build with `--profile dist`",
                self.path.display(),
                megabytes(self.bytes.len())
            ));
        }
        notes
    }
}

impl fmt::Display for Binary {
    /// `path (3.4 MB, statically linked, x86-64)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let linking = match &self.linking {
            Linking::Static => "statically linked",
            Linking::Dynamic { .. } => "dynamically linked",
            Linking::Unknown => "not ELF",
        };
        write!(
            f,
            "{} ({}, {linking}, {}{})",
            self.path.display(),
            megabytes(self.bytes.len()),
            self.machine,
            if self.symbols { ", not stripped" } else { "" }
        )
    }
}

/// `3.4 MB`.
pub fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// The parts of a 64-bit little-endian ELF file looked at.
struct Elf<'a>(&'a [u8]);

const PT_INTERP: u32 = 3;
const SHT_SYMTAB: u32 = 2;

impl Elf<'_> {
    fn is_elf64_le(&self) -> bool {
        self.0.len() >= 64 && self.0.starts_with(b"\x7fELF") && self.0[4] == 2 && self.0[5] == 1
    }

    fn u16_at(&self, at: usize) -> Option<u16> {
        let b = self.0.get(at..at + 2)?;
        Some(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32_at(&self, at: usize) -> Option<u32> {
        let b = self.0.get(at..at + 4)?;
        Some(u32::from_le_bytes(b.try_into().ok()?))
    }

    fn u64_at(&self, at: usize) -> Option<usize> {
        let b = self.0.get(at..at + 8)?;
        usize::try_from(u64::from_le_bytes(b.try_into().ok()?)).ok()
    }

    /// The offsets of the entries of a header table: (table offset at,
    /// entry size at, entry count at) in the file header.
    fn table(&self, offset: usize, size: usize, count: usize) -> Vec<usize> {
        let (Some(start), Some(size), Some(count)) =
            (self.u64_at(offset), self.u16_at(size), self.u16_at(count))
        else {
            return Vec::new();
        };
        (0..usize::from(count))
            .map(|i| start.saturating_add(i * usize::from(size)))
            .collect()
    }

    fn linking(&self) -> Linking {
        if !self.is_elf64_le() {
            return Linking::Unknown;
        }
        for ph in self.table(0x20, 0x36, 0x38) {
            if self.u32_at(ph) == Some(PT_INTERP) {
                let interpreter = (self.u64_at(ph + 8).zip(self.u64_at(ph + 32)))
                    .and_then(|(at, len)| self.0.get(at..at.checked_add(len)?))
                    .map(|b| {
                        String::from_utf8_lossy(b)
                            .trim_end_matches('\0')
                            .to_string()
                    })
                    .unwrap_or_else(|| "an interpreter".to_string());
                return Linking::Dynamic { interpreter };
            }
        }
        Linking::Static
    }

    fn has_symbols(&self) -> bool {
        self.is_elf64_le()
            && (self.table(0x28, 0x3a, 0x3c).into_iter())
                .any(|sh| self.u32_at(sh + 4) == Some(SHT_SYMTAB))
    }

    fn machine(&self) -> String {
        if !self.is_elf64_le() {
            return "unknown machine".to_string();
        }
        match self.u16_at(0x12) {
            Some(62) => "x86-64".to_string(),
            Some(183) => "aarch64".to_string(),
            Some(243) => "riscv64".to_string(),
            Some(other) => format!("ELF machine {other}"),
            None => "unknown machine".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal ELF64 header with one program header of `ph_type` and one
    /// section header of `sh_type`.
    fn elf(ph_type: u32, sh_type: u32) -> Vec<u8> {
        let mut b = vec![0u8; 64 + 56 + 64 + 32];
        b[..6].copy_from_slice(b"\x7fELF\x02\x01");
        b[0x12..0x14].copy_from_slice(&62u16.to_le_bytes());
        b[0x20..0x28].copy_from_slice(&64u64.to_le_bytes());
        b[0x28..0x30].copy_from_slice(&120u64.to_le_bytes());
        b[0x36..0x38].copy_from_slice(&56u16.to_le_bytes());
        b[0x38..0x3a].copy_from_slice(&1u16.to_le_bytes());
        b[0x3a..0x3c].copy_from_slice(&64u16.to_le_bytes());
        b[0x3c..0x3e].copy_from_slice(&1u16.to_le_bytes());
        b[64..68].copy_from_slice(&ph_type.to_le_bytes());
        let interp = b"/lib/ld.so\0";
        b[64 + 8..64 + 16].copy_from_slice(&184u64.to_le_bytes());
        b[64 + 32..64 + 40].copy_from_slice(&(interp.len() as u64).to_le_bytes());
        b[184..184 + interp.len()].copy_from_slice(interp);
        b[120 + 4..120 + 8].copy_from_slice(&sh_type.to_le_bytes());
        b
    }

    #[test]
    fn the_headers_say_how_a_binary_is_linked() {
        let dynamic = Elf(&elf(PT_INTERP, SHT_SYMTAB));
        assert_eq!(
            dynamic.linking(),
            Linking::Dynamic {
                interpreter: "/lib/ld.so".into()
            }
        );
        assert!(dynamic.has_symbols());
        assert_eq!(dynamic.machine(), "x86-64");
        let stripped_static = Elf(&elf(1, 3));
        assert_eq!(stripped_static.linking(), Linking::Static);
        assert!(!stripped_static.has_symbols());
        assert_eq!(Elf(b"#!/bin/sh\n").linking(), Linking::Unknown);
        let mut cut = elf(PT_INTERP, 0);
        cut.truncate(70);
        let interpreter = "an interpreter".to_string();
        assert_eq!(Elf(&cut).linking(), Linking::Dynamic { interpreter });
        assert!(!Elf(&cut).has_symbols());
    }

    #[test]
    fn the_running_test_binary_is_read_and_described() {
        let exe = std::env::current_exe().unwrap();
        let binary = Binary::read(&exe).unwrap();
        assert_ne!(binary.linking, Linking::Unknown);
        assert!(binary.to_string().contains(" MB, "), "{binary}");
    }
}
