//! Transpositions the search sees without its table: two moves in disjoint
//! column pairs that each vanish nothing give the same board in either order.
//!
//! A move only reads and writes its two columns, so when move `a` and move
//! `b` touch disjoint column pairs and neither drag makes a run on the board
//! it is made on, `a` then `b` and `b` then `a` drag the same blocks into
//! the same shifted board, which then resolves the same way. The search tries
//! moves in solution order, so by the time it makes `b` after `a`, with `b`
//! before `a`, the subtree of `b` (which tried `a` next, or proved it useless)
//! has failed: `b` can be skipped. This costs no soundness and no solution:
//! a solution `a, b, ...` has the smaller twin `b, a, ...`, which is found
//! first. Only the two drags must be quiet; what the second drag's board does
//! afterwards is the same either way.
//!
//! Not responsible for other transpositions (a vanishing move, three moves
//! in a ring): the failure table catches those.

use crate::board::{HEIGHT, WIDTH};
use crate::rules::{Dir, Move};

/// A set of moves, one bit per `(x, y, g)`, numbered in solution order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct MoveSet(u128);

/// Bit of a move: `x`, then `y`, then `g` with `1` first.
#[inline]
const fn bit(x: usize, y: usize, dir: Dir) -> u128 {
    let g = match dir {
        Dir::Right => 0,
        Dir::Left => 1,
    };
    1 << ((x * HEIGHT + y) * 2 + g)
}

/// For each column, the moves that drag a block into or out of it.
const TOUCHING: [u128; WIDTH] = {
    let mut touching = [0u128; WIDTH];
    let mut x = 0;
    while x < WIDTH {
        let mut y = 0;
        while y < HEIGHT {
            if x + 1 < WIDTH {
                touching[x] |= bit(x, y, Dir::Right);
                touching[x + 1] |= bit(x, y, Dir::Right);
            }
            if x > 0 {
                touching[x] |= bit(x, y, Dir::Left);
                touching[x - 1] |= bit(x, y, Dir::Left);
            }
            y += 1;
        }
        x += 1;
    }
    touching
};

impl MoveSet {
    pub const EMPTY: MoveSet = MoveSet(0);

    #[inline]
    fn bit(mv: Move) -> u128 {
        bit(usize::from(mv.x), usize::from(mv.y), mv.dir)
    }

    #[inline]
    pub fn contains(self, mv: Move) -> bool {
        self.0 & Self::bit(mv) != 0
    }

    #[inline]
    pub fn insert(&mut self, mv: Move) {
        self.0 |= Self::bit(mv);
    }

    /// The moves of the set that touch neither column of `mv`.
    #[inline]
    pub fn apart_from(self, mv: Move) -> MoveSet {
        let near = TOUCHING[usize::from(mv.x)] | TOUCHING[mv.target_x()];
        MoveSet(self.0 & !near)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::{Rng, Shape, random_board};
    use crate::rules::{resolve, settle_after_shift, shift};

    #[test]
    fn bits_follow_solution_order() {
        let mut moves = Vec::new();
        for x in 0..WIDTH as u8 {
            for y in 0..HEIGHT as u8 {
                moves.push(Move::new(x, y, Dir::Right));
                moves.push(Move::new(x, y, Dir::Left));
            }
        }
        assert!(moves.windows(2).all(|w| w[0] < w[1]));
        let bits: Vec<u128> = moves.iter().map(|&m| MoveSet::bit(m)).collect();
        assert!(bits.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn apart_from_keeps_only_moves_in_other_columns() {
        let mut set = MoveSet::EMPTY;
        let a = Move::new(0, 2, Dir::Right); // columns 0 and 1
        let b = Move::new(2, 0, Dir::Left); // columns 1 and 2
        let c = Move::new(3, 5, Dir::Right); // columns 3 and 4
        for m in [a, b, c] {
            set.insert(m);
        }
        let apart = set.apart_from(Move::new(1, 0, Dir::Left)); // columns 0 and 1
        assert!(!apart.contains(a) && !apart.contains(b) && apart.contains(c));
        let apart = set.apart_from(Move::new(4, 3, Dir::Left)); // columns 3 and 4
        assert!(apart.contains(a) && apart.contains(b) && !apart.contains(c));
    }

    /// The claim the module rests on, on random boards and move pairs.
    #[test]
    fn quiet_moves_in_disjoint_columns_commute() {
        let mut rng = Rng::new(14);
        let shape = Shape {
            colours: 3,
            min_height: 0,
            max_height: 7,
            at_least_three: false,
        };
        let mut checked = 0;
        while checked < 2000 {
            let Some(board) = random_board(&mut rng, shape) else {
                continue;
            };
            let pick = |rng: &mut Rng| {
                let x = rng.range(0, 4) as u8;
                let dir = if rng.range(0, 1) == 0 {
                    Dir::Right
                } else {
                    Dir::Left
                };
                Move::new(x, rng.range(0, 6) as u8, dir)
            };
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            let legal = |board: &Board, m: Move| {
                (m.dir == Dir::Right || m.x > 0)
                    && (m.dir == Dir::Left || m.x < 4)
                    && board.get(usize::from(m.x), usize::from(m.y)) != 0
            };
            let mut set = MoveSet::EMPTY;
            set.insert(a);
            if !legal(&board, a) || !legal(&board, b) || !set.apart_from(b).contains(a) {
                continue;
            }
            let quiet = |board: &Board, m: Move| {
                let mut next = shift(board, m);
                (settle_after_shift(&mut next, usize::from(m.x), m.target_x()) == 0).then_some(next)
            };
            let (Some(after_a), Some(after_b)) = (quiet(&board, a), quiet(&board, b)) else {
                continue;
            };
            let mut ab = shift(&after_a, b);
            let mut ba = shift(&after_b, a);
            assert_eq!(ab, ba, "{board:?} {a} {b}");
            resolve(&mut ab);
            resolve(&mut ba);
            assert_eq!(ab, ba);
            checked += 1;
        }
    }
}
