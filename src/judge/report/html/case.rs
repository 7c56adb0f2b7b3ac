//! The section of a case that was not accepted: its verdict and message,
//! what it used against the limits (with bars; a table for TLE, MLE, OLE and
//! RE), the end of the program's standard error and the start of its
//! output (escaped), and the pictures: for WA and PE the program's output
//! replayed on drawn boards (`picture::answer::output_replay`: up to the
//! move that may not be made, or to the blocks that remain) beside the
//! smallest solution replayed the same way; for the others (no output to
//! replay) the case's board, with its smallest solution in words, which
//! keeps a report of many such cases small.
//!
//! Built only from what the report holds (the case's text, what was
//! received, the run's rules), so a report read back from JSON draws the
//! same. The solver's answers are kept per case text: a case failed by
//! many submissions is solved once.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::charts::{percent, usage_bar};
use super::{Limits, escape, kib_text};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::picture::answer::output_replay;
use crate::picture::page::{replay_html, side_by_side};
use crate::picture::svg::board_svg;
use crate::picture::{Panel, Stage, solution_replay};
use crate::puzzle::answer::Answer;
use crate::puzzle::board::Board;
use crate::puzzle::case::{Case, parse_case};
use crate::puzzle::dialect::Dialect;
use crate::puzzle::rules::Move;
use crate::solver::Solver;
use crate::text::plural;

/// Draws the cases of one report: the rules they were judged under, the
/// solver and its answers so far, and the colours drawn (for the legend).
pub struct Drawer {
    dialect: Option<Dialect>,
    solver: Solver,
    solutions: HashMap<String, Option<Vec<Move>>>,
    /// Which colours `1..=10` some drawn starting board holds.
    pub colours: [bool; 11],
}

/// Where a section sits and what it links back to.
pub struct Place<'a> {
    pub id: &'a str,
    pub submission: &'a str,
    pub submission_id: &'a str,
}

impl Drawer {
    /// A drawer for cases judged under `dialect` (`None`: rules this
    /// version does not know, so nothing is replayed).
    pub fn new(dialect: Option<Dialect>) -> Drawer {
        Drawer {
            dialect,
            solver: Solver::new(),
            solutions: HashMap::new(),
            colours: [false; 11],
        }
    }

    /// The section of case `c`, which was not accepted.
    pub fn section(&mut self, c: &CaseResult, at: &Place, limits: &Limits) -> String {
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
        out.push_str(&self.pictures(c, at.submission));
        let _ = writeln!(
            out,
            "<p class=\"back\"><a href=\"#scores\">↑ scores</a> · <a href=\"#{}\">↑ {}</a></p>\n</section>",
            at.submission_id,
            escape(at.submission)
        );
        out
    }

    /// The replays of a case, or a note saying why there are none.
    fn pictures(&mut self, c: &CaseResult, submission: &str) -> String {
        if c.input.is_empty() {
            return String::new();
        }
        let Some(dialect) = self.dialect else {
            return "<p class=\"note\">The report's rules are not known to this version of \
                    mayan-judge: the case is not drawn.</p>\n"
                .to_string();
        };
        let case = match parse_case(&c.input) {
            Ok(case) => case,
            Err(e) => {
                let why = format!("The case's text cannot be read ({e}): it is not drawn.");
                return format!("<p class=\"note\">{}</p>\n", escape(&why));
            }
        };
        let solution = self.smallest(&c.input, &case, dialect);
        self.note_colours(&case.board);
        if !matches!(c.verdict, Verdict::WA | Verdict::PE) {
            return case_alone(&case, solution.as_deref(), dialect);
        }
        let best = solution_replay(&case.board, case.n, solution.as_deref(), dialect);
        let title = format!("the output of {submission}");
        let theirs = output_replay(&title, &case.board, &c.received, dialect.null_swaps);
        side_by_side(&[replay_html(&theirs), replay_html(&best)])
    }

    /// The smallest solution of a case, the solver asked once per case text.
    fn smallest(&mut self, text: &str, case: &Case, dialect: Dialect) -> Option<Vec<Move>> {
        let solver = &mut self.solver;
        self.solutions
            .entry(text.to_string())
            .or_insert_with(|| solver.solve(&case.board, case.n, dialect))
            .clone()
    }

    /// Notes the colours of a starting board for the legend.
    fn note_colours(&mut self, board: &Board) {
        for (c, &count) in board.colour_counts().iter().enumerate() {
            if let Some(seen) = self.colours.get_mut(c) {
                *seen |= count > 0;
            }
        }
    }
}

/// The case's board alone, with its smallest solution in words: for a run
/// that gave no answer to replay, the board is what matters, and drawing
/// the same solution for everyone who ran out of time would make a
/// contest's report large (`mayan solve --explain` draws it).
fn case_alone(case: &Case, solution: Option<&[Move]>, dialect: Dialect) -> String {
    let text = match solution {
        Some(moves) => format!(
            "Its smallest solution ({dialect}): {}.",
            Answer::from_solution(Some(moves.to_vec())).one_line()
        ),
        None => format!(
            "No sequence of {} clears it ({dialect}): the answer is -1.",
            plural(usize::from(case.n), "move")
        ),
    };
    let start = Panel::plain("start", Stage::Start, case.board);
    format!(
        "<div class=\"alone\"><h4>The case: n = {}, {}</h4><p>{}</p>{}</div>\n",
        case.n,
        plural(case.board.block_count(), "block"),
        escape(&text),
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
