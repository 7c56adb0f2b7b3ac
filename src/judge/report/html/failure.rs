//! The section of a case that was not accepted, on its submission's page:
//! its verdict and message, what it used against the limits (with bars; a
//! table for TLE, MLE, OLE and RE), the end of the program's standard error
//! and the start of its output (escaped), and the pictures: for WA and PE
//! the program's output replayed on drawn boards
//! (`picture::answer::output_replay`: up to the move that may not be made,
//! or to the blocks that remain); for the others (no output to replay) the
//! case's board. Either way the smallest solution in words and a link to
//! the case's page, which replays it once for every failure of the case
//! (`case_page`).
//!
//! Built only from what the report holds (the case's text, what was
//! received, the run's rules), so a report read back from JSON draws the
//! same.

use maud::{Markup, html};

use super::case_page::{Cases, Drawn, Found};
use super::charts::{percent, usage_bar};
use super::links::case_file;
use super::{Limits, kib_text};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::picture::answer::output_replay;
use crate::picture::page::replay_section;
use crate::picture::svg::board;
use crate::picture::{Panel, Stage};
use crate::puzzle::answer::Answer;
use crate::puzzle::dialect::Dialect;
use crate::text::plural;

/// Where a section sits and what it links back to.
pub struct Place<'a> {
    pub id: &'a str,
    pub submission: &'a str,
    pub submission_id: &'a str,
    /// The index's score matrix, as this page links to it.
    pub scores: &'a str,
}

/// The section of case `c`, which was not accepted.
pub fn section(c: &CaseResult, at: &Place, limits: &Limits, cases: &Cases) -> Markup {
    html! {
        section.case id=(at.id) data-verdict=(c.verdict) data-suite=(c.suite) data-case=(c.name) {
            h3 {
                span.v.(c.verdict) { (c.verdict) } " " (c.suite) " / " (c.name) " "
                small { (c.score) " of " (c.points) " points" }
            }
            @if !c.message.is_empty() {
                p.why { (c.message) }
            }
            @match c.verdict {
                Verdict::TLE | Verdict::MLE | Verdict::OLE | Verdict::RE => {
                    (limits_table(c, limits))
                }
                Verdict::WA | Verdict::PE => (usage_line(c, limits)),
                _ => {}
            }
            (texts(c))
            (pictures(c, at.submission, cases))
            p.back {
                a href=(at.scores) { "↑ scores" } " · "
                a href={ "#" (at.submission_id) } { "↑ " (at.submission) }
            }
        }
    }
}

/// The pictures of a case, or a note saying why there are none.
fn pictures(c: &CaseResult, submission: &str, cases: &Cases) -> Markup {
    let (k, drawn, dialect) = match (cases.find(&c.input), cases.dialect) {
        (Found::Case(k, drawn), Some(dialect)) => (k, drawn, dialect),
        (Found::Note(why), _) => return html! { p.note { (why) } },
        _ => return Markup::default(),
    };
    let solution = solution_line(k, drawn, dialect);
    if !matches!(c.verdict, Verdict::WA | Verdict::PE) {
        return case_alone(drawn, solution);
    }
    let title = format!("the output of {submission}");
    let board = &drawn.case.board;
    let theirs = output_replay(&title, board, &c.received, dialect.null_swaps);
    html! { (replay_section(&theirs)) (solution) }
}

/// The smallest solution of the `k`th case drawn, in words, with a link
/// to the case's page, which draws it.
fn solution_line(k: usize, drawn: &Drawn, dialect: Dialect) -> Markup {
    let text = match &drawn.solution {
        Some(moves) => format!(
            "Its smallest solution ({dialect}): {}.",
            Answer::from_solution(Some(moves.clone())).one_line()
        ),
        None => format!(
            "No sequence of {} clears it ({dialect}): the answer is -1.",
            plural(usize::from(drawn.case.n), "move")
        ),
    };
    html! {
        p.solution {
            (text) " " a href=(case_file(k)) { "The case's page" }
            " draws it and lists every failure of the case."
        }
    }
}

/// The case's board alone, with its smallest solution in words: for a run
/// that gave no answer to replay, the board is what matters.
fn case_alone(drawn: &Drawn, solution: Markup) -> Markup {
    let case = &drawn.case;
    let start = Panel::plain("start", Stage::Start, case.board);
    html! {
        div.alone {
            h4 { "The case: n = " (case.n) ", " (plural(case.board.block_count(), "block")) }
            (solution)
            (board(&start, None))
        }
    }
}

/// What a WA or PE used, on one line.
fn usage_line(c: &CaseResult, limits: &Limits) -> Markup {
    html! {
        p.usage {
            "CPU time " (c.cpu_ms) " ms of " (limits.cpu_ms) " ms; wall-clock " (c.wall_ms)
            " ms of " (limits.wall_ms) " ms; peak memory " (kib_text(c.peak_memory_kib)) " of "
            (kib_text(limits.memory_kib()))
        }
    }
}

/// The limits of a run that stopped or crashed, and what it used, with
/// bars.
fn limits_table(c: &CaseResult, limits: &Limits) -> Markup {
    let rows = [
        ("CPU time", c.cpu_ms, limits.cpu_ms, "ms"),
        ("wall-clock time", c.wall_ms, limits.wall_ms, "ms"),
        ("peak memory", c.peak_memory_kib, limits.memory_kib(), "KiB"),
    ];
    let rows = rows.map(|(what, used, limit, unit)| {
        let (u, l) = match unit {
            "KiB" => (kib_text(used), kib_text(limit)),
            _ => (format!("{used} {unit}"), format!("{limit} {unit}")),
        };
        let label = format!("{what}: {u} of {l}");
        (
            what,
            u,
            l,
            usage_bar(used, limit, &label),
            percent(used, limit),
        )
    });
    html! {
        table.limits {
            thead {
                tr {
                    th scope="col" {} th scope="col" { "used" } th scope="col" { "limit" }
                    th scope="col" {} th scope="col" {}
                }
            }
            tbody {
                @for (what, u, l, bar, percent) in &rows {
                    tr {
                        th scope="row" { (what) }
                        td.num { (u) } td.num { (l) } td { (bar) } td.num { (percent) "%" }
                    }
                }
                @if c.verdict == Verdict::OLE {
                    tr {
                        th scope="row" { "output" } td.num { "over" }
                        td.num { (kib_text(limits.output_bytes / 1024)) } td colspan="2" {}
                    }
                }
            }
        }
    }
}

/// The program's words, escaped: the end of its standard error, the start
/// of its output (open for a PE, where its form is the point), and the
/// checker's text.
fn texts(c: &CaseResult) -> Markup {
    html! {
        @if !c.stderr.trim().is_empty() {
            details.stderr open {
                summary { "the end of its standard error" }
                pre { (c.stderr) }
            }
        }
        @if !c.received.is_empty() {
            details.received open[c.verdict == Verdict::PE] {
                summary { "the start of its output" }
                pre { (c.received) }
            }
        }
        @if !c.details.is_empty() {
            details.checker {
                summary { "the checker's text" }
                pre { (c.details) }
            }
        }
    }
}
