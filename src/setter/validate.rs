//! Case validation, as a contest's input validator and answer checker would do
//! it: the format and guarantees of SPEC.md (strict reading), the answer files
//! against the reference solver, and the facts a setter must know about a
//! case: whether its answer depends on the dialect, and whether it can be
//! cleared in fewer than `n` moves.
//!
//! Produces findings; printing them is the command line's business.

use std::path::Path;

use crate::check::reference::References;
use crate::judge::answer_files;
use crate::judge::suite::{Finding, Severity};
use crate::puzzle::case::{Case, MAX_CASE_BYTES, ReadError, parse_case_strict, read_case_text};
use crate::puzzle::dialect::Dialect;
use crate::solver::Solver;
use crate::text::plural;

/// A file's text, read to a bound (bytes that are not UTF-8 are shown as
/// `\xNN`), or the finding that it cannot be read.
fn read_text(path: &Path) -> Result<String, Finding> {
    read_case_text(path).map_err(|e| {
        let why = match e {
            ReadError::Io { source, .. } => format!("cannot read: {source}"),
            ReadError::TooLarge { .. } => {
                format!("larger than {MAX_CASE_BYTES} bytes; a case or answer is a few short lines")
            }
            ReadError::Invalid { source, .. } => source.to_string(),
        };
        Finding::new(path, None, Severity::Error, why)
    })
}

/// What a case's answer files are held to: the configured dialect, and the
/// extension the suite's answer files end in (`ans`: `X.ans`).
#[derive(Debug, Clone, Copy)]
pub struct Configured<'a> {
    pub dialect: Dialect,
    pub answer_extension: &'a str,
}

/// What validating one case file found, and the case when it could be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validated {
    pub findings: Vec<Finding>,
    pub case: Option<Case>,
}

/// Everything worth saying about one case file and its answer files (but
/// whether it repeats another: see `repeats`).
pub fn validate_case(input: &Path, configured: Configured, solver: &mut Solver) -> Validated {
    let unread = |finding| Validated {
        findings: vec![finding],
        case: None,
    };
    let text = match read_text(input) {
        Ok(text) => text,
        Err(unreadable) => return unread(unreadable),
    };
    let (case, warnings) = match parse_case_strict(&text) {
        Ok(parsed) => parsed,
        Err(e) => {
            let kind = e.kind.to_string();
            return unread(Finding::new(input, Some(e.line), Severity::Error, kind));
        }
    };
    let mut findings: Vec<Finding> = warnings
        .iter()
        .map(|w| {
            let message = w.to_string();
            let message = message
                .split_once(": ")
                .map_or(message.clone(), |(_, m)| m.to_string());
            Finding::new(input, Some(w.line), Severity::Warning, message)
        })
        .collect();
    let mut refs = References::of(&case);
    findings.extend(answer_files(input, configured, &mut refs, solver));
    findings.extend(notes(input, &case, &mut refs, solver));
    Validated {
        findings,
        case: Some(case),
    }
}

/// Each answer file held against the reference under every dialect that
/// reads it (an error under the configured dialect, a warning under the
/// others, which would judge wrongly), a note naming the dialects each file
/// holds when there are several files, and a warning when the configured
/// dialect has no file.
fn answer_files(
    input: &Path,
    configured: Configured,
    refs: &mut References,
    solver: &mut Solver,
) -> Vec<Finding> {
    let ext = configured.answer_extension;
    let mut findings = Vec::new();
    let present: Vec<_> = (answer_files::all_names(input, ext).into_iter())
        .filter(|p| p.exists())
        .collect();
    for path in &present {
        let text = match read_text(path) {
            Ok(text) => text,
            Err(unreadable) => {
                findings.push(unreadable);
                continue;
            }
        };
        let served = answer_files::served_by(input, path, ext);
        for &dialect in &served {
            findings.extend(held_against(
                (input, path),
                &text,
                dialect,
                configured,
                refs,
                solver,
            ));
        }
        if present.len() > 1 || served.is_empty() {
            findings.push(holds(path, &served));
        }
    }
    let dialect = configured.dialect;
    if answer_files::find(input, dialect, ext).is_none() {
        let message = format!(
            "no answer file for {dialect} ({} or a less specific name); the reference answer is {}",
            answer_files::candidates(input, dialect, ext)[0].display(),
            refs.get(dialect, solver).one_line()
        );
        findings.push(Finding::new(input, None, Severity::Warning, message));
    }
    findings
}

/// The finding when an answer file contradicts the reference under a
/// dialect that reads it.
fn held_against(
    (input, path): (&Path, &Path),
    text: &str,
    dialect: Dialect,
    configured: Configured,
    refs: &mut References,
    solver: &mut Solver,
) -> Option<Finding> {
    let fault = refs.check_file(text, dialect, solver).err()?;
    if dialect == configured.dialect {
        return Some(Finding::new(path, None, Severity::Error, fault.to_string()));
    }
    let message = format!(
        "wrong under {dialect}, which reads this file: {fault}; give that dialect its own {}",
        answer_files::name_for(input, dialect, configured.answer_extension)
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    );
    Some(Finding::new(path, None, Severity::Warning, message))
}

/// The note saying which dialects read an answer file.
fn holds(path: &Path, served: &[Dialect]) -> Finding {
    let message = if served.is_empty() {
        "read under no dialect: a more specific file stands in for it everywhere".to_string()
    } else {
        format!("holds the answer for {}", answer_files::short_names(served))
    };
    Finding::new(path, None, Severity::Note, message)
}

