//! The 5x7 board: which colour stands in which cell, packed for speed.
//!
//! Responsible for the board's representation and its invariants (no floating
//! block, colours `1..=10`), cell access and the primitive column edits the rules
//! are built from. Not responsible for the rules themselves (see `rules`) or for
//! reading case files (see `case`).

use std::fmt;

/// Number of columns, `x = 0..WIDTH`.
pub const WIDTH: usize = 5;
/// Number of rows, `y = 0..HEIGHT`.
pub const HEIGHT: usize = 7;
/// Largest colour number a case may use.
pub const MAX_COLOUR: u8 = 10;

/// Bit 0 of every nibble of a column word (one per row).
pub(crate) const NIBBLE_LOW: u32 = 0x0111_1111;

/// A board position. Column `x` is one `u32` holding row `y` in bits `4y..4y+4`;
/// `0` is an empty cell. Every column is "settled": its blocks fill rows
/// `0..height`, so the word has no zero nibble below a non-zero one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Board {
    cols: [u32; WIDTH],
}

/// Why a list of columns is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("expected {WIDTH} columns, got {0}")]
    ColumnCount(usize),
    #[error("column {x} holds {len} blocks; at most {HEIGHT} fit")]
    ColumnTooTall { x: usize, len: usize },
    #[error("column {x}, row {y}: colour {colour} is outside 1..={MAX_COLOUR}")]
    BadColour { x: usize, y: usize, colour: u8 },
}

/// Bit `4y` set for each row `y` whose nibble in `word` is non-zero. (A
/// board's words hold seven rows; an eighth nibble, which no board has,
/// would be read like the others.)
#[inline]
pub(crate) fn occupied_bits(word: u32) -> u32 {
    nonzero_nibbles(word) >> 3
}

/// Bit `4y + 3` set for each row `y` whose nibble in `word` is non-zero: a
/// nibble's low three bits plus 7 carry into its top bit (never beyond it)
/// when any is set. Four operations, where a shift per bit and the ORs of
/// them take seven.
#[inline]
fn nonzero_nibbles(word: u32) -> u32 {
    const LOW3: u32 = 0x7777_7777;
    (((word & LOW3) + LOW3) | word) & !LOW3
}

/// Bit `4y` set for each row `y` where `word` holds a block and `other` the
/// same nibble: rows where two columns agree.
#[inline]
pub(crate) fn same_cells(word: u32, other: u32) -> u32 {
    (!nonzero_nibbles(word ^ other) & nonzero_nibbles(word)) >> 3
}

/// Bit `4y` set for each row `y` of `word` holding a block of `colour`
/// (`1..=MAX_COLOUR`, so a matching nibble is a block: no test for one).
#[inline]
pub(crate) fn colour_cells(word: u32, colour: u32) -> u32 {
    debug_assert!(colour != 0 && colour <= u32::from(MAX_COLOUR));
    (!nonzero_nibbles(word ^ colour.wrapping_mul(NIBBLE_LOW)) >> 3) & NIBBLE_LOW
}

/// Number of blocks in a settled column word: the top block's row plus one.
/// (No popcount: the portable x86-64 baseline has none.)
#[inline]
pub(crate) fn column_height(word: u32) -> usize {
    (32 - word.leading_zeros() as usize).div_ceil(4)
}

/// The settled column word with row `y` taken out and the rows above dropped by one.
#[inline]
pub(crate) fn remove_row(word: u32, y: usize) -> u32 {
    let shift = 4 * y as u32;
    let below = word & ((1u32 << shift) - 1);
    let above = (word >> shift) >> 4;
    below | (above << shift)
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board { cols: [0; WIDTH] };

    /// Builds a board from its columns, each listed bottom to top.
    pub fn from_columns<C: AsRef<[u8]>>(columns: &[C]) -> Result<Board, BoardError> {
        if columns.len() != WIDTH {
            return Err(BoardError::ColumnCount(columns.len()));
        }
        let mut board = Board::EMPTY;
        for (x, column) in columns.iter().enumerate() {
            let column = column.as_ref();
            if column.len() > HEIGHT {
                return Err(BoardError::ColumnTooTall {
                    x,
                    len: column.len(),
                });
            }
            for (y, &colour) in column.iter().enumerate() {
                if colour == 0 || colour > MAX_COLOUR {
                    return Err(BoardError::BadColour { x, y, colour });
                }
                board.cols[x] |= u32::from(colour) << (4 * y);
            }
        }
        Ok(board)
    }

    /// The columns, each bottom to top.
    pub fn columns(&self) -> [Vec<u8>; WIDTH] {
        std::array::from_fn(|x| (0..self.height(x)).map(|y| self.get(x, y)).collect())
    }

    /// Colour at `(x, y)`, `0` when the cell is empty. `x < WIDTH`, `y < HEIGHT`.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u8 {
        ((self.cols[x] >> (4 * y)) & 0xF) as u8
    }

    /// Number of blocks in column `x`.
    #[inline]
    pub fn height(&self, x: usize) -> usize {
        column_height(self.cols[x])
    }

    /// True when no block is left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cols.iter().all(|&c| c == 0)
    }

    /// Number of blocks on the board.
    pub fn block_count(&self) -> usize {
        self.cols.iter().map(|&c| column_height(c)).sum()
    }

    /// How many blocks of each colour there are; index 0 is unused.
    pub fn colour_counts(&self) -> [u8; MAX_COLOUR as usize + 1] {
        let mut counts = [0u8; MAX_COLOUR as usize + 1];
        for &word in &self.cols {
            let mut w = word;
            while w != 0 {
                counts[(w & 0xF) as usize] += 1;
                w >>= 4;
            }
        }
        counts
    }

    /// How many different colours the board holds.
    pub fn colours_used(&self) -> usize {
        self.colour_counts()[1..].iter().filter(|&&c| c > 0).count()
    }

    /// A board from packed column words, which must be settled columns of
    /// colours `1..=10` (see the type's doc).
    #[inline]
    pub(crate) fn from_words(cols: [u32; WIDTH]) -> Board {
        Board { cols }
    }

    /// The packed column words (see the type's doc).
    #[inline]
    pub(crate) fn words(&self) -> &[u32; WIDTH] {
        &self.cols
    }

    #[inline]
    pub(crate) fn words_mut(&mut self) -> &mut [u32; WIDTH] {
        &mut self.cols
    }
}

