//! How many more drags each colour needs before all its blocks can vanish:
//! a lower bound on the moves left, sharper than one move per stuck colour.
//!
//! A block changes column only when it is dragged (as the moved block or the
//! one it swaps with), by one column; one move drags at most two blocks, of
//! different colours. So `k` moves give any one colour at most `k` drags and
//! all colours at most `2k`.
//!
//! Which spreads of a colour over the columns (blocks per column) can vanish
//! with no drag at all? Every block goes in some wave, in a horizontal run
//! (one block in each of 3 to 5 adjacent columns) or a vertical one (3 or
//! more in one column), or both at once (a cross). Let `h[x]` count the
//! horizontal runs through column `x`, over all waves. A column holding one
//! or two of the colour cannot hold a vertical run of it, so there `h[x]`
//! equals its blocks; a column holding three or more may put any number up
//! to that in horizontal runs, the rest in vertical ones. On five columns
//! every run of three or more covers column 2, and such counts `h` are
//! exactly those with `h0 <= h1 <= h2 >= h3 >= h4`, `h2 - h3 <= h0` and
//! `h2 - h1 <= h4` (runs must start at columns 0 to 2 and end at 2 to 4, at
//! least two apart; Hall's condition on starts and ends). A spread that has
//! such an `h` "can vanish"; for 3, 4 or 5 blocks (which vanish all at once)
//! these are exactly the line and cross shapes. Between waves blocks may be
//! dragged, but the spreads of the waves add up to one that can vanish (the
//! condition is kept under sums), so the drags a colour needs are at least
//! the least number of one-column steps from its spread now to a spread that
//! can vanish: a breadth-first search over spreads, run at compile time.

use crate::puzzle::board::{Board, MAX_COLOUR, NIBBLE_LOW, WIDTH, colour_cells};
use crate::puzzle::rules::Move;

/// Drags still needed by a board's colours. A colour of one or two blocks
/// (which can never vanish) needs `u8::MAX`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Drags {
    /// Colours that need at least one.
    pub stuck: u16,
    /// The sum over the colours.
    pub total: u8,
    /// The most any colour needs, and the colours needing that many.
    pub most: u8,
    pub neediest: u16,
}

/// Blocks per column that a spread index holds at most (3 bits each).
const CAP: usize = 7;
/// Number of spread indexes: 3 bits per column.
const SPREADS: usize = 1 << (3 * WIDTH);

/// The spread of an index: bits `3x..3x+3` hold column `x`'s blocks.
const fn spread_of(index: usize) -> [u8; WIDTH] {
    let mut spread = [0u8; WIDTH];
    let mut x = 0;
    while x < WIDTH {
        spread[x] = ((index >> (3 * x)) & CAP) as u8;
        x += 1;
    }
    spread
}

/// Whether the blocks of one colour, spread over the columns like this, can
/// all vanish without a drag (see the module doc): some `h2` for which the
/// largest `h0`, `h1`, `h3`, `h4` the chain allows meet every condition.
pub(super) const fn can_vanish(spread: [u8; WIDTH]) -> bool {
    let mut h2 = low(spread[2]);
    while h2 <= spread[2] {
        let h1 = min(spread[1], h2);
        let h3 = min(spread[3], h2);
        let h0 = min(spread[0], h1);
        let h4 = min(spread[4], h3);
        if h1 >= low(spread[1])
            && h3 >= low(spread[3])
            && h0 >= low(spread[0])
            && h4 >= low(spread[4])
            && h2 <= h0 + h3
            && h2 <= h1 + h4
        {
            return true;
        }
        h2 += 1;
    }
    false
}

/// The least `h` a column may have: a column of one or two must have `h`
/// equal to it, one of three or more any `h` up to it.
const fn low(blocks: u8) -> u8 {
    if blocks <= 2 { blocks } else { 0 }
}

const fn min(a: u8, b: u8) -> u8 {
    if a < b { a } else { b }
}

