//! How the protocols read the three files of a check and write their
//! result files. The jury's files (the case, the answer file) are read
//! bounded, through their links, and only when regular: a pipe or a device
//! in their place is the judge's fault, said at once. The contestant's
//! output is opened as `mayan judge` opens it (`untrusted::open_regular`):
//! a link, a pipe, a device, a folder or nothing in its place is the
//! contestant's PE, and never read. A result file is written neither
//! through a link nor into a pipe, since a host may put it beside the
//! contestant's output. Not here: what the texts mean (`check`), what each
//! protocol makes of the verdict (its file).

use std::fs::File;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use super::{CheckResult, InputError, OUTPUT_LIMIT, ProtocolError, Source};
use crate::check::CheckVerdict;
use crate::puzzle::answer::answer_text;
use crate::puzzle::case::{Case, ReadError, parse_case, read_case_from};
use crate::untrusted::{Prefix, Refusal, open_named, open_regular, read_prefix};

/// The jury's text at `path` (the case or the answer file), bounded: its
/// links are followed, but a pipe, a device or a folder is refused rather
/// than waited on or read without end.
fn read_jury_text(what: &'static str, path: &Path) -> Result<String, InputError> {
    let opened = open_named(path).map_err(|refusal| InputError::Refused {
        what,
        path: path.to_path_buf(),
        refusal,
    })?;
    Ok(read_case_from(opened.file, path)?)
}

