//! How many more drags the stuck colours need: a sharper count than one move
//! per colour.
//!
//! A block changes column only when it is dragged (as the moved block or the
//! one it swaps with), by one column. A colour of 3, 4 or 5 blocks vanishes
//! all at once (see `colours`), in a line of 3, 4 or 5 or a cross of a row
//! and a column of three, so at that moment its blocks are spread over the
//! columns in one of a few ways: all in one column, one in each of 3, 4 or 5
//! adjacent columns, or (5 blocks) three adjacent columns holding 3, 1, 1 in
//! some order. The least number of one-column steps from the colour's spread
//! now to one of those (the earth mover's distance on a line) is therefore a
//! lower bound on the drags of its blocks still to come. One move drags at
//! most two blocks, of different colours, so `k` moves give at most `k` drags
//! to any one colour and `2k` in all. Any other stuck colour needs at least
//! one drag.

use crate::board::{Board, NIBBLE_LOW, WIDTH};

/// Drags still needed by the colours of `stuck` on `board`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Drags {
    /// Their sum.
    pub total: u8,
    /// The colours needing the most, and how many that is.
    pub most: u8,
    pub neediest: u16,
}

/// Index of a spread (blocks per column, each 0..=5) in [`NEEDED`].
const fn spread_index(spread: [u8; WIDTH]) -> usize {
    let mut index = 0;
    let mut x = WIDTH;
    while x > 0 {
        x -= 1;
        index = index * 6 + spread[x] as usize;
    }
    index
}

/// One-column steps between two spreads of as many blocks.
const fn distance(a: [u8; WIDTH], b: [u8; WIDTH]) -> u8 {
    let (mut steps, mut carried) = (0i32, 0i32);
    let mut x = 0;
    while x < WIDTH {
        carried += a[x] as i32 - b[x] as i32;
        steps += carried.abs();
        x += 1;
    }
    steps as u8
}

/// The least distance from `spread` (of `n` = 3, 4 or 5 blocks) to a spread
/// the colour can vanish in.
const fn least_distance(spread: [u8; WIDTH], n: u8) -> u8 {
    let mut best = u8::MAX;
    let mut x = 0;
    while x < WIDTH {
        // All in column x.
        let mut column = [0u8; WIDTH];
        column[x] = n;
        best = min(best, distance(spread, column));
        // One each in columns x..x+n.
        if x + n as usize <= WIDTH {
            let mut row = [0u8; WIDTH];
            let mut i = 0;
            while i < n as usize {
                row[x + i] = 1;
                i += 1;
            }
            best = min(best, distance(spread, row));
        }
        // Five as a cross: 1, 1, 1 in columns x..x+3, one of them holding 3.
        if n == 5 && x + 3 <= WIDTH {
            let mut tall = 0;
            while tall < 3 {
                let mut cross = [0u8; WIDTH];
                cross[x] = 1;
                cross[x + 1] = 1;
                cross[x + 2] = 1;
                cross[x + tall] = 3;
                best = min(best, distance(spread, cross));
                tall += 1;
            }
        }
        x += 1;
    }
    best
}

const fn min(a: u8, b: u8) -> u8 {
    if a < b { a } else { b }
}

/// For every spread of 3, 4 or 5 blocks, its least distance to a vanishing
/// spread; 1 for any other.
static NEEDED: [u8; 7776] = {
    let mut table = [1u8; 7776];
    let mut index = 0;
    while index < 7776 {
        let mut spread = [0u8; WIDTH];
        let (mut rest, mut n, mut x) = (index, 0u8, 0);
        while x < WIDTH {
            spread[x] = (rest % 6) as u8;
            n += spread[x];
            rest /= 6;
            x += 1;
        }
        if n >= 3 && n <= 5 {
            table[index] = least_distance(spread, n);
        }
        index += 1;
    }
    table
};

/// How many blocks of `colour` column `word` holds.
#[inline]
fn blocks_of(word: u32, colour: u32) -> u8 {
    let occupied = |w: u32| (w | (w >> 1) | (w >> 2) | (w >> 3)) & NIBBLE_LOW;
    let same = !occupied(word ^ colour.wrapping_mul(NIBBLE_LOW)) & occupied(word);
    // One bit per row at bits 4y: summed into the top nibble.
    (same.wrapping_mul(NIBBLE_LOW) >> 24) as u8 & 0xF
}

