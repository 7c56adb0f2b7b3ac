//! An entry of the session made ready and run: a contestant with no source
//! said why, a submission compiled (or its compile error, or why nothing
//! was compiled), then graded over its cases. Not responsible for which
//! cases (the session's share) nor for the results kept from an earlier
//! run.

use std::path::Path;

use super::Session;
use crate::config::Submission;
use crate::judge::compile::{PrepareError, Prepared, prepare};
use crate::judge::contestants::{Absence, Missing};
use crate::judge::event::{Event, Observer};
use crate::judge::plan::Plan;
use crate::judge::program::grade_program;
use crate::judge::report::SubmissionReport;
use crate::judge::report::status::Status;
use crate::judge::result::{CaseResult, all_cases};
use crate::judge::submission::stage_command;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;

impl Session<'_> {
    /// A contestant with no source to judge: CE, or a judge error when the
    /// judge could not look.
    pub(super) fn absent(&self, who: &Missing, observer: &mut dyn Observer) -> SubmissionReport {
        if who.judge_fault {
            let text = format!("judge error: {}", who.why);
            observer.on(&Event::Note {
                name: &who.name,
                text: &text,
            });
            let mut r = self.not_judged(&who.name, Verdict::JudgeError, &who.why);
            r.judged.status = Status::NotJudged;
            return r;
        }
        observer.on(&Event::Note {
            name: &who.name,
            text: &who.why,
        });
        let mut r = self.not_judged(&who.name, Verdict::CE, "no source to compile");
        r.compile_error = Some(who.why.clone());
        r.no_source = true;
        r.judged.status = match who.kind {
            Absence::NoSource => Status::NoSource,
            Absence::Several => Status::SeveralSources,
            Absence::Misplaced => Status::Misplaced,
        };
        r
    }

    /// CE on every case: what the compiler said (or why nothing was
    /// compiled), with `status`.
    fn compile_error(
        &self,
        name: &str,
        message: String,
        status: Status,
        observer: &mut dyn Observer,
    ) -> SubmissionReport {
        let said = match status {
            Status::EmptySource => "empty source: nothing compiled",
            _ => "compilation failed",
        };
        observer.on(&Event::Note { name, text: said });
        let mut r = self.not_judged(name, Verdict::CE, said);
        r.compile_error = Some(message);
        r.judged.status = status;
        r
    }

    /// The same verdict on every case, nothing run.
    pub(super) fn not_judged(&self, name: &str, verdict: Verdict, why: &str) -> SubmissionReport {
        let mut r = SubmissionReport::new(name);
        all_cases(self.cases, verdict, why)
            .into_iter()
            .for_each(|c| r.push(c));
        r
    }

    /// Prepares one submission and grades it over `cases`; `None` when the
    /// judge was asked to stop while it compiled.
    pub(super) fn run_submission(
        &self,
        (i, sub): (usize, &Submission),
        cases: &[CaseFile],
        observer: &mut dyn Observer,
    ) -> Option<Ran> {
        let build = match crate::runner::scratch_dir("mayan-build-") {
            Ok(dir) => dir,
            Err(e) => {
                let why = format!("temporary folder: {e}");
                return Some(Ran::Results(all_cases(cases, Verdict::JudgeError, &why)));
            }
        };
        let prepared = self.prepare(sub, build.path());
        if self.plan.interrupt.received().is_some() {
            return None;
        }
        let argv = match prepared {
            Ok(Prepared::Ready(argv)) => argv,
            Ok(Prepared::CompileError(message)) => {
                let r = self.compile_error(&sub.name, message, Status::CompileError, observer);
                return Some(Ran::CompileError(Box::new(r)));
            }
            Ok(Prepared::EmptySource(message)) => {
                let r = self.compile_error(&sub.name, message, Status::EmptySource, observer);
                return Some(Ran::CompileError(Box::new(r)));
            }
            Err(why) => {
                let why = why.to_string();
                let text = format!("judge error: {why}");
                observer.on(&Event::Note {
                    name: &sub.name,
                    text: &text,
                });
                return Some(Ran::Results(all_cases(cases, Verdict::JudgeError, &why)));
            }
        };
        // The runs may read what was staged for them: the source, the
        // program, and the files beside the user's own script.
        let plan = Plan {
            readable: vec![build.path().to_path_buf()],
            ..self.plan.clone()
        };
        let results = grade_program(self.runner, &argv, cases, &plan, &mut |c| {
            observer.on(&Event::CaseDone {
                entry: i,
                name: &sub.name,
                case: c,
            });
        });
        Some(Ran::Results(results))
    }

    /// The command of a submission: as configured, or its source compiled.
    fn prepare(&self, sub: &Submission, build: &Path) -> Result<Prepared, PrepareError> {
        match (&sub.command, &sub.source) {
            (Some(command), _) => stage_command(command, (self.base, build), self.tools.guarded)
                .map(Prepared::Ready)
                .map_err(PrepareError::Stage),
            (None, Some(source)) => prepare((source, sub.origin), build, self.runner, self.tools),
            (None, None) => Err(PrepareError::NoProgram),
        }
    }
}

/// What preparing and running a submission gave.
pub(super) enum Ran {
    /// The results of the cases run, in order (fewer when stopped); a judge
    /// error on each when the judge could not prepare it.
    Results(Vec<CaseResult>),
    /// It did not compile: CE on every case of the share.
    CompileError(Box<SubmissionReport>),
}
