//! A program's output drawn against its case: the text read as an answer
//! and replayed from the case's board ([`output_replay`]: up to the first
//! move that may not be made, or to the board the moves leave; `-1` and
//! text that is not moves give the board alone, saying what was read), and
//! one case's verdict as a page, the output's replay beside the smallest
//! solution's ([`verdict_page`], for `mayan check --html`).
//!
//! The judge's HTML report draws its cases with [`output_replay`] too, so a
//! case looks the same checked alone and in a contest's report. Pure: the
//! caller reads the files and brings the smallest solution (from the
//! solver); not responsible for the verdict, which is the checker's.

use maud::html;

use super::page::{colours_used, document, legend, replay_section, side_by_side_markup};
use super::{Replay, lone_board, replay, solution_replay};
use crate::puzzle::answer::{Answer, parse_answer};
use crate::puzzle::board::Board;
use crate::puzzle::case::Case;
use crate::puzzle::dialect::{Dialect, NullSwaps};
use crate::puzzle::rules::Move;

/// The replay of `output` (a program's answer as text) from `start`, titled
/// `title`: its moves as the checker replays them under `null_swaps`, or
/// the board alone when the output says `-1` or is not a list of moves.
pub fn output_replay(title: &str, start: &Board, output: &str, null_swaps: NullSwaps) -> Replay {
    match parse_answer(output) {
        Ok(Answer::Moves(moves)) => replay(title, start, &moves, null_swaps, None),
        Ok(Answer::NoSolution) => lone_board(
            title,
            start,
            "the output is -1: it says no sequence of moves clears this board",
        ),
        Err(e) => lone_board(
            title,
            start,
            &format!("the output cannot be read as moves ({e}): nothing to replay"),
        ),
    }
}

/// What [`verdict_page`] shows.
pub struct Verdict<'a> {
    /// The page's heading, as `case cases/x.in: WA`.
    pub heading: &'a str,
    /// The checker's one line.
    pub summary: &'a str,
    /// The checker's boards or diff, as text; may be empty.
    pub details: &'a str,
    /// The case, when it could be read.
    pub case: Option<&'a Case>,
    /// The program's output, when it could be read.
    pub output: Option<&'a str>,
    pub dialect: Dialect,
    /// The smallest solution under `dialect` (`None`: there is none).
    pub solution: Option<&'a [Move]>,
}

/// One case's verdict as a self-contained page: the heading, the checker's
/// words (its text boards or diff folded away: the pictures show them),
/// the legend of the colours, then the output's replay beside the smallest
/// solution's (only the words when the case could not be read).
pub fn verdict_page(v: &Verdict) -> String {
    let replays = v.case.map(|case| {
        let theirs = match v.output {
            Some(text) => output_replay("the output", &case.board, text, v.dialect.null_swaps),
            None => lone_board("the output", &case.board, "the output could not be read"),
        };
        let best = solution_replay(&case.board, case.n, v.solution, v.dialect);
        (theirs, best)
    });
    let body = html! {
        h1 { (v.heading) }
        p.summary { strong { (v.summary) } }
        @if !v.details.is_empty() {
            details.details { summary { "the checker's text" } pre { (v.details) } }
        }
        @if let Some((theirs, best)) = &replays {
            (legend(&colours_used(&[theirs, best])))
            (side_by_side_markup(&[replay_section(theirs), replay_section(best)]))
        }
    };
    document(v.heading, "", body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::Outcome;
    use crate::puzzle::case::parse_case;

    const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

    fn sample() -> Case {
        parse_case(SAMPLE).unwrap()
    }

    #[test]
    fn moves_are_replayed_and_other_outputs_show_the_board_alone() {
        let board = sample().board;
        let include = NullSwaps::Include;
        let cleared = output_replay("t", &board, "2 1 1\n3 1 1\n3 0 1\n", include);
        assert_eq!(cleared.outcome, Outcome::Cleared);
        let refused = output_replay("t", &board, "2 1 1\r\n4 2 1", include);
        assert_eq!(refused.outcome, Outcome::Refused(2));
        let none = output_replay("t", &board, "-1\n", include);
        assert_eq!(none.outcome, Outcome::NotReplayed);
        assert!(none.steps[0].text.contains("the output is -1"));
        let garbage = output_replay("t", &board, "2 1 x\n", include);
        assert_eq!(garbage.outcome, Outcome::NotReplayed);
        assert!(
            garbage.steps[0].text.contains("`x` is not an integer"),
            "{}",
            garbage.steps[0].text
        );
    }

    #[test]
    fn the_page_draws_both_replays_and_escapes_every_word() {
        let case = sample();
        let hostile = "<script>alert('x')</script>";
        let solution = crate::solver::solve(&case.board, case.n, Dialect::default());
        let html = verdict_page(&Verdict {
            heading: hostile,
            summary: hostile,
            details: hostile,
            case: Some(&case),
            output: Some("2 1 1\n9 9 9\n"),
            dialect: Dialect::default(),
            solution: solution.as_deref(),
        });
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;alert('x')&lt;/script&gt;"));
        assert_eq!(html.matches("<section class=\"replay\"").count(), 2);
        assert!(html.contains("data-outcome=\"illegal\""));
        assert!(html.contains("data-outcome=\"cleared\""));
    }

    #[test]
    fn without_a_case_the_page_has_only_the_words() {
        let html = verdict_page(&Verdict {
            heading: "case x.in: FAIL",
            summary: "the input is not a valid case",
            details: "",
            case: None,
            output: None,
            dialect: Dialect::default(),
            solution: None,
        });
        assert!(html.contains("<strong>the input is not a valid case</strong>"));
        assert!(!html.contains("<svg"));
    }
}
