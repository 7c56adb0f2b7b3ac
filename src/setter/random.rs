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

/// Column heights holding `blocks` blocks in all, none above `tallest`,
/// each block dropped into a column with room at random; `None` when they do
/// not fit.
pub fn heights_for(rng: &mut Rng, blocks: usize, tallest: usize) -> Option<[usize; WIDTH]> {
    let tallest = tallest.min(HEIGHT);
    if blocks > WIDTH * tallest {
        return None;
    }
    let mut heights = [0; WIDTH];
    for _ in 0..blocks {
        let room: Vec<usize> = (0..WIDTH).filter(|&x| heights[x] < tallest).collect();
        heights[room[rng.range(0, room.len() as u64 - 1) as usize]] += 1;
    }
    Some(heights)
}

/// A board of the given column heights with no run of three, its colours
/// drawn from `1..=colours` cell by cell (left to right, bottom to top)
/// among those that do not finish a run with the two cells below or the two
/// to the left; so few colours still give a dense board at once, where
/// drawing whole boards until one has no run would take very long. `None`
/// after many dead ends (a cell where every colour finishes a run).
pub fn run_free_board(rng: &mut Rng, heights: [usize; WIDTH], colours: u8) -> Option<Board> {
    let colours = colours.clamp(1, MAX_COLOUR);
    'draw: for _ in 0..1000 {
        let mut columns: Vec<Vec<u8>> = vec![Vec::new(); WIDTH];
        for x in 0..WIDTH {
            for y in 0..heights[x].min(HEIGHT) {
                let finishes = |c: u8| {
                    let at = |x: usize, y: usize| columns[x].get(y).copied();
                    (y >= 2 && at(x, y - 1) == Some(c) && at(x, y - 2) == Some(c))
                        || (x >= 2 && at(x - 1, y) == Some(c) && at(x - 2, y) == Some(c))
                };
                let fine: Vec<u8> = (1..=colours).filter(|&c| !finishes(c)).collect();
                if fine.is_empty() {
                    continue 'draw;
                }
                let c = fine[rng.range(0, fine.len() as u64 - 1) as usize];
                columns[x].push(c);
            }
        }
        return Board::from_columns(&columns).ok();
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
    fn run_free_boards_have_their_heights_and_no_run_even_with_two_colours() {
        let mut rng = Rng::new(3);
        for blocks in [0, 1, 12, 25, 35] {
            let heights = heights_for(&mut rng, blocks, 7).unwrap();
            assert_eq!(heights.iter().sum::<usize>(), blocks);
            let board = run_free_board(&mut rng, heights, 2).unwrap();
            assert_eq!(board.block_count(), blocks);
            assert!((0..WIDTH).all(|x| board.height(x) == heights[x]));
            assert!(!has_run(&board), "{board:?}");
            assert!(board.colour_counts()[3..].iter().all(|&c| c == 0));
        }
        assert_eq!(heights_for(&mut rng, 21, 4), None);
        assert!(
            heights_for(&mut rng, 20, 4)
                .unwrap()
                .iter()
                .all(|&h| h == 4)
        );
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
