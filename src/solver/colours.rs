//! Sound colour-based pruning for the search.
//!
//! Two facts bound how many moves a board still needs:
//! - Blocks only vanish three or more at a time, so a colour with one or two
//!   blocks left can never go: the board is lost ("dead" colours).
//! - A colour's blocks vanish three or more at a time and never leave one or
//!   two behind, so a colour with 3, 4 or 5 blocks vanishes all at once, in one
//!   wave: in a line of 3, 4 or 5, or (5 only) a cross of a row of three and a
//!   column of three sharing a block.
//! - A block that is never dragged (as the moved block or as the one it swaps
//!   with) stays in its column. So while no block of its colour is dragged, a
//!   block can only vanish in a vertical run (its column holds three of its
//!   colour) or a horizontal one (each column of a window of three around it
//!   holds its colour). A colour with a block that has neither is "stuck": some
//!   move must touch that colour, and one move touches at most two colours. An
//!   untouched stuck colour stays stuck, whatever else happens: its blocks keep
//!   their columns, and the stranded block cannot vanish. Likewise a colour of
//!   4 or 5 blocks is stuck when its columns cannot hold any of the shapes it
//!   must vanish in (4 blocks: one column, or four adjacent columns one each;
//!   5: one column, all five columns, or three adjacent columns only, one of
//!   them holding three).
//!
//! The analysis runs at every node, so it is cheap: a byte of a column word
//! (two cells) indexes a table of the colours it holds, per-column tallies are
//! kept from the parent position and only the columns a move changed are
//! counted again.

use crate::board::{Board, WIDTH};

/// Colour sets, bit `c` for colour `c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ColourSets {
    /// Colours with one or two blocks.
    pub dead: u16,
    /// Colours with a block that cannot vanish unless some move touches one
    /// of their blocks.
    pub stuck: u16,
}

/// Colours held at least once, at least twice, at least three times.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tally {
    once: u16,
    twice: u16,
    thrice: u16,
}

impl Tally {
    #[inline]
    const fn merge(self, o: Tally) -> Tally {
        Tally {
            once: self.once | o.once,
            twice: self.twice | o.twice | (self.once & o.once),
            thrice: self.thrice | o.thrice | (self.twice & o.once) | (self.once & o.twice),
        }
    }

    /// The colours of one cell (`0`, empty, holds none).
    const fn cell(colour: u32) -> Tally {
        let once = (1u16 << colour) & !1;
        Tally {
            once,
            twice: 0,
            thrice: 0,
        }
    }
}

/// Tally of the two cells packed in each byte value.
static BYTE_TALLY: [Tally; 256] = {
    let mut table = [Tally {
        once: 0,
        twice: 0,
        thrice: 0,
    }; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = Tally::cell(b as u32 & 0xF).merge(Tally::cell(b as u32 >> 4));
        b += 1;
    }
    table
};

#[inline]
fn column_tally(word: u32) -> Tally {
    let t = |shift: u32| BYTE_TALLY[((word >> shift) & 0xFF) as usize];
    t(0).merge(t(8)).merge(t(16).merge(t(24)))
}

/// Number of colours in a colour set (bits 1..=10), without a popcount
/// instruction (the portable x86-64 baseline has none).
#[inline]
pub(super) fn colour_count(set: u16) -> u8 {
    static COUNTS: [u8; 1024] = {
        let mut table = [0u8; 1024];
        let mut i = 0;
        while i < 1024 {
            table[i] = (i as u32).count_ones() as u8;
            i += 1;
        }
        table
    };
    COUNTS[usize::from(set >> 1) & 1023]
}

/// Per-column colour tallies of a board, kept along the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Colours {
    columns: [Tally; WIDTH],
    total: Tally,
    /// Colours with exactly four blocks, and with exactly five.
    fours: u16,
    fives: u16,
    /// Colours with seven blocks or more: the only ones whose vanishing can
    /// leave exactly four or five.
    many: u16,
}

impl Colours {
    pub fn of(board: &Board) -> Colours {
        let words = board.words();
        let c: [Tally; WIDTH] = std::array::from_fn(|x| column_tally(words[x]));
        let mut colours = Colours {
            columns: c,
            total: c[0].merge(c[1]).merge(c[2].merge(c[3])).merge(c[4]),
            fours: 0,
            fives: 0,
            many: 0,
        };
        colours.count_exactly(board);
        colours
    }

