//! The data validated as `mayan validate` asks: the case files and folders
//! named (or the configuration's suites), every case in them validated
//! (`validate`) and held against the others for repeats (`repeats`), and
//! the tally of what was found; and one case read from a stream as a
//! Kattis/DOMjudge input validator reads it (`mayan validate --kattis`).
//!
//! Not what is found about one case (`validate`), nor printing the findings
//! or choosing the exit code (the command line's).

use std::path::{Path, PathBuf};

use crate::config::{Config, ConfigError, Overrides, Suite};
use crate::judge::suite::{Finding, Severity, collect_inputs};
use crate::puzzle::case::{
    CaseError, NotCanonical, ReadError, Warning, canonical_fault, parse_case_strict, read_case_from,
};
use crate::puzzle::dialect::Dialect;
use crate::setter::repeats::repeat_findings;
use crate::setter::validate::{Configured, validate_case};
use crate::solver::Solver;
use crate::text::plural;

/// What to validate.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// The configuration file; `None`: `judge.toml` in the current folder
    /// when it exists, the built-in configuration otherwise.
    pub config: Option<&'a Path>,
    /// What the command line sets over the configuration: the rules, the
    /// checker's policy and the answer files' extension.
    pub overrides: Overrides,
    /// Case files or folders (walked recursively); none: the
    /// configuration's suites.
    pub paths: &'a [PathBuf],
}

/// What validating found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validation {
    /// In order: each root's stray files and cases, then the repeats.
    pub findings: Vec<Finding>,
    /// The case files validated.
    pub cases: usize,
    /// The dialect the answer files were held to.
    pub dialect: Dialect,
}

impl Validation {
    /// True when nothing found is an error.
    pub fn clean(&self) -> bool {
        self.count(Severity::Error) == 0
    }

    /// The closing line: the cases, the dialect, the errors and warnings,
    /// and the notes a setter must know.
    pub fn summary(&self) -> String {
        let notes = |prefix: &str| {
            (self.findings.iter())
                .filter(|f| f.message.starts_with(prefix))
                .count()
        };
        format!(
            "validated {} ({}): {}, {}; {} dialect-sensitive, {} clearable in fewer than n moves",
            plural(self.cases, "case"),
            self.dialect,
            plural(self.count(Severity::Error), "error"),
            plural(self.count(Severity::Warning), "warning"),
            notes("dialect-sensitive"),
            notes("can be cleared in"),
        )
    }

    fn count(&self, severity: Severity) -> usize {
        (self.findings.iter())
            .filter(|f| f.severity == severity)
            .count()
    }
}

/// Why the data could not be validated at all.
#[derive(Debug, thiserror::Error)]
pub enum ValidationError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("{}: no such file or folder", path.display())]
    NoSuchPath { path: PathBuf },
}

/// Validates what `request` names.
pub fn validate(request: &Request) -> Result<Validation, ValidationError> {
    let (mut config, _) = Config::find(request.config)?;
    config.apply(&request.overrides)?;
    let (mut inputs, mut findings, mut cases) = (0, Vec::new(), Vec::new());
    let mut solver = Solver::new();
    for (root, ext) in roots(request, &config)? {
        let (found, strays) = collect_inputs(std::slice::from_ref(&root), &ext);
        findings.extend(strays);
        let configured = Configured {
            dialect: config.rules,
            answer_extension: &ext,
        };
        for input in &found {
            let validated = validate_case(input, configured, &mut solver);
            findings.extend(validated.findings);
            cases.extend(validated.case.map(|case| (input.clone(), case)));
        }
        inputs += found.len();
    }
    findings.extend(repeat_findings(&cases));
    Ok(Validation {
        findings,
        cases: inputs,
        dialect: config.rules,
    })
}

