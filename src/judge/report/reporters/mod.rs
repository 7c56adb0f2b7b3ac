//! The reporters of a run: observers of its events (`judge::event`), each
//! writing one thing, made from the report paths asked for ([`Outputs`])
//! and the terminal's settings in one place ([`standard`]): the terminal's
//! progress and words (`terminal`), the tables on standard output
//! (`tables`), the JSON report with the run's journal (`json`), and the
//! JUnit, CSV and HTML files (`files`). `mayan judge` and `mayan report
//! merge` write through the same ones, so a report that cannot be written
//! is handled alike: every other report is still written, and every
//! failure is said. Not responsible for what a report says (`table`,
//! `export`, `html`), nor for checking the paths before the run
//! (`outputs`).

mod files;
mod json;
mod tables;
mod terminal;

use std::io::Write as _;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

pub use files::{FileKind, FileReport};
pub use json::JsonReport;
pub use tables::Tables;
pub use terminal::Terminal;

use super::html::WriteError;
use super::outputs::Outputs;
use crate::judge::event::Fanout;

/// A report that could not be written (or a stream that could not be
/// written to); each names the file.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Html(#[from] WriteError),
    #[error("standard output: {0}")]
    Stdout(#[source] std::io::Error),
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Several(Vec<ReportError>),
}

impl ReportError {
    /// `Ok` for no failure, the failure for one, all of them for more.
    pub fn of_all(mut failures: Vec<ReportError>) -> Result<(), ReportError> {
        match failures.len() {
            0 => Ok(()),
            1 => Err(failures.remove(0)),
            _ => Err(ReportError::Several(failures)),
        }
    }

    /// True when standard output's reader went away (`mayan ... | head`).
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            ReportError::Stdout(e) => e.kind() == std::io::ErrorKind::BrokenPipe,
            ReportError::Several(all) => all.iter().any(ReportError::is_broken_pipe),
            _ => false,
        }
    }
}

/// What a run (or a merge) gave: its report, and whether every report
/// was shown and written.
#[derive(Debug)]
pub struct Outcome {
    pub report: super::RunReport,
    pub written: Result<(), ReportError>,
}

/// How the terminal shows a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Display {
    /// No progress and no opening or closing lines: only the tables (and
    /// warnings).
    pub quiet: bool,
    /// A table per submission and the score matrix however many there are.
    pub verbose: bool,
}

/// Past this many submissions a run is of a contest's size: the terminal
/// shows a line per submission as it finishes and the ranking, not a table
/// of every case of every one (those are in the reports, or `--verbose`).
pub const CONTEST_SIZE: usize = 8;

impl Display {
    /// Whether `submissions` are shown a line each (see [`CONTEST_SIZE`]).
    pub fn brief(&self, submissions: usize) -> bool {
        !self.verbose && submissions > CONTEST_SIZE
    }
}

/// The reporters of a run or a merged report: the terminal on standard
/// error, the report files asked for ([`files`]), then the tables on
/// standard output (as wide as the terminal), the ranking last, saying
/// where the reports are.
pub fn standard(outputs: &Outputs, display: Display) -> Fanout {
    let mut all = Fanout::default();
    all.push(Terminal::stderr(display));
    all.push(files(outputs));
    let columns = crate::terminal::columns();
    all.push(Tables::stdout(columns, display, outputs.clone()));
    all
}

/// The reporters of the report files asked for, in the order they are
/// written: JSON (and the run's journal), JUnit, CSV, HTML.
pub fn files(outputs: &Outputs) -> Fanout {
    let mut all = Fanout::default();
    if let Some(path) = &outputs.json {
        all.push(JsonReport::new(path.clone()));
    }
    let files = [
        (FileKind::Junit, &outputs.junit),
        (FileKind::Csv, &outputs.csv),
        (FileKind::Html, &outputs.html),
    ];
    for (kind, path) in files {
        if let Some(path) = path {
            all.push(FileReport::new(kind, path.clone()));
        }
    }
    all
}