    /// Sets `fours`, `fives` and `many` from the board's exact counts.
    fn count_exactly(&mut self, board: &Board) {
        let (mut fours, mut fives, mut many) = (0u16, 0u16, 0u16);
        if self.total.thrice != 0 {
            for (colour, &count) in board.colour_counts().iter().enumerate() {
                fours |= u16::from(count == 4) << colour;
                fives |= u16::from(count == 5) << colour;
                many |= u16::from(count >= 7) << colour;
            }
        }
        (self.fours, self.fives, self.many) = (fours, fives, many & !1);
    }

    /// The tallies after blocks vanished from the columns in `vanished` (bit
    /// `x` for column `x`) of the board of `self`, which is now `board`.
    /// Counts are only recounted when some colour had seven blocks or more: a
    /// colour of four or five either stays whole, leaves one or two (dead, so
    /// the position is cut before its shapes matter), or goes; a colour of six
    /// leaves three or none.
    pub fn after_vanishing(&self, board: &Board, vanished: u8) -> Colours {
        let mut next = *self;
        for x in 0..WIDTH {
            if vanished & (1 << x) != 0 {
                next.columns[x] = column_tally(board.words()[x]);
            }
        }
        let c = &next.columns;
        next.total = c[0].merge(c[1]).merge(c[2].merge(c[3])).merge(c[4]);
        if self.many == 0 {
            next.fours &= next.total.once;
            next.fives &= next.total.once;
        } else {
            next.count_exactly(board);
        }
        next
    }

    /// The tallies of `board`, which differs from the board of `self` only in
    /// columns `a` and `b`, and holds the same blocks (nothing vanished).
    #[inline]
    pub fn updated(&self, board: &Board, a: usize, b: usize) -> Colours {
        let mut next = *self;
        next.columns[a] = column_tally(board.words()[a]);
        next.columns[b] = column_tally(board.words()[b]);
        next
    }

    /// The colours on the board.
    #[inline]
    pub fn present(&self) -> u16 {
        self.total.once
    }

    /// The dead and stuck colours.
    #[inline]
    pub fn sets(&self) -> ColourSets {
        let (c, total) = (&self.columns, self.total);
        let p: [u16; WIDTH] = std::array::from_fn(|x| c[x].once);
        let windows = [
            p[1] & p[2],
            (p[0] & p[2]) | (p[2] & p[3]),
            (p[0] & p[1]) | (p[1] & p[3]) | (p[3] & p[4]),
            (p[1] & p[2]) | (p[2] & p[4]),
            p[2] & p[3],
        ];
        let mut stranded = 0u16;
        for x in 0..WIDTH {
            stranded |= p[x] & !c[x].thrice & !windows[x];
        }
        ColourSets {
            dead: total.once & !total.thrice,
            stuck: (stranded & total.thrice) | self.misshapen(&p),
        }
    }

