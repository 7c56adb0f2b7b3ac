//! The rules of the puzzle: what a move is, when it is legal, and how the board
//! resolves after it (swap or drop, gravity, simultaneous elimination of every run
//! of three or more, cascades), exactly as SPEC.md fixes them.
//!
//! Pure functions over [`Board`]; no I/O. Not responsible for searching (see
//! `solver`) or for reading contestants' text (see the checker).

use std::fmt;
use std::hint::select_unpredictable;

use crate::puzzle::board::{
    Board, HEIGHT, NIBBLE_LOW, WIDTH, column_height, occupied_bits, remove_row,
};
use crate::puzzle::dialect::NullSwaps;

/// Direction of a move: `1` (right) sorts before `-1` (left), as the statement asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    Right,
    Left,
}

impl Dir {
    /// The `g` of the output format: `1` or `-1`.
    pub fn g(self) -> i64 {
        match self {
            Dir::Right => 1,
            Dir::Left => -1,
        }
    }
}

/// A move `(x, y, g)` inside the board's bounds. Ordered as solutions are
/// compared: by `x`, then `y`, then `g` with `1` first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub x: u8,
    pub y: u8,
    pub dir: Dir,
}

impl Move {
    pub fn new(x: u8, y: u8, dir: Dir) -> Move {
        Move { x, y, dir }
    }

    /// The column the block is dragged into.
    #[inline]
    pub fn target_x(self) -> usize {
        match self.dir {
            Dir::Right => self.x as usize + 1,
            Dir::Left => self.x as usize - 1,
        }
    }
}

/// `x y g`, as in the output format.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.dir.g())
    }
}

/// A move as written by somebody: three integers not yet known to make sense.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawMove {
    pub x: i64,
    pub y: i64,
    pub g: i64,
}

impl From<Move> for RawMove {
    fn from(m: Move) -> RawMove {
        RawMove {
            x: i64::from(m.x),
            y: i64::from(m.y),
            g: m.dir.g(),
        }
    }
}

impl fmt::Display for RawMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.g)
    }
}

/// Why a move may not be made on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    #[error("the direction g = {g} is neither 1 (right) nor -1 (left)")]
    BadDirection { g: i64 },
    #[error("({x}, {y}) is off the board (x must be 0..4, y 0..6)")]
    OffBoard { x: i64, y: i64 },
    #[error("there is no block at ({x}, {y})")]
    NoBlock { x: i64, y: i64 },
    #[error("moving the block at ({x}, {y}) {} leaves the board", if *.g == 1 { "right" } else { "left" })]
    LeavesBoard { x: i64, y: i64, g: i64 },
    /// Legal by the statement, but not a move under `null-swaps = exclude`.
    #[error(
        "it swaps two blocks of colour {colour}; under null-swaps = exclude that is not a move"
    )]
    NullSwap { colour: u8 },
}

/// Checks a written move against a board and turns it into a [`Move`].
pub fn check_move(board: &Board, raw: RawMove) -> Result<Move, Illegal> {
    let RawMove { x, y, g } = raw;
    let dir = match g {
        1 => Dir::Right,
        -1 => Dir::Left,
        _ => return Err(Illegal::BadDirection { g }),
    };
    if !(0..WIDTH as i64).contains(&x) || !(0..HEIGHT as i64).contains(&y) {
        return Err(Illegal::OffBoard { x, y });
    }
    if board.get(x as usize, y as usize) == 0 {
        return Err(Illegal::NoBlock { x, y });
    }
    if !(0..WIDTH as i64).contains(&(x + g)) {
        return Err(Illegal::LeavesBoard { x, y, g });
    }
    Ok(Move::new(x as u8, y as u8, dir))
}

/// Checks a written move as a dialect reads null swaps: under `exclude` a
/// swap of two blocks of the same colour is no move.
pub fn check_move_under(
    board: &Board,
    raw: RawMove,
    null_swaps: NullSwaps,
) -> Result<Move, Illegal> {
    let mv = check_move(board, raw)?;
    let (colour, other) = (
        board.get(mv.x as usize, mv.y as usize),
        board.get(mv.target_x(), mv.y as usize),
    );
    if null_swaps == NullSwaps::Exclude && colour == other {
        return Err(Illegal::NullSwap { colour });
    }
    Ok(mv)
}

/// Makes a legal move and resolves the board. Returns the settled board.
pub fn apply(board: &Board, raw: RawMove) -> Result<Board, Illegal> {
    let mv = check_move(board, raw)?;
    let mut next = shift(board, mv);
    resolve(&mut next);
    Ok(next)
}

