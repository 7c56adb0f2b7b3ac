//! Case validation, as a contest's input validator and answer checker would do
//! it: the format and guarantees of SPEC.md (strict reading), the answer files
//! against the reference solver, and the facts a setter must know about a
//! case: whether its answer depends on the dialect, and whether it can be
//! cleared in fewer than `n` moves.
//!
//! Produces findings; printing them is the command line's business.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::puzzle::answer::{Answer, parse_answer};
use crate::puzzle::case::{Case, parse_case_strict};
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};
use crate::solver::Solver;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// One thing worth saying about one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub severity: Severity,
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        match self.line {
            Some(line) => write!(
                f,
                "{}:{line}: {severity}: {}",
                self.path.display(),
                self.message
            ),
            None => write!(f, "{}: {severity}: {}", self.path.display(), self.message),
        }
    }
}

/// The answer file of `input` for a dialect, relative to the configured one:
/// `X.ans` holds the configured dialect's answer; `X.exclude.ans`,
/// `X.at-most.ans` and `X.exclude.at-most.ans` hold those dialects' answers.
pub fn answer_path(input: &Path, dialect: Dialect, configured: Dialect) -> PathBuf {
    if dialect == configured {
        return input.with_extension("ans");
    }
    let suffix = match (dialect.null_swaps, dialect.steps) {
        (NullSwaps::Include, Steps::Exact) => "include.ans",
        (NullSwaps::Exclude, Steps::Exact) => "exclude.ans",
        (NullSwaps::Include, Steps::AtMost) => "at-most.ans",
        (NullSwaps::Exclude, Steps::AtMost) => "exclude.at-most.ans",
    };
    input.with_extension(suffix)
}

/// The `.in` files under the given files and folders (in the order given,
/// each folder sorted by name), and findings for files in those folders that
/// belong to no case.
pub fn collect_inputs(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Finding>) {
    let (mut inputs, mut findings) = (Vec::new(), Vec::new());
    for root in paths {
        let first = inputs.len();
        if !root.is_dir() {
            inputs.push(root.clone());
            continue;
        }
        for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    findings.push(finding(
                        root,
                        None,
                        Severity::Error,
                        format!("cannot walk: {e}"),
                    ));
                    continue;
                }
            };
            let path = entry.path();
            if !entry.file_type().is_file() {
                continue;
            }
            let name = entry.file_name().to_string_lossy();
            if name.ends_with(".in") {
                inputs.push(path.to_path_buf());
            } else if name.ends_with(".ans") {
                let stem = name.split('.').next().unwrap_or_default();
                if !path.with_file_name(format!("{stem}.in")).exists() {
                    findings.push(finding(
                        path,
                        None,
                        Severity::Warning,
                        "answer file without a case (.in)".into(),
                    ));
                }
            } else if !name.ends_with(".md") && !name.ends_with(".txt") {
                findings.push(finding(
                    path,
                    None,
                    Severity::Warning,
                    "stray file: neither a case nor an answer".into(),
                ));
            }
        }
        inputs[first..].sort();
    }
    (inputs, findings)
}

fn finding(path: &Path, line: Option<usize>, severity: Severity, message: String) -> Finding {
    Finding {
        path: path.to_path_buf(),
        line,
        severity,
        message,
    }
}

/// A file's text (bytes that are not UTF-8 become replacement characters),
/// or the finding that it cannot be read.
fn read_text(path: &Path) -> Result<String, Finding> {
    std::fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|e| finding(path, None, Severity::Error, format!("cannot read: {e}")))
}

/// Everything worth saying about one case file and its answer files.
pub fn validate_case(input: &Path, configured: Dialect, solver: &mut Solver) -> Vec<Finding> {
    let text = match read_text(input) {
        Ok(text) => text,
        Err(unreadable) => return vec![unreadable],
    };
    let (case, warnings) = match parse_case_strict(&text) {
        Ok(parsed) => parsed,
        Err(e) => {
            return vec![finding(
                input,
                Some(e.line),
                Severity::Error,
                e.kind.to_string(),
            )];
        }
    };
    let mut findings: Vec<Finding> = warnings
        .iter()
        .map(|w| {
            let message = w.to_string();
            let message = message
                .split_once(": ")
                .map_or(message.clone(), |(_, m)| m.to_string());
            finding(input, Some(w.line), Severity::Warning, message)
        })
        .collect();
    let answers: Vec<(Dialect, Answer)> = Dialect::ALL
        .iter()
        .map(|&d| {
            (
                d,
                Answer::from_solution(solver.solve(&case.board, case.n, d)),
            )
        })
        .collect();
    for (dialect, reference) in &answers {
        let path = answer_path(input, *dialect, configured);
        if path.exists() {
            findings.extend(check_answer_file(&path, *dialect, reference, &answers));
        } else if *dialect == configured {
            let message = format!(
                "no answer file {}; the reference answer is {}",
                path.display(),
                reference.one_line()
            );
            findings.push(finding(input, None, Severity::Warning, message));
        }
    }
    findings.extend(notes(input, &case, &answers, solver));
    findings
}