/// The drags the colours of `stuck` need on `board` (each stuck colour needs
/// at least one).
#[inline]
pub(super) fn drags_needed(board: &Board, stuck: u16) -> Drags {
    let words = board.words();
    let mut drags = Drags::default();
    let mut rest = stuck & !1;
    while rest != 0 {
        let colour = rest.trailing_zeros();
        rest &= rest - 1;
        let mut spread = [0u8; WIDTH];
        let mut n = 0;
        for x in 0..WIDTH {
            spread[x] = blocks_of(words[x], colour);
            n += spread[x];
        }
        let needed = if n <= 5 {
            NEEDED[spread_index(spread)]
        } else {
            1
        };
        drags.total += needed;
        if needed > drags.most {
            (drags.most, drags.neediest) = (needed, 0);
        }
        if needed == drags.most {
            drags.neediest |= 1 << colour;
        }
    }
    drags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needed(spread: [u8; WIDTH]) -> u8 {
        NEEDED[spread_index(spread)]
    }

    #[test]
    fn vanishing_spreads_need_nothing() {
        for spread in [
            [3, 0, 0, 0, 0],
            [0, 1, 1, 1, 0],
            [0, 0, 0, 4, 0],
            [1, 1, 1, 1, 0],
            [1, 1, 1, 1, 1],
            [0, 0, 5, 0, 0],
            [1, 3, 1, 0, 0],
            [0, 0, 1, 1, 3],
        ] {
            assert_eq!(needed(spread), 0, "{spread:?}");
        }
    }

    #[test]
    fn spread_out_colours_need_several_drags() {
        // Three in columns 0, 2, 4: two steps to 1, 1, 1 in columns 1..=3.
        assert_eq!(needed([1, 0, 1, 0, 1]), 2);
        assert_eq!(needed([2, 1, 0, 0, 0]), 1);
        // Four as 2 + 2 in columns 0 and 4: 8 steps to gather in one column,
        // 4 to 1, 1, 1, 1 in columns 0..=3 (three blocks travel 1, 1 and 2).
        assert_eq!(needed([2, 0, 0, 0, 2]), 4);
        // Five as 2, 0, 3: one step to 1, 1, 3.
        assert_eq!(needed([2, 0, 3, 0, 0]), 1);
    }

    /// Every position on every clearing sequence of small random boards
    /// (found by plain enumeration) is within the bound: the drags its
    /// stuck colours need fit in the moves left.
    #[test]
    fn no_clearing_sequence_breaks_the_bound() {
        use crate::generate::Rng;
        use crate::rules::{RawMove, apply};
        use crate::solver::colours::Colours;

        fn clears(board: &Board, left: u8, path: &mut Vec<Board>, found: &mut usize) {
            if board.is_empty() {
                for (i, b) in path.iter().enumerate() {
                    let moves_left = (path.len() - i) as u8;
                    let drags = drags_needed(b, Colours::of(b).sets().stuck);
                    assert!(
                        drags.total <= 2 * moves_left && drags.most <= moves_left,
                        "{b:?}"
                    );
                }
                *found += 1;
                return;
            }
            if left == 0 {
                return;
            }
            path.push(*board);
            for x in 0..5 {
                for y in 0..7 {
                    for g in [1, -1] {
                        if let Ok(next) = apply(board, RawMove { x, y, g }) {
                            clears(&next, left - 1, path, found);
                        }
                    }
                }
            }
            path.pop();
        }

        let mut rng = Rng::new(2011);
        let mut found = 0;
        for _ in 0..3000 {
            let mut columns: Vec<Vec<u8>> = vec![Vec::new(); WIDTH];
            for colour in 1..=rng.range(2, 3) as u8 {
                let centre = rng.range(1, 3);
                for _ in 0..rng.range(3, 5) {
                    columns[rng.range(centre - 1, centre + 1) as usize].push(colour);
                }
            }
            let Ok(board) = Board::from_columns(&columns) else {
                continue;
            };
            if !crate::rules::has_run(&board) {
                clears(&board, 3, &mut Vec::new(), &mut found);
            }
        }
        assert!(found >= 3000, "only {found} clearing sequences");
    }

    #[test]
    fn counts_blocks_per_column() {
        let board =
            Board::from_columns(&[vec![1u8, 2, 1, 1], vec![2], vec![1], vec![], vec![3, 1, 2]])
                .unwrap();
        let words = board.words();
        assert_eq!(blocks_of(words[0], 1), 3);
        assert_eq!(blocks_of(words[0], 2), 1);
        assert_eq!(blocks_of(words[3], 1), 0);
        // Colour 1: spread 3, 0, 1, 0, 1 of five: to 3, 1, 1 in 0..=2 is 1 + 2.
        let drags = drags_needed(&board, 1 << 1);
        assert_eq!(drags.total, 3);
        assert_eq!((drags.most, drags.neediest), (3, 1 << 1));
    }
}
