//! The problem a package is made of, read from the configuration and the
//! suites' cases: each case in its canonical form (single spaces, LF, a
//! final newline: what a strict input validator asks for), each answer that
//! of the configured dialect (an answer file is held against the reference
//! solver first; a case without one gets the solver's), the suites under
//! names the judges accept, with their points, and the limits, dialect,
//! policy and I/O of `judge.toml`.
//!
//! Not the layout of any judge's package: that is `kattis`'s and `dmoj`'s.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::ExportError;
use super::names::{Unique, file_name, group_name};
use crate::check::Policy;
use crate::check::reference::References;
use crate::config::{Config, IoConfig, LimitsConfig};
use crate::judge::session::find_cases;
use crate::judge::suite::CaseFile;
use crate::puzzle::case::{format_case, parse_case};
use crate::solver::Solver;

/// The largest case or answer file read: either is a few lines.
const MAX_CASE_BYTES: u64 = 1 << 20;

/// The name of the sample group in every package.
pub const SAMPLE: &str = "sample";

/// Everything a package says about the problem.
#[derive(Debug, Clone)]
pub struct Problem {
    pub policy: Policy,
    pub limits: LimitsConfig,
    pub io: IoConfig,
    /// The sample suite, which the statement shows; judged and scored as
    /// every other.
    pub sample: Option<Group>,
    /// The other suites, in `judge.toml`'s order.
    pub secret: Vec<Group>,
}

/// One suite's cases.
#[derive(Debug, Clone)]
pub struct Group {
    /// The suite's name in `judge.toml`.
    pub suite: String,
    /// Its folder's name in a package.
    pub name: String,
    /// Points of each case.
    pub points: u32,
    pub cases: Vec<PackedCase>,
}

/// One case as a package holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackedCase {
    /// The file name without `.in`/`.ans`, unique in its group.
    pub name: String,
    /// Where it came from.
    pub source: PathBuf,
    /// The case, canonical.
    pub input: String,
    /// The answer in the configured dialect, canonical.
    pub answer: String,
}

impl Group {
    /// The points of all its cases.
    pub fn total(&self) -> u32 {
        self.points.saturating_mul(self.cases.len() as u32)
    }
}

impl Problem {
    /// The sample (when there is one), then the other groups.
    pub fn groups(&self) -> impl Iterator<Item = &Group> {
        self.sample.iter().chain(&self.secret)
    }

    pub fn total_points(&self) -> u32 {
        self.groups().map(Group::total).sum()
    }

    pub fn case_count(&self) -> usize {
        self.groups().map(|g| g.cases.len()).sum()
    }

    /// Every case with its group, numbered from 1 in order as the judges
    /// that keep test data in one flat folder name them: `01`, `02`, ...,
    /// with more digits from a hundred cases on.
    pub fn numbered_cases(&self) -> Vec<(String, &Group, &PackedCase)> {
        let width = self.case_count().to_string().len().max(2);
        let all = self
            .groups()
            .flat_map(|g| g.cases.iter().map(move |c| (g, c)));
        (all.enumerate())
            .map(|(i, (g, c))| (format!("{:0width$}", i + 1), g, c))
            .collect()
    }

    /// Every case's answer is `-1`, or none is.
    pub fn answers_all_or_none_minus_one(&self) -> bool {
        let mut answers = self
            .groups()
            .flat_map(|g| &g.cases)
            .map(|c| c.answer == "-1\n");
        let first = answers.next().unwrap_or(true);
        answers.all(|a| a == first)
    }

    /// The checker's flags that carry the dialect and the policy:
    /// `--null-swaps include --steps exact --accept lexmin`.
    pub fn checker_flags(&self) -> String {
        let accept = clap::ValueEnum::to_possible_value(&self.policy.accept)
            .map(|v| v.get_name().to_string())
            .unwrap_or_default();
        format!(
            "--null-swaps {} --steps {} --accept {accept}",
            self.policy.dialect.null_swaps, self.policy.dialect.steps
        )
    }