/// A plain text grid, top row first, `.` for an empty cell, colours as numbers.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..HEIGHT).rev() {
            write!(f, "{y} |")?;
            for x in 0..WIDTH {
                match self.get(x, y) {
                    0 => write!(f, "  .")?,
                    c => write!(f, "{c:>3}")?,
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "  +{}", "---".repeat(WIDTH))?;
        write!(f, "   ")?;
        for x in 0..WIDTH {
            write!(f, "{x:>3}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board{:?}", self.columns())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_round_trip() {
        let cols = [vec![1, 2, 3], vec![], vec![10; 7], vec![4], vec![5, 6]];
        let board = Board::from_columns(&cols).unwrap();
        assert_eq!(board.columns().to_vec(), cols.to_vec());
        assert_eq!(board.height(2), 7);
        assert_eq!(board.height(1), 0);
        assert_eq!(board.get(0, 2), 3);
        assert_eq!(board.get(0, 3), 0);
        assert_eq!(board.block_count(), 13);
        assert_eq!(board.colour_counts()[10], 7);
    }

    #[test]
    fn rejects_bad_columns() {
        let tall = [vec![1u8; 8], vec![], vec![], vec![], vec![]];
        assert_eq!(
            Board::from_columns(&tall),
            Err(BoardError::ColumnTooTall { x: 0, len: 8 })
        );
        let colour = [vec![], vec![1, 11], vec![], vec![], vec![]];
        assert_eq!(
            Board::from_columns(&colour),
            Err(BoardError::BadColour {
                x: 1,
                y: 1,
                colour: 11
            })
        );
        let zero = [vec![], vec![], vec![0u8], vec![], vec![]];
        assert!(Board::from_columns(&zero).is_err());
        assert_eq!(
            Board::from_columns(&[vec![1u8]]),
            Err(BoardError::ColumnCount(1))
        );
    }

    #[test]
    fn remove_row_drops_the_rows_above() {
        let word = 0x0765_4321;
        assert_eq!(remove_row(word, 0), 0x0076_5432);
        assert_eq!(remove_row(word, 3), 0x0076_5321);
        assert_eq!(remove_row(word, 6), 0x0065_4321);
    }

    /// Bit `4y` set where `keep(nibble of a, nibble of b)` holds, row by row.
    fn by_rows(a: u32, b: u32, keep: impl Fn(u32, u32) -> bool) -> u32 {
        (0..8)
            .filter(|&y| keep((a >> (4 * y)) & 0xF, (b >> (4 * y)) & 0xF))
            .fold(0, |bits, y| bits | 1 << (4 * y))
    }

    #[test]
    fn nibble_masks_match_a_row_by_row_reading() {
        // Every nibble value repeated in every row, and random words, all
        // 8 rows (the 28-bit words and beyond).
        let mut words: Vec<u32> = (0..16u32).map(|v| v.wrapping_mul(0x1111_1111)).collect();
        let mut seed = 0x2545_F491u32;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            words.push(seed);
        }
        for &a in &words {
            assert_eq!(occupied_bits(a), by_rows(a, 0, |n, _| n != 0), "{a:#x}");
            for colour in 1..=u32::from(MAX_COLOUR) {
                // Only the board's seven rows.
                let cells = by_rows(a & 0x0FFF_FFFF, 0, |n, _| n == colour);
                assert_eq!(colour_cells(a, colour), cells, "{a:#x} {colour}");
            }
            for &b in words.iter().take(40) {
                let same = by_rows(a, b, |n, m| n != 0 && n == m);
                assert_eq!(same_cells(a, b), same, "{a:#x} {b:#x}");
            }
        }
    }

    #[test]
    fn display_draws_top_row_first() {
        let board = Board::from_columns(&[vec![1u8], vec![], vec![2, 3], vec![], vec![]]).unwrap();
        let text = board.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[5], "1 |  .  .  3  .  .");
        assert_eq!(lines[6], "0 |  1  .  2  .  .");
    }
}
