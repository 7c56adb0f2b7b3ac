//! The HTML report of a judging run, made to scale to a contest: an index
//! ([`Site::index`], the page named by `--html`) with the run's conditions,
//! the score matrix (`matrix`), each cell a link to its case, the summary
//! by suite (`summary`) and the key to the boards (`index`); and beside it
//! a folder of pages named after it (`report.html` -> `report.files`, see
//! `links`): a page per submission (`submission_page`: its build, its
//! compiler's message when it did not compile, the table of its cases with
//! bars against the limits, and a section for each case not accepted, its
//! output replayed on drawn boards, `failure`), and a page per case failed
//! (`case_page`), where its smallest solution is replayed once for all who
//! failed it. The index stays small however many cases failed, and each
//! page is built and written alone ([`write_report`], `write`), so the
//! judge holds one page at a time.
//!
//! Built only from the [`RunReport`], so a report merged from JSON shards
//! renders as the judged one. The pages are maud templates (`html!`), so
//! every text that comes from a contestant or a file (names, messages,
//! output, standard error, compiler messages) is escaped by construction,
//! and each page is finished by `picture::page::document`, which replaces
//! the characters XML forbids; ids are encoded (`anchors`); files are named
//! by numbers, never by a contestant's text (`links`); no page has a script
//! or fetches anything (`picture::page` sets its Content-Security-Policy).
//! Not responsible for the pictures themselves (`picture`).

mod anchors;
mod case_page;
mod charts;
mod failure;
mod index;
mod links;
mod matrix;
mod submission_page;
mod summary;
mod write;

use std::ffi::OsStr;

use maud::{Markup, html};

use anchors::Anchors;
use case_page::Cases;
use links::Links;

pub use links::{MARKER, folder_name};
pub use write::{WriteError, Written, pages_folder, write_report};

use super::{Conditions, RunReport, SubmissionReport, ranked};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::picture::page::{document, legend};
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

/// The report's own style, after the pictures' (`picture::page`).
const STYLE: &str = include_str!("style.css");

/// The index's title, which every page's title starts with.
const TITLE: &str = "mayan-judge report";

/// The limits the cases ran under, as the report states them.
pub struct Limits {
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub memory_bytes: u64,
    pub output_bytes: u64,
}

impl Limits {
    fn of(c: &Conditions) -> Limits {
        Limits {
            cpu_ms: c.cpu_ms,
            wall_ms: c.wall_ms,
            memory_bytes: c.memory_bytes,
            output_bytes: c.output_bytes,
        }
    }

    pub fn memory_kib(&self) -> u64 {
        self.memory_bytes / 1024
    }
}

/// A size given in KiB, as people read it: `840 KiB`, `3.7 MiB`, `128 MiB`.
pub fn kib_text(kib: u64) -> String {
    match kib {
        0..1024 => format!("{kib} KiB"),
        _ if kib.is_multiple_of(1024) => format!("{} MiB", kib / 1024),
        _ => format!("{:.1} MiB", kib as f64 / 1024.0),
    }
}

/// The rules a report was judged under, when this version knows them.
pub fn dialect_of(c: &Conditions) -> Option<Dialect> {
    let null_swaps = match c.null_swaps.as_str() {
        "include" => NullSwaps::Include,
        "exclude" => NullSwaps::Exclude,
        _ => return None,
    };
    let steps = match c.steps.as_str() {
        "exact" => Steps::Exact,
        "at-most" => Steps::AtMost,
        _ => return None,
    };
    Some(Dialect::new(null_swaps, steps))
}

/// The pages of one report and what they share: its ids, the links
/// between its files, its limits, the cases it draws (read and solved
/// once) and its ranking, as (rank, submission) pairs.
pub struct Site<'a> {
    report: &'a RunReport,
    anchors: Anchors,
    links: Links,
    limits: Limits,
    cases: Cases,
    ranking: Vec<(usize, usize)>,
}

/// A page in the folder beside the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The page of submission `i` of the report.
    Submission(usize),
    /// The page of the `k`th case drawn.
    Case(usize),
}

impl Page {
    /// The page's file in the folder: `s<i + 1>.html`, `case-<k + 1>.html`.
    pub fn file_name(self) -> String {
        match self {
            Page::Submission(i) => links::submission_file(i),
            Page::Case(k) => links::case_file(k),
        }
    }
}

impl<'a> Site<'a> {
    /// The pages of `report`, for an index whose file is named `index` (a
    /// name, not a path: the pages link back to it by it). Solves each case
    /// drawn.
    pub fn new(report: &'a RunReport, index: &OsStr) -> Site<'a> {
        Site {
            report,
            anchors: Anchors::of(report),
            links: Links::new(index),
            limits: Limits::of(&report.conditions),
            cases: Cases::of(report, dialect_of(&report.conditions)),
            ranking: ranked(&report.submissions),
        }
    }

    /// The index, as one page.
    pub fn index(&self) -> String {
        index::index_page(self)
    }

    /// Every page of the folder: the submissions', then the cases'.
    pub fn pages(&self) -> impl Iterator<Item = Page> + use<> {
        let submissions = (0..self.report.submissions.len()).map(Page::Submission);
        submissions.chain((0..self.cases.all().len()).map(Page::Case))
    }

    /// One page of the folder.
    pub fn page(&self, page: Page) -> String {
        match page {
            Page::Submission(i) => submission_page::submission_page(self, i),
            Page::Case(k) => {
                let ids = (&self.anchors, &self.links);
                case_page::case_page(self.report, &self.cases, k, ids)
            }
        }
    }
}

/// A page of the report: `body` under `title`, with the report's style and
/// the pictures' Content-Security-Policy.
fn page(title: &str, body: Markup) -> String {
    document(title, STYLE, body)
}

/// The key to the boards drawn with `colours`; nothing when none is drawn.
fn key_section(colours: &[u8]) -> Markup {
    html! {
        @if !colours.is_empty() {
            section #key {
                h2 { "How to read the boards" }
                (legend(colours))
                p.marks {
                    "Each block shows its colour's number and mark. A thick black ring and an \
                     arrow: the dragged block (and the one it swapped with). Hatching and a \
                     dashed outline: blocks about to vanish. A dotted ring and a " b { "!" }
                    ": the move that may not be made. A move's first board is the board right \
                     after the drag, then one board per wave of eliminations. "
                    i { "x" } " counts columns from 0 on the left, " i { "y" }
                    " rows from 0 at the bottom."
                }
            }
        }
    }
}

/// True when case `c` of `sub` gets a section of its own: it was not
/// accepted, and it is not a CE explained by the submission's compiler
/// message.
fn has_section(sub: &SubmissionReport, c: &CaseResult) -> bool {
    match c.verdict {
        Verdict::AC => false,
        Verdict::CE => sub.compile_error.is_none(),
        _ => true,
    }
}

#[cfg(test)]
pub(crate) mod tests;
