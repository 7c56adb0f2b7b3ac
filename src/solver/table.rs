//! The search's memory of positions already proven hopeless: `(board, moves
//! left)` pairs from which no solution exists. Moves left belongs in the key:
//! under `steps = exact` a board that fails with 3 moves may succeed with 2.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use rustc_hash::FxHasher;

use crate::puzzle::board::Board;

/// A board and the number of moves left, packed exactly: columns are 28-bit
/// words, so two fit in 56 bits, and the moves left take the spare top
/// nibble of the last. (Packing at 28 rather than 32 bits also keeps the
/// compiler from merging two 32-bit loads of words just written, which
/// stalled the processor on every lookup.)
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    a: u64,
    b: u64,
    c: u32,
}

impl Hash for Key {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mixed = self.a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self.b.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ u64::from(self.c).wrapping_mul(0x1656_67B1_9E37_79F9);
        state.write_u64(mixed ^ (mixed >> 31));
    }
}

/// Entries the table makes room for at its first entry; it grows fourfold
/// each time it fills. A process that solves one case pays only for what
/// its search remembers: an empty board nothing, an easy one a few KB of
/// the heap, and the hardest boards of the benchmark (about 10,000
/// entries) three regrowths, cheaper than touching a table made for them
/// before the case was read.
const FIRST_CAPACITY: usize = 896;

/// Entries' memory kept between searches (see [`FailureTable::clear`]).
const KEPT_CAPACITY: usize = 14 * 1024;

/// The most entries the table holds: 7/8 of 4 Mi slots, the most that a
/// table of 4 Mi slots (about 100 MB) holds without growing. A deep search of a
/// board with no solution (`solve --min-moves --bound 15`) would otherwise
/// grow it without end; past this the search goes on remembering nothing
/// more, slower but as exact.
const MAX_ENTRIES: usize = 7 << 19;

/// Set of hopeless `(board, moves left)` pairs.
pub(super) struct FailureTable {
    set: std::collections::HashSet<Key, BuildHasherDefault<FxHasher>>,
}

impl Default for FailureTable {
    /// An empty table that has allocated nothing yet.
    fn default() -> FailureTable {
        FailureTable {
            set: std::collections::HashSet::default(),
        }
    }
}

impl FailureTable {
    #[inline]
    fn key(board: &Board, left: u8) -> Key {
        let w = board.words();
        Key {
            a: u64::from(w[0]) | (u64::from(w[1]) << 28),
            b: u64::from(w[2]) | (u64::from(w[3]) << 28),
            c: w[4] | (u32::from(left) << 28),
        }
    }

    #[inline]
    pub fn contains(&self, board: &Board, left: u8) -> bool {
        self.set.contains(&Self::key(board, left))
    }

    #[inline]
    pub fn insert(&mut self, board: &Board, left: u8) {
        let len = self.set.len();
        if len >= MAX_ENTRIES {
            return;
        }
        if len == self.set.capacity() {
            // Fourfold rather than hashbrown's twofold: half the regrowths.
            self.set.reserve(FIRST_CAPACITY.max(3 * len));
        }
        self.set.insert(Self::key(board, left));
    }

    /// Forgets everything. Keeps no more than [`KEPT_CAPACITY`] entries'
    /// memory for the next search: a table grown huge by one extreme board
    /// would make every later search slower (its entries spread over more
    /// cache).
    pub fn clear(&mut self) {
        self.set.clear();
        self.set.shrink_to(KEPT_CAPACITY);
    }

    pub fn len(&self) -> usize {
        self.set.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_stops_growing_at_its_cap_and_forgets_nothing_it_holds() {
        let mut table = FailureTable::default();
        let board = Board::from_columns(&[vec![1u8], vec![], vec![2, 3], vec![], vec![]]).unwrap();
        // The moves left are 4 bits of the key: 16 entries of one board.
        for left in 0..16 {
            table.insert(&board, left);
        }
        assert_eq!(table.len(), 16);
        assert!(table.contains(&board, 15));
        // Filled to the cap with keys that no board makes, the table takes
        // no more, and its slots never grow past 4 Mi.
        let mut k = 0u64;
        while table.set.len() < MAX_ENTRIES {
            table.set.insert(Key { a: k, b: !k, c: 0 });
            k += 1;
        }
        let slots = table.set.capacity();
        let other = Board::from_columns(&[vec![2u8], vec![], vec![], vec![], vec![]]).unwrap();
        table.insert(&other, 3);
        assert!(!table.contains(&other, 3));
        assert!(table.contains(&board, 15));
        assert_eq!((table.len(), table.set.capacity()), (MAX_ENTRIES, slots));
        assert!(slots <= 4 << 20, "{slots}");
    }
}
