//! The flag groups of the commands that judge or report on a judging run:
//! the report files to write (`judge`, `report merge`) and the contest
//! folder (`judge`), each turned into the library's value.

use std::path::PathBuf;

use clap::Args;

use crate::config::{Layout, problem_name_fault};
use crate::judge::report::outputs::Outputs;
use crate::judge::report::reporters::Display;
use crate::judge::run::ContestRequest;

/// The report files to write: `judge` and `report merge` take the same.
#[derive(Args, Debug, Clone, Default)]
pub struct ReportFlags {
    /// Write every result as JSON at the end (and when stopped); while a
    /// run goes, each result is added to FILE.journal as it is judged
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write JUnit XML for CI
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write the score table (a row per submission, a column per case) as
    /// CSV
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the HTML report: FILE is its index (the score matrix), and a
    /// folder beside it named after it (report.html: report.files) holds a
    /// page per submission, every case not accepted replayed on drawn
    /// boards, and a page per case with its smallest solution
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl ReportFlags {
    pub fn outputs(&self) -> Outputs {
        Outputs {
            json: self.json.clone(),
            junit: self.junit.clone(),
            csv: self.csv.clone(),
            html: self.html.clone(),
        }
    }
}

/// A contest folder and how it is laid out, over `[contestants]`.
#[derive(Args, Debug, Clone, Default)]
pub struct ContestFlags {
    /// A folder of contestants, judged instead of the configured folder and
    /// submissions: `DIR/<name>/mayan.<ext>` (LemonLime),
    /// `DIR/<name>/mayan/mayan.<ext>` (CCF NOI/NOIP, Arbiter) or
    /// `DIR/<name>.<ext>` (a class folder), found by itself
    #[arg(long, value_name = "DIR")]
    pub contestants: Option<PathBuf>,
    /// How the contest folder is laid out [default: judge.toml's contestants
    /// `layout`, else auto]
    #[arg(long, value_enum, value_name = "LAYOUT")]
    pub layout: Option<Layout>,
    /// The problem's name: contestants' sources are `NAME.<ext>` (in the
    /// folder `NAME` when nested) [default: judge.toml's contestants
    /// `problem`, else mayan]
    #[arg(long, value_name = "NAME", value_parser = problem_name)]
    pub problem: Option<String>,
}

impl ContestFlags {
    pub fn request(&self) -> ContestRequest {
        ContestRequest {
            folder: self.contestants.clone(),
            problem: self.problem.clone(),
            layout: self.layout,
        }
    }
}

/// A value of `--problem`: what `[contestants] problem` accepts.
fn problem_name(text: &str) -> Result<String, String> {
    match problem_name_fault(text) {
        None => Ok(text.to_string()),
        Some(why) => Err(format!("{text:?} {why}")),
    }
}

/// How much the terminal shows.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct DisplayFlags {
    /// No progress and no opening lines: only the tables (and warnings)
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// A table of every case per submission, and the score matrix, however
    /// many submissions there are (past 8, a run shows a line per
    /// submission and the ranking)
    #[arg(short = 'v', long)]
    pub verbose: bool,
}

impl DisplayFlags {
    pub fn display(&self) -> Display {
        Display {
            quiet: self.quiet,
            verbose: self.verbose,
        }
    }
}
