//! The reference answer of one case, as `mayan solve` gives it
//! ([`solve_case`]): the case read from the file a user names or from
//! standard input (`puzzle::case::read_case_input`), solved, and shown as
//! asked: the smallest solution in the contest's format, the least number
//! of moves that clears the board, or the solution explained
//! (`picture::explain`). Returns the text; printing it is the caller's.
//!
//! Run once per case by scripts and checkers: nothing is done before the
//! case is read, and nothing is made that the answer asked for does not
//! need (no configuration is read).

use crate::picture::explain::{ExplainError, Explanation, explain};
use crate::puzzle::answer::format_answer;
use crate::puzzle::case::{CaseInput, ReadError, read_case_input};
use crate::puzzle::dialect::Dialect;
use crate::solver::{GaveUp, MAX_MOVES, Solver};

/// What `mayan solve` is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveRequest<'a> {
    pub input: CaseInput<'a>,
    /// The rules the smallest solution is found under.
    pub dialect: Dialect,
    pub show: Show,
}

/// What is shown of the case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// The smallest solution in the contest's output format (`-1` when
    /// there is none).
    Answer,
    /// The smallest solution, explained.
    Explained(Explanation),
    /// The least number of moves that clears the board, trying at most
    /// `bound` (`-1` when none within it); neither the case's n nor the
    /// dialect changes it (`Solver::min_moves`).
    MinMoves { bound: u8 },
}

/// A case that could not be solved as asked.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The case could not be read, or is not a valid case: its message
    /// already names the file and the line (`NAME:LINE: ...`) and the
    /// cause, so it is said alone.
    #[error("{0}")]
    Read(ReadError),
    #[error(transparent)]
    Explain(#[from] ExplainError),
    #[error("the solver tries at most {MAX_MOVES} moves, not {0}")]
    Bound(u8),
    #[error("{0}; lower --bound below {moves}", moves = .0.moves)]
    GaveUp(#[from] GaveUp),
}

/// The positions `--min-moves` enters at most, all bounds together: a few
/// seconds of search (5 s of CPU here on a loaded machine), and the failure
/// table's memory bounded as ever (about 150 MB). Past about 7 moves a board that no fewer
/// moves clear is searched to no end, each move more multiplying the work
/// by the forty or so moves of a board.
pub const MIN_MOVES_POSITIONS: u64 = 15_000_000;

/// Reads, solves and shows the case `request` names (see the module's
/// docs); the text ends with a newline.
pub fn solve_case(request: &SolveRequest) -> Result<String, SolveError> {
    if let Show::MinMoves { bound } = request.show
        && bound > MAX_MOVES
    {
        return Err(SolveError::Bound(bound));
    }
    let case = read_case_input(request.input).map_err(SolveError::Read)?;
    let mut solver = Solver::new();
    let dialect = request.dialect;
    match request.show {
        Show::MinMoves { bound } => {
            let least = solver.min_moves_within(&case.board, bound, MIN_MOVES_POSITIONS)?;
            Ok(format!("{}\n", least.map_or(-1, i64::from)))
        }
        Show::Answer => {
            let solution = solver.solve(&case.board, case.n, dialect);
            Ok(format_answer(solution.as_deref()))
        }
        Show::Explained(how) => {
            let solution = solver.solve(&case.board, case.n, dialect);
            Ok(explain(&case, solution.as_deref(), dialect, how)?)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::puzzle::dialect::{NullSwaps, Steps};

    fn case_file(dir: &Path, text: &str) -> std::path::PathBuf {
        let path = dir.join("c.in");
        std::fs::write(&path, text).unwrap();
        path
    }

    fn solved(path: &Path, dialect: Dialect, show: Show) -> Result<String, SolveError> {
        let input = CaseInput::File(path);
        solve_case(&SolveRequest {
            input,
            dialect,
            show,
        })
    }

    #[test]
    fn the_answer_follows_the_dialect_and_min_moves_ignores_n() {
        let dir = tempfile::tempdir().unwrap();
        let path = case_file(dir.path(), "2\n1 0\n1 0\n0\n1 0\n0\n");
        let plain = solved(&path, Dialect::default(), Show::Answer);
        assert_eq!(plain.unwrap(), "0 0 1\n3 0 -1\n");
        let exclude = Dialect::new(NullSwaps::Exclude, Steps::Exact);
        assert_eq!(
            solved(&path, exclude, Show::Answer).unwrap(),
            "1 0 1\n0 0 1\n"
        );
        let least = solved(&path, exclude, Show::MinMoves { bound: 5 });
        assert_eq!(least.unwrap(), "1\n");
        let none = solved(&path, exclude, Show::MinMoves { bound: 0 });
        assert_eq!(none.unwrap(), "-1\n");
    }

    #[test]
    fn the_explanation_follows_the_answer() {
        let dir = tempfile::tempdir().unwrap();
        let path = case_file(dir.path(), "2\n1 0\n1 0\n0\n1 0\n0\n");
        let how = Show::Explained(Explanation::Text { colour: false });
        let text = solved(&path, Dialect::default(), how).unwrap();
        assert!(
            text.starts_with("0 0 1\n3 0 -1\n\nstart, n = 2\n"),
            "{text}"
        );
    }

    #[test]
    fn a_bad_case_is_said_by_name_and_line_alone_and_a_bound_past_the_solver_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = case_file(dir.path(), "3\n1 1 1 0\n0\n0\n0\n0\n");
        let e = solved(&path, Dialect::default(), Show::Answer).unwrap_err();
        let said = format!("{}:2: the starting board", path.display());
        assert!(e.to_string().starts_with(&said), "{e}");
        assert!(std::error::Error::source(&e).is_none(), "said once");
        let e = solved(&path, Dialect::default(), Show::MinMoves { bound: 16 });
        let e = e.unwrap_err();
        assert_eq!(e.to_string(), "the solver tries at most 15 moves, not 16");
    }
}
