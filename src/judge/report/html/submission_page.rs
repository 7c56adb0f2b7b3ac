//! The page of one submission: links back to the index and to the
//! submissions before and after it in the ranking, its name and score, how
//! it was built, its compiler's message when it did not compile, the table
//! of its cases with bars against the limits (`summary`), the key to the
//! boards, and a section for each case not accepted (`failure`).

use std::fmt::Write as _;

use super::case_page::Found;
use super::failure::{Place, section};
use super::links::submission_file;
use super::{Site, TITLE, escape, has_section, key_section, page, summary};
use crate::judge::report::SubmissionReport;
use crate::text::plural;

/// The page of submission `i`.
pub fn submission_page(s: &Site, i: usize) -> String {
    let sub = &s.report.submissions[i];
    let mut body = nav(s, i);
    let _ = write!(
        body,
        "<article class=\"submission\" id=\"{}\">\n<h1>{} <small>{}/{} points, {}/{} accepted{}</small></h1>\n",
        s.anchors.submission(i),
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
    body.push_str(&build_line(sub));
    match &sub.compile_error {
        Some(message) => body.push_str(&compile_error(sub, message, &s.anchors.compile_error(i))),
        None => body.push_str(&summary::case_table(sub, i, &s.anchors, &s.limits)),
    }
    let drawn = (sub.cases.iter()).filter_map(|c| match s.cases.find(&c.input) {
        Found::Case(k, _) if has_section(sub, c) => Some(k),
        _ => None,
    });
    body.push_str(&key_section(&s.cases.colours(drawn)));
    body.push_str(&failed_sections(s, i));
    body.push_str("</article>\n");
    page(&format!("{TITLE}: {}", sub.name), &body)
}

/// Links to the index and to the submissions ranked just above and below.
fn nav(s: &Site, i: usize) -> String {
    let mut out = format!(
        "<nav class=\"pages\"><a href=\"{}\">↑ report</a> · <a href=\"{}\">↑ scores</a>",
        s.links.index(None),
        s.links.index(Some("scores"))
    );
    let place = s.ranking.iter().position(|&(_, j)| j == i);
    let before = place.and_then(|p| p.checked_sub(1)).map(|p| s.ranking[p].1);
    let after = place.and_then(|p| s.ranking.get(p + 1)).map(|&(_, j)| j);
    for (arrow, j) in [("←", before), ("→", after)] {
        if let Some(j) = j {
            let _ = write!(
                out,
                " · <a href=\"{}\">{arrow} {}</a>",
                submission_file(j),
                escape(&s.report.submissions[j].name)
            );
        }
    }
    out.push_str("</nav>\n");
    out
}

/// How the submission was built, when it was.
fn build_line(sub: &SubmissionReport) -> String {
    let Some(b) = &sub.build else {
        return String::new();
    };
    let version = b
        .version
        .as_deref()
        .map_or(String::new(), |v| format!(" ({})", escape(v)));
    format!(
        "<p class=\"build\">{}: <code>{}</code>{version}</p>\n",
        escape(&b.language),
        escape(&b.command)
    )
}

/// The compiler's message (or why there was nothing to compile), with the
/// id `id`.
fn compile_error(sub: &SubmissionReport, message: &str, id: &str) -> String {
    format!(
        "<div class=\"compile-error\" id=\"{id}\"><h3><span class=\"v CE\">CE</span> {}</h3>\
         <pre>{}</pre><p>None of its {} was run.</p></div>\n",
        match sub.no_source {
            true => "no source to compile",
            false => "not compiled",
        },
        escape(message),
        plural(sub.cases.len(), "case")
    )
}

/// The sections of the cases submission `i` did not pass (a CE has one
/// message for all).
fn failed_sections(s: &Site, i: usize) -> String {
    let sub = &s.report.submissions[i];
    let scores = s.links.index(Some("scores"));
    let mut out = String::new();
    for (j, c) in sub.cases.iter().enumerate() {
        if !has_section(sub, c) {
            continue;
        }
        let id = s.anchors.section(i, j);
        let place = Place {
            id: &id,
            submission: &sub.name,
            submission_id: s.anchors.submission(i),
            scores: &scores,
        };
        out.push_str(&section(c, &place, &s.limits, &s.cases));
    }
    out
}
