//! The HTML report of a judging run ([`report_page`]): one self-contained
//! file to open from disk, print or mail. A header (version, date, limits,
//! rules, checker policy, how it was measured and confined, whether the run
//! was interrupted); the score matrix (`matrix`), each cell a link to its
//! case; the summary by suite (`summary`); then a part per submission,
//! foldable: its compiler's message when it did not compile, the table of
//! its cases with bars against the limits (`summary`, `charts`), and a
//! section for each case not accepted, replayed on drawn boards beside the
//! smallest solution (`case`).
//!
//! Built only from the [`RunReport`], so a report merged from JSON shards
//! renders as the judged one. Every text that comes from a contestant or a
//! file (names, messages, output, standard error, compiler messages) is
//! escaped; ids are encoded (`anchors`); the page has no script and
//! fetches nothing (`picture::page` sets its Content-Security-Policy).
//! Not responsible for the pictures themselves (`picture`) or for writing
//! the file.

mod anchors;
mod case;
mod charts;
mod matrix;
mod summary;

use std::fmt::Write as _;

use anchors::Anchors;
use case::{Drawer, Place};

use super::{Conditions, RunReport, SubmissionReport};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::picture::page::{legend_html, page_with_style};
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};
use crate::text::plural;

pub use crate::text::escape_markup as escape;

/// The report's own style, after the pictures' (`picture::page`).
const STYLE: &str = include_str!("style.css");

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

/// The whole report as one HTML page.
pub fn report_page(report: &RunReport) -> String {
    let anchors = Anchors::of(report);
    let limits = Limits::of(&report.conditions);
    let mut drawer = Drawer::new(dialect_of(&report.conditions));
    let parts: String = (0..report.submissions.len())
        .map(|i| submission_part(report, i, &anchors, &limits, &mut drawer))
        .collect();
    let colours: Vec<u8> = (1..=10u8)
        .filter(|&c| drawer.colours[usize::from(c)])
        .collect();
    let mut body = header(report);
    body.push_str(&contents(report, &anchors));
    let _ = write!(
        body,
        "<section id=\"scores\">\n<h2>Scores</h2>\n{}</section>\n\
         <section id=\"suites\">\n<h2>By suite</h2>\n{}</section>\n",
        matrix::matrix(report, &anchors),
        summary::suite_table(report, &anchors, &limits)
    );
    if !colours.is_empty() {
        let _ = write!(
            body,
            "<section id=\"key\">\n<h2>How to read the boards</h2>\n{}{MARKS}</section>\n",
            legend_html(&colours)
        );
    }
    body.push_str(&parts);
    page_with_style("mayan-judge report", STYLE, &body)
}

/// What the marks on the boards mean.
const MARKS: &str = "<p class=\"marks\">Each block shows its colour's number and mark. \
    A thick black ring and an arrow: the dragged block (and the one it swapped with). \
    Hatching and a dashed outline: blocks about to vanish. \
    A dotted ring and a <b>!</b>: the move that may not be made. \
    A move's first board is the board right after the drag, then one board per wave of eliminations. \
    <i>x</i> counts columns from 0 on the left, <i>y</i> rows from 0 at the bottom.</p>\n";

/// The title, the run's conditions and, when it was stopped, a warning.
fn header(report: &RunReport) -> String {
    let c = &report.conditions;
    let mut out = format!(
        "<header>\n<h1>mayan-judge report</h1>\n<p class=\"run\">Judged {} by mayan-judge {}; \
         measured by {}.</p>\n",
        escape(&report.started),
        escape(&report.version),
        escape(&report.measured_by)
    );
    let _ = writeln!(
        out,
        "<p class=\"conditions\"><b>Limits</b> CPU time {} ms, wall-clock {} ms, memory {}, \
         output {}, {} processes; {} I/O. <b>Rules</b> null-swaps = {}, steps = {}. \
         <b>Checker</b> accept = {}.</p>",
        c.cpu_ms,
        c.wall_ms,
        kib_text(c.memory_bytes / 1024),
        kib_text(c.output_bytes / 1024),
        c.processes,
        escape(&c.io),
        escape(&c.null_swaps),
        escape(&c.steps),
        escape(&c.accept)
    );
    out.push_str(&sandbox_line(report));
    if report.interrupted {
        let finished: usize = report.submissions.iter().map(|s| s.cases.len()).sum();
        let _ = writeln!(
            out,
            "<p class=\"interrupted\"><b>Interrupted:</b> the run was stopped before every case \
             was judged; this report holds the {} that finished.</p>",
            plural(finished, "case")
        );
    }
    out.push_str("</header>\n");
    out
}