/// Writes `bytes` to `path` whole or not at all: a new file of its own
/// beside it ([`fresh_beside`]), forced to the disk, then renamed to
/// `path`; a file there before, and any other name it has (a hard link),
/// is never written into.
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let (tmp, mut file) = fresh_beside(path)?;
    let written = (|| {
        file.write_all(bytes)?;
        file.sync_data()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        // Nothing half written is left beside the report.
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// A new empty file `FILE.tmp` beside `path`, to be renamed to it: a
/// regular file left there by an earlier run is removed first (never
/// written into: it may be a second name of a case or an answer), and
/// anything else there (a link, a pipe, a folder) is refused. Opened
/// without following a link or waiting on a pipe, and only if new.
pub fn fresh_beside(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let tmp = super::outputs::tmp_path(path);
    match std::fs::symlink_metadata(&tmp) {
        Ok(meta) if meta.is_file() => std::fs::remove_file(&tmp)?,
        Ok(_) => {
            return Err(std::io::Error::other(format!(
                "{} is in the way (not a regular file): remove it",
                tmp.display()
            )));
        }
        Err(_) => {}
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(&tmp)?;
    Ok((tmp, file))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::judge::event::{Event, Observer, Tone};
    use crate::judge::report::SubmissionReport;
    use crate::judge::report::html::tests::empty_report;
    use crate::judge::result::fixture;
    use crate::judge::verdict::Verdict;

    /// A writer whose bytes a test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    fn report() -> super::super::RunReport {
        let mut report = empty_report();
        let mut amy = SubmissionReport::new("amy");
        amy.push(fixture("a", Verdict::WA));
        report.submissions.push(amy);
        report
    }

    #[test]
    fn a_report_that_cannot_be_written_costs_none_of_the_others_and_each_failure_is_said() {
        let dir = tempfile::tempdir().unwrap();
        let outputs = Outputs {
            json: Some(dir.path().join("r.json")),
            junit: Some(dir.path().join("gone/r.xml")),
            csv: Some(dir.path().join("r.csv")),
            html: Some(dir.path().join("also-gone/r.html")),
        };
        let mut all = files(&outputs);
        let report = report();
        all.on(&Event::Finished(&report));
        let e = all.close().unwrap_err().to_string();
        assert!(e.contains("gone/r.xml: cannot write"), "{e}");
        assert!(e.contains("also-gone"), "{e}");
        assert!(dir.path().join("r.json").is_file());
        assert!(dir.path().join("r.csv").is_file());
        assert!(!dir.path().join("r.csv.tmp").exists());
    }

    #[test]
    fn the_terminal_says_warnings_even_when_quiet_and_a_line_per_case_otherwise() {
        let report = report();
        let c = &report.submissions[0].cases[0];
        let events = [
            Event::Said(Tone::Info, "found 1\n"),
            Event::Said(Tone::Warning, "warning: late\n"),
            Event::Note {
                name: "amy",
                text: "compilation failed",
            },
            Event::CaseDone {
                entry: 0,
                name: "amy\x1b[2J",
                case: c,
            },
        ];
        let shown = |quiet: bool| {
            let out = Shared::default();
            let display = Display {
                quiet,
                verbose: false,
            };
            let mut terminal = Terminal::to(Box::new(out.clone()), display);
            events.iter().for_each(|e| terminal.on(e));
            out.text()
        };
        assert_eq!(shown(true), "warning: late\n");
        let all = shown(false);
        assert!(
            all.starts_with("found 1\nwarning: late\n[amy] compilation failed\n"),
            "{all}"
        );
        assert!(all.contains("[amy\\x1b[2J] s/a: WA ("), "{all}");
    }

    #[test]
    fn tables_are_printed_once_the_run_is_finished() {
        let out = Shared::default();
        let outputs = Outputs::default();
        let mut tables = Tables::to(Box::new(out.clone()), 80, Display::default(), outputs);
        let report = report();
        tables.on(&Event::Said(Tone::Info, "x"));
        assert_eq!(out.text(), "");
        tables.on(&Event::Finished(&report));
        assert!(out.text().starts_with("== amy\n"), "{}", out.text());
        assert!(tables.close().is_ok());
    }

    /// Twelve submissions, one of them failing.
    fn contest() -> super::super::RunReport {
        let mut report = empty_report();
        for i in 1..=12 {
            let mut sub = SubmissionReport::new(&format!("GD-{i:04}"));
            let verdict = if i == 7 { Verdict::WA } else { Verdict::AC };
            sub.push(fixture("a", verdict));
            report.submissions.push(sub);
        }
        report
    }

    #[test]
    fn at_a_contests_size_a_line_per_submission_and_the_ranking_last() {
        let report = contest();
        let out = Shared::default();
        let mut terminal = Terminal::to(Box::new(out.clone()), Display::default());
        terminal.on(&Event::Started {
            header: &report,
            carried: &[],
            entries: 12,
        });
        for (entry, sub) in report.submissions.iter().enumerate() {
            terminal.on(&Event::CaseDone {
                entry,
                name: &sub.name,
                case: &sub.cases[0],
            });
            terminal.on(&Event::SubmissionDone { entry, report: sub });
        }
        let lines = out.text();
        assert_eq!(lines.lines().count(), 12, "{lines}");
        assert!(
            lines.contains("GD-0007: 0/10, 0/1 accepted; WA 1\n"),
            "{lines}"
        );

        let out = Shared::default();
        let outputs = Outputs {
            csv: Some("scores.csv".into()),
            ..Outputs::default()
        };
        let mut tables = Tables::to(Box::new(out.clone()), 80, Display::default(), outputs);
        tables.on(&Event::Finished(&report));
        let text = out.text();
        assert!(
            !text.contains("== GD-0001"),
            "no table per submission: {text}"
        );
        assert!(text.contains("rank  submission"), "{text}");
        assert!(text.ends_with("\nreports: --csv scores.csv\n"), "{text}");

        let out = Shared::default();
        let verbose = Display {
            quiet: false,
            verbose: true,
        };
        let mut tables = Tables::to(Box::new(out.clone()), 80, verbose, Outputs::default());
        tables.on(&Event::Finished(&report));
        assert!(out.text().contains("== GD-0012"), "{}", out.text());
    }
}