/// The case at `path`, as [`read_jury_text`] reads it.
pub(super) fn read_case(path: &Path) -> Result<Case, InputError> {
    let text = read_jury_text("the input", path)?;
    let case = parse_case(&text).map_err(|source| ReadError::Invalid {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(case)
}

/// The answer file at `path`, as [`read_jury_text`] reads it; `None` when
/// it holds nothing but whitespace (the reference solver decides).
pub(super) fn read_answer(path: &Path) -> Result<Option<String>, InputError> {
    match read_jury_text("the answer file", path) {
        Ok(text) => Ok(answer_text(text)),
        Err(InputError::Case(e)) => Err(InputError::Answer(e)),
        Err(e) => Err(e),
    }
}

/// The contestant's output, at most [`OUTPUT_LIMIT`] bytes and whether
/// there was more; or, when something else stands where the protocol says
/// it is, the contestant's PE saying what (as `mayan judge` says it,
/// `untrusted::open_regular`): a link is not followed (it could lead to
/// the answer file or to a secret, which the message would quote), a pipe
/// is not waited on, a device or a folder is not read, and a missing file
/// is the program's not writing one. Only an error reading what is there is
/// the judge's (FAIL).
pub(super) fn read_output(source: &Source) -> Result<Result<Prefix, CheckResult>, InputError> {
    let path = match source {
        Source::Stdin => {
            let stdin = std::io::stdin().lock();
            return Ok(Ok(
                read_prefix(stdin, OUTPUT_LIMIT).map_err(InputError::Output)?
            ));
        }
        Source::File(path) => path,
    };
    let unreadable = |source| InputError::Unreadable {
        path: path.clone(),
        source,
    };
    match open_regular(path) {
        Ok(opened) => Ok(Ok(
            read_prefix(opened.file, OUTPUT_LIMIT).map_err(unreadable)?
        )),
        Err(Refusal::Io(e)) => Err(unreadable(e)),
        Err(refusal) => Ok(Err(CheckResult {
            verdict: CheckVerdict::PresentationError,
            summary: format!("the output {} {refusal}", path.display()),
            details: String::new(),
        })),
    }
}

/// Writes a protocol's result file (a score, a message, testlib's result).
/// The host may name it beside the contestant's output, where the program
/// could have left a link (to a file of the judge's, which would be
/// overwritten), a pipe (which would block), or another name of a file
/// (which would be truncated): only a regular file of one name, new or
/// not, or a device (`/dev/null`) is written; anything else is refused.
pub(super) fn write_file(path: impl Into<PathBuf>, text: &str) -> Result<(), ProtocolError> {
    let path = path.into();
    let io = |source| ProtocolError::Write {
        path: path.clone(),
        source,
    };
    let mut file = open_result(&path)?;
    let meta = file.metadata().map_err(io)?;
    let kind = meta.file_type();
    let refused = |what| ProtocolError::WriteRefused {
        path: path.clone(),
        what,
    };
    if kind.is_file() && meta.nlink() > 1 {
        return Err(refused("a file with other names"));
    } else if kind.is_file() {
        file.set_len(0).map_err(io)?;
    } else if kind.is_fifo() {
        return Err(refused("a named pipe"));
    } else if !kind.is_char_device() {
        return Err(refused("not a regular file"));
    }
    file.write_all(text.as_bytes()).map_err(io)
}

/// The result file at `path` opened for writing, created if need be, not
/// truncated yet: a link in its place is not followed, a pipe with no
/// reader not waited on.
fn open_result(path: &Path) -> Result<File, ProtocolError> {
    let opened = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path);
    let refused = |what| ProtocolError::WriteRefused {
        path: path.to_path_buf(),
        what,
    };
    opened.map_err(|source| match source.raw_os_error() {
        Some(libc::ELOOP) => refused("a symbolic link"),
        Some(libc::ENXIO) => refused("a named pipe no one reads"),
        _ => ProtocolError::Write {
            path: path.to_path_buf(),
            source,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::symlink;

    fn mkfifo(path: &Path) {
        let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    }

    /// A folder with a secret, and a link, a pipe, a folder and a hard link
    /// named as a contestant could leave them.
    fn hostile() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("secret"), "the-secret\n").unwrap();
        symlink(d.join("secret"), d.join("link")).unwrap();
        std::fs::hard_link(d.join("secret"), d.join("hard")).unwrap();
        std::fs::create_dir(d.join("folder")).unwrap();
        mkfifo(&d.join("fifo"));
        dir
    }

    fn output_verdict(path: &Path) -> String {
        match read_output(&Source::File(path.to_path_buf())) {
            Ok(Ok(prefix)) => format!("read {} bytes", prefix.bytes.len()),
            Ok(Err(j)) => format!("{}: {}", j.verdict, j.summary),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn an_output_that_is_not_a_regular_file_is_the_contestants_pe_and_never_read() {
        let dir = hostile();
        let d = dir.path();
        let said = |name: &str| output_verdict(&d.join(name));
        assert!(said("link").starts_with("PE: ") && said("link").contains("symbolic link"));
        assert!(said("fifo").ends_with("is a named pipe, not a regular file"));
        assert!(said("folder").ends_with("is a folder, not a regular file"));
        assert!(said("hard").contains("hard link"));
        assert!(said("none").ends_with("/none is missing"));
        for device in ["/dev/zero", "/dev/full", "/dev/null"] {
            let said = output_verdict(Path::new(device));
            assert_eq!(
                said,
                format!("PE: the output {device} is a device, not a regular file")
            );
        }
        let sparse = std::fs::File::create(d.join("sparse")).unwrap();
        sparse.set_len(64 << 30).unwrap();
        let read = read_output(&Source::File(d.join("sparse")))
            .unwrap()
            .unwrap();
        assert_eq!(
            (read.bytes.len() as u64, read.truncated),
            (OUTPUT_LIMIT, true)
        );
    }

    #[test]
    fn a_jury_file_is_read_through_a_link_but_a_pipe_or_a_device_is_a_fault() {
        let dir = hostile();
        let d = dir.path();
        std::fs::write(d.join("case.in"), "1\n0\n0\n0\n0\n0\n").unwrap();
        symlink(d.join("case.in"), d.join("case-link.in")).unwrap();
        assert!(read_case(&d.join("case-link.in")).is_ok());
        let fault = |e: InputError| e.to_string();
        let fifo = fault(read_answer(&d.join("fifo")).unwrap_err());
        assert!(
            fifo.starts_with("the answer file ")
                && fifo.ends_with("is a named pipe, not a regular file")
        );
        let zero = fault(read_case(Path::new("/dev/zero")).unwrap_err());
        assert_eq!(zero, "the input /dev/zero is a device, not a regular file");
        assert!(
            fault(read_case(&d.join("folder")).unwrap_err())
                .ends_with("is a folder, not a regular file")
        );
        assert_eq!(
            read_answer(&d.join("link")).unwrap().as_deref(),
            Some("the-secret\n")
        );
    }

    #[test]
    fn a_result_file_is_written_neither_through_a_link_nor_into_a_pipe() {
        let dir = hostile();
        let d = dir.path();
        for (name, what) in [
            ("link", "a symbolic link"),
            ("fifo", "a named pipe no one reads"),
            ("hard", "a file with other names"),
        ] {
            let e = write_file(d.join(name), "100\n").unwrap_err().to_string();
            assert!(e.contains(&format!("it is {what}")), "{name}: {e}");
        }
        assert!(write_file(d.join("folder"), "100\n").is_err());
        assert_eq!(
            std::fs::read_to_string(d.join("secret")).unwrap(),
            "the-secret\n"
        );
        std::fs::write(d.join("score"), "a longer old text\n").unwrap();
        write_file(d.join("score"), "0\n").unwrap();
        assert_eq!(std::fs::read_to_string(d.join("score")).unwrap(), "0\n");
        write_file(d.join("new"), "7\n").unwrap();
        assert_eq!(std::fs::read_to_string(d.join("new")).unwrap(), "7\n");
        write_file("/dev/null", "7\n").unwrap();
    }
}
