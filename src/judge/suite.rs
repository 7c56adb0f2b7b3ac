//! The case folders: every `X.in` under a suite's folder (recursively, in
//! natural order: `2` before `10`) paired with its answer file under the
//! configured dialect and the suite's answer extension (see
//! [`answer_files`]; when there is none the reference solver supplies the
//! answer), the points the suite gives each case, and findings about files
//! that belong to no case (among them answer files of another extension,
//! which say how to read them).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::check::reference::References;
use crate::config::Suite;
use crate::judge::answer_files;
use crate::puzzle::answer::read_answer_file;
use crate::puzzle::case::{ReadError, read_case_file};
use crate::puzzle::dialect::Dialect;
use crate::runner::signals;
use crate::solver::Solver;
use crate::text::natural_cmp;
use crate::untrusted::walk::{Bounds, Walk, WalkError};

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
        // A file named with a newline or bytes not UTF-8 is shown on its
        // one line, as it is.
        let path = crate::text::name_of(self.path.as_os_str());
        match self.line {
            Some(line) => write!(f, "{path}:{line}: {severity}: {}", self.message),
            None => write!(f, "{path}: {severity}: {}", self.message),
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
/// belong to no case; answer files end in `.<ext>` (see [`answer_files`]).
///
/// Links inside a folder are followed: the folder is the setter's own data,
/// and a case or a subfolder shared between suites by a link is judged
/// where it is reached. What cannot be a case is an error finding, never
/// skipped in silence: a folder that cannot be walked (a dangling link, a
/// loop), a folder without a case, an `X.in` that is no regular file, whose
/// name (below the folder) holds a control character or is not UTF-8, or
/// whose answer files another case's would be taken for
/// ([`answer_files::shadowed_case`]); a file given that is an answer file;
/// a folder too big, too deep or too slow to walk, on a pseudo file system
/// (`/sys`), or whose walk a signal stopped ([`Walk`]).
pub fn collect_inputs(paths: &[PathBuf], ext: &str) -> (Vec<PathBuf>, Vec<Finding>) {
    let (mut inputs, mut findings) = (Vec::new(), Vec::new());
    for root in paths {
        if !root.is_dir() {
            match given_file_fault(root, ext) {
                Some(fault) => findings.push(fault),
                None => inputs.push(root.clone()),
            }
            continue;
        }
        let (found, said) = walk_folder(root, ext);
        let walked = said.iter().all(|f| f.severity != Severity::Error);
        if found.is_empty() && walked {
            let message = "no cases here: a case is a file X.in, with its answer X.ans beside it";
            findings.push(Finding::new(root, None, Severity::Error, message.into()));
        }
        inputs.extend(found);
        findings.extend(said);
    }
    (inputs, findings)
}

/// The cases under the folder `root`, sorted by name, links followed, and
/// what was found besides; a walk bounded in entries, depth and time,
/// refused on a pseudo file system and stopped by SIGINT or SIGTERM (an
/// error finding, see [`Walk`]).
fn walk_folder(root: &Path, ext: &str) -> (Vec<PathBuf>, Vec<Finding>) {
    let (mut inputs, mut findings) = (Vec::new(), Vec::new());
    let walk = walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by(|a, b| {
            natural_cmp(
                &a.file_name().to_string_lossy(),
                &b.file_name().to_string_lossy(),
            )
        });
    let mut walk = Walk::new(walk, root, Bounds::STANDARD, signals::received);
    for entry in walk.by_ref() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let at = e.path().unwrap_or(root);
                let message = format!("cannot walk: {e}");
                findings.push(Finding::new(at, None, Severity::Error, message));
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_dir() {
            continue;
        }
        if !entry.file_name().to_string_lossy().ends_with(".in") {
            findings.extend(match kind.is_file() {
                true => not_a_case(entry.path(), ext),
                false => Some(Finding::new(
                    entry.path(),
                    None,
                    Severity::Warning,
                    "stray pipe, device or socket: neither a case nor an answer".into(),
                )),
            });
            continue;
        }
        match case_fault(root, entry.path(), kind.is_file()) {
            Some(why) => findings.push(Finding::new(entry.path(), None, Severity::Error, why)),
            None => inputs.push(entry.into_path()),
        }
    }
    if let Err(e) = walk.finish() {
        findings.push(Finding::new(
            root,
            None,
            Severity::Error,
            walk_fault(root, e),
        ));
    }
    inputs.sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    (inputs, findings)
}

/// A walk's early end, said of its folder (which the finding names).
fn walk_fault(root: &Path, e: WalkError) -> String {
    let said = e.to_string();
    let (_, why) = said.split_once(": ").unwrap_or(("", &said));
    match e {
        WalkError::Pseudo { path, .. } if path != root => {
            format!("through {}: {why}", path.display())
        }
        _ => why.to_string(),
    }
}

