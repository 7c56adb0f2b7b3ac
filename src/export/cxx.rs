//! The testlib checker compiled here, for the judges that run a checker
//! they are given rather than compiling its source (LemonLime's testlib
//! mode, comparison mode 5: `JudgingThread::testlibSpecialJudge` starts
//! `data/` + `specialJudge` as it is). Built with `g++ -std=c++14 -O2
//! -static` against the testlib.h the exporter names, so the executable
//! needs no C++ library where it runs.
//!
//! The header is the exporter's file, read to a bound; the compiler is
//! stopped past a time limit (`bounded`), and what it said (its first
//! lines) is the error.

use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::bounded::{indented, run_bounded};
use crate::untrusted::read_prefix;

/// The largest testlib.h read (the real one is about 200 KB).
const MAX_HEADER: u64 = 4 << 20;

/// How long the compiler may take (it takes 5 to 20 s).
const COMPILE_TIME: Duration = Duration::from_secs(300);

/// The lines of the compiler's messages kept for the error: the first,
/// where the cause is.
const SAID_LINES: usize = 12;

/// The checker cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum CxxError {
    #[error("{}: cannot read testlib.h: {why}", path.display())]
    Header { path: PathBuf, why: String },
    #[error("cannot run g++ to build the testlib checker: {0}")]
    Compiler(std::io::Error),
    #[error(
        "the testlib checker does not build against {} (g++ -std=c++14 -O2 -static): {said}",
        header.display()
    )]
    Build { header: PathBuf, said: String },
}

/// The testlib checker `source` compiled against `header`: the executable's
/// bytes.
pub fn compile_checker(source: &str, header: &Path) -> Result<Vec<u8>, CxxError> {
    let text = read_header(header)?;
    let io = |e: std::io::Error| CxxError::Compiler(e);
    let dir = tempfile::tempdir().map_err(io)?;
    std::fs::write(dir.path().join("testlib.h"), text).map_err(io)?;
    std::fs::write(dir.path().join("checker.cpp"), source).map_err(io)?;
    let mut gxx = Command::new("g++");
    gxx.args([
        "-std=c++14",
        "-O2",
        "-static",
        "-o",
        "checker",
        "checker.cpp",
    ])
    .current_dir(dir.path());
    let ran = run_bounded(&mut gxx, COMPILE_TIME).map_err(io)?;
    if !ran.succeeded() {
        let mut said = indented(ran.said.lines().take(SAID_LINES));
        if ran.status.is_none() {
            said = format!("stopped after {} s{said}", COMPILE_TIME.as_secs());
        }
        return Err(CxxError::Build {
            header: header.to_path_buf(),
            said,
        });
    }
    std::fs::read(dir.path().join("checker")).map_err(io)
}

/// testlib.h's text: a regular file of at most [`MAX_HEADER`] bytes.
fn read_header(path: &Path) -> Result<Vec<u8>, CxxError> {
    let fault = |why: String| CxxError::Header {
        path: path.to_path_buf(),
        why,
    };
    // Non-blocking, so that a FIFO named here is refused, not waited on.
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| fault(e.to_string()))?;
    let meta = file.metadata().map_err(|e| fault(e.to_string()))?;
    if !meta.is_file() {
        return Err(fault("not a regular file".into()));
    }
    let text = read_prefix(file, MAX_HEADER).map_err(|e| fault(e.to_string()))?;
    if text.truncated {
        return Err(fault(format!("larger than {} MiB", MAX_HEADER >> 20)));
    }
    Ok(text.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_that_is_not_a_file_or_too_large_is_refused_by_name_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_header(dir.path()).unwrap_err().to_string();
        assert!(err.contains("not a regular file"), "{err}");
        let fifo = dir.path().join("fifo.h");
        let c_path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let err = read_header(&fifo).unwrap_err().to_string();
        assert!(
            err.contains("not a regular file"),
            "a FIFO, not waited on: {err}"
        );
        let missing = dir.path().join("testlib.h");
        let err = read_header(&missing).unwrap_err().to_string();
        assert!(err.starts_with(&missing.display().to_string()), "{err}");
        let big = dir.path().join("big.h");
        let file = std::fs::File::create(&big).unwrap();
        file.set_len(MAX_HEADER + 1).unwrap();
        let err = read_header(&big).unwrap_err().to_string();
        assert!(err.contains("larger than 4 MiB"), "{err}");
    }
}
