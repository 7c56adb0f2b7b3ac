//! The judging run: the cases of the suites found, each entry prepared
//! (compiled) and graded over every case, the results gathered into a
//! [`RunReport`]. What a front end shows as the run goes (progress, a JSON
//! file kept up to date) it learns through an [`Observer`]; the command line
//! and `stress` drive it, and tests drive it with a fake runner.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::compile::{PrepareError, Prepared, prepare};
use super::partition::Partition;
use super::plan::Plan;
use super::program::grade_program;
use super::report::{CaseId, RunReport, SubmissionReport};
use super::result::{CaseResult, all_cases};
use super::submission::{Entry, absolute_args};
use super::suite::{CaseFile, Finding, discover};
use super::verdict::Verdict;
use crate::config::{Config, LanguageConfig, Submission};
use crate::runner::Runner;

/// What a front end sees of a run as it goes. Every method has a default
/// that does nothing.
pub trait Observer: Send {
    /// An entry is about to be prepared and graded on `cases` cases.
    fn started(&mut self, _name: &str, _cases: usize) {}
    /// Something worth saying about an entry (it did not compile, ...).
    fn note(&mut self, _name: &str, _text: &str) {}
    /// A case is done; `so_far` is the whole report up to and including it.
    fn case_done(&mut self, _name: &str, _case: &CaseResult, _so_far: &RunReport) {}
    /// An entry is done; `so_far` ends with it.
    fn finished(&mut self, _so_far: &RunReport) {}
}

/// An observer that sees nothing.
pub struct Quiet;

impl Observer for Quiet {}

/// The run cannot start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("suite `{name}`: {} is not a folder", path.display())]
    SuiteNotAFolder { name: String, path: PathBuf },
    #[error("no cases (*.in) in the suites")]
    NoCases,
    #[error(
        "nothing to judge: add a [[submission]] or [contestants] to the configuration, or give a command after --"
    )]
    NothingToJudge,
}

/// The cases of a configuration's suites, and findings about stray files.
pub fn find_cases(config: &Config) -> Result<(Vec<CaseFile>, Vec<Finding>), SessionError> {
    for suite in &config.suites {
        if !suite.path.is_dir() {
            return Err(SessionError::SuiteNotAFolder {
                name: suite.name.clone(),
                path: suite.path.clone(),
            });
        }
    }
    let (cases, strays) = discover(&config.suites);
    if cases.is_empty() {
        return Err(SessionError::NoCases);
    }
    Ok((cases, strays))
}

/// Everything the entries of one run share.
pub struct Session<'a> {
    /// Where the relative paths of a configured command start.
    pub base: &'a Path,
    pub cases: &'a [CaseFile],
    pub plan: &'a Plan,
    pub runner: &'a dyn Runner,
    pub languages: &'a BTreeMap<String, LanguageConfig>,
}

impl Session<'_> {
    /// Judges every entry in order; the report holds them all.
    pub fn judge(
        &self,
        entries: &[Entry],
        observer: &mut dyn Observer,
    ) -> Result<RunReport, SessionError> {
        self.judge_part(entries, None, observer)
    }

    /// Judges the (entry, case) pairs of `partition` (all of them when
    /// `None`), every entry in order. The report lists every entry and every
    /// case of the run; an entry with no case in the share is listed with no
    /// result and is not prepared.
    pub fn judge_part(
        &self,
        entries: &[Entry],
        partition: Option<Partition>,
        observer: &mut dyn Observer,
    ) -> Result<RunReport, SessionError> {
        if entries.is_empty() {
            return Err(SessionError::NothingToJudge);
        }
        let mut report = RunReport {
            measured_by: self.runner.method(),
            sandbox: self.runner.protections(),
            partition,
            cases: self.cases.iter().map(CaseId::of).collect(),
            submissions: Vec::new(),
        };
        for (i, entry) in entries.iter().enumerate() {
            let share: Vec<CaseFile> = (self.cases.iter().enumerate())
                .filter(|&(j, _)| partition.is_none_or(|p| p.holds(i, j, self.cases.len())))
                .map(|(_, case)| case.clone())
                .collect();
            let judged = Session {
                cases: &share,
                ..*self
            }
            .judge_entry(entry, &report, observer);
            report.submissions.push(judged);
            observer.finished(&report);
        }
        Ok(report)
    }

    /// One entry over this session's cases (none: nothing to prepare).
    fn judge_entry(
        &self,
        entry: &Entry,
        before: &RunReport,
        observer: &mut dyn Observer,
    ) -> SubmissionReport {
        if self.cases.is_empty() {
            return SubmissionReport::new(entry.name());
        }
        observer.started(entry.name(), self.cases.len());
        match entry {
            Entry::Program(sub) => self.judge_submission(sub, before, observer),
            Entry::Absent(who) => {
                observer.note(&who.name, &who.why);
                self.not_judged(&who.name, Verdict::CE, &who.why, true)
            }
        }
    }

    /// The same verdict on every case, nothing run.
    fn not_judged(&self, name: &str, verdict: Verdict, why: &str, ce: bool) -> SubmissionReport {
        let mut r = SubmissionReport::new(name);
        if ce {
            r.compile_error = Some(why.to_string());
        }
        all_cases(self.cases, verdict, why)
            .into_iter()
            .for_each(|c| r.push(c));
        r
    }

    /// Prepares one submission and grades it over every case, telling the
    /// observer of each case as it is done.
    fn judge_submission(
        &self,
        sub: &Submission,
        before: &RunReport,
        observer: &mut dyn Observer,
    ) -> SubmissionReport {
        let build = match crate::runner::scratch_dir("mayan-build-") {
            Ok(dir) => dir,
            Err(e) => {
                let why = format!("temporary folder: {e}");
                return self.not_judged(&sub.name, Verdict::JudgeError, &why, false);
            }
        };
        let argv = match self.prepare(sub, build.path()) {
            Ok(Prepared::Ready(argv)) => argv,
            Ok(Prepared::CompileError(message)) => {
                observer.note(&sub.name, "compilation failed");
                let mut r = self.not_judged(&sub.name, Verdict::CE, "compilation failed", false);
                r.compile_error = Some(message);
                return r;
            }
            Err(why) => {
                let why = why.to_string();
                observer.note(&sub.name, &format!("judge error: {why}"));
                return self.not_judged(&sub.name, Verdict::JudgeError, &why, false);
            }
        };
        let mut result = SubmissionReport::new(&sub.name);
        let mut partial = before.clone();
        partial.submissions.push(SubmissionReport::new(&sub.name));
        grade_program(self.runner, &argv, self.cases, self.plan, &mut |c| {
            result.push(c.clone());
            if let Some(last) = partial.submissions.last_mut() {
                last.push(c.clone());
            }
            observer.case_done(&sub.name, c, &partial);
        });
        result
    }

    /// The command of a submission: as configured, or its source compiled.
    fn prepare(&self, sub: &Submission, build: &Path) -> Result<Prepared, PrepareError> {
        match (&sub.command, &sub.source) {
            (Some(command), _) => Ok(Prepared::Ready(absolute_args(command, self.base))),
            (None, Some(source)) => prepare(source, build, self.runner, self.languages),
            (None, None) => Err(PrepareError::NoProgram),
        }
    }
}

#[cfg(test)]
mod tests;
