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

/// Entries the table has room for from the start and keeps between
/// searches: the hardest boards of the benchmark remember about 10,000, so
/// they never regrow it (a regrowth copies the table and touches new
/// memory). About 400 KB, touched only as entries are made, but for the
/// 16 KB of its control bytes.
const KEPT_CAPACITY: usize = 14 * 1024;

/// Set of hopeless `(board, moves left)` pairs.
pub(super) struct FailureTable {
    set: std::collections::HashSet<Key, BuildHasherDefault<FxHasher>>,
}

impl Default for FailureTable {
    /// Room for [`KEPT_CAPACITY`] entries from the start.
    fn default() -> FailureTable {
        FailureTable {
            set: std::collections::HashSet::with_capacity_and_hasher(
                KEPT_CAPACITY,
                BuildHasherDefault::default(),
            ),
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