fn check_answer_file(
    path: &Path,
    dialect: Dialect,
    reference: &Answer,
    all: &[(Dialect, Answer)],
) -> Vec<Finding> {
    let text = match read_text(path) {
        Ok(text) => text,
        Err(unreadable) => return vec![unreadable],
    };
    let written = match parse_answer(&text) {
        Ok(a) => a,
        Err(e) => {
            return vec![finding(
                path,
                None,
                Severity::Error,
                format!("not a well-formed answer: {e}"),
            )];
        }
    };
    if &written == reference {
        return Vec::new();
    }
    let matches: Vec<String> = all
        .iter()
        .filter(|(_, a)| *a == written)
        .map(|(d, _)| d.to_string())
        .collect();
    let hint = if matches.is_empty() {
        "it matches no dialect".to_string()
    } else {
        format!("it is the answer under {}", matches.join("; "))
    };
    let message = format!(
        "says {}, but the reference answer ({dialect}) is {}; {hint}",
        written.one_line(),
        reference.one_line()
    );
    vec![finding(path, None, Severity::Error, message)]
}

fn notes(
    input: &Path,
    case: &Case,
    answers: &[(Dialect, Answer)],
    solver: &mut Solver,
) -> Vec<Finding> {
    let mut notes = Vec::new();
    let by = |n: NullSwaps, s: Steps| {
        &answers
            .iter()
            .find(|(d, _)| *d == Dialect::new(n, s))
            .expect("all four")
            .1
    };
    let null_swaps = by(NullSwaps::Include, Steps::Exact) != by(NullSwaps::Exclude, Steps::Exact)
        || by(NullSwaps::Include, Steps::AtMost) != by(NullSwaps::Exclude, Steps::AtMost);
    let steps = by(NullSwaps::Include, Steps::Exact) != by(NullSwaps::Include, Steps::AtMost)
        || by(NullSwaps::Exclude, Steps::Exact) != by(NullSwaps::Exclude, Steps::AtMost);
    let mut switches = Vec::new();
    if null_swaps {
        switches.push("null-swaps");
    }
    if steps {
        switches.push("steps");
    }
    if !switches.is_empty() {
        let list: Vec<String> = answers
            .iter()
            .map(|(d, a)| format!("{}/{}: {}", d.null_swaps, d.steps, a.one_line()))
            .collect();
        let message = format!(
            "dialect-sensitive ({} change the answer): {}",
            switches.join(" and "),
            list.join("; ")
        );
        notes.push(finding(input, None, Severity::Note, message));
    }
    if let Some(k) = solver
        .min_moves(&case.board, case.n)
        .filter(|&k| k < case.n)
    {
        let plural = if k == 1 { "" } else { "s" };
        let message = format!(
            "can be cleared in {k} move{plural}, fewer than n = {}",
            case.n
        );
        notes.push(finding(input, None, Severity::Note, message));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

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
            validate_case(&input, Dialect::default(), &mut Solver::new()),
            vec![]
        );
    }

    #[test]
    fn a_wrong_answer_file_is_an_error_naming_the_dialect_it_matches() {
        let dir = tempfile::tempdir().unwrap();
        let input = write(dir.path(), "a.in", "2\n1 0\n1 0\n0\n1 0\n0\n");
        write(dir.path(), "a.ans", "1 0 1\n0 0 1\n");
        let findings = validate_case(&input, Dialect::default(), &mut Solver::new());
        let error = findings
            .iter()
            .find(|f| f.severity == Severity::Error)
            .unwrap();
        assert!(
            error.message.contains(
                "reference answer (null-swaps = include, steps = exact) is 0 0 1 / 3 0 -1"
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
        let findings = validate_case(&input, Dialect::default(), &mut Solver::new());
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
        let findings = validate_case(&input, Dialect::default(), &mut Solver::new());
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
        let findings = validate_case(&input, Dialect::default(), &mut Solver::new());
        assert!(
            findings
                .iter()
                .any(|f| f.message == "can be cleared in 1 move, fewer than n = 3")
        );
    }

    #[test]
    fn stray_files_and_orphan_answers_are_found() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "a.in", "1\n0\n0\n0\n0\n0\n");
        write(dir.path(), "b.ans", "-1\n");
        write(dir.path(), "notes.doc", "x");
        let (inputs, findings) = collect_inputs(&[dir.path().to_path_buf()]);
        assert_eq!(inputs, vec![dir.path().join("a.in")]);
        let messages: Vec<&str> = findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "answer file without a case (.in)",
                "stray file: neither a case nor an answer"
            ]
        );
    }
}
