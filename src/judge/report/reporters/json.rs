//! The JSON report (`--json FILE`) and the run's journal beside it
//! (`FILE.journal`, `judge::report::journal`): the journal is started with
//! the run, takes every result as it is judged, and goes once the full
//! report is written at the end; a run that was stopped keeps it, for
//! `--resume` to go on from. A report read back and written again (`mayan
//! report merge`) has no run, hence no journal.

use std::path::PathBuf;

use crate::judge::event::{Event, Observer};
use crate::judge::report::journal::{Journal, journal_path};
use crate::judge::report::json::write_json;
use crate::judge::report::{ReportError, RunReport};

/// The JSON report's reporter.
pub struct JsonReport {
    path: PathBuf,
    journal: Option<Journal>,
    /// Every write that failed, in order.
    failures: Vec<ReportError>,
}

impl JsonReport {
    /// The report to write at `path` (checked: `outputs`).
    pub fn new(path: PathBuf) -> JsonReport {
        JsonReport {
            path,
            journal: None,
            failures: Vec::new(),
        }
    }

    /// Runs `write` on the journal, keeping the first failure.
    fn journal(&mut self, write: impl FnOnce(&mut Journal) -> std::io::Result<()>) {
        let Some(journal) = self.journal.as_mut() else {
            return;
        };
        if let Err(source) = write(journal) {
            // One failure is enough to say; the journal is not written again.
            self.journal = None;
            let path = journal_path(&self.path);
            self.failures.push(ReportError::Write { path, source });
        }
    }

    /// The report written whole, then the journal removed unless the run
    /// was stopped (or the journal failed: what it holds may be all there
    /// is).
    fn finish(&mut self, report: &RunReport) {
        if let Err(source) = write_json(&self.path, report) {
            let path = self.path.clone();
            self.failures.push(ReportError::Write { path, source });
            return;
        }
        match self.journal.take() {
            Some(journal) if !report.interrupted && self.failures.is_empty() => {
                if let Err(source) = journal.remove() {
                    let path = journal_path(&self.path);
                    self.failures.push(ReportError::Write { path, source });
                }
            }
            _ => {}
        }
    }
}

impl Observer for JsonReport {
    fn on(&mut self, event: &Event<'_>) {
        match *event {
            Event::Started {
                header, carried, ..
            } => {
                let path = journal_path(&self.path);
                match Journal::create(&path, header, carried) {
                    Ok(journal) => self.journal = Some(journal),
                    Err(source) => self.failures.push(ReportError::Write { path, source }),
                }
            }
            Event::SubmissionStarted { entry, head, .. } => self.journal(|j| j.begin(entry, head)),
            Event::CaseDone { entry, case, .. } => self.journal(|j| j.case(entry, case)),
            Event::SubmissionDone { entry, report } => self.journal(|j| j.end(entry, report)),
            Event::Finished(report) => self.finish(report),
            _ => {}
        }
    }

    fn close(&mut self) -> Result<(), ReportError> {
        ReportError::of_all(std::mem::take(&mut self.failures))
    }
}