    /// Colours of 4 or 5 blocks whose columns hold none of the shapes they
    /// must vanish in; `p` are the colours present in each column.
    #[inline]
    fn misshapen(&self, p: &[u16; WIDTH]) -> u16 {
        if self.fours | self.fives == 0 {
            return 0;
        }
        let (mut seen, mut several) = (0u16, 0u16);
        for &column in p {
            several |= seen & column;
            seen |= column;
        }
        let one_column = !several;
        let four_wide = (p[0] & p[1] & p[2] & p[3]) | (p[1] & p[2] & p[3] & p[4]);
        let five_wide = p[0] & p[1] & p[2] & p[3] & p[4];
        let t: [u16; WIDTH] = std::array::from_fn(|x| self.columns[x].thrice);
        let cross = (p[0] & p[1] & p[2] & !p[3] & !p[4] & (t[0] | t[1] | t[2]))
            | (!p[0] & p[1] & p[2] & p[3] & !p[4] & (t[1] | t[2] | t[3]))
            | (!p[0] & !p[1] & p[2] & p[3] & p[4] & (t[2] | t[3] | t[4]));
        (self.fours & !(one_column | four_wide)) | (self.fives & !(one_column | five_wide | cross))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(cols: [&[u8]; 5]) -> ColourSets {
        Colours::of(&Board::from_columns(&cols).unwrap()).sets()
    }

    #[test]
    fn one_or_two_blocks_of_a_colour_are_dead() {
        let sets = sets([&[1, 2], &[1, 3], &[3], &[3], &[]]);
        assert_eq!(sets.dead, (1 << 1) | (1 << 2));
    }

    #[test]
    fn three_apart_are_stuck_three_adjacent_are_not() {
        // Colour 1 in columns 0, 1 and 3, colour 2 in columns 2 and 4: neither
        // is ever in three adjacent columns.
        let s = sets([&[1], &[1], &[2], &[1], &[2, 2]]);
        assert_eq!(s.stuck, (1 << 1) | (1 << 2));
        // Colour 1 in columns 1, 2, 3 may meet without being moved; 2 may not.
        let s = sets([&[2], &[1], &[1], &[1], &[2, 2]]);
        assert_eq!(s.stuck, 1 << 2);
        // Colour 1 in columns 0, 1, 2 and 4: the block in column 4 is stranded.
        let s = sets([&[1], &[1], &[1], &[3, 3, 3], &[1]]);
        assert_eq!(s.stuck, 1 << 1);
    }

    #[test]
    fn three_in_one_column_are_not_stuck() {
        let s = sets([&[1, 2, 1, 2, 1], &[], &[2], &[], &[]]);
        assert_eq!(s.stuck, 1 << 2);
        assert_eq!(s.dead, 0);
    }

    #[test]
    fn four_or_five_blocks_must_fit_a_shape() {
        const ONE: u16 = 1 << 1;
        // Four 1s in columns 0, 1, 2, 2: no line of four can form untouched.
        let s = sets([&[1], &[1, 2], &[1, 1, 2], &[2], &[3, 3, 3]]);
        assert_eq!(s.stuck & ONE, ONE);
        // Four 1s in columns 0..=3, one each: a row of four may form.
        let s = sets([&[1], &[1, 2], &[1, 3], &[1, 2], &[]]);
        assert_eq!(s.stuck & ONE, 0);
        // Five 1s: a cross (three in column 1, one in each neighbour) is fine,
        // two and two beside one is not.
        let s = sets([&[1], &[1, 2, 1, 2, 1], &[1, 2], &[], &[]]);
        assert_eq!(s.stuck & ONE, 0);
        let s = sets([&[1, 1], &[2, 1, 2], &[1, 1, 2], &[], &[]]);
        assert_eq!(s.stuck & ONE, ONE);
        // Five in one column is fine.
        let s = sets([&[1, 1, 2, 1, 1, 2, 1], &[2], &[], &[], &[]]);
        assert_eq!(s.stuck & ONE, 0);
    }

    #[test]
    fn tallies_after_vanishing_give_the_sets_of_a_fresh_count() {
        use crate::generate::{Rng, Shape, random_board};
        use crate::rules::{Dir, Move, settle_after_shift, shift};
        let mut rng = Rng::new(5);
        let mut checked = 0;
        while checked < 300 {
            let shape = Shape {
                colours: 3,
                min_height: 2,
                max_height: 7,
                at_least_three: true,
            };
            let Some(board) = random_board(&mut rng, shape) else {
                continue;
            };
            let (x, y) = (rng.range(0, 3) as usize, rng.range(0, 6) as usize);
            if y >= board.height(x) {
                continue;
            }
            let mv = Move::new(x as u8, y as u8, Dir::Right);
            let mut next = shift(&board, mv);
            let shifted = Colours::of(&board).updated(&next, x, x + 1);
            let vanished = settle_after_shift(&mut next, x, x + 1);
            if vanished == 0 {
                continue;
            }
            let (kept, fresh) = (shifted.after_vanishing(&next, vanished), Colours::of(&next));
            assert_eq!(kept.columns, fresh.columns, "{board:?} {mv}");
            if fresh.sets().dead == 0 {
                assert_eq!(kept.sets(), fresh.sets(), "{board:?} {mv}");
            }
            checked += 1;
        }
    }

    #[test]
    fn tallies_count_up_to_three() {
        let t = column_tally(0x0121_2131);
        assert_eq!(t.once, 0b1110);
        assert_eq!(t.twice, 0b0110);
        assert_eq!(t.thrice, 0b0010);
    }

    #[test]
    fn updating_two_columns_matches_a_fresh_count() {
        let before = Board::from_columns(&[vec![1u8, 2], vec![3], vec![], vec![], vec![]]).unwrap();
        let after = Board::from_columns(&[vec![1u8], vec![3, 2], vec![], vec![], vec![]]).unwrap();
        assert_eq!(
            Colours::of(&before).updated(&after, 0, 1),
            Colours::of(&after)
        );
    }

    #[test]
    fn colour_count_counts_colours_one_to_ten() {
        assert_eq!(colour_count(0), 0);
        assert_eq!(colour_count(0b111_1111_1110), 10);
        assert_eq!(colour_count((1 << 3) | (1 << 10)), 2);
    }
}