/// The board right after the block is dragged (swap, or drop into the target
/// column), before anything vanishes. `mv` must be legal on `board`.
#[inline(always)]
pub(crate) fn shift(board: &Board, mv: Move) -> Board {
    let (x, y, tx) = (mv.x as usize, mv.y as usize, mv.target_x());
    let w = board.words();
    let (from, to) = (w[x], w[tx]);
    let shift_y = 4 * y as u32;
    let colour = (from >> shift_y) & 0xF;
    let (new_from, new_to) = if column_height(to) > y {
        let other = (to >> shift_y) & 0xF;
        let hole = !(0xF << shift_y);
        (
            (from & hole) | (other << shift_y),
            (to & hole) | (colour << shift_y),
        )
    } else {
        (
            remove_row(from, y),
            to | (colour << (4 * column_height(to) as u32)),
        )
    };
    // Each word is chosen by value, not written into a copy at a computed
    // index: the next reader loads the whole board at once, and a load that
    // spans separate recent stores stalls the processor. Chosen by selects,
    // not branches: which word is which varies from move to move, and the
    // processor mispredicted the branches.
    let pick = |i: usize| {
        select_unpredictable(
            i == x,
            new_from,
            select_unpredictable(i == tx, new_to, w[i]),
        )
    };
    Board::from_words([pick(0), pick(1), pick(2), pick(3), pick(4)])
}

/// Bit `4y` set where a vertical run of three starts at row `y` of a column
/// word (rows `y+1` and `y+2` hold the same colour).
#[inline]
fn vertical_starts(word: u32) -> u32 {
    let differ = (word ^ (word >> 4)) | (word ^ (word >> 8));
    !occupied_bits(differ) & occupied_bits(word)
}

/// Bit `4y` set where a horizontal run of three starts at `(x, y)` (columns
/// `x+1` and `x+2` hold the same colour in row `y`). `x < WIDTH - 2`.
#[inline]
fn horizontal_starts(w: &[u32; WIDTH], x: usize) -> u32 {
    let differ = (w[x] ^ w[x + 1]) | (w[x] ^ w[x + 2]);
    !occupied_bits(differ) & occupied_bits(w[x])
}

/// Columns as a bit set, bit `x` for column `x`.
const ALL_COLUMNS: u8 = (1 << WIDTH) - 1;

/// Marks (bit `4y` of word `x`) of every block in a run of three or more equal
/// colours, horizontal or vertical. All zero when nothing vanishes.
#[inline]
pub(crate) fn find_runs(board: &Board) -> [u32; WIDTH] {
    find_runs_in(board, ALL_COLUMNS).0
}

/// Like [`find_runs`], but looks for vertical runs only in the given columns
/// (the others are known to hold none). Also says whether anything is marked,
/// worked out as the marks are made: testing the array afterwards reads it
/// back with one wide load that stalls on the narrow stores.
#[inline]
fn find_runs_in(board: &Board, columns: u8) -> ([u32; WIDTH], bool) {
    let w = board.words();
    let mut marks = [0u32; WIDTH];
    let mut any = 0;
    for x in 0..WIDTH {
        if columns & (1 << x) != 0 {
            let three = vertical_starts(w[x]);
            any |= three;
            marks[x] = vertical_marks(three);
        }
    }
    for x in 0..WIDTH - 2 {
        let three = horizontal_starts(w, x);
        any |= three;
        marks[x] |= three;
        marks[x + 1] |= three;
        marks[x + 2] |= three;
    }
    (marks, any != 0)
}

/// Resolves a board just after a move dragged a block between columns `x` and
/// `tx` of a settled board; returns the columns (bit `x` for column `x`) where
/// blocks vanished, `0` when none did. Only the two dragged-between columns
/// can hold a new vertical run, so the common case of nothing vanishing costs
/// little; the runs found to tell are then the first wave's marks.
#[inline(always)]
pub(crate) fn settle_after_shift(board: &mut Board, x: usize, tx: usize) -> u8 {
    let w = board.words();
    let (down, across) = (vertical_starts(w[x]), vertical_starts(w[tx]));
    let h: [u32; WIDTH - 2] = std::array::from_fn(|x| horizontal_starts(w, x));
    if down | across | h[0] | h[1] | h[2] == 0 {
        return 0;
    }
    let mut marks = [h[0], h[0] | h[1], h[0] | h[1] | h[2], h[1] | h[2], h[2]];
    marks[x] |= vertical_marks(down);
    marks[tx] |= vertical_marks(across);
    let changed = remove_marked(board, &marks);
    changed | settle(board, changed).1
}

/// The marks of the vertical runs of three starting at `starts`.
#[inline]
fn vertical_marks(starts: u32) -> u32 {
    starts | (starts << 4) | (starts << 8)
}

/// Removes the marked blocks; the blocks above them fall. Returns the columns
/// that changed.
#[inline]
fn remove_marked(board: &mut Board, marks: &[u32; WIDTH]) -> u8 {
    let words = board.words_mut();
    let mut changed = 0;
    for x in 0..WIDTH {
        let m = marks[x] & NIBBLE_LOW;
        if m != 0 {
            changed |= 1 << x;
            words[x] = remove_rows(words[x], m);
        }
    }
    changed
}

