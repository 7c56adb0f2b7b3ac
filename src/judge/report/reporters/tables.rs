//! The tables of a finished run on standard output (`judge::report::table`
//! says what they hold): a table per submission, then, for more than one
//! submission of a whole run, the ranking and the score matrix, then the
//! cases the judge could not judge.

use std::io::Write;

use crate::judge::event::{Event, Observer};
use crate::judge::report::table::{judge_errors, ranking, score_table, submission_table};
use crate::judge::report::{ReportError, RunReport};

/// The tables' reporter.
pub struct Tables {
    out: Box<dyn Write + Send>,
    /// The terminal's width, for the score matrix.
    columns: usize,
    failure: Option<std::io::Error>,
}

impl Tables {
    /// On standard output, `columns` wide.
    pub fn stdout(columns: usize) -> Tables {
        Tables::to(Box::new(std::io::stdout()), columns)
    }

    /// To `out`, `columns` wide.
    pub fn to(out: Box<dyn Write + Send>, columns: usize) -> Tables {
        Tables {
            out,
            columns,
            failure: None,
        }
    }

    fn print(&mut self, report: &RunReport) -> std::io::Result<()> {
        let mut text = String::new();
        for r in &report.submissions {
            text += &submission_table(r);
            text.push('\n');
        }
        // A shard's submissions have different cases: no common columns.
        if report.submissions.len() > 1 && report.partition.is_none() {
            text += &ranking(&report.submissions);
            text += &score_table(&report.submissions, self.columns);
        }
        let errors = judge_errors(&report.submissions);
        if !errors.is_empty() {
            text += &format!("\n{errors}");
        }
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }
}

impl Observer for Tables {
    fn on(&mut self, event: &Event<'_>) {
        if let Event::Finished(report) = event
            && let Err(e) = self.print(report)
        {
            self.failure.get_or_insert(e);
        }
    }

    fn close(&mut self) -> Result<(), ReportError> {
        self.failure
            .take()
            .map_or(Ok(()), |e| Err(ReportError::Stdout(e)))
    }
}
