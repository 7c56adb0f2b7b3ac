//! What a judging run says as it goes: one stream of [`Event`]s, from what
//! was found before judging to the finished report, and the [`Observer`]s
//! that follow it (the terminal's progress, the journal, the reports: see
//! `judge::report::reporters`). The session and the run emit events; they
//! never print or write a report themselves. Not responsible for what an
//! observer makes of an event.

use super::report::{RunReport, SubmissionReport};
use super::result::CaseResult;

/// How much a line said to the user matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// What was found or decided (the contestants listed, the limits): left
    /// out when the user asks for quiet.
    Info,
    /// Something the user should act on (a folder that appeared during the
    /// run, results not kept): shown even when quiet.
    Warning,
}

/// One thing that happened in a run, in the order it happened. Nothing an
/// event holds grows with the run but `Finished`'s report: a result at a
/// time, a submission at a time.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// Lines for the user (each ending in a newline), before or after the
    /// judging: what was found, the conditions, what a resumed run kept.
    Said(Tone, &'a str),
    /// The judging starts: `header` is the run's report with no submission
    /// yet; `carried` what a resumed run keeps of the earlier one; `entries`
    /// how many submissions it judges.
    Started {
        header: &'a RunReport,
        carried: &'a [SubmissionReport],
        entries: usize,
    },
    /// Entry `entry` starts (`head`: its name, fingerprint and build), with
    /// `to_judge` of its cases to judge (the others kept from an earlier
    /// run).
    SubmissionStarted {
        entry: usize,
        head: &'a SubmissionReport,
        to_judge: usize,
    },
    /// Something worth saying about the entry named `name` (it did not
    /// compile, the judge could not prepare it, ...).
    Note { name: &'a str, text: &'a str },
    /// A case of entry `entry` (named `name`) was judged.
    CaseDone {
        entry: usize,
        name: &'a str,
        case: &'a CaseResult,
    },
    /// Entry `entry` is done: every result of it, judged or kept.
    SubmissionDone {
        entry: usize,
        report: &'a SubmissionReport,
    },
    /// The run is over, finished or stopped (`report.interrupted`), or a
    /// report read back is ready (`mayan report merge`): the reports are
    /// written now.
    Finished(&'a RunReport),
}

/// Follows a run's events. An observer that cannot do its work (a report
/// that cannot be written) keeps the first failure for [`Observer::close`]
/// and goes on: one failed report never costs the run or the others.
pub trait Observer: Send {
    /// One event, in the order of the run.
    fn on(&mut self, event: &Event<'_>);

    /// The stream has ended: the first failure of this observer, if any.
    fn close(&mut self) -> Result<(), crate::judge::report::ReportError> {
        Ok(())
    }
}

/// An observer that sees nothing.
pub struct Quiet;

impl Observer for Quiet {
    fn on(&mut self, _event: &Event<'_>) {}
}

/// Several observers, each told every event in turn.
#[derive(Default)]
pub struct Fanout(pub Vec<Box<dyn Observer>>);

impl Fanout {
    /// Adds an observer after those already there.
    pub fn push(&mut self, observer: impl Observer + 'static) {
        self.0.push(Box::new(observer));
    }
}

impl Observer for Fanout {
    fn on(&mut self, event: &Event<'_>) {
        for observer in &mut self.0 {
            observer.on(event);
        }
    }

    /// Closes every observer; the error holds every failure.
    fn close(&mut self) -> Result<(), crate::judge::report::ReportError> {
        let failures: Vec<_> = (self.0.iter_mut())
            .filter_map(|o| o.close().err())
            .collect();
        crate::judge::report::ReportError::of_all(failures)
    }
}