fn notes(input: &Path, case: &Case, refs: &mut References, solver: &mut Solver) -> Vec<Finding> {
    let mut notes = Vec::new();
    let (null_swaps, steps) = refs.sensitivity(solver);
    let switches: Vec<&str> = [(null_swaps, "null-swaps"), (steps, "steps")]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
    if !switches.is_empty() {
        let list: Vec<String> = refs
            .all(solver)
            .iter()
            .map(|(d, a)| format!("{}/{}: {}", d.null_swaps, d.steps, a.one_line()))
            .collect();
        let message = format!(
            "dialect-sensitive ({} change the answer): {}",
            switches.join(" and "),
            list.join("; ")
        );
        notes.push(Finding::new(input, None, Severity::Note, message));
    }
    if let Some(k) = solver
        .min_moves(&case.board, case.n)
        .filter(|&k| k < case.n)
    {
        let message = format!(
            "can be cleared in {}, fewer than n = {}",
            plural(usize::from(k), "move"),
            case.n
        );
        notes.push(Finding::new(input, None, Severity::Note, message));
    }
    notes
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::puzzle::dialect::{NullSwaps, Steps};

    use super::*;

    const DEFAULT: Configured = Configured {
        dialect: Dialect::new(NullSwaps::Include, Steps::Exact),
        answer_extension: "ans",
    };

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_clean_case_has_no_findings() {
        let dir = tempfile::tempdir().unwrap();
        let input = write(dir.path(), "a.in", "1\n1 1 2 0\n2 2 1 0\n0\n0\n0\n");
        write(dir.path(), "a.ans", "0 2 1\n");
        assert_eq!(
            validate_case(&input, DEFAULT, &mut Solver::new()).findings,
            vec![]
        );
    }

    #[test]
    fn a_wrong_answer_file_is_an_error_naming_the_dialect_it_matches() {
        let dir = tempfile::tempdir().unwrap();
        let input = write(dir.path(), "a.in", "2\n1 0\n1 0\n0\n1 0\n0\n");
        write(dir.path(), "a.ans", "1 0 1\n0 0 1\n");
        let findings = validate_case(&input, DEFAULT, &mut Solver::new()).findings;
        let error = findings
            .iter()
            .find(|f| f.severity == Severity::Error)
            .unwrap();
        assert!(
            error.message.contains(
                "reference solver (null-swaps = include, steps = exact) says 0 0 1 / 3 0 -1"
            ),
            "{error}"
        );
        assert!(
            error
                .message
                .contains("it is the answer under null-swaps = exclude, steps = exact"),
            "{error}"
        );
        let note = findings
            .iter()
            .find(|f| f.severity == Severity::Note)
            .unwrap();
        assert!(
            note.message
                .starts_with("dialect-sensitive (null-swaps change the answer)"),
            "{note}"
        );
    }

    #[test]
    fn format_errors_warnings_and_missing_answers_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let input = write(dir.path(), "bad.in", "1\n1 0\n1 0\nx 0\n0\n0\n");
        let findings = validate_case(&input, DEFAULT, &mut Solver::new()).findings;
        assert_eq!(findings.len(), 1);
        assert_eq!(
            findings[0].to_string(),
            format!("{}:4: error: `x` is not an integer", input.display())
        );
        let input = write(
            dir.path(),
            "crlf.in",
            "1\r\n0\r\n0\r\n0\r\n1 1 0\r\n1 0\r\n",
        );
        let findings = validate_case(&input, DEFAULT, &mut Solver::new()).findings;
        assert!(
            findings
                .iter()
                .any(|f| f.line == Some(1) && f.message == "CRLF line end")
        );
        assert!(
            findings
                .iter()
                .any(|f| f.message.contains("no answer file"))
        );
    }

    #[test]
    fn fewer_than_n_is_noted() {
        let dir = tempfile::tempdir().unwrap();
        let input = write(dir.path(), "a.in", "3\n1 0\n1 0\n0\n1 0\n0\n");
        let findings = validate_case(&input, DEFAULT, &mut Solver::new()).findings;
        assert!(
            findings
                .iter()
                .any(|f| f.message == "can be cleared in 1 move, fewer than n = 3")
        );
    }

    #[test]
    fn answer_files_of_the_suites_extension_are_the_ones_held() {
        let dir = tempfile::tempdir().unwrap();
        let input = write(dir.path(), "a.in", "2\n1 0\n1 0\n0\n1 0\n0\n");
        let out = Configured {
            answer_extension: "out",
            ..DEFAULT
        };
        // The exclude dialect's answer, where include is configured.
        let file = write(dir.path(), "a.out", "1 0 1\n0 0 1\n");
        let findings = validate_case(&input, out, &mut Solver::new()).findings;
        assert!(
            findings
                .iter()
                .any(|f| f.path == file && f.severity == Severity::Error),
            "{findings:?}"
        );
        // Under `ans`, a.out is not an answer file: none is read.
        let findings = validate_case(&input, DEFAULT, &mut Solver::new()).findings;
        let missing = format!("no answer file for {} (", DEFAULT.dialect);
        assert!(
            findings.iter().any(|f| f.message.starts_with(&missing)
                && f.message
                    .contains(&*dir.path().join("a.include.exact.ans").to_string_lossy())),
            "{findings:?}"
        );
        assert!(findings.iter().all(|f| f.path != file), "{findings:?}");
        write(dir.path(), "a.out", "0 0 1\n3 0 -1\n");
        let findings = validate_case(&input, out, &mut Solver::new()).findings;
        assert!(
            findings.iter().any(|f| f
                .message
                .ends_with("give that dialect its own a.exclude.out")),
            "{findings:?}"
        );
    }
}
