//! Which cases a stress run tries: the `i`-th case of a seeded draw
//! ([`stress_case`]), and the smaller cases made from a failing one
//! ([`shrink_candidates`]), tried the boldest first for as long as they
//! fail ([`shrink`]). Pure: whether a case fails is the caller's question
//! (`judging`), asked through a closure.

use crate::puzzle::board::{Board, WIDTH};
use crate::puzzle::case::{Case, MAX_N};
use crate::puzzle::rules::has_run;
use crate::setter::kinds::generate;
use crate::setter::random::Rng;
use crate::setter::spec::{Kind, Options, Size};
use crate::solver::Solver;

/// The kinds stress testing draws from, in turn, unless told which.
pub const KINDS: [Kind; 10] = [
    Kind::Random,
    Kind::ExactlyN,
    Kind::FewerThanN,
    Kind::LeftMove,
    Kind::Cascade,
    Kind::Cross,
    Kind::DialectSensitive,
    Kind::BottomRow,
    Kind::Tower,
    Kind::Hard,
];

/// Which cases a stress run draws.
#[derive(Debug, Clone)]
pub struct Draw {
    pub seed: u64,
    /// The kinds, in turn.
    pub kinds: Vec<Kind>,
    /// Every case asks for this many moves; else n is drawn over 1..=5 for
    /// `random`, 2..=5 for `tower`, is 5 for `hard`, and is the kind's own
    /// (1 to 3) for the kinds that need a solution.
    pub n: Option<u8>,
}

/// The `i`-th stress case of a draw (`None` when its kind found none), and
/// its kind.
pub fn stress_case(draw: &Draw, i: u64, solver: &mut Solver) -> (Kind, Option<Case>) {
    let mut rng = Rng::new(draw.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
    let kind = draw.kinds[(i % draw.kinds.len() as u64) as usize];
    // Kinds that need a solution keep their own n (1 to 3): few random
    // boards are solvable in 4 or 5 moves.
    let n = draw.n.or(match kind {
        Kind::Random => Some(rng.range(1, u64::from(MAX_N)) as u8),
        Kind::Hard => Some(MAX_N),
        Kind::Tower => Some(rng.range(2, u64::from(MAX_N)) as u8),
        _ => None,
    });
    let colours = rng.range(2, 5) as u8;
    // Small boards: a failing case shrinks fast. Hard boards of fewer than 5
    // colours are slow to find with no run by drawing whole boards.
    let options = Options {
        n,
        colours: if kind == Kind::Hard {
            colours.max(5)
        } else {
            colours
        },
        density: rng.range(2, 5) as u8,
        waves: 2,
        robust: false,
        size: Size::Planted,
    };
    (kind, generate(kind, &options, &mut rng, solver))
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
    fn stress_cases_are_deterministic_and_cover_every_kind_and_n() {
        let mut solver = Solver::new();
        let draw = Draw {
            seed: 3,
            kinds: KINDS.to_vec(),
            n: None,
        };
        let a: Vec<_> = (0..60)
            .map(|i| stress_case(&draw, i, &mut solver))
            .collect();
        let b: Vec<_> = (0..60)
            .map(|i| stress_case(&draw, i, &mut solver))
            .collect();
        assert_eq!(a, b);
        let missing: Vec<Kind> = (a.iter().filter(|(_, c)| c.is_none()))
            .map(|(k, _)| *k)
            .collect();
        assert!(missing.len() <= 5, "{missing:?}");
        for kind in KINDS {
            assert!(a.iter().any(|(k, c)| *k == kind && c.is_some()), "{kind:?}");
        }
        for n in 1..=MAX_N {
            assert!(
                a.iter().any(|(_, c)| c.is_some_and(|c| c.n == n)),
                "n = {n}"
            );
        }
        let tall = (a.iter().filter_map(|(_, c)| c.as_ref()))
            .any(|c| (0..WIDTH).any(|x| c.board.height(x) == 7));
        assert!(tall, "a full column");
    }
}