/// For every spread (at most [`CAP`] blocks a column), the least number of
/// one-column steps to a spread of as many blocks that can vanish; `u8::MAX`
/// for one or two blocks, which never vanish.
static NEEDED: [u8; SPREADS] = {
    let mut steps = [u8::MAX; SPREADS];
    let mut queue = [0u16; SPREADS];
    let (mut head, mut tail) = (0, 0);
    let mut index = 0;
    while index < SPREADS {
        let spread = spread_of(index);
        let n = spread[0] + spread[1] + spread[2] + spread[3] + spread[4];
        if n != 1 && n != 2 && can_vanish(spread) {
            steps[index] = 0;
            queue[tail] = index as u16;
            tail += 1;
        }
        index += 1;
    }
    while head < tail {
        let index = queue[head] as usize;
        head += 1;
        let spread = spread_of(index);
        let mut x = 0;
        while x + 1 < WIDTH {
            // One block one column right, or one left.
            let (here, there) = (1usize << (3 * x), 1usize << (3 * x + 3));
            let mut next = [usize::MAX; 2];
            if spread[x] > 0 && (spread[x + 1] as usize) < CAP {
                next[0] = index - here + there;
            }
            if spread[x + 1] > 0 && (spread[x] as usize) < CAP {
                next[1] = index + here - there;
            }
            let mut i = 0;
            while i < 2 {
                if next[i] != usize::MAX && steps[next[i]] == u8::MAX {
                    steps[next[i]] = steps[index] + 1;
                    queue[tail] = next[i] as u16;
                    tail += 1;
                }
                i += 1;
            }
            x += 1;
        }
    }
    steps
};

/// For every spread, the single drags after which the colour needs none:
/// bit `x` for a block of column `x` dragged one column right, bit `8 + x`
/// one column left (the last move's candidates, one lookup a colour).
static LAST_DRAGS: [u16; SPREADS] = {
    let mut bits = [0u16; SPREADS];
    let mut index = 0;
    while index < SPREADS {
        let spread = spread_of(index);
        let mut x = 0;
        while x < WIDTH {
            let here = 1usize << (3 * x);
            if spread[x] > 0 {
                if x + 1 < WIDTH
                    && (spread[x + 1] as usize) < CAP
                    && NEEDED[index - here + (here << 3)] == 0
                {
                    bits[index] |= 1 << x;
                }
                if x > 0
                    && (spread[x - 1] as usize) < CAP
                    && NEEDED[index - here + (here >> 3)] == 0
                {
                    bits[index] |= 1 << (8 + x);
                }
            }
            x += 1;
        }
        index += 1;
    }
    bits
};

/// Each colour's spread over the columns, as an index into the table, and
/// the drags it needs, kept along the search: a drag changes one or two of
/// them by one block, and only a vanishing needs a recount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Spreads {
    index: [u16; MAX_COLOUR as usize + 1],
    /// `NEEDED` of each colour's spread, kept beside it: most lookups of a
    /// colour's drags are then of a byte just written.
    need: [u8; MAX_COLOUR as usize + 1],
    /// The colours on the board (or dragged on from it): an absent colour's
    /// spread is empty and needs nothing.
    colours: u16,
    /// The colours that need at least one drag.
    stuck: u16,
    /// The drags all colours need, kept with the spreads: most moves are cut
    /// on it alone.
    pub total: u16,
}

impl Spreads {
    pub fn of(board: &Board) -> Spreads {
        let colours = board
            .colour_counts()
            .iter()
            .enumerate()
            .fold(0, |set, (c, &n)| set | u16::from(n != 0) << c);
        Spreads::of_colours(board, colours & !1)
    }

    /// The spreads of a board after a cascade, whose colours are among the
    /// spreads' before it.
    #[inline]
    pub fn resolved(&self, board: &Board) -> Spreads {
        Spreads::of_colours(board, self.colours)
    }

    /// The spreads of a board whose colours are among `colours`, counted
    /// colour by colour with masks (no branch on the columns' heights).
    #[inline]
    fn of_colours(board: &Board, colours: u16) -> Spreads {
        let mut spreads = Spreads {
            index: [0; MAX_COLOUR as usize + 1],
            need: [0; MAX_COLOUR as usize + 1],
            colours: 0,
            stuck: 0,
            total: 0,
        };
        let words = board.words();
        let mut rest = colours;
        while rest != 0 {
            let colour = rest.trailing_zeros();
            rest &= rest - 1;
            let mut index = 0u16;
            for (x, &word) in words.iter().enumerate() {
                let cells = colour_cells(word, colour);
                // The cells' bits summed into the top nibble.
                let count = (cells.wrapping_mul(NIBBLE_LOW) >> 24) & 0xF;
                index |= (count as u16) << (3 * x);
            }
            if index != 0 {
                let colour = colour as usize;
                spreads.index[colour] = index;
                spreads.colours |= 1 << colour;
                spreads.set_need(colour, NEEDED[usize::from(index)]);
            }
        }
        spreads
    }

