//! The report files written whole at the end of a run: JUnit XML and the
//! score table as CSV (`export`), each written beside its place and renamed
//! to it, and the HTML report, an index and a folder of pages (`html`,
//! which writes itself).

use std::path::PathBuf;

use crate::judge::event::{Event, Observer};
use crate::judge::report::{ReportError, RunReport, export, html};

/// Which report a [`FileReport`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Junit,
    Csv,
    Html,
}

/// A report file's reporter.
pub struct FileReport {
    kind: FileKind,
    path: PathBuf,
    failure: Option<ReportError>,
}

impl FileReport {
    /// The report of `kind` to write at `path` (checked: `outputs`).
    pub fn new(kind: FileKind, path: PathBuf) -> FileReport {
        FileReport {
            kind,
            path,
            failure: None,
        }
    }

    fn write(&self, report: &RunReport) -> Result<(), ReportError> {
        let text = match self.kind {
            FileKind::Junit => export::junit(&report.submissions),
            FileKind::Csv => export::score_csv(&report.submissions),
            FileKind::Html => return Ok(html::write_report(&self.path, report).map(|_| ())?),
        };
        super::write_whole(&self.path, text.as_bytes()).map_err(|source| ReportError::Write {
            path: self.path.clone(),
            source,
        })
    }
}

impl Observer for FileReport {
    fn on(&mut self, event: &Event<'_>) {
        if let Event::Finished(report) = event {
            self.failure = self.write(report).err();
        }
    }

    fn close(&mut self) -> Result<(), ReportError> {
        self.failure.take().map_or(Ok(()), Err)
    }
}
