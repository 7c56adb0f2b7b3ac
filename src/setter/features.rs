//! What the smallest answer of a case does, move by move (left moves, the
//! most waves a move sets off, a row and a column vanishing through a shared
//! block, a drop that fills a column): what `mayan gen` prints and the kinds
//! that ask for one of them check.

use std::fmt;

use crate::puzzle::board::{Board, HEIGHT, WIDTH};
use crate::puzzle::rules::{Dir, Move, RawMove, trace};

/// What the smallest answer does, move by move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Features {
    pub left_moves: usize,
    pub most_waves: u32,
    pub cross: bool,
    /// A move drops a block onto a column of 6, filling it.
    pub fills_column: bool,
}

impl fmt::Display for Features {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let waves = if self.most_waves == 1 {
            "wave"
        } else {
            "waves"
        };
        let cross = if self.cross { ", a cross" } else { "" };
        let fills = if self.fills_column {
            ", a drop fills a column"
        } else {
            ""
        };
        write!(
            f,
            "{} left, up to {} {waves}{cross}{fills}",
            self.left_moves, self.most_waves
        )
    }
}

/// True when a vanishing cell lies in a row of three and a column of three of
/// its colour at once.
fn crosses(board: &Board, cells: &[(usize, usize)]) -> bool {
    cells.iter().any(|&(x, y)| {
        let c = board.get(x, y);
        let run = |dx: i64, dy: i64| {
            let mut len = 0;
            let (mut cx, mut cy) = (x as i64 + dx, y as i64 + dy);
            while (0..WIDTH as i64).contains(&cx)
                && (0..HEIGHT as i64).contains(&cy)
                && board.get(cx as usize, cy as usize) == c
            {
                len += 1;
                cx += dx;
                cy += dy;
            }
            len
        };
        run(-1, 0) + run(1, 0) + 1 >= 3 && run(0, -1) + run(0, 1) + 1 >= 3
    })
}

/// The features of a solution replayed from `board`.
pub fn features(board: &Board, moves: &[Move]) -> Features {
    let mut f = Features::default();
    let mut b = *board;
    for &m in moves {
        let Ok(t) = trace(&b, RawMove::from(m)) else {
            break;
        };
        f.left_moves += usize::from(m.dir == Dir::Left);
        let tx = m.target_x();
        f.fills_column |= b.height(tx) == HEIGHT - 1 && t.shifted.height(tx) == HEIGHT;
        f.most_waves = f.most_waves.max(t.waves.len() as u32);
        let mut before = t.shifted;
        for (cells, after) in &t.waves {
            f.cross |= crosses(&before, cells);
            before = *after;
        }
        b = *t.after();
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crosses_are_recognised() {
        // A row of three 1s and a column of three 1s sharing (2, 0).
        let b = Board::from_columns(&[vec![1u8], vec![1], vec![1, 1, 1], vec![], vec![]]).unwrap();
        assert!(crosses(&b, &[(2, 0)]));
        assert!(!crosses(&b, &[(0, 0)]));
    }
}