/// The files and folders to validate, each with the extension of its answer
/// files: the paths asked (with the overriding extension, else `ans`), or
/// the configuration's suites (with theirs).
fn roots(request: &Request, config: &Config) -> Result<Vec<(PathBuf, String)>, ValidationError> {
    let roots: Vec<(PathBuf, String)> = if request.paths.is_empty() {
        (config.suites.iter())
            .map(|s| (s.path.clone(), s.answer_extension.clone()))
            .collect()
    } else {
        let ext = (request.overrides.answer_extension.clone())
            .unwrap_or_else(Suite::default_answer_extension);
        (request.paths.iter())
            .map(|p| (p.clone(), ext.clone()))
            .collect()
    };
    if let Some((root, _)) = roots.iter().find(|(root, _)| !root.exists()) {
        return Err(ValidationError::NoSuchPath { path: root.clone() });
    }
    Ok(roots)
}

/// A case judged as an input validator judges it.
#[derive(Debug)]
pub enum InputVerdict {
    /// It meets the input format and every guarantee; the cosmetic points
    /// found.
    Valid { warnings: Vec<Warning> },
    /// It does not, or (strict) is not written in its canonical form.
    Invalid(InputFault),
}

/// Why a case is not valid input.
#[derive(Debug, thiserror::Error)]
pub enum InputFault {
    #[error(transparent)]
    Unread(#[from] ReadError),
    #[error(transparent)]
    Malformed(#[from] CaseError),
    #[error(transparent)]
    NotCanonical(#[from] NotCanonical),
}

/// One case read from `reader`, judged as the input format and SPEC's
/// guarantees demand; cosmetic points are reported but do not reject it,
/// unless `strict` (single spaces, no leading zeros, LF line ends, a final
/// newline, nothing more, as Kattis's verifyproblem expects).
pub fn kattis_input(reader: impl std::io::Read, strict: bool) -> InputVerdict {
    let judged = read_case_from(reader, Path::new("<stdin>"))
        .map_err(InputFault::from)
        .and_then(|text| {
            let (case, warnings) = parse_case_strict(&text)?;
            match canonical_fault(&text, &case).filter(|_| strict) {
                Some(fault) => Err(fault.into()),
                None => Ok(warnings),
            }
        });
    match judged {
        Ok(warnings) => InputVerdict::Valid { warnings },
        Err(fault) => InputVerdict::Invalid(fault),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statement's sample.
    const STATEMENT: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

    #[test]
    fn an_input_validator_rejects_what_the_format_refuses_and_strictly_the_untidy() {
        let tidy = STATEMENT;
        let verdict = |text: &str, strict| kattis_input(text.as_bytes(), strict);
        let valid = |v| matches!(v, InputVerdict::Valid { warnings } if warnings.is_empty());
        assert!(valid(verdict(tidy, false)));
        assert!(valid(verdict(tidy, true)));
        let untidy = STATEMENT.replacen("1 0\n", "1 0 \n", 1);
        let untidy = untidy.as_str();
        assert!(
            matches!(verdict(untidy, false), InputVerdict::Valid { warnings } if !warnings.is_empty())
        );
        let invalid = |v| match v {
            InputVerdict::Invalid(fault) => fault.to_string(),
            InputVerdict::Valid { .. } => panic!("valid"),
        };
        assert!(invalid(verdict(untidy, true)).contains("is not the canonical"));
        assert!(invalid(verdict("6\n", false)).starts_with("line "));
    }

    #[test]
    fn the_paths_named_are_validated_and_tallied() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.in"), STATEMENT).unwrap();
        std::fs::write(dir.path().join("a.ans"), "2 1 1\n3 1 1\n3 0 1\n").unwrap();
        let paths = [dir.path().to_path_buf()];
        let request = Request {
            config: Some(Path::new("judge.toml")),
            overrides: Overrides::default(),
            paths: &paths,
        };
        let validation = validate(&request).unwrap();
        assert!(validation.clean(), "{:?}", validation.findings);
        assert_eq!(validation.cases, 1);
        assert!(validation.summary().starts_with("validated 1 case ("));
        let gone = [dir.path().join("gone")];
        let request = Request {
            paths: &gone,
            ..request
        };
        let e = validate(&request).unwrap_err().to_string();
        assert_eq!(e, format!("{}: no such file or folder", gone[0].display()));
    }
}