    #[inline]
    fn set_need(&mut self, colour: usize, need: u8) {
        self.total = self.total - u16::from(self.need[colour]) + u16::from(need);
        self.need[colour] = need;
        let bit = 1 << colour;
        self.stuck = (self.stuck & !bit) | if need != 0 { bit } else { 0 };
    }

    /// Moves one block of `colour` by `step` (a difference of index bits).
    #[inline]
    fn step(&mut self, colour: usize, step: u16) {
        let new = self.index[colour].wrapping_add(step);
        self.index[colour] = new;
        self.set_need(colour, NEEDED[usize::from(new)]);
    }

    /// The spreads after `mv`, legal on `board` and not a swap of equal
    /// colours, drags its block (and the one it swaps with); the tests' form
    /// of [`Spreads::drag`].
    #[cfg(test)]
    pub fn dragged(&self, board: &Board, mv: Move) -> Spreads {
        let mut next = *self;
        next.drag(board, mv);
        next
    }

    /// Makes these the spreads after `mv`, legal on `board` and not a swap
    /// of equal colours: drags its block (and the one it swaps with). In
    /// place, because a copy of spreads just changed field by field is read
    /// back with wide loads, which wait for the narrow stores to retire (no
    /// store forwarding).
    #[inline]
    pub fn drag(&mut self, board: &Board, mv: Move) {
        let (x, y, tx) = (usize::from(mv.x), usize::from(mv.y), mv.target_x());
        let (from, to) = (1u16 << (3 * x), 1u16 << (3 * tx));
        self.step(usize::from(board.get(x, y)), to.wrapping_sub(from));
        let other = usize::from(board.get(tx, y));
        if other != 0 {
            self.step(other, from.wrapping_sub(to));
        }
    }

    /// The sum of the drags after `mv` (as [`Spreads::drag`] leaves it), without
    /// building the spreads: what most moves are cut on.
    #[inline]
    pub fn total_after(&self, board: &Board, mv: Move) -> u16 {
        let (x, y, tx) = (usize::from(mv.x), usize::from(mv.y), mv.target_x());
        let step = (1u16 << (3 * tx)).wrapping_sub(1 << (3 * x));
        let change = |colour: usize, step: u16| {
            let new = self.index[colour].wrapping_add(step);
            u16::from(NEEDED[usize::from(new)]).wrapping_sub(u16::from(self.need[colour]))
        };
        let mut total = self
            .total
            .wrapping_add(change(usize::from(board.get(x, y)), step));
        let other = usize::from(board.get(tx, y));
        if other != 0 {
            total = total.wrapping_add(change(other, step.wrapping_neg()));
        }
        total
    }

    /// For a last move on `board` (whose spreads these are): per column `x`,
    /// bit `4y` set when the block at `(x, y)` could be dragged one column
    /// right (then left) and leave its colour needing no drag.
    #[inline]
    pub fn last_drag_cells(&self, board: &Board) -> ([u32; WIDTH], [u32; WIDTH]) {
        let words = board.words();
        // Indexed like the table's bits: a branch on the direction would be
        // mispredicted half the time.
        let mut by_bit = [0u32; 16];
        let mut rest = self.colours;
        while rest != 0 {
            let colour = rest.trailing_zeros();
            rest &= rest - 1;
            let mut bits = LAST_DRAGS[usize::from(self.index[colour as usize])];
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                by_bit[bit] |= colour_cells(words[bit & 7], colour);
            }
        }
        let right = std::array::from_fn(|x| by_bit[x]);
        let left = std::array::from_fn(|x| by_bit[8 + x]);
        (right, left)
    }

    /// The drags the colours need.
    #[inline]
    pub fn drags(&self) -> Drags {
        let mut drags = Drags {
            stuck: self.stuck,
            total: self.total.min(u16::from(u8::MAX)) as u8,
            most: 0,
            neediest: 0,
        };
        let mut rest = self.stuck;
        while rest != 0 {
            let colour = rest.trailing_zeros();
            rest &= rest - 1;
            let needed = self.need[colour as usize];
            if needed > drags.most {
                (drags.most, drags.neediest) = (needed, 0);
            }
            if needed == drags.most {
                drags.neediest |= 1 << colour;
            }
        }
        drags
    }
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

#[cfg(test)]
mod tests;
