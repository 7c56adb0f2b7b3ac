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

use std::fmt::Write as _;

use super::case_page::{Cases, Drawn, Found};
use super::charts::{percent, usage_bar};
use super::links::case_file;
use super::{Limits, escape, kib_text};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::picture::answer::output_replay;
use crate::picture::page::replay_html;
use crate::picture::svg::board_svg;
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
pub fn section(c: &CaseResult, at: &Place, limits: &Limits, cases: &Cases) -> String {
    let mut out = format!(
        "<section class=\"case\" id=\"{}\" data-verdict=\"{v}\" data-suite=\"{}\" data-case=\"{}\">\n\
         <h3><span class=\"v {v}\">{v}</span> {} / {} <small>{} of {} points</small></h3>\n",
        at.id,
        escape(&c.suite),
        escape(&c.name),
        escape(&c.suite),
        escape(&c.name),
        c.score,
        c.points,
        v = c.verdict
    );
    if !c.message.is_empty() {
        let _ = writeln!(out, "<p class=\"why\">{}</p>", escape(&c.message));
    }
    match c.verdict {
        Verdict::TLE | Verdict::MLE | Verdict::OLE | Verdict::RE => {
            out.push_str(&limits_table(c, limits));
        }
        Verdict::WA | Verdict::PE => out.push_str(&usage_line(c, limits)),
        _ => {}
    }
    texts(&mut out, c);
    out.push_str(&pictures(c, at.submission, cases));
    let _ = writeln!(
        out,
        "<p class=\"back\"><a href=\"{}\">↑ scores</a> · <a href=\"#{}\">↑ {}</a></p>\n</section>",
        at.scores,
        at.submission_id,
        escape(at.submission)
    );
    out
}

/// The pictures of a case, or a note saying why there are none.
fn pictures(c: &CaseResult, submission: &str, cases: &Cases) -> String {
    let (k, drawn, dialect) = match (cases.find(&c.input), cases.dialect) {
        (Found::Case(k, drawn), Some(dialect)) => (k, drawn, dialect),
        (Found::Note(why), _) => return format!("<p class=\"note\">{}</p>\n", escape(&why)),
        _ => return String::new(),
    };
    let solution = solution_line(k, drawn, dialect);
    if !matches!(c.verdict, Verdict::WA | Verdict::PE) {
        return case_alone(drawn, &solution);
    }
    let title = format!("the output of {submission}");
    let board = &drawn.case.board;
    let theirs = output_replay(&title, board, &c.received, dialect.null_swaps);
    format!("{}{solution}", replay_html(&theirs))
}

/// The smallest solution of the `k`th case drawn, in words, with a link
/// to the case's page, which draws it.
fn solution_line(k: usize, drawn: &Drawn, dialect: Dialect) -> String {
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
    format!(
        "<p class=\"solution\">{} <a href=\"{}\">The case's page</a> draws it and lists every \
         failure of the case.</p>\n",
        escape(&text),
        case_file(k)
    )
}

/// The case's board alone, with its smallest solution in words: for a run
/// that gave no answer to replay, the board is what matters.
fn case_alone(drawn: &Drawn, solution: &str) -> String {
    let case = &drawn.case;
    let start = Panel::plain("start", Stage::Start, case.board);
    format!(
        "<div class=\"alone\"><h4>The case: n = {}, {}</h4>{solution}{}</div>\n",
        case.n,
        plural(case.board.block_count(), "block"),
        board_svg(&start)
    )
}

/// What a WA or PE used, on one line.
fn usage_line(c: &CaseResult, limits: &Limits) -> String {
    format!(
        "<p class=\"usage\">CPU time {} ms of {} ms; wall-clock {} ms of {} ms; peak memory {} of {}</p>\n",
        c.cpu_ms,
        limits.cpu_ms,
        c.wall_ms,
        limits.wall_ms,
        kib_text(c.peak_memory_kib),
        kib_text(limits.memory_kib())
    )
}

/// The limits of a run that stopped or crashed, and what it used, with
/// bars.
fn limits_table(c: &CaseResult, limits: &Limits) -> String {
    let rows = [
        ("CPU time", c.cpu_ms, limits.cpu_ms, "ms"),
        ("wall-clock time", c.wall_ms, limits.wall_ms, "ms"),
        ("peak memory", c.peak_memory_kib, limits.memory_kib(), "KiB"),
    ];
    let mut out = String::from(
        "<table class=\"limits\"><thead><tr><th scope=\"col\"></th><th scope=\"col\">used</th>\
         <th scope=\"col\">limit</th><th scope=\"col\"></th><th scope=\"col\"></th></tr></thead><tbody>",
    );
    for (what, used, limit, unit) in rows {
        let (u, l) = match unit {
            "KiB" => (kib_text(used), kib_text(limit)),
            _ => (format!("{used} {unit}"), format!("{limit} {unit}")),
        };
        let label = format!("{what}: {u} of {l}");
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{what}</th><td class=\"num\">{u}</td><td class=\"num\">{l}</td>\
             <td>{}</td><td class=\"num\">{}%</td></tr>",
            usage_bar(used, limit, &label),
            percent(used, limit)
        );
    }
    if c.verdict == Verdict::OLE {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">output</th><td class=\"num\">over</td><td class=\"num\">{}</td><td colspan=\"2\"></td></tr>",
            kib_text(limits.output_bytes / 1024)
        );
    }
    out.push_str("</tbody></table>\n");
    out
}

/// The program's words, escaped: the end of its standard error, the start
/// of its output (open for a PE, where its form is the point), and the
/// checker's text.
fn texts(out: &mut String, c: &CaseResult) {
    if !c.stderr.trim().is_empty() {
        let _ = writeln!(
            out,
            "<details class=\"stderr\" open><summary>the end of its standard error</summary>\
             <pre>{}</pre></details>",
            escape(&c.stderr)
        );
    }
    if !c.received.is_empty() {
        let open = if c.verdict == Verdict::PE {
            " open"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<details class=\"received\"{open}><summary>the start of its output</summary>\
             <pre>{}</pre></details>",
            escape(&c.received)
        );
    }
    if !c.details.is_empty() {
        let _ = writeln!(
            out,
            "<details class=\"checker\"><summary>the checker's text</summary><pre>{}</pre></details>",
            escape(&c.details)
        );
    }
}
