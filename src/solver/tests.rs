use super::*;
use crate::puzzle::case::parse_case;

fn case(text: &str) -> (Board, u8) {
    let text = text.replace('|', "\n");
    let c = parse_case(&text).unwrap();
    (c.board, c.n)
}

fn answer(text: &str, dialect: Dialect) -> String {
    let (board, n) = case(text);
    match solve(&board, n, dialect) {
        None => "-1".to_string(),
        Some(moves) => moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" / "),
    }
}

const INCLUDE: Dialect = Dialect::new(NullSwaps::Include, Steps::Exact);
const EXCLUDE: Dialect = Dialect::new(NullSwaps::Exclude, Steps::Exact);

#[test]
fn statement_sample() {
    let sample = "3|1 0|2 1 0|2 3 4 0|3 1 0|2 4 3 4 0";
    assert_eq!(answer(sample, INCLUDE), "2 1 1 / 3 1 1 / 3 0 1");
    assert_eq!(answer(sample, EXCLUDE), "2 1 1 / 3 1 1 / 3 0 1");
}

#[test]
fn spec_dialect_examples() {
    let a = "2|1 0|1 0|0|1 0|0";
    assert_eq!(answer(a, INCLUDE), "0 0 1 / 3 0 -1");
    assert_eq!(answer(a, EXCLUDE), "1 0 1 / 0 0 1");
    let b = "2|1 0|0|1 0|1 0|0";
    assert_eq!(answer(b, INCLUDE), "2 0 1 / 0 0 1");
    assert_eq!(answer(b, EXCLUDE), "2 0 -1 / 3 0 -1");
    let c = "4|1 0|2 1 2 0|0|1 2 2 0|2 0";
    assert_eq!(answer(c, INCLUDE), "0 0 1 / 1 0 1 / 0 0 1 / 3 0 -1");
    assert_eq!(answer(c, EXCLUDE), "1 0 1 / 1 0 1 / 0 0 1 / 3 0 -1");
}

#[test]
fn at_most_allows_fewer_moves() {
    // One move (3 0 -1) clears it; the smallest list within 3 moves is shorter.
    let text = "3|1 0|1 0|0|1 0|0";
    let (board, _) = case(text);
    assert_eq!(Solver::new().min_moves(&board, 5), Some(1));
    let at_most = |null_swaps| Dialect::new(null_swaps, Steps::AtMost);
    assert_eq!(answer(text, at_most(NullSwaps::Exclude)), "1 0 1 / 0 0 1");
    // With null swaps, two of them pad the one clearing move, and sort first.
    assert_eq!(
        answer(text, at_most(NullSwaps::Include)),
        "0 0 1 / 0 0 1 / 3 0 -1"
    );
    assert_eq!(answer(text, INCLUDE), "0 0 1 / 0 0 1 / 3 0 -1");
    assert_eq!(answer(text, EXCLUDE), "1 0 1 / 2 0 -1 / 3 0 -1");
}

#[test]
fn empty_board_and_zero_moves() {
    let mut solver = Solver::new();
    assert_eq!(solver.solve(&Board::EMPTY, 0, INCLUDE), Some(vec![]));
    assert_eq!(solver.solve(&Board::EMPTY, 1, INCLUDE), None);
    let at_most = Dialect::new(NullSwaps::Include, Steps::AtMost);
    assert_eq!(solver.solve(&Board::EMPTY, 3, at_most), Some(vec![]));
    assert_eq!(solver.min_moves(&Board::EMPTY, 5), Some(0));
}

#[test]
fn hopeless_boards_have_no_solution() {
    let (board, n) = case("5|1 2 0|0|0|0|0");
    assert_eq!(solve(&board, n, INCLUDE), None);
    assert_eq!(Solver::new().min_moves(&board, 5), None);
}
