//! Deterministic random boards: the same seed gives the same boards on every
//! machine and every version (a fixed SplitMix64 generator, no platform RNG).
//!
//! Used by `mayan gen` and `mayan stress` (through `kinds`), the benchmarks
//! and the tests.

use crate::puzzle::board::{Board, HEIGHT, MAX_COLOUR, WIDTH};
use crate::puzzle::rules::has_run;

/// SplitMix64: tiny, fast, and fixed forever, so generated cases never change.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }
}

/// What random boards look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Colours `1..=colours` are used.
    pub colours: u8,
    /// Column heights are drawn from this range (clamped to 0..=7).
    pub min_height: u8,
    pub max_height: u8,
    /// Every colour present has at least 3 blocks (else the board is hopeless).
    pub at_least_three: bool,
}

/// A random board with no run of three, or `None` after many failed tries
/// (a shape too crowded for its colours).
pub fn random_board(rng: &mut Rng, shape: Shape) -> Option<Board> {
    let colours = shape.colours.clamp(1, MAX_COLOUR);
    let lo = u64::from(shape.min_height.min(HEIGHT as u8));
    let hi = u64::from(shape.max_height.min(HEIGHT as u8)).max(lo);
    for _ in 0..10_000 {
        let columns: Vec<Vec<u8>> = (0..WIDTH)
            .map(|_| {
                let h = rng.range(lo, hi);
                (0..h)
                    .map(|_| rng.range(1, u64::from(colours)) as u8)
                    .collect()
            })
            .collect();
        let board = Board::from_columns(&columns).ok()?;
        if has_run(&board) {
            continue;
        }
        let counts = board.colour_counts();
        if shape.at_least_three && counts.iter().any(|&c| c == 1 || c == 2) {
            continue;
        }
        return Some(board);
    }
    None
}

/// The boards the benchmark calls hard: dense, every colour at least three
/// times, for `n = 5` (nearly always without a solution, so the whole tree is
/// searched).
pub fn hard_boards(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let mut boards = Vec::with_capacity(count);
    while boards.len() < count {
        let shape = Shape {
            colours: rng.range(5, 8) as u8,
            min_height: 4,
            max_height: 7,
            at_least_three: true,
        };
        if let Some(board) = random_board(&mut rng, shape) {
            boards.push(board);
        }
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_boards() {
        assert_eq!(hard_boards(7, 5), hard_boards(7, 5));
        assert_ne!(hard_boards(7, 5), hard_boards(8, 5));
    }

    #[test]
    fn random_boards_keep_the_guarantees() {
        let mut rng = Rng::new(1);
        let shape = Shape {
            colours: 4,
            min_height: 0,
            max_height: 7,
            at_least_three: true,
        };
        for _ in 0..200 {
            let board = random_board(&mut rng, shape).unwrap();
            assert!(!has_run(&board));
            let counts = board.colour_counts();
            assert!(counts[1..].iter().all(|&c| c == 0 || c >= 3));
            assert!(counts[5..].iter().all(|&c| c == 0));
        }
    }
}
