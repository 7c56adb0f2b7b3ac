//! The score matrix, on the index: a row per submission in the order of
//! the ranking, its rank and full name (a link to its page) first, a column
//! per case (grouped under their suites, in the order the run met them),
//! the verdict in each cell as a link to where the case is explained on
//! the submission's page (its section when it was not accepted, its row in
//! the submission's table when it was, the compiler's message for a CE),
//! the case's message as the cell's tooltip, and the score beside the
//! name, where a wide matrix does not push it out of view. A case's name
//! over its column links to its page when some submission failed it. A
//! submission that has no result for a case (the run was interrupted, or
//! shards were merged) shows a dash there.

use std::collections::HashMap;
use std::fmt::Write as _;

use maud::{Markup, html};

use super::anchors::Anchors;
use super::links::Links;
use super::{Site, kib_text};
use crate::judge::report::{RunReport, SubmissionReport};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::text::excerpt;

/// Longest message a tooltip quotes, in characters.
const TOOLTIP: usize = 300;

/// A column of the matrix: a suite and a case name.
pub type Column = (String, String);

/// Every case of every submission, in the order first met.
pub fn columns(report: &RunReport) -> Vec<Column> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for c in report.submissions.iter().flat_map(|s| &s.cases) {
        let key = (c.suite.clone(), c.name.clone());
        if seen.insert(key.clone()) {
            out.push(key);
        }
    }
    out
}

/// Where case `j` of submission `i` is explained: its section, or its row
/// when it was accepted, or the compiler's message.
pub fn target(anchors: &Anchors, sub: &SubmissionReport, i: usize, j: usize) -> String {
    match sub.cases[j].verdict {
        Verdict::AC => anchors.row(i, j),
        _ if !super::has_section(sub, &sub.cases[j]) => anchors.compile_error(i),
        _ => anchors.section(i, j),
    }
}

/// The matrix as a `<table class="matrix">` in a scrolling box.
pub fn matrix(s: &Site) -> Markup {
    let (report, anchors, links) = (s.report, &s.anchors, &s.links);
    let columns = columns(report);
    html! {
        div.matrix-box {
            table.matrix {
                thead { (head(&columns, s)) }
                tbody {
                    @for &(rank, i) in &s.ranking {
                        (row((anchors, links), (rank, i), &report.submissions[i], &columns))
                    }
                }
            }
        }
        (key())
    }
}

/// What the verdicts mean, under the matrix.
fn key() -> Markup {
    let verdicts = [
        ("AC", "accepted"),
        ("WA", "wrong answer"),
        ("PE", "presentation error"),
        ("TLE", "time limit exceeded"),
        ("MLE", "memory limit exceeded"),
        ("OLE", "output limit exceeded"),
        ("RE", "runtime error"),
        ("CE", "compilation error"),
        (
            "JE",
            "not judged (the judge's or the data's fault; not counted)",
        ),
        ("–", "no result."),
    ];
    html! {
        p.key {
            @for (k, (verdict, meaning)) in verdicts.iter().enumerate() {
                @if k > 0 { " · " }
                b { (verdict) } " " (meaning)
            }
            " Each cell links to its case, each case's name to its page when some submission \
             failed it."
        }
    }
}

/// Two header rows: the suites over their cases, then the cases' names,
/// each a link to its page when it has one.
fn head(columns: &[Column], s: &Site) -> Markup {
    // Each suite and how many columns it spans.
    let mut suites: Vec<(&str, usize)> = Vec::new();
    for (suite, _) in columns {
        match suites.last_mut() {
            Some((last, span)) if *last == suite.as_str() => *span += 1,
            _ => suites.push((suite, 1)),
        }
    }
    html! {
        tr {
            th rowspan="2" class="rank" scope="col" { "rank" }
            th rowspan="2" class="who" scope="col" { "submission" }
            th rowspan="2" class="total" scope="col" { "score" }
            @for (suite, span) in &suites {
                th colspan=(span) class="suite" scope="colgroup" { (suite) }
            }
        }
        tr {
            @for (suite, name) in columns {
                th class="case" scope="col" title={ (suite) "/" (name) } {
                    @if let Some(k) = s.cases.page_of(suite, name) {
                        a href=(s.links.case(k)) { span { (name) } }
                    } @else {
                        span { (name) }
                    }
                }
            }
        }
    }
}

/// One submission's row.
fn row(
    (anchors, links): (&Anchors, &Links),
    (rank, i): (usize, usize),
    sub: &SubmissionReport,
    columns: &[Column],
) -> Markup {
    let index: HashMap<(&str, &str), usize> = sub
        .cases
        .iter()
        .enumerate()
        .map(|(j, c)| ((c.suite.as_str(), c.name.as_str()), j))
        .collect();
    let unsure = (sub.not_judged > 0)
        .then_some("some cases were not judged (the judge's fault): the rank may change");
    html! {
        tr {
            td.rank title=[unsure] { (rank) @if unsure.is_some() { "?" } }
            th scope="row" class="who" {
                a href=(links.submission(i)) title=(sub.name) { (sub.name) }
                @if let Some(why) = why_not_judged(sub) {
                    " " small.status title=(why) { (sub.judged.status) }
                }
            }
            td.total { (sub.score) "/" (sub.max_score) }
            @for (suite, name) in columns {
                @if let Some(&j) = index.get(&(suite.as_str(), name.as_str())) {
                    (cell(&links.submission_at(i, &target(anchors, sub, i, j)), &sub.cases[j]))
                } @else {
                    td class="v none" title="no result: the case was not judged in this run" {
                        "–"
                    }
                }
            }
        }
    }
}

/// Why a submission's row is not an ordinary one: why it was not judged,
/// or where CCF's collection would not have taken its source.
fn why_not_judged(sub: &SubmissionReport) -> Option<String> {
    use crate::judge::report::status::Status;
    match (&sub.judged.outside_ccf, sub.judged.status) {
        (Some(fault), _) => Some(format!("judged, though {fault}")),
        (None, Status::Judged) => None,
        (None, status) => Some(
            sub.compile_error
                .clone()
                .unwrap_or_else(|| status.to_string()),
        ),
    }
}

/// One cell: the verdict, a link to `href`, a tooltip.
fn cell(href: &str, c: &CaseResult) -> Markup {
    let mut tip = format!("{}/{}: {}", c.suite, c.name, c.verdict);
    if !matches!(c.verdict, Verdict::CE | Verdict::JudgeError) {
        let _ = write!(tip, ", {} ms, {}", c.cpu_ms, kib_text(c.peak_memory_kib));
    }
    if !c.message.is_empty() {
        let _ = write!(tip, " — {}", excerpt(&c.message, TOOLTIP));
    }
    html! {
        td.v.(c.verdict) { a href=(href) title=(tip) { (c.verdict) } }
    }
}
