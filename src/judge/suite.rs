//! The case folders: every `X.in` under a suite's folder (recursively, in
//! natural order: `2` before `10`) paired with its answer file under the
//! configured dialect (see [`answer_files`]; when there is none the
//! reference solver supplies the answer), the points the suite gives each
//! case, and findings about files that belong to no case.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::check::reference::References;
use crate::config::Suite;
use crate::judge::answer_files;
use crate::puzzle::answer::read_answer_file;
use crate::puzzle::case::{ReadError, read_case_file};
use crate::puzzle::dialect::Dialect;
use crate::solver::Solver;
use crate::text::natural_cmp;

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

impl Finding {
    pub fn new(path: &Path, line: Option<usize>, severity: Severity, message: String) -> Finding {
        Finding {
            path: path.to_path_buf(),
            line,
            severity,
            message,
        }
    }
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
        let walk = walkdir::WalkDir::new(root).sort_by(|a, b| {
            natural_cmp(
                &a.file_name().to_string_lossy(),
                &b.file_name().to_string_lossy(),
            )
        });
        for entry in walk {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    findings.push(Finding::new(
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
                    findings.push(Finding::new(
                        path,
                        None,
                        Severity::Warning,
                        "answer file without a case (.in)".into(),
                    ));
                }
            } else if !name.ends_with(".md") && !name.ends_with(".txt") {
                findings.push(Finding::new(
                    path,
                    None,
                    Severity::Warning,
                    "stray file: neither a case nor an answer".into(),
                ));
            }
        }
        inputs[first..].sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    }
    (inputs, findings)
}

/// One case to judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseFile {
    pub suite: String,
    /// The path below the suite's folder, without `.in`.
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
    pub points: u32,
}

/// The cases of the suites in order, each with its answer file under
/// `dialect`, and findings about stray files.
pub fn discover(suites: &[Suite], dialect: Dialect) -> (Vec<CaseFile>, Vec<Finding>) {
    let (mut cases, mut findings) = (Vec::new(), Vec::new());
    for suite in suites {
        let (inputs, strays) = collect_inputs(std::slice::from_ref(&suite.path));
        findings.extend(strays);
        for input in inputs {
            let relative = input.strip_prefix(&suite.path).unwrap_or(&input);
            let name = relative.with_extension("").to_string_lossy().into_owned();
            let answer = answer_files::find(&input, dialect);
            cases.push(CaseFile {
                suite: suite.name.clone(),
                name,
                input,
                answer,
                points: suite.points,
            });
        }
    }
    (cases, findings)
}

/// A fault of the test data: the judge's, never a contestant's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataFault {
    pub path: PathBuf,
    pub why: String,
}

impl fmt::Display for DataFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.why)
    }
}

/// The faults of the cases' data under `dialect`, found once before anything
/// runs: a case that cannot be read, an answer file that cannot be read or
/// that the reference solver contradicts.
pub fn check_data(cases: &[CaseFile], dialect: Dialect, solver: &mut Solver) -> Vec<DataFault> {
    let mut faults = Vec::new();
    for case in cases {
        let parsed = match read_case_file(&case.input) {
            Ok(parsed) => parsed,
            Err(e) => {
                let why = match e {
                    ReadError::Invalid { source, .. } => source.to_string(),
                    other => other.to_string(),
                };
                faults.push(DataFault {
                    path: case.input.clone(),
                    why,
                });
                continue;
            }
        };
        let Some(answer) = &case.answer else { continue };
        let fault = match read_answer_file(answer) {
            Err(e) => Some(e.to_string()),
            Ok(None) => None,
            Ok(Some(text)) => References::of(&parsed)
                .check_file(&text, dialect, solver)
                .err()
                .map(|f| f.to_string()),
        };
        if let Some(why) = fault {
            faults.push(DataFault {
                path: answer.clone(),
                why,
            });
        }
    }
    faults
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

    #[test]
    fn pairs_cases_with_answers_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("deep");
        std::fs::create_dir(&sub).unwrap();
        for (name, text) in [
            ("b.in", "1\n0\n0\n0\n0\n0\n"),
            ("b.ans", "-1\n"),
            ("a.in", "1\n0\n0\n0\n0\n0\n"),
            ("deep/c.in", "x"),
            ("junk.bin", ""),
        ] {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let suite = Suite {
            name: "s".into(),
            path: dir.path().to_path_buf(),
            points: 5,
        };
        let (cases, findings) = discover(&[suite], Dialect::default());
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "deep/c"]);
        assert!(cases[0].answer.is_none());
        assert_eq!(cases[1].answer, Some(dir.path().join("b.ans")));
        assert_eq!(cases[2].points, 5);
        assert_eq!(findings.len(), 1);
        assert!(findings[0].path.ends_with("junk.bin"));
    }
}
