//! A case given by the user: a file they name (their own, or a pipe such
//! as `<(gen)`, opened as it is) or standard input (`-`, or no name), read
//! to [`MAX_CASE_BYTES`](super::MAX_CASE_BYTES) and parsed, its errors
//! naming it as `NAME:LINE:` (`<stdin>` for standard input). Not for the
//! cases of a suite, which are opened more warily (`read_case_file`: a pipe
//! is refused there).

use std::path::Path;

use super::{Case, ReadError, parse_case, read_case_from};

/// Where a case is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseInput<'a> {
    File(&'a Path),
    Stdin,
}

impl<'a> CaseInput<'a> {
    /// The case a command line names: standard input when no file is
    /// named, or `-` is.
    pub fn named(path: Option<&'a Path>) -> CaseInput<'a> {
        match path {
            Some(path) if path.as_os_str() != "-" => CaseInput::File(path),
            _ => CaseInput::Stdin,
        }
    }

    /// The name errors give it: the path, or `<stdin>`.
    pub fn name(self) -> &'a Path {
        match self {
            CaseInput::File(path) => path,
            CaseInput::Stdin => Path::new("<stdin>"),
        }
    }
}

/// Reads and parses the case `input` names (at most
/// [`MAX_CASE_BYTES`](super::MAX_CASE_BYTES)).
pub fn read_case_input(input: CaseInput) -> Result<Case, ReadError> {
    let name = input.name();
    let text = match input {
        CaseInput::File(path) => {
            let file = std::fs::File::open(path).map_err(|source| ReadError::Io {
                path: path.to_path_buf(),
                source,
            })?;
            read_case_from(file, path)?
        }
        CaseInput::Stdin => read_case_from(std::io::stdin().lock(), name)?,
    };
    parse_case(&text).map_err(|source| ReadError::Invalid {
        path: name.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dash_or_no_name_is_standard_input() {
        assert_eq!(CaseInput::named(None), CaseInput::Stdin);
        assert_eq!(CaseInput::named(Some(Path::new("-"))), CaseInput::Stdin);
        assert_eq!(CaseInput::Stdin.name(), Path::new("<stdin>"));
        let file = CaseInput::named(Some(Path::new("a.in")));
        assert_eq!(file, CaseInput::File(Path::new("a.in")));
    }

    #[test]
    fn a_case_file_is_read_and_its_errors_name_it_and_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("good.in");
        std::fs::write(&good, "1\n1 1 0\n1 0\n0\n0\n0\n").unwrap();
        let case = read_case_input(CaseInput::File(&good)).unwrap();
        assert_eq!((case.n, case.board.block_count()), (1, 3));
        let bad = dir.path().join("bad.in");
        std::fs::write(&bad, "2\n1 0\n1 11 0\n0\n0\n0\n").unwrap();
        let e = read_case_input(CaseInput::File(&bad)).unwrap_err();
        let said = format!("{}:3: column 1: colour 11 is outside 1..=10", bad.display());
        assert_eq!(e.to_string(), said);
        let missing = dir.path().join("missing.in");
        let e = read_case_input(CaseInput::File(&missing)).unwrap_err();
        assert!(matches!(e, ReadError::Io { .. }), "{e}");
    }
}
