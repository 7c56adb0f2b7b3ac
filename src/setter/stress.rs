//! Stress testing: cases drawn one after another until a submission fails
//! one, then the failing case shrunk (fewer blocks, fewer colours, smaller n)
//! for as long as it still fails the same way, so a person can read it.
//!
//! The judging itself is passed in as a function; this module only decides
//! which cases to try.

use crate::puzzle::board::{Board, WIDTH};
use crate::puzzle::case::Case;
use crate::puzzle::rules::has_run;
use crate::setter::kinds::{Kind, Options, generate};
use crate::setter::random::Rng;
use crate::solver::Solver;

/// The kinds stress testing draws from, in turn.
const KINDS: [Kind; 8] = [
    Kind::Random,
    Kind::ExactlyN,
    Kind::FewerThanN,
    Kind::LeftMove,
    Kind::Cascade,
    Kind::Cross,
    Kind::DialectSensitive,
    Kind::BottomRow,
];

/// The `i`-th stress case for a seed: kinds in turn, sizes varied.
pub fn stress_case(seed: u64, i: u64, solver: &mut Solver) -> Option<Case> {
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
    let kind = KINDS[(i % KINDS.len() as u64) as usize];
    let options = Options {
        n: None,
        colours: rng.range(2, 5) as u8,
        density: rng.range(2, 5) as u8,
        waves: 2,
        robust: false,
    };
    generate(kind, &options, &mut rng, solver)
}

/// Smaller cases made from `case`, the boldest first: a colour removed, a
/// column emptied, n lowered, one block removed, two colours merged. Each is
/// a valid case (no run on the starting board).
pub fn shrink_candidates(case: &Case) -> Vec<Case> {
    let columns = case.board.columns();
    let mut out = Vec::new();
    let mut push = |cols: &[Vec<u8>], n: u8| {
        let kept = Board::from_columns(cols)
            .ok()
            .filter(|b| !has_run(b) && !b.is_empty() && (*b != case.board || n != case.n));
        if let Some(board) = kept {
            out.push(Case { n, board });
        }
    };
    let counts = case.board.colour_counts();
    let present: Vec<u8> = (1..counts.len() as u8)
        .filter(|&c| counts[c as usize] > 0)
        .collect();
    for &c in &present {
        let cols: Vec<Vec<u8>> = columns
            .iter()
            .map(|col| col.iter().copied().filter(|&b| b != c).collect())
            .collect();
        push(&cols, case.n);
    }
    for x in 0..WIDTH {
        let mut cols = columns.to_vec();
        cols[x].clear();
        push(&cols, case.n);
    }
    if case.n > 1 {
        push(&columns, case.n - 1);
    }
    for x in 0..WIDTH {
        for y in (0..columns[x].len()).rev() {
            let mut cols = columns.to_vec();
            cols[x].remove(y);
            push(&cols, case.n);
        }
    }
    for (i, &a) in present.iter().enumerate() {
        for &b in &present[..i] {
            let cols: Vec<Vec<u8>> = columns
                .iter()
                .map(|col| col.iter().map(|&v| if v == a { b } else { v }).collect())
                .collect();
            push(&cols, case.n);
        }
    }
    out
}

/// Shrinks `case` while `still_fails` says a candidate fails the same way;
/// returns the smallest found and how many candidates were tried.
pub fn shrink(case: Case, mut still_fails: impl FnMut(&Case) -> bool) -> (Case, usize) {
    let mut current = case;
    let mut tried = 0;
    'outer: loop {
        for candidate in shrink_candidates(&current) {
            tried += 1;
            if still_fails(&candidate) {
                current = candidate;
                continue 'outer;
            }
        }
        return (current, tried);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(n: u8, cols: [&[u8]; 5]) -> Case {
        Case {
            n,
            board: Board::from_columns(&cols).unwrap(),
        }
    }

    #[test]
    fn candidates_are_smaller_valid_cases() {
        let c = case(3, [&[1, 2], &[1, 3], &[2, 1], &[3, 3], &[2]]);
        let all = shrink_candidates(&c);
        assert!(!all.is_empty());
        for s in &all {
            assert!(!has_run(&s.board));
            assert!(
                s.board.block_count() < c.board.block_count()
                    || s.n < c.n
                    || s.board.colour_counts().iter().filter(|&&k| k > 0).count() < 3
            );
        }
        // The first candidates drop a whole colour.
        assert_eq!(all[0].board.colour_counts()[1], 0);
    }

    #[test]
    fn shrinking_finds_a_minimal_failure() {
        // "Fails" whenever colour 2 has at least three blocks: the smallest such
        // case is three 2s that do not form a run.
        let c = case(3, [&[1, 2], &[2, 1, 3], &[3, 1], &[2, 3], &[2, 2]]);
        let fails = |k: &Case| k.board.colour_counts()[2] >= 3;
        let (small, tried) = shrink(c, fails);
        assert!(tried > 0);
        assert_eq!(small.n, 1);
        assert_eq!(small.board.block_count(), 3, "{:?}", small.board);
        assert_eq!(small.board.colour_counts()[2], 3);
    }

    #[test]
    fn stress_cases_are_deterministic_and_varied() {
        let mut solver = Solver::new();
        let a: Vec<Option<Case>> = (0..8).map(|i| stress_case(3, i, &mut solver)).collect();
        let b: Vec<Option<Case>> = (0..8).map(|i| stress_case(3, i, &mut solver)).collect();
        assert_eq!(a, b);
        assert!(a.iter().flatten().count() >= 7);
    }
}
