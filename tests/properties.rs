//! Property tests of the rules and the solver, on arbitrary boards.

use mayan_judge::puzzle::board::{Board, HEIGHT, WIDTH};
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::puzzle::rules::{RawMove, apply, replay, resolve};
use mayan_judge::solver::Solver;
use proptest::prelude::*;

/// Arbitrary settled boards: random columns, then resolved like a start board.
fn boards(colours: u8) -> impl Strategy<Value = Board> {
    let column = prop::collection::vec(1..=colours, 0..=HEIGHT);
    prop::collection::vec(column, WIDTH).prop_map(|cols| {
        let mut board = Board::from_columns(&cols).expect("generated columns fit");
        resolve(&mut board);
        board
    })
}

fn dialects() -> impl Strategy<Value = Dialect> {
    prop::sample::select(Dialect::ALL.to_vec())
}

/// No empty cell below a block, checked cell by cell.
fn no_floating_block(board: &Board) -> bool {
    (0..WIDTH).all(|x| (0..HEIGHT - 1).all(|y| board.get(x, y) != 0 || board.get(x, y + 1) == 0))
}

/// No three equal colours in a line, checked cell by cell.
fn no_run_of_three(board: &Board) -> bool {
    let c = |x: usize, y: usize| board.get(x, y);
    let horizontal = (0..WIDTH - 2).any(|x| {
        (0..HEIGHT).any(|y| c(x, y) != 0 && c(x, y) == c(x + 1, y) && c(x, y) == c(x + 2, y))
    });
    let vertical = (0..WIDTH).any(|x| {
        (0..HEIGHT - 2).any(|y| c(x, y) != 0 && c(x, y) == c(x, y + 1) && c(x, y) == c(x, y + 2))
    });
    !horizontal && !vertical
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn a_legal_move_leaves_a_settled_board_without_runs(
        board in boards(5), x in -1i64..=5, y in -1i64..=7, g in prop::sample::select(vec![1i64, -1, 0, 2]),
    ) {
        let before = board.block_count();
        if let Ok(after) = apply(&board, RawMove { x, y, g }) {
            prop_assert!(no_floating_block(&after), "{after:?}");
            prop_assert!(no_run_of_three(&after), "{after:?}");
            let gone = before - after.block_count();
            prop_assert!(gone == 0 || gone >= 3, "{gone} blocks vanished");
        } else {
            let on_board = (0..5).contains(&x) && (0..7).contains(&y);
            let legal = on_board && board.get(x as usize, y as usize) != 0
                && (g == 1 || g == -1) && (0..5).contains(&(x + g));
            prop_assert!(!legal, "a legal move was refused");
        }
    }

    #[test]
    fn a_solution_replays_to_an_empty_board(board in boards(4), n in 1u8..=5, dialect in dialects()) {
        let mut solver = Solver::new();
        if let Some(moves) = solver.solve(&board, n, dialect) {
            let raw: Vec<RawMove> = moves.iter().map(|&m| RawMove::from(m)).collect();
            let r = replay(&board, &raw, NullSwaps::Include);
            prop_assert_eq!(r.illegal, None);
            prop_assert!(r.last_board(&board).is_empty());
            match dialect.steps {
                Steps::Exact => prop_assert_eq!(moves.len(), n as usize),
                Steps::AtMost => prop_assert!(moves.len() <= n as usize),
            }
            if dialect.null_swaps == NullSwaps::Exclude {
                let mut b = board;
                for m in &moves {
                    let (x, y) = (m.x as usize, m.y as usize);
                    prop_assert_ne!(b.get(x, y), b.get(m.target_x(), y), "null swap {}", m);
                    b = apply(&b, RawMove::from(*m)).unwrap();
                }
            }
        }
    }

    #[test]
    fn at_most_finds_a_solution_whenever_exact_does(board in boards(4), n in 1u8..=4) {
        let mut solver = Solver::new();
        for null_swaps in [NullSwaps::Include, NullSwaps::Exclude] {
            let exact = solver.solve(&board, n, Dialect::new(null_swaps, Steps::Exact));
            let at_most = solver.solve(&board, n, Dialect::new(null_swaps, Steps::AtMost));
            if exact.is_some() {
                prop_assert!(at_most.is_some());
                prop_assert!(at_most <= exact, "at-most answer is not the smaller");
            }
        }
    }
}
