//! The fast solver against the plain exhaustive one in `support/naive.rs`, in
//! all four dialects, on 2000 random boards of varied density and colour count;
//! and the rules engine against the plain rules on random moves.

use crate::support::naive;
use mayan_judge::puzzle::board::Board;
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::puzzle::rules::{RawMove, apply};
use mayan_judge::setter::random::Rng;
use mayan_judge::solver::Solver;

fn naive_rules(d: Dialect) -> naive::Rules {
    naive::Rules {
        null_swaps: d.null_swaps == NullSwaps::Include,
        at_most: d.steps == Steps::AtMost,
    }
}

fn fast(solver: &mut Solver, board: &Board, n: u8, d: Dialect) -> Option<Vec<(i64, i64, i64)>> {
    solver.solve(board, n, d).map(|moves| {
        moves
            .iter()
            .map(|m| {
                let r = RawMove::from(*m);
                (r.x, r.y, r.g)
            })
            .collect()
    })
}

#[test]
fn fast_solver_agrees_with_the_exhaustive_one_in_every_dialect() {
    let mut rng = Rng::new(0x5EED_2011);
    let mut solver = Solver::new();
    let (mut solved, mut null_swap_sensitive, mut steps_sensitive) = (0, 0, 0);
    const BOARDS: usize = 2000;
    for i in 0..BOARDS {
        let (board, n) = crate::support::varied_case(&mut rng);
        let grid = naive::grid_from_columns(&board.columns());
        let mut answers = Vec::new();
        for d in Dialect::ALL {
            let want = naive::solve(&grid, n as usize, naive_rules(d));
            let got = fast(&mut solver, &board, n, d);
            assert_eq!(got, want, "board {i} {board:?}, n = {n}, {d}");
            answers.push(want);
        }
        // Dialect::ALL: include/exact, exclude/exact, include/at-most, exclude/at-most.
        solved += usize::from(answers.iter().any(Option::is_some));
        null_swap_sensitive += usize::from(answers[0] != answers[1] || answers[2] != answers[3]);
        steps_sensitive += usize::from(answers[0] != answers[2] || answers[1] != answers[3]);
    }
    eprintln!(
        "{BOARDS} boards: {solved} solvable in some dialect, {null_swap_sensitive} change with \
         null-swaps, {steps_sensitive} with steps"
    );
    // The comparison means something only if solutions and disagreements occur.
    assert!(solved >= BOARDS / 6, "only {solved} boards had a solution");
    assert!(
        null_swap_sensitive >= 20,
        "only {null_swap_sensitive} null-swap-sensitive boards"
    );
    assert!(
        steps_sensitive >= 20,
        "only {steps_sensitive} steps-sensitive boards"
    );
}

/// Few colours: where the drags bound, the stuck colours and the moves they
/// force cut most, so where an unsound cut would show first.
#[test]
fn fast_solver_agrees_with_the_exhaustive_one_on_few_colour_boards() {
    let mut rng = Rng::new(0x3C0_1005);
    let mut solver = Solver::new();
    let (mut solved, mut dense) = (0, 0);
    const BOARDS: usize = 3000;
    for i in 0..BOARDS {
        let (board, n, solvable) = crate::support::few_colour_case(&mut rng);
        let grid = naive::grid_from_columns(&board.columns());
        for d in Dialect::ALL {
            let want = naive::solve(&grid, n as usize, naive_rules(d));
            let got = fast(&mut solver, &board, n, d);
            assert_eq!(got, want, "board {i} {board:?}, n = {n}, {d}");
            // The case was made by taking n real moves back.
            assert!(
                want.is_some() || !solvable,
                "board {i} {board:?} n = {n}, {d}"
            );
        }
        solved += usize::from(solvable);
        dense += usize::from(!solvable && board.block_count() >= 20);
    }
    eprintln!("{BOARDS} few-colour boards: {solved} made solvable, {dense} dense");
    assert!(solved >= BOARDS / 2 && dense >= BOARDS / 10);
}

#[test]
fn min_moves_is_the_shortest_exhaustive_solution() {
    let mut rng = Rng::new(77);
    let mut solver = Solver::new();
    for _ in 0..300 {
        let (board, n) = crate::support::varied_case(&mut rng);
        let grid = naive::grid_from_columns(&board.columns());
        let at_most = naive::Rules {
            null_swaps: false,
            at_most: true,
        };
        let want = naive::solve(&grid, n as usize, at_most).map(|s| s.len() as u8);
        // The shortest clearing list has no null swap and is found by at-most
        // search only if it is also the smallest; compare lengths instead.
        let least = solver.min_moves(&board, n);
        match (least, want) {
            (None, None) => {}
            (Some(k), Some(_)) => {
                assert!(k <= n);
                let exact = naive::Rules {
                    null_swaps: false,
                    at_most: false,
                };
                assert!(naive::solve(&grid, k as usize, exact).is_some());
                if k > 1 {
                    assert!(naive::solve(&grid, k as usize - 1, at_most).is_none());
                }
            }
            other => panic!("{board:?} n = {n}: min_moves and naive disagree: {other:?}"),
        }
    }
}

#[test]
fn rules_engine_agrees_with_the_plain_rules_on_random_moves() {
    let mut rng = Rng::new(4242);
    let mut checked = 0;
    while checked < 20_000 {
        let (board, _) = crate::support::varied_case(&mut rng);
        let grid = naive::grid_from_columns(&board.columns());
        let raw = RawMove {
            x: rng.range(0, 6) as i64 - 1,
            y: rng.range(0, 8) as i64 - 1,
            g: [1, -1, 1, -1, 0, 2][rng.range(0, 5) as usize],
        };
        let got = apply(&board, raw).ok().map(|b| b.columns().to_vec());
        let want = naive::apply(&grid, raw.x, raw.y, raw.g).map(|g| naive::columns_of(&g));
        assert_eq!(got, want, "{board:?} move {raw}");
        checked += 1;
    }
}