/// A settled column word without the rows marked in `m` (bit `4y` for row
/// `y` of the board's seven, at least one), the rows above each dropped.
/// Most marks are one stretch of rows, cut out at once; a loop over the
/// rows, whose end the processor mispredicts, is kept for the rest.
#[inline]
fn remove_rows(word: u32, mut m: u32) -> u32 {
    debug_assert!(m != 0 && m & !NIBBLE_LOW == 0, "marks {m:#x}");
    let cells = m.wrapping_mul(0xF);
    let lowest = cells & cells.wrapping_neg();
    if cells.wrapping_add(lowest) & cells == 0 {
        let above = 32 - cells.leading_zeros();
        return (word & (lowest - 1)) | ((word >> above) << lowest.trailing_zeros());
    }
    let mut word = word;
    while m != 0 {
        let top = 31 - m.leading_zeros();
        word = remove_row(word, top as usize / 4);
        m &= !(1 << top);
    }
    word
}

/// Runs eliminations and falls until nothing vanishes. Returns the number of
/// waves (rounds in which something vanished).
#[inline]
pub fn resolve(board: &mut Board) -> u32 {
    settle(board, ALL_COLUMNS).0
}

/// [`resolve`] for a board whose only possible vertical runs are in the given
/// columns: a new vertical run can only form where a column changed, while any
/// change may line up a row. Returns the waves and the columns where blocks
/// vanished.
#[inline]
fn settle(board: &mut Board, mut changed: u8) -> (u32, u8) {
    let (mut waves, mut vanished) = (0, 0);
    loop {
        let (marks, any) = find_runs_in(board, changed);
        if !any {
            return (waves, vanished);
        }
        changed = remove_marked(board, &marks);
        vanished |= changed;
        waves += 1;
    }
}

/// True when the board holds a run of three or more.
pub fn has_run(board: &Board) -> bool {
    find_runs(board).iter().any(|&m| m != 0)
}

/// Every cell of a run on the board, as `(x, y)`.
pub fn run_cells(board: &Board) -> Vec<(usize, usize)> {
    let marks = find_runs(board);
    let mut cells = Vec::new();
    for (x, &m) in marks.iter().enumerate() {
        for y in 0..HEIGHT {
            if m & (1 << (4 * y)) != 0 {
                cells.push((x, y));
            }
        }
    }
    cells
}

/// One move in full: the board after the drag, then after each wave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTrace {
    pub mv: Move,
    /// The board right after the block moved, before anything vanished.
    pub shifted: Board,
    /// The cells that vanished in each wave, and the settled board after it.
    pub waves: Vec<(Vec<(usize, usize)>, Board)>,
}

impl MoveTrace {
    /// The settled board after the move.
    pub fn after(&self) -> &Board {
        self.waves.last().map_or(&self.shifted, |(_, b)| b)
    }
}

/// Makes a legal move and records every stage of its resolution.
pub fn trace(board: &Board, raw: RawMove) -> Result<MoveTrace, Illegal> {
    let mv = check_move(board, raw)?;
    let shifted = shift(board, mv);
    let mut waves = Vec::new();
    let mut current = shifted;
    loop {
        let cells = run_cells(&current);
        if cells.is_empty() {
            break;
        }
        let marks = find_runs(&current);
        remove_marked(&mut current, &marks);
        waves.push((cells, current));
    }
    Ok(MoveTrace { mv, shifted, waves })
}

/// What became of a list of moves replayed from a starting board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The board after each legal move, in order.
    pub boards: Vec<Board>,
    /// The first illegal move, as `(index from 0, why)`; replay stops there.
    pub illegal: Option<(usize, Illegal)>,
}

impl Replay {
    /// The board after the last legal move (the start when there was none).
    pub fn last_board<'a>(&'a self, start: &'a Board) -> &'a Board {
        self.boards.last().unwrap_or(start)
    }

    /// The board before move `i` (from 0) was made.
    pub fn before<'a>(&'a self, start: &'a Board, i: usize) -> &'a Board {
        match i {
            0 => start,
            i => self
                .boards
                .get(i - 1)
                .unwrap_or_else(|| self.last_board(start)),
        }
    }
}

/// Applies the moves one by one, stopping at the first illegal one (under
/// `null-swaps = exclude`, a swap of two equal colours is one).
pub fn replay(start: &Board, moves: &[RawMove], null_swaps: NullSwaps) -> Replay {
    let mut boards = Vec::with_capacity(moves.len());
    let mut current = *start;
    for (i, &raw) in moves.iter().enumerate() {
        match check_move_under(&current, raw, null_swaps) {
            Ok(mv) => {
                let mut next = shift(&current, mv);
                resolve(&mut next);
                boards.push(next);
                current = next;
            }
            Err(why) => {
                return Replay {
                    boards,
                    illegal: Some((i, why)),
                };
            }
        }
    }
    Replay {
        boards,
        illegal: None,
    }
}

#[cfg(test)]
mod tests;
