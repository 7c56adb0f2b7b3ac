//! The judging run: the cases of the suites found, each entry prepared
//! (compiled) and graded over every case, the results gathered into a
//! [`RunReport`]. What a front end shows as the run goes (progress, a JSON
//! file kept up to date) it learns through an [`Observer`]; the command line
//! and `stress` drive it, and tests drive it with a fake runner.

use std::path::{Path, PathBuf};

use super::compile::{PrepareError, Prepared, Toolchain, build_of, prepare};
use super::partition::Partition;
use super::plan::Plan;
use super::program::grade_program;
use super::report::{CaseId, RunReport, SubmissionReport};
use super::result::{CaseResult, all_cases};
use super::submission::{Entry, stage_command};
use super::suite::{CaseFile, DataFault, Finding, check_data, discover};
use super::verdict::Verdict;
use crate::config::{Config, Submission};
use crate::runner::{Runner, signals};
use crate::solver::Solver;

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
    #[error(
        "suite `{name}`: {} is not a folder; name the cases with --suite DIR (a folder of \
         X.in with X.ans), or run where the contest's judge.toml is",
        path.display()
    )]
    SuiteNotAFolder { name: String, path: PathBuf },
    #[error(
        "no cases (*.in) in the suites; a case is a file X.in, with its answer X.ans beside it"
    )]
    NoCases,
    #[error(
        "the test data has {} (nothing was judged):\n{}",
        crate::text::plural(.0.len(), "fault"),
        .0.iter().map(|f| format!("  {f}")).collect::<Vec<_>>().join("\n")
    )]
    BadData(Vec<DataFault>),
    #[error(
        "nothing to judge: add a [[submission]] or [contestants] to the configuration, or give a command after --"
    )]
    NothingToJudge,
}

/// The cases of a configuration's suites, and findings about stray files;
/// an error when the data has a fault (checked once, before anything runs,
/// under the configured dialect).
pub fn find_cases(config: &Config) -> Result<(Vec<CaseFile>, Vec<Finding>), SessionError> {
    for suite in &config.suites {
        if !suite.path.is_dir() {
            return Err(SessionError::SuiteNotAFolder {
                name: suite.name.clone(),
                path: suite.path.clone(),
            });
        }
    }
    let (cases, strays) = discover(&config.suites, config.rules);
    if cases.is_empty() {
        return Err(SessionError::NoCases);
    }
    let faults = check_data(&cases, config.rules, &mut Solver::new());
    if !faults.is_empty() {
        return Err(SessionError::BadData(faults));
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
    pub tools: Toolchain<'a>,
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
        let mut report = RunReport::new(self.plan, self.runner.method(), self.runner.protections());
        report.partition = partition;
        report.cases = self.cases.iter().map(CaseId::of).collect();
        for (i, entry) in entries.iter().enumerate() {
            if signals::received().is_some() {
                break;
            }
            let share: Vec<CaseFile> = (self.cases.iter().enumerate())
                .filter(|&(j, _)| partition.is_none_or(|p| p.holds(i, j, self.cases.len())))
                .map(|(_, case)| case.clone())
                .collect();
            let judged = Session {
                cases: &share,
                ..*self
            }
            .judge_entry(entry, &report, observer);
            // None: the judge was asked to stop while it compiled.
            let Some(judged) = judged else { break };
            report.submissions.push(judged);
            observer.finished(&report);
        }
        report.interrupted = signals::received().is_some();
        Ok(report)
    }

    /// One entry over this session's cases (none: nothing to prepare);
    /// `None` when the judge was asked to stop while it compiled.
    fn judge_entry(
        &self,
        entry: &Entry,
        before: &RunReport,
        observer: &mut dyn Observer,
    ) -> Option<SubmissionReport> {
        if self.cases.is_empty() {
            return Some(SubmissionReport::new(entry.name()));
        }
        observer.started(entry.name(), self.cases.len());
        match entry {
            Entry::Program(sub) => {
                let judged = self.judge_submission(sub, before, observer);
                let build = sub.source.as_deref().and_then(|s| build_of(s, self.tools));
                judged.map(|r| SubmissionReport { build, ..r })
            }
            Entry::Absent(who) if who.judge_fault => {
                observer.note(&who.name, &format!("judge error: {}", who.why));
                Some(self.not_judged(&who.name, Verdict::JudgeError, &who.why))
            }
            Entry::Absent(who) => {
                observer.note(&who.name, &who.why);
                let mut r = self.not_judged(&who.name, Verdict::CE, "no source to compile");
                r.compile_error = Some(who.why.clone());
                r.no_source = true;
                Some(r)
            }
        }
    }

    /// The same verdict on every case, nothing run.
    fn not_judged(&self, name: &str, verdict: Verdict, why: &str) -> SubmissionReport {
        let mut r = SubmissionReport::new(name);
        all_cases(self.cases, verdict, why)
            .into_iter()
            .for_each(|c| r.push(c));
        r
    }

    /// Prepares one submission and grades it over every case, telling the
    /// observer of each case as it is done; `None` when the judge was asked
    /// to stop while it compiled.
    fn judge_submission(
        &self,
        sub: &Submission,
        before: &RunReport,
        observer: &mut dyn Observer,
    ) -> Option<SubmissionReport> {
        let build = match crate::runner::scratch_dir("mayan-build-") {
            Ok(dir) => dir,
            Err(e) => {
                let why = format!("temporary folder: {e}");
                return Some(self.not_judged(&sub.name, Verdict::JudgeError, &why));
            }
        };
        let prepared = self.prepare(sub, build.path());
        if signals::received().is_some() {
            return None;
        }
        let argv = match prepared {
            Ok(Prepared::Ready(argv)) => argv,
            Ok(Prepared::CompileError(message)) => {
                observer.note(&sub.name, "compilation failed");
                let mut r = self.not_judged(&sub.name, Verdict::CE, "compilation failed");
                r.compile_error = Some(message);
                return Some(r);
            }
            Err(why) => {
                let why = why.to_string();
                observer.note(&sub.name, &format!("judge error: {why}"));
                return Some(self.not_judged(&sub.name, Verdict::JudgeError, &why));
            }
        };
        let mut result = SubmissionReport::new(&sub.name);
        let mut partial = before.clone();
        partial.submissions.push(SubmissionReport::new(&sub.name));
        // The runs may read what was staged for them: the source, the
        // program, and the files beside the user's own script.
        let plan = Plan {
            readable: vec![build.path().to_path_buf()],
            ..self.plan.clone()
        };
        grade_program(self.runner, &argv, self.cases, &plan, &mut |c| {
            result.push(c.clone());
            if let Some(last) = partial.submissions.last_mut() {
                last.push(c.clone());
            }
            observer.case_done(&sub.name, c, &partial);
        });
        Some(result)
    }

    /// The command of a submission: as configured, or its source compiled.
    fn prepare(&self, sub: &Submission, build: &Path) -> Result<Prepared, PrepareError> {
        match (&sub.command, &sub.source) {
            (Some(command), _) => stage_command(command, self.base, build)
                .map(Prepared::Ready)
                .map_err(PrepareError::Stage),
            (None, Some(source)) => prepare((source, sub.origin), build, self.runner, self.tools),
            (None, None) => Err(PrepareError::NoProgram),
        }
    }
}

#[cfg(test)]
mod tests;
