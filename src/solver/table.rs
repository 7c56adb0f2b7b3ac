//! The search's memory of positions already proven hopeless: `(board, moves
//! left)` pairs from which no solution exists. Moves left belongs in the key:
//! under `steps = exact` a board that fails with 3 moves may succeed with 2.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use rustc_hash::FxHasher;

use crate::board::Board;

/// A board with the number of moves left folded into the spare top nibble of
/// its first column word.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key([u32; 5]);

impl Hash for Key {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        let w = self.0;
        let a = u64::from(w[0]) | (u64::from(w[1]) << 32);
        let b = u64::from(w[2]) | (u64::from(w[3]) << 32);
        let mixed = a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ b.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ u64::from(w[4]).wrapping_mul(0x1656_67B1_9E37_79F9);
        state.write_u64(mixed ^ (mixed >> 31));
    }
}

/// Entries the table keeps room for between searches.
const KEPT_CAPACITY: usize = 4096;

/// Set of hopeless `(board, moves left)` pairs.
#[derive(Default)]
pub(super) struct FailureTable {
    set: std::collections::HashSet<Key, BuildHasherDefault<FxHasher>>,
}

impl FailureTable {
    fn key(board: &Board, left: u8) -> Key {
        let mut words = *board.words();
        words[0] |= u32::from(left) << 28;
        Key(words)
    }

    #[inline]
    pub fn contains(&self, board: &Board, left: u8) -> bool {
        self.set.contains(&Self::key(board, left))
    }

    #[inline]
    pub fn insert(&mut self, board: &Board, left: u8) {
        self.set.insert(Self::key(board, left));
    }

    /// Forgets everything. Keeps a modest amount of memory for the next
    /// search: a table grown huge by one hard board would make every later
    /// search slower (its entries spread over more cache).
    pub fn clear(&mut self) {
        self.set.clear();
        self.set.shrink_to(KEPT_CAPACITY);
    }

    pub fn len(&self) -> usize {
        self.set.len()
    }
}
