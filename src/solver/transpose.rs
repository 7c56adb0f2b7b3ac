//! Transpositions the search sees without its table: two quiet moves (each
//! vanishes nothing) that commute give the same board in either order.
//!
//! Two moves commute when each drags the same cells whichever goes first:
//! moves in disjoint column pairs (a move only reads and writes its two
//! columns); two swaps in different rows (a swap changes no height); a swap
//! and a drop sharing a column when the swap's row is below the dropped block
//! (the drop shifts only the cells above it, and lands above every block of
//! its target column). When neither drag makes a run on the board it is made
//! on, `a` then `b` and `b` then `a` give the same shifted board, which then
//! resolves the same way. The search tries moves in solution order, so by the
//! time it makes `b` after `a`, with `b` before `a`, the subtree of `b`
//! (which tried `a` next, or proved it useless) has failed: `b` can be
//! skipped. This costs no soundness and no solution: a solution `a, b, ...`
//! has the smaller twin `b, a, ...`, which is found first.
//!
//! Not responsible for other transpositions (a vanishing move, three moves
//! in a ring): the failure table catches those.

use crate::puzzle::board::{HEIGHT, WIDTH};
use crate::puzzle::rules::{Dir, Move};

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

/// Per row, the moves of blocks in it.
const ROW: [u128; HEIGHT] = {
    let mut rows = [0u128; HEIGHT];
    let mut x = 0;
    while x < WIDTH {
        let mut y = 0;
        while y < HEIGHT {
            rows[y] |= bit(x, y, Dir::Right) | bit(x, y, Dir::Left);
            y += 1;
        }
        x += 1;
    }
    rows
};

/// Per column, the moves of its blocks.
const FROM: [u128; WIDTH] = {
    let mut from = [0u128; WIDTH];
    let mut x = 0;
    while x < WIDTH {
        from[x] = ((1u128 << (2 * HEIGHT)) - 1) << (2 * HEIGHT * x);
        x += 1;
    }
    from
};

/// The moves of blocks in rows below `y`.
#[inline]
fn rows_below(y: usize) -> u128 {
    let mut below = 0;
    for row in &ROW[..y] {
        below |= row;
    }
    below
}

/// The quiet moves tried at a position so far, and which of them were swaps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Quiet {
    all: MoveSet,
    swaps: MoveSet,
}

impl Quiet {
    #[inline]
    pub fn insert(&mut self, mv: Move, swap: bool) {
        self.all.insert(mv);
        if swap {
            self.swaps.insert(mv);
        }
    }

    /// The quiet moves so far that commute with `mv` (a swap when `swap`,
    /// else a drop), itself quiet: their drags touch disjoint cells, and
    /// neither changes which cells the other drags. Moves in other columns;
    /// two swaps in different rows (a swap changes no height); a swap and a
    /// drop in a shared column when the swap's row is below the dragged
    /// block (the landing cell is above every block of its column).
    #[inline]
    pub fn commuting_with(&self, mv: Move, swap: bool) -> MoveSet {
        let (x, y, tx) = (usize::from(mv.x), usize::from(mv.y), mv.target_x());
        let (all, swaps) = (self.all.0, self.swaps.0);
        let mut commuting = all & !(TOUCHING[x] | TOUCHING[tx]);
        if swap {
            let drops = all & !swaps;
            let above = !(rows_below(y) | ROW[y]);
            commuting |= swaps & !ROW[y];
            commuting |= drops & (!(FROM[x] | FROM[tx]) | above);
        } else {
            commuting |= swaps & (!TOUCHING[x] | rows_below(y));
        }
        MoveSet(commuting)
    }
}

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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Board;
    use crate::puzzle::rules::{resolve, settle_after_shift, shift};
    use crate::setter::random::{Rng, Shape, random_board};

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

    /// The claim the module rests on, on every pair of quiet real moves of
    /// random boards: when `commuting_with` says so, either order drags the
    /// same blocks into the same board.
    #[test]
    fn quiet_moves_said_to_commute_do() {
        let mut rng = Rng::new(14);
        let shape = Shape {
            colours: 4,
            min_height: 0,
            max_height: 7,
            at_least_three: false,
        };
        // Pairs found commuting: in other columns, or sharing one.
        let mut found = [0, 0];
        for _ in 0..300 {
            let Some(board) = random_board(&mut rng, shape) else {
                continue;
            };
            // Real moves (no equal colours swapped, no left move onto a
            // block) whose drag vanishes nothing.
            let mut moves = Vec::new();
            for x in 0..WIDTH {
                for y in 0..board.height(x) {
                    for (dir, to) in [(Dir::Right, x + 1), (Dir::Left, x.wrapping_sub(1))] {
                        if to >= WIDTH || (dir == Dir::Left && board.get(to, y) != 0) {
                            continue;
                        }
                        let mv = Move::new(x as u8, y as u8, dir);
                        let mut next = shift(&board, mv);
                        let real = board.get(x, y) != board.get(to, y);
                        if real && settle_after_shift(&mut next, x, to) == 0 {
                            moves.push((mv, board.get(to, y) != 0, next));
                        }
                    }
                }
            }
            for &(a, a_swap, after_a) in &moves {
                for &(b, b_swap, after_b) in &moves {
                    let mut quiet = Quiet::default();
                    quiet.insert(a, a_swap);
                    if a == b || !quiet.commuting_with(b, b_swap).contains(a) {
                        continue;
                    }
                    let cell =
                        |board: &Board, m: Move| board.get(usize::from(m.x), usize::from(m.y));
                    assert_eq!(cell(&after_a, b), cell(&board, b), "{board:?} {a} {b}");
                    assert_eq!(cell(&after_b, a), cell(&board, a), "{board:?} {a} {b}");
                    let (mut ab, mut ba) = (shift(&after_a, b), shift(&after_b, a));
                    assert_eq!(ab, ba, "{board:?} {a} {b}");
                    resolve(&mut ab);
                    resolve(&mut ba);
                    assert_eq!(ab, ba);
                    let near = usize::from(
                        a.x.abs_diff(b.x) <= 1 || a.target_x().abs_diff(b.target_x()) <= 1,
                    );
                    found[near] += 1;
                }
            }
        }
        assert!(found[0] > 1000 && found[1] > 1000, "{found:?}");
    }
}
