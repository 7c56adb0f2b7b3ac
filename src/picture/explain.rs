//! A case's smallest solution explained, as `mayan solve --explain` shows
//! it: the answer in the contest's format, then the board at every stage
//! of every move drawn as text (the grids are `puzzle::render`'s; this puts
//! them in order and says when there is no solution), or instead the whole
//! replay as one SVG document (`document`) or one HTML page (`page`).
//!
//! Pure, text out, like the rest of `picture`: the solution is given (the
//! solver's), the case already read; nothing is printed or written.

use super::{document, page, solution_replay};
use crate::puzzle::answer::format_answer;
use crate::puzzle::case::Case;
use crate::puzzle::dialect::Dialect;
use crate::puzzle::render::{draw_board, draw_move};
use crate::puzzle::rules::{Illegal, Move, RawMove, trace};

/// How a solution is explained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Explanation {
    /// The answer, then the boards drawn as text; `colour`: with the
    /// terminal's colours.
    Text { colour: bool },
    /// One SVG document holding the answer and its pictures.
    Svg,
    /// One self-contained HTML page holding the answer and its pictures.
    Html,
}

/// A solution that cannot be explained.
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    /// A move of the solution given may not be made (a solver's fault).
    #[error("the solver returned an illegal move")]
    IllegalMove(#[source] Illegal),
}

/// The solution `solution` (`None`: there is none) of `case` under
/// `dialect`, explained as `how` says: the whole output of `mayan solve
/// --explain`.
pub fn explain(
    case: &Case,
    solution: Option<&[Move]>,
    dialect: Dialect,
    how: Explanation,
) -> Result<String, ExplainError> {
    match how {
        Explanation::Text { colour } => text(case, solution, dialect, colour),
        Explanation::Svg | Explanation::Html => {
            let replay = solution_replay(&case.board, case.n, solution, dialect);
            Ok(match how {
                Explanation::Svg => document::replay_svg(&replay),
                _ => page::replay_page(&replay),
            })
        }
    }
}

/// The answer, a blank line, the starting board, then each move's row of
/// boards after a blank line; or, when there is no solution, the sentence
/// that says so.
fn text(
    case: &Case,
    solution: Option<&[Move]>,
    dialect: Dialect,
    colour: bool,
) -> Result<String, ExplainError> {
    let mut out = format_answer(solution);
    out.push('\n');
    out += &draw_board(&format!("start, n = {}", case.n), &case.board, colour);
    let mut board = case.board;
    for (i, &mv) in solution.iter().copied().flatten().enumerate() {
        let t = trace(&board, RawMove::from(mv)).map_err(ExplainError::IllegalMove)?;
        out.push('\n');
        out += &draw_move(i + 1, &board, &t, colour);
        board = *t.after();
    }
    if solution.is_none() {
        out += &format!(
            "\nno sequence of {} moves clears this board ({dialect}).\n",
            case.n
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::case::parse_case;
    use crate::puzzle::rules::Dir;
    use crate::solver::solve;

    const CROSS: &str = "1\n1 0\n1 0\n2 1 1 2 0\n1 0\n2 0\n";

    #[test]
    fn text_draws_the_start_and_every_move_after_the_answer() {
        let case = parse_case(CROSS).unwrap();
        let dialect = Dialect::default();
        let solution = solve(&case.board, case.n, dialect).unwrap();
        let how = Explanation::Text { colour: false };
        let text = explain(&case, Some(&solution), dialect, how).unwrap();
        let answer = format_answer(Some(&solution));
        assert!(
            text.starts_with(&format!("{answer}\nstart, n = 1\n")),
            "{text}"
        );
        assert!(text.contains("\nmove 1: "), "{text}");
        assert!(!text.contains('\x1b'));
        let coloured = explain(
            &case,
            Some(&solution),
            dialect,
            Explanation::Text { colour: true },
        );
        assert!(coloured.unwrap().contains('\x1b'));
    }

    #[test]
    fn no_solution_is_said_with_the_dialect() {
        let case = parse_case("1\n1 2 0\n0\n0\n0\n0\n").unwrap();
        let how = Explanation::Text { colour: false };
        let text = explain(&case, None, Dialect::default(), how).unwrap();
        assert!(text.starts_with("-1\n\nstart, n = 1\n"), "{text}");
        assert!(text.ends_with(
            "\nno sequence of 1 moves clears this board (null-swaps = include, steps = exact).\n"
        ));
    }

    #[test]
    fn an_illegal_move_is_an_error_and_documents_are_whole() {
        let case = parse_case(CROSS).unwrap();
        let nowhere = [Move::new(4, 6, Dir::Right)];
        let how = Explanation::Text { colour: false };
        let e = explain(&case, Some(&nowhere), Dialect::default(), how).unwrap_err();
        assert_eq!(e.to_string(), "the solver returned an illegal move");
        let svg = explain(&case, None, Dialect::default(), Explanation::Svg).unwrap();
        assert!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"));
        let html = explain(&case, None, Dialect::default(), Explanation::Html).unwrap();
        assert!(html.contains("<html") && html.contains("<svg"));
    }
}