/// What confined the runs, and what did not.
fn sandbox_line(report: &RunReport) -> String {
    let active: Vec<String> = report
        .sandbox
        .iter()
        .filter(|p| p.active)
        .map(|p| escape(p.name))
        .collect();
    let missing: Vec<String> = report
        .sandbox
        .iter()
        .filter(|p| !p.active)
        .map(|p| format!("{} ({})", escape(p.name), escape(&p.how)))
        .collect();
    let mut out = format!(
        "<p class=\"sandbox\"><b>Sandbox</b> {}.",
        match active.is_empty() {
            true => "none".to_string(),
            false => active.join(", "),
        }
    );
    if !missing.is_empty() {
        let _ = write!(out, " <b>Not protected:</b> {}.", missing.join("; "));
    }
    out.push_str("</p>\n");
    out
}

/// Links to the parts of the page.
fn contents(report: &RunReport, anchors: &Anchors) -> String {
    let mut out = String::from(
        "<nav class=\"contents\"><a href=\"#scores\">Scores</a> · <a href=\"#suites\">By suite</a>",
    );
    for (i, sub) in report.submissions.iter().enumerate() {
        let _ = write!(
            out,
            " · <a href=\"#{}\">{}</a>",
            anchors.submission(i),
            escape(&sub.name)
        );
    }
    out.push_str("</nav>\n");
    out
}

/// One submission's part: a foldable `<details>`, open, headed by its name
/// and score.
fn submission_part(
    report: &RunReport,
    i: usize,
    anchors: &Anchors,
    limits: &Limits,
    drawer: &mut Drawer,
) -> String {
    let sub = &report.submissions[i];
    let id = anchors.submission(i);
    let mut out = format!(
        "<details class=\"submission\" id=\"{id}\" open>\n<summary><h2>{} <small>{}/{} points, \
         {}/{} accepted{}</small></h2></summary>\n",
        escape(&sub.name),
        sub.score,
        sub.max_score,
        sub.accepted,
        sub.cases.len() - sub.not_judged,
        match sub.not_judged {
            0 => String::new(),
            k => format!("; {} not judged", plural(k, "case")),
        }
    );
    if let Some(b) = &sub.build {
        let version = b
            .version
            .as_deref()
            .map_or(String::new(), |v| format!(" ({})", escape(v)));
        let _ = writeln!(
            out,
            "<p class=\"build\">{}: <code>{}</code>{version}</p>",
            escape(&b.language),
            escape(&b.command)
        );
    }
    if let Some(message) = &sub.compile_error {
        let _ = writeln!(
            out,
            "<div class=\"compile-error\" id=\"{}\"><h3><span class=\"v CE\">CE</span> {}</h3>\
             <pre>{}</pre><p>None of its {} was run.</p></div>",
            anchors.compile_error(i),
            match sub.no_source {
                true => "no source to compile",
                false => "not compiled",
            },
            escape(message),
            plural(sub.cases.len(), "case")
        );
    } else {
        out.push_str(&summary::case_table(sub, i, anchors, limits));
    }
    out.push_str(&failed_sections(sub, i, anchors, limits, drawer));
    out.push_str("</details>\n");
    out
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

/// The sections of the cases a submission did not pass (a CE has one
/// message for all).
fn failed_sections(
    sub: &SubmissionReport,
    i: usize,
    anchors: &Anchors,
    limits: &Limits,
    drawer: &mut Drawer,
) -> String {
    let mut out = String::new();
    for (j, c) in sub.cases.iter().enumerate() {
        if !has_section(sub, c) {
            continue;
        }
        let id = anchors.section(i, j);
        let place = Place {
            id: &id,
            submission: &sub.name,
            submission_id: anchors.submission(i),
        };
        out.push_str(&drawer.section(c, &place, limits));
    }
    out
}

#[cfg(test)]
pub(crate) mod tests;