/// Why the `X.in` at `path` under `root` cannot be a case, if it cannot.
fn case_fault(root: &Path, path: &Path, is_file: bool) -> Option<String> {
    let below = path.strip_prefix(root).unwrap_or(path);
    if !is_file {
        return Some("not a regular file (a pipe, a device or a socket): a case is a file".into());
    }
    match below.to_str() {
        None => {
            return Some(
                "its name is not UTF-8, and it names the case in every report: rename it".into(),
            );
        }
        Some(name) if name.chars().any(char::is_control) => {
            return Some(
                "its name holds a control character, and it names the case in every report: \
                 rename it"
                    .into(),
            );
        }
        Some(_) => {}
    }
    let other = answer_files::shadowed_case(path)?;
    let other = other.file_name().map(|n| n.to_string_lossy().into_owned());
    Some(format!(
        "named as {} with a rule's word before .in: their answer files would be taken for each \
         other's; rename it",
        other.unwrap_or_default()
    ))
}

/// Why a file given to be read as a case is not one, if it is not: an
/// answer file (`X.<ext>`, or named as the answer of an `X.in` beside it).
fn given_file_fault(path: &Path, ext: &str) -> Option<Finding> {
    let name = path.file_name()?.to_string_lossy();
    let case = answer_files::case_of(path, ext)
        .or_else(|| answer_files::look_alike(path, ext).map(|(input, _)| input));
    let message = match case {
        Some(case) => format!(
            "an answer file, not a case: give its case, {}",
            case.display()
        ),
        None if name.ends_with(&format!(".{ext}")) => {
            "an answer file, not a case: give the case (X.in), or its folder".to_string()
        }
        None => return None,
    };
    Some(Finding::new(path, None, Severity::Error, message))
}

/// What to say of a file of a suite that is not a case: nothing when it is
/// an answer file of a case beside it, or notes (`.md`, `.txt`); else a
/// warning: an answer file without its case, a file named as an answer file
/// with another extension (`X.out` beside `X.in` when the answers end in
/// `.ans`), or a stray file.
fn not_a_case(path: &Path, ext: &str) -> Option<Finding> {
    let name = path.file_name()?.to_string_lossy();
    if answer_files::case_of(path, ext).is_some() || name.ends_with(".md") || name.ends_with(".txt")
    {
        return None;
    }
    let message = if name.ends_with(&format!(".{ext}")) {
        "answer file without a case (.in)".to_string()
    } else if let Some((input, other)) = answer_files::look_alike(path, ext) {
        look_alike_message(&input, &other, ext)
    } else {
        "stray file: neither a case nor an answer".to_string()
    };
    Some(Finding::new(path, None, Severity::Warning, message))
}

