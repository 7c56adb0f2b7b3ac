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

use super::anchors::Anchors;
use super::links::Links;
use super::{Site, escape, kib_text};
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
pub fn matrix(s: &Site) -> String {
    let (report, anchors, links) = (s.report, &s.anchors, &s.links);
    let columns = columns(report);
    let mut out = String::from("<div class=\"matrix-box\"><table class=\"matrix\">\n<thead>");
    head(&mut out, &columns, s);
    out.push_str("</thead>\n<tbody>\n");
    for &(rank, i) in &s.ranking {
        let sub = &report.submissions[i];
        row(&mut out, (anchors, links), (rank, i), sub, &columns);
    }
    out.push_str("</tbody></table></div>\n");
    out.push_str(KEY);
    out
}

/// What the verdicts mean, under the matrix.
const KEY: &str = "<p class=\"key\"><b>AC</b> accepted · <b>WA</b> wrong answer · \
    <b>PE</b> presentation error · <b>TLE</b> time limit exceeded · \
    <b>MLE</b> memory limit exceeded · <b>OLE</b> output limit exceeded · \
    <b>RE</b> runtime error · <b>CE</b> compilation error · \
    <b>JE</b> not judged (the judge's or the data's fault; not counted) · \
    <b>–</b> no result. Each cell links to its case, each case's name to its page when \
    some submission failed it.</p>\n";

/// Two header rows: the suites over their cases, then the cases' names,
/// each a link to its page when it has one.
fn head(out: &mut String, columns: &[Column], s: &Site) {
    out.push_str(
        "<tr><th rowspan=\"2\" class=\"rank\" scope=\"col\">rank</th>\
         <th rowspan=\"2\" class=\"who\" scope=\"col\">submission</th>\
         <th rowspan=\"2\" class=\"total\" scope=\"col\">score</th>",
    );
    let mut k = 0;
    while k < columns.len() {
        let suite = &columns[k].0;
        let span = columns[k..].iter().take_while(|c| &c.0 == suite).count();
        let _ = write!(
            out,
            "<th colspan=\"{span}\" class=\"suite\" scope=\"colgroup\">{}</th>",
            escape(suite)
        );
        k += span;
    }
    out.push_str("</tr>\n<tr>");
    for (suite, name) in columns {
        let text = format!("<span>{}</span>", escape(name));
        let text = match s.cases.page_of(suite, name) {
            Some(k) => format!("<a href=\"{}\">{text}</a>", s.links.case(k)),
            None => text,
        };
        let _ = write!(
            out,
            "<th class=\"case\" scope=\"col\" title=\"{}/{}\">{text}</th>",
            escape(suite),
            escape(name)
        );
    }
    out.push_str("</tr>\n");
}

/// One submission's row.
fn row(
    out: &mut String,
    (anchors, links): (&Anchors, &Links),
    (rank, i): (usize, usize),
    sub: &SubmissionReport,
    columns: &[Column],
) {
    let index: HashMap<(&str, &str), usize> = sub
        .cases
        .iter()
        .enumerate()
        .map(|(j, c)| ((c.suite.as_str(), c.name.as_str()), j))
        .collect();
    let _ = write!(
        out,
        "<tr><td class=\"rank\"{}>{rank}{}</td><th scope=\"row\" class=\"who\"><a href=\"{}\" title=\"{name}\">{name}</a></th><td class=\"total\">{}/{}</td>",
        match sub.not_judged {
            0 => "",
            _ => " title=\"some cases were not judged (the judge's fault): the rank may change\"",
        },
        if sub.not_judged > 0 { "?" } else { "" },
        links.submission(i),
        sub.score,
        sub.max_score,
        name = escape(&sub.name)
    );
    for (suite, name) in columns {
        match index.get(&(suite.as_str(), name.as_str())) {
            Some(&j) => {
                let href = links.submission_at(i, &target(anchors, sub, i, j));
                cell(out, &href, &sub.cases[j]);
            }
            None => out.push_str(
                "<td class=\"v none\" title=\"no result: the case was not judged in this run\">–</td>",
            ),
        }
    }
    out.push_str("</tr>\n");
}

/// One cell: the verdict, a link to `href`, a tooltip.
fn cell(out: &mut String, href: &str, c: &CaseResult) {
    let mut tip = format!("{}/{}: {}", c.suite, c.name, c.verdict);
    if !matches!(c.verdict, Verdict::CE | Verdict::JudgeError) {
        let _ = write!(tip, ", {} ms, {}", c.cpu_ms, kib_text(c.peak_memory_kib));
    }
    if !c.message.is_empty() {
        let _ = write!(tip, " — {}", excerpt(&c.message, TOOLTIP));
    }
    let _ = write!(
        out,
        "<td class=\"v {v}\"><a href=\"{href}\" title=\"{}\">{v}</a></td>",
        escape(&tip),
        v = c.verdict
    );
}
