//! Sound colour-based pruning for the search.
//!
//! Two facts bound how many moves a board still needs:
//! - Blocks only vanish three or more at a time, so a colour with one or two
//!   blocks left can never go: the board is lost ("dead" colours).
//! - A block that is never dragged (as the moved block or as the one it swaps
//!   with) stays in its column. So a colour can only vanish without being
//!   touched when some column holds three of its blocks or three adjacent
//!   columns each hold one. A colour with neither is "stuck": some move must
//!   touch it, and one move touches at most two colours. An untouched stuck
//!   colour stays stuck, whatever else happens.

use crate::board::{Board, WIDTH};

/// Colour sets, bit `c` for colour `c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ColourSets {
    /// Colours with one or two blocks.
    pub dead: u16,
    /// Colours that cannot vanish unless some move touches one of their blocks.
    pub stuck: u16,
}

pub(super) fn analyse(board: &Board) -> ColourSets {
    let (mut once, mut twice, mut thrice) = (0u16, 0u16, 0u16);
    let mut in_column = [0u16; WIDTH];
    let mut three_in_a_column = 0u16;
    for (x, &word) in board.words().iter().enumerate() {
        let (mut c1, mut c2) = (0u16, 0u16);
        let mut w = word;
        while w != 0 {
            let bit = 1u16 << (w & 0xF);
            three_in_a_column |= c2 & bit;
            c2 |= c1 & bit;
            c1 |= bit;
            thrice |= twice & bit;
            twice |= once & bit;
            once |= bit;
            w >>= 4;
        }
        in_column[x] = c1;
    }
    let p = in_column;
    let three_adjacent = (p[0] & p[1] & p[2]) | (p[1] & p[2] & p[3]) | (p[2] & p[3] & p[4]);
    ColourSets {
        dead: once & !thrice,
        stuck: once & thrice & !three_in_a_column & !three_adjacent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cols: [&[u8]; 5]) -> Board {
        Board::from_columns(&cols).unwrap()
    }

    #[test]
    fn one_or_two_blocks_of_a_colour_are_dead() {
        let sets = analyse(&board([&[1, 2], &[1, 3], &[3], &[3], &[]]));
        assert_eq!(sets.dead, (1 << 1) | (1 << 2));
    }

    #[test]
    fn three_apart_are_stuck_three_adjacent_are_not() {
        // Colour 1 in columns 0, 1 and 3, colour 2 in columns 2 and 4: neither
        // is ever in three adjacent columns.
        let sets = analyse(&board([&[1], &[1], &[2], &[1], &[2, 2]]));
        assert_eq!(sets.stuck, (1 << 1) | (1 << 2));
        // Colour 1 in columns 1, 2, 3 may meet without being moved; 2 may not.
        let sets = analyse(&board([&[2], &[1], &[1], &[1], &[2, 2]]));
        assert_eq!(sets.stuck, 1 << 2);
    }

    #[test]
    fn three_in_one_column_are_not_stuck() {
        let sets = analyse(&board([&[1, 2, 1, 2, 1], &[], &[2], &[], &[]]));
        assert_eq!(sets.stuck, 1 << 2);
        assert_eq!(sets.dead, 0);
    }
}