/// The warning for a file named as an answer file of `input` but ending in
/// `.<other>` where the suite's answers end in `.<ext>`: it is not read,
/// what is read instead (the reference solver's answer, when `input` has no
/// answer file), and the setting that would read it.
fn look_alike_message(input: &Path, other: &str, ext: &str) -> String {
    let case = input
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let has_answer = answer_files::all_names(input, ext)
        .iter()
        .any(|p| p.exists());
    let instead = match has_answer {
        true => format!("{case}'s answer is read from its .{ext} file"),
        false => format!("{case} has none, so the reference solver's answer is used instead"),
    };
    format!(
        "beside {case} but not an answer file here: this suite's answer files end in .{ext}, \
         and {instead}; if this file holds {case}'s answer, set answer-extension = {other:?} \
         in this suite's [[suite]] (or give --answer-extension {other})"
    )
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
/// `dialect` (ending in the suite's answer extension), and findings about
/// stray files.
pub fn discover(suites: &[Suite], dialect: Dialect) -> (Vec<CaseFile>, Vec<Finding>) {
    let (mut cases, mut findings) = (Vec::new(), Vec::new());
    for suite in suites {
        let ext = &suite.answer_extension;
        let (inputs, strays) = collect_inputs(std::slice::from_ref(&suite.path), ext);
        findings.extend(strays);
        for input in inputs {
            let relative = input.strip_prefix(&suite.path).unwrap_or(&input);
            let name = relative.with_extension("").to_string_lossy().into_owned();
            let answer = answer_files::find(&input, dialect, ext);
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
        let path = crate::text::name_of(self.path.as_os_str());
        write!(f, "{path}: {}", self.why)
    }
}

/// The faults of the cases' data under `dialect`, found once before anything
/// runs: a case that cannot be read, an answer file that cannot be read or
/// that the reference solver contradicts. A SIGINT or SIGTERM ends the
/// checking early (the caller asks `signals::received`).
pub fn check_data(cases: &[CaseFile], dialect: Dialect, solver: &mut Solver) -> Vec<DataFault> {
    let mut faults = Vec::new();
    for case in cases {
        if signals::received().is_some() {
            break;
        }
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
    use crate::puzzle::dialect::{NullSwaps, Steps};

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
        let (inputs, findings) = collect_inputs(&[dir.path().to_path_buf()], "ans");
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
            answer_extension: "ans".into(),
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

    const EMPTY_CASE: &str = "1\n0\n0\n0\n0\n0\n";

    /// A LemonLime data folder: `mayan1.in` with `mayan1.out`, and so on.
    fn lemon_folder(dir: &Path) -> Suite {
        for i in 1..=2 {
            write(dir, &format!("mayan{i}.in"), EMPTY_CASE);
            write(dir, &format!("mayan{i}.out"), "-1\n");
        }
        write(dir, "mayan2.exclude.out", "-1\n");
        Suite::of_folder(dir)
    }

    #[test]
    fn a_suite_of_out_answers_reads_them() {
        let dir = tempfile::tempdir().unwrap();
        let suite = Suite {
            answer_extension: "out".into(),
            ..lemon_folder(dir.path())
        };
        let (cases, findings) = discover(&[suite], Dialect::default());
        assert_eq!(findings, []);
        let answers: Vec<_> = cases.iter().map(|c| c.answer.clone()).collect();
        let out = |name: &str| Some(dir.path().join(name));
        assert_eq!(answers, [out("mayan1.out"), out("mayan2.out")]);
        let exclude = Dialect::new(NullSwaps::Exclude, Steps::Exact);
        let suite = Suite {
            answer_extension: "out".into(),
            ..Suite::of_folder(dir.path())
        };
        let (cases, _) = discover(&[suite], exclude);
        assert_eq!(cases[1].answer, out("mayan2.exclude.out"));
    }

    #[test]
    fn out_answers_in_a_suite_of_ans_answers_say_how_to_read_them() {
        let dir = tempfile::tempdir().unwrap();
        let suite = lemon_folder(dir.path());
        write(dir.path(), "mayan2.ans", "-1\n");
        let (cases, findings) = discover(&[suite], Dialect::default());
        assert_eq!(cases[0].answer, None);
        let shown: Vec<String> = (findings.iter())
            .map(|f| {
                let name = f.path.file_name().unwrap().to_string_lossy();
                format!("{name}: {:?}: {}", f.severity, f.message)
            })
            .collect();
        let hint = "set answer-extension = \"out\" in this suite's [[suite]] \
                    (or give --answer-extension out)";
        assert_eq!(
            shown,
            [
                format!(
                    "mayan1.out: Warning: beside mayan1.in but not an answer file here: this \
                     suite's answer files end in .ans, and mayan1.in has none, so the reference \
                     solver's answer is used instead; if this file holds mayan1.in's answer, {hint}"
                ),
                format!(
                    "mayan2.exclude.out: Warning: beside mayan2.in but not an answer file here: \
                     this suite's answer files end in .ans, and mayan2.in's answer is read from \
                     its .ans file; if this file holds mayan2.in's answer, {hint}"
                ),
                format!(
                    "mayan2.out: Warning: beside mayan2.in but not an answer file here: this \
                     suite's answer files end in .ans, and mayan2.in's answer is read from its \
                     .ans file; if this file holds mayan2.in's answer, {hint}"
                ),
            ]
        );
    }

    #[test]
    fn ans_files_in_a_suite_of_out_answers_are_look_alikes_too() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "a.in", EMPTY_CASE);
        write(dir.path(), "a.ans", "-1\n");
        write(dir.path(), "b.out", "-1\n");
        let (inputs, findings) = collect_inputs(&[dir.path().to_path_buf()], "out");
        assert_eq!(inputs, [dir.path().join("a.in")]);
        let messages: Vec<&str> = findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(
            messages[0].contains("a.in has none, so the reference solver's answer is used")
                && messages[0].contains("set answer-extension = \"ans\""),
            "{}",
            messages[0]
        );
        assert_eq!(messages[1], "answer file without a case (.in)");
    }

    /// Regression: a case, an answer or a subfolder reached through a link
    /// was skipped in silence (judged 1 case of 3, exit 0).
    #[test]
    fn links_inside_a_suite_are_followed() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let (real, suite) = (dir.path().join("real"), dir.path().join("s"));
        std::fs::create_dir_all(real.join("deep")).unwrap();
        std::fs::create_dir(&suite).unwrap();
        write(&suite, "a.in", EMPTY_CASE);
        write(&real, "b.in", EMPTY_CASE);
        write(&real, "b.ans", "-1\n");
        write(&real.join("deep"), "c.in", EMPTY_CASE);
        symlink(real.join("b.in"), suite.join("b.in")).unwrap();
        symlink(real.join("b.ans"), suite.join("b.ans")).unwrap();
        symlink(real.join("deep"), suite.join("linked")).unwrap();
        let (cases, findings) = discover(&[Suite::of_folder(&suite)], Dialect::default());
        assert_eq!(findings, []);
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "linked/c"]);
        assert_eq!(cases[1].answer, Some(suite.join("b.ans")));
        symlink(dir.path().join("gone.in"), suite.join("dangling.in")).unwrap();
        symlink(&suite, suite.join("loop")).unwrap();
        let (cases, findings) = collect_inputs(std::slice::from_ref(&suite), "ans");
        assert_eq!(cases.len(), 3);
        let errors: Vec<String> = (findings.iter())
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.message.clone())
            .collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors.iter().all(|e| e.starts_with("cannot walk: ")),
            "{errors:?}"
        );
    }

    #[test]
    fn what_cannot_be_a_case_is_an_error_never_skipped() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "ok.in", EMPTY_CASE);
        write(dir.path(), "a.b.in", EMPTY_CASE);
        write(dir.path(), "a.b.ans", "-1\n");
        write(dir.path(), "line\nbreak.in", EMPTY_CASE);
        write(dir.path(), "ok.exclude.in", EMPTY_CASE);
        let fifo = std::ffi::CString::new(dir.path().join("pipe.in").to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let nonutf8: &std::ffi::OsStr = std::os::unix::ffi::OsStrExt::from_bytes(b"x\xff.in");
        std::fs::write(dir.path().join(nonutf8), EMPTY_CASE).unwrap();
        let (inputs, findings) = collect_inputs(&[dir.path().to_path_buf()], "ans");
        let names: Vec<String> = (inputs.iter())
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.b.in", "ok.in"], "a dotted name is a case");
        let errors: Vec<String> = (findings.iter())
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.message.clone())
            .collect();
        let said = |start: &str| errors.iter().any(|e| e.starts_with(start));
        assert!(said("its name holds a control character"), "{errors:?}");
        assert!(said("its name is not UTF-8"), "{errors:?}");
        assert!(said("not a regular file"), "{errors:?}");
        assert!(
            said("named as ok.in with a rule's word before .in"),
            "{errors:?}"
        );
        assert_eq!(errors.len(), 4, "{errors:?}");
        let (cases, _) = discover(&[Suite::of_folder(dir.path())], Dialect::default());
        assert_eq!(cases[0].answer, Some(dir.path().join("a.b.ans")));
    }

    #[test]
    fn an_empty_folder_or_an_answer_file_given_as_cases_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        let (inputs, findings) = collect_inputs(std::slice::from_ref(&empty), "ans");
        assert!(inputs.is_empty());
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].severity, Severity::Error);
        assert!(findings[0].message.starts_with("no cases here"));
        write(dir.path(), "x.in", EMPTY_CASE);
        let answer = write(dir.path(), "x.ans", "-1\n");
        let lemon = write(dir.path(), "x.out", "-1\n");
        let alone = write(dir.path(), "y.ans", "-1\n");
        for (given, says) in [
            (&answer, "give its case, "),
            (&lemon, "give its case, "),
            (&alone, "give the case (X.in)"),
        ] {
            let (inputs, findings) = collect_inputs(std::slice::from_ref(given), "ans");
            assert!(inputs.is_empty(), "{given:?}");
            assert!(findings[0].message.contains(says), "{:?}", findings[0]);
        }
        let case = dir.path().join("x.in");
        let (inputs, findings) = collect_inputs(std::slice::from_ref(&case), "ans");
        assert_eq!((inputs, findings), (vec![case], vec![]));
    }

    #[test]
    fn a_file_named_with_a_newline_or_not_utf8_is_named_on_one_line() {
        use std::os::unix::ffi::OsStrExt;
        let path = PathBuf::from(std::ffi::OsStr::from_bytes(b"s/nl\nx\xff.in"));
        let finding = Finding::new(&path, None, Severity::Error, "why".into());
        assert_eq!(finding.to_string(), "s/nl\\nx\\xff.in: error: why");
        let fault = DataFault {
            path,
            why: "why".into(),
        };
        assert_eq!(fault.to_string(), "s/nl\\nx\\xff.in: why");
    }
}
