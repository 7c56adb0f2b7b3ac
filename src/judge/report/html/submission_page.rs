//! The page of one submission: links back to the index and to the
//! submissions before and after it in the ranking, its name and score, how
//! it was built and what was judged (its status, the source and its
//! layout), its compiler's message when it did not compile, the table
//! of its cases with bars against the limits (`summary`), the key to the
//! boards, and a section for each case not accepted (`failure`).

use maud::{Markup, html};

use super::case_page::Found;
use super::failure::{Place, section};
use super::links::submission_file;
use super::{Site, TITLE, has_section, key_section, page, summary};
use crate::judge::report::SubmissionReport;
use crate::text::plural;

/// The page of submission `i`.
pub fn submission_page(s: &Site, i: usize) -> String {
    let sub = &s.report.submissions[i];
    let drawn = (sub.cases.iter()).filter_map(|c| match s.cases.find(&c.input) {
        Found::Case(k, _) if has_section(sub, c) => Some(k),
        _ => None,
    });
    let body = html! {
        (nav(s, i))
        article.submission id=(s.anchors.submission(i)) {
            h1 {
                (sub.name) " "
                small {
                    (sub.score) "/" (sub.max_score) " points, " (sub.accepted) "/"
                    (sub.cases.len() - sub.not_judged) " accepted"
                    @if sub.not_judged > 0 {
                        "; " (plural(sub.not_judged, "case")) " not judged"
                    }
                }
            }
            (judged_line(sub))
            (build_line(sub))
            @match &sub.compile_error {
                Some(message) => (compile_error(sub, message, &s.anchors.compile_error(i))),
                None => (summary::case_table(sub, i, &s.anchors, &s.limits)),
            }
            (key_section(&s.cases.colours(drawn)))
            (failed_sections(s, i))
        }
    };
    page(&format!("{TITLE}: {}", sub.name), body)
}

/// Links to the index and to the submissions ranked just above and below.
fn nav(s: &Site, i: usize) -> Markup {
    let place = s.ranking.iter().position(|&(_, j)| j == i);
    let before = place.and_then(|p| p.checked_sub(1)).map(|p| s.ranking[p].1);
    let after = place.and_then(|p| s.ranking.get(p + 1)).map(|&(_, j)| j);
    let neighbours = [("←", before), ("→", after)];
    let neighbours = neighbours
        .iter()
        .filter_map(|&(arrow, j)| Some((arrow, j?)));
    html! {
        nav.pages {
            a href=(s.links.index(None)) { "↑ report" } " · "
            a href=(s.links.index(Some("scores"))) { "↑ scores" }
            @for (arrow, j) in neighbours {
                " · "
                a href=(submission_file(j)) { (arrow) " " (s.report.submissions[j].name) }
            }
        }
    }
}

/// What was judged (the source, its layout), why the score is what it is
/// when it was not judged, and where CCF's collection would not have
/// taken the source.
fn judged_line(sub: &SubmissionReport) -> Markup {
    let j = &sub.judged;
    html! {
        p.judged {
            "status: " strong { (j.status) }
            @if let Some(source) = &j.source {
                " · source " code { (source) }
                @if let Some(layout) = &j.layout { " (" (layout) ")" }
            }
        }
        @if let Some(fault) = &j.outside_ccf {
            p.outside-ccf { "judged, though " (fault) }
        }
    }
}

/// How the submission was built, when it was.
fn build_line(sub: &SubmissionReport) -> Markup {
    html! {
        @if let Some(b) = &sub.build {
            p.build {
                (b.language) ": " code { (b.command) }
                @if let Some(version) = &b.version { " (" (version) ")" }
            }
        }
    }
}

/// The compiler's message (or why there was nothing to compile), with the
/// id `id`.
fn compile_error(sub: &SubmissionReport, message: &str, id: &str) -> Markup {
    let what = match sub.no_source {
        true => "no source to compile",
        false => "not compiled",
    };
    html! {
        div.compile-error id=(id) {
            h3 { span.v.CE { "CE" } " " (what) }
            pre { (message) }
            p { "None of its " (plural(sub.cases.len(), "case")) " was run." }
        }
    }
}

/// The sections of the cases submission `i` did not pass (a CE has one
/// message for all).
fn failed_sections(s: &Site, i: usize) -> Markup {
    let sub = &s.report.submissions[i];
    let scores = s.links.index(Some("scores"));
    let shown = (sub.cases.iter().enumerate()).filter(|(_, c)| has_section(sub, c));
    html! {
        @for (j, c) in shown {
            @let id = s.anchors.section(i, j);
            @let place = Place {
                id: &id,
                submission: &sub.name,
                submission_id: s.anchors.submission(i),
                scores: &scores,
            };
            (section(c, &place, &s.limits, &s.cases))
        }
    }
}