    /// The problem of a configuration; `sample` names the suite the
    /// statement shows. Also what the exporter should be told: stray files,
    /// rewritten cases, duplicates, a missing sample.
    pub fn gather(config: &Config, sample: &str) -> Result<(Problem, Vec<String>), ExportError> {
        let (cases, strays) = find_cases(config)?;
        let mut notes: Vec<String> = strays.iter().map(ToString::to_string).collect();
        let policy = Policy {
            accept: config.checker.accept,
            dialect: config.rules,
        };
        let mut solver = Solver::new();
        let mut rewritten = 0;
        let (mut first_sample, mut secret) = (None, Vec::new());
        for suite in &config.suites {
            let of_suite: Vec<&CaseFile> = cases.iter().filter(|c| c.suite == suite.name).collect();
            let is_sample = suite.name == sample && first_sample.is_none();
            let name = if is_sample {
                SAMPLE.to_string()
            } else {
                group_name(secret.len() + 1, &suite.name)
            };
            let mut names = Unique::default();
            let mut group = Group {
                suite: suite.name.clone(),
                name,
                points: suite.points,
                cases: Vec::new(),
            };
            for case in of_suite {
                let (packed, changed) = pack(case, policy, &mut solver, &mut names)?;
                rewritten += usize::from(changed);
                group.cases.push(packed);
            }
            match (is_sample, group.cases.is_empty()) {
                (_, true) => notes.push(format!("suite `{}` has no cases: left out", suite.name)),
                (true, false) => first_sample = Some(group),
                (false, false) => secret.push(group),
            }
        }
        if secret.is_empty() {
            return Err(ExportError::NoSecretCases);
        }
        let problem = Problem {
            policy,
            limits: config.limits,
            io: config.io.clone(),
            sample: first_sample,
            secret,
        };
        notes.extend(problem.notes(sample, rewritten));
        Ok((problem, notes))
    }

    /// What the exporter is told about the problem gathered.
    fn notes(&self, sample: &str, rewritten: usize) -> Vec<String> {
        let mut notes = Vec::new();
        if self.sample.is_none() {
            notes.push(format!(
                "no suite named `{sample}`: the statement shows no sample (name one with --sample)"
            ));
        }
        if rewritten > 0 {
            notes.push(format!(
                "{} rewritten in canonical form (single spaces, LF line ends, a final newline)",
                crate::text::plural(rewritten, "case")
            ));
        }
        let mut seen: BTreeMap<&str, String> = BTreeMap::new();
        for g in self.groups() {
            for c in &g.cases {
                let here = format!("{}/{}", g.name, c.name);
                match seen.get(c.input.as_str()) {
                    Some(first) => notes.push(format!(
                        "{here} is the same case as {first} ({} and {}): kept, \
                         the judges warn about it",
                        c.source.display(),
                        first_source(self, first)
                    )),
                    None => {
                        seen.insert(&c.input, here);
                    }
                }
            }
        }
        notes
    }
}

/// The source file of the case at `group/name`.
fn first_source(problem: &Problem, at: &str) -> String {
    (problem.groups())
        .flat_map(|g| {
            g.cases
                .iter()
                .map(move |c| (format!("{}/{}", g.name, c.name), c))
        })
        .find(|(here, _)| here == at)
        .map_or_else(String::new, |(_, c)| c.source.display().to_string())
}

/// One case read, checked and written canonically, and whether its text
/// changed.
fn pack(
    case: &CaseFile,
    policy: Policy,
    solver: &mut Solver,
    names: &mut Unique,
) -> Result<(PackedCase, bool), ExportError> {
    let text = read_text(&case.input)?;
    let parsed = parse_case(&text).map_err(|source| ExportError::BadCase {
        path: case.input.clone(),
        source,
    })?;
    let mut refs = References::of(&parsed);
    if let Some(path) = &case.answer {
        let written = read_text(path)?;
        refs.check_file(&written, policy.dialect, solver)
            .map_err(|fault| ExportError::BadAnswer {
                path: path.clone(),
                fault,
            })?;
    }
    let input = format_case(&parsed);
    let changed = input != text;
    let packed = PackedCase {
        name: names.claim(file_name(&case.name, "case")),
        source: case.input.clone(),
        answer: refs.get(policy.dialect, solver).to_text(),
        input,
    };
    Ok((packed, changed))
}

fn read_text(path: &std::path::Path) -> Result<String, ExportError> {
    let bytes = crate::untrusted::read_file_bounded(path, MAX_CASE_BYTES)
        .map_err(|source| ExportError::Read {
            path: path.to_path_buf(),
            source,
        })?
        .ok_or_else(|| ExportError::TooLarge {
            path: path.to_path_buf(),
        })?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests;
