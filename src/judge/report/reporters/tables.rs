//! The tables of a finished run on standard output (`judge::report::table`
//! says what they hold): a table per submission, then, for more than one
//! submission of a whole run, the ranking and the score matrix, then the
//! cases the judge could not judge. At a contest's size
//! (`Display::brief`) the ranking alone, the tables being in the reports
//! (or `--verbose`); and last, where the reports are.

use std::io::Write;

use super::Display;
use crate::judge::event::{Event, Observer};
use crate::judge::report::outputs::Outputs;
use crate::judge::report::table::{judge_errors, ranking, score_table, submission_table};
use crate::judge::report::{ReportError, RunReport};
use crate::text::visible;

/// The tables' reporter.
pub struct Tables {
    out: Box<dyn Write + Send>,
    /// The terminal's width, for the score matrix.
    columns: usize,
    display: Display,
    /// The report files asked for, named at the end.
    outputs: Outputs,
    failure: Option<std::io::Error>,
}

impl Tables {
    /// On standard output, `columns` wide.
    pub fn stdout(columns: usize, display: Display, outputs: Outputs) -> Tables {
        Tables::to(Box::new(std::io::stdout()), columns, display, outputs)
    }

    /// To `out`, `columns` wide.
    pub fn to(
        out: Box<dyn Write + Send>,
        columns: usize,
        display: Display,
        outputs: Outputs,
    ) -> Tables {
        Tables {
            out,
            columns,
            display,
            outputs,
            failure: None,
        }
    }

    fn print(&mut self, report: &RunReport) -> std::io::Result<()> {
        let subs = &report.submissions;
        let brief = self.display.brief(subs.len());
        // A shard's submissions have different cases: no common columns.
        let whole = subs.len() > 1 && report.partition.is_none();
        let errors = match judge_errors(subs) {
            e if e.is_empty() => e,
            e => format!("\n{e}"),
        };
        let mut text = String::new();
        if brief {
            text += &errors;
            if whole {
                text += &format!("\n{}", ranking(subs));
            }
        } else {
            for r in subs {
                text += &submission_table(r);
                text.push('\n');
            }
            if whole {
                text += &ranking(subs);
                text += &score_table(subs, self.columns);
            }
            text += &errors;
        }
        text += &self.where_reports_are(brief);
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }

    /// The line naming the reports written; at a contest's size, or where
    /// none was asked for, where the details are to be had.
    fn where_reports_are(&self, brief: bool) -> String {
        let written: Vec<String> = (self.outputs.named())
            .map(|(flag, path)| format!("{flag} {}", visible(&path.display().to_string())))
            .collect();
        match (written.is_empty(), brief) {
            (false, _) => format!("\nreports: {}\n", written.join(", ")),
            (true, true) => {
                "\nevery case of every submission: --verbose, or --html FILE for the report\n"
                    .to_string()
            }
            (true, false) => String::new(),
        }
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
