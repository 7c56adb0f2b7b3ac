//! Finding the cases of the configured suites: every `X.in` under a suite's
//! folder (recursively, sorted), paired with its `X.ans` when there is one
//! (when not, the reference solver supplies the answer), with the points the
//! suite gives each case. Files that belong to no case are reported.

use std::path::PathBuf;

use crate::config::Suite;
use crate::setter::validate::{Finding, collect_inputs};

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

/// The cases of the suites in order, and findings about stray files.
pub fn discover(suites: &[Suite]) -> (Vec<CaseFile>, Vec<Finding>) {
    let (mut cases, mut findings) = (Vec::new(), Vec::new());
    for suite in suites {
        let (inputs, strays) = collect_inputs(std::slice::from_ref(&suite.path));
        findings.extend(strays);
        for input in inputs {
            let relative = input.strip_prefix(&suite.path).unwrap_or(&input);
            let name = relative.with_extension("").to_string_lossy().into_owned();
            let answer = Some(input.with_extension("ans")).filter(|a| a.exists());
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let (cases, findings) = discover(&[suite]);
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "deep/c"]);
        assert!(cases[0].answer.is_none());
        assert_eq!(cases[1].answer, Some(dir.path().join("b.ans")));
        assert_eq!(cases[2].points, 5);
        assert_eq!(findings.len(), 1);
        assert!(findings[0].path.ends_with("junk.bin"));
    }
}
