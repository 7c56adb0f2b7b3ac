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

/// The first move, in solution order, after which `board` is empty: every
/// move tried and played out, nothing pruned.
fn first_clearing_move(board: &Board) -> Option<Move> {
    use crate::puzzle::rules::{RawMove, apply};
    let moves = (0..WIDTH as i64)
        .flat_map(|x| (0..HEIGHT as i64).flat_map(move |y| [1, -1].map(|g| RawMove { x, y, g })));
    moves
        .filter(|&raw| apply(board, raw).is_ok_and(|after| after.is_empty()))
        .find_map(|raw| crate::puzzle::rules::check_move(board, raw).ok())
}

#[test]
fn one_move_answers_are_the_first_clearing_move() {
    // Small boards of two to four colours, of which one move clears about
    // one in a hundred: the last move's masks (drag candidates, stuck
    // colours) must keep every move that does.
    use crate::setter::random::{Rng, Shape, random_board};
    let mut rng = Rng::new(14);
    let mut solver = Solver::new();
    let mut cleared = 0;
    for i in 0..40_000 {
        let shape = Shape {
            colours: 2 + (i % 3) as u8,
            min_height: 0,
            max_height: 3 + (i % 4) as u8,
            at_least_three: true,
        };
        let Some(board) = random_board(&mut rng, shape) else {
            continue;
        };
        let expected = first_clearing_move(&board);
        let found = solver.solve(&board, 1, EXCLUDE);
        assert_eq!(found, expected.map(|mv| vec![mv]), "{board:?}");
        cleared += usize::from(expected.is_some());
    }
    assert!(cleared > 300, "only {cleared} boards cleared in one move");
}

#[test]
fn a_last_swap_may_move_stuck_colours_from_either_side() {
    // The last move's stuck-colour masks, case by case: the only stuck
    // colour is the block a right move swaps leftwards (rare in random
    // boards, about one in 100,000), or two colours are stuck and the swap
    // moves each, with either on the left.
    // Columns, the one move that clears them, the stuck colours.
    type Case = (&'static [&'static [u8]], &'static str, &'static [u8]);
    let boards: [Case; 5] = [
        (&[&[2, 2, 1, 1, 2, 2], &[2, 1, 2, 2]], "0 1 1", &[1]),
        (
            &[&[1, 1], &[2, 2, 1, 1], &[1, 2, 1, 1], &[1, 1]],
            "0 0 1",
            &[2],
        ),
        (
            &[&[], &[1], &[1, 1], &[2, 1, 2, 1, 1], &[1, 2]],
            "3 1 1",
            &[2],
        ),
        (&[&[1, 2, 1], &[2, 1, 2]], "0 1 1", &[1, 2]),
        (&[&[2, 1, 2], &[1, 2, 1]], "0 1 1", &[1, 2]),
    ];
    for (columns, answer, stuck) in boards {
        let mut columns = columns.to_vec();
        columns.resize(WIDTH, &[]);
        let board = Board::from_columns(&columns).unwrap();
        let mv = first_clearing_move(&board).unwrap();
        assert_eq!(mv.to_string(), answer);
        let stuck = stuck.iter().fold(0u16, |set, &c| set | 1 << c);
        assert_eq!(Spreads::of(&board).drags().stuck, stuck, "{board:?}");
        assert_eq!(solve(&board, 1, EXCLUDE), Some(vec![mv]), "{board:?}");
        assert_eq!(solve(&board, 1, INCLUDE), Some(vec![mv]), "{board:?}");
    }
}

// `solve --min-moves --bound 15` ran past 30 s with memory growing: a
// search with a budget gives up, and forgets what it remembered meanwhile.
#[test]
fn a_budgeted_search_gives_up_and_leaves_the_solver_as_good_as_new() {
    let sample = "3|1 0|2 1 0|2 3 4 0|3 1 0|2 4 3 4 0";
    let (board, _) = case(sample);
    let mut solver = Solver::new();
    assert_eq!(solver.min_moves_within(&board, 5, u64::MAX), Ok(Some(3)));
    assert_eq!(solver.min_moves(&board, 5), Some(3));
    let gave_up = solver.min_moves_within(&board, 5, 10).unwrap_err();
    assert!(gave_up.positions > 10 && gave_up.moves <= 3, "{gave_up:?}");
    // The same solver answers right after giving up.
    assert_eq!(solver.min_moves(&board, 5), Some(3));
    assert_eq!(answer(sample, INCLUDE), "2 1 1 / 3 1 1 / 3 0 1");
    let hopeless = "2|1 2 0|2 1 0|0|0|0";
    let (board, _) = case(hopeless);
    assert_eq!(solver.min_moves_within(&board, 4, 1_000_000), Ok(None));
}
