//! The reference solver: the smallest solution in the order of SPEC.md (move by
//! move, by `x`, then `y`, then `g` with `1` first), or none, under any
//! [`Dialect`]; and the least number of moves that clears a board.
//!
//! A depth-first search in that order, so the first solution found is the
//! smallest. What keeps it fast: packed boards (see `board`); a table of
//! positions proven hopeless (`table`); a lower bound on the moves left from
//! the drags each colour still needs before all its blocks can vanish
//! (`drags`: a colour of one or two blocks never can), kept per colour along
//! the search, checked before a move's cascade is resolved, and narrowing which
//! moves are worth trying when it is tight; skipping a quiet move that commutes
//! with the one before it (`transpose`); and never trying a left move onto a
//! block (it gives the same board as the smaller right move of the left
//! neighbour). Pure: no I/O, no clock.

mod drags;
mod table;
mod transpose;

use crate::puzzle::board::{
    Board, HEIGHT, NIBBLE_LOW, WIDTH, colour_cells, column_height, occupied_bits, same_cells,
};
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};
use crate::puzzle::rules::{Dir, Move, resolve, settle_after_shift, shift};

use drags::{Drags, Spreads, colour_count};
use table::FailureTable;
use transpose::{MoveSet, Quiet};

/// Largest number of moves the solver searches (the failure table keeps the
/// count in four bits).
pub const MAX_MOVES: u8 = 15;

/// What a search visited, for benchmarks and curiosity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions entered.
    pub nodes: u64,
    /// Positions found in the failure table.
    pub hits: u64,
    /// Moves skipped as transpositions of an earlier sibling's (see
    /// `transpose`).
    pub transposed: u64,
    /// Hopeless positions remembered at the end.
    pub remembered: usize,
    /// Positions entered, by the number of moves left; at 0, the boards that
    /// last moves left (which must be empty).
    pub nodes_by_left: [u64; MAX_MOVES as usize + 1],
}

/// How many positions a search may enter before it gives up: no end unless
/// asked ([`Solver::min_moves_within`]).
#[derive(Debug, Clone, Copy)]
struct Budget(u64);

impl Default for Budget {
    fn default() -> Budget {
        Budget(u64::MAX)
    }
}

/// A search given up: the positions entered, and the number of moves it
/// was trying when it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the search gave up after {positions} positions, trying {moves} moves: no fewer clear the \
     board, and more are past what it can search to the end"
)]
pub struct GaveUp {
    pub positions: u64,
    pub moves: u8,
}

/// A reusable solver; keeps its table's memory between searches.
#[derive(Default)]
pub struct Solver {
    failures: FailureTable,
    path: Vec<Move>,
    dialect: Dialect,
    budget: Budget,
    /// The last search ran out of its budget: its answer means nothing.
    gave_up: bool,
    nodes: u64,
    hits: u64,
    transposed: u64,
    nodes_by_left: [u64; MAX_MOVES as usize + 1],
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The smallest solution of `board` in `n` moves under `dialect`, or `None`.
    /// A start board holding a run (no valid case does) is first resolved, as
    /// the seed programs do.
    ///
    /// # Panics
    /// When `n > MAX_MOVES`.
    pub fn solve(&mut self, board: &Board, n: u8, dialect: Dialect) -> Option<Vec<Move>> {
        assert!(
            n <= MAX_MOVES,
            "the solver searches at most {MAX_MOVES} moves"
        );
        self.failures.clear();
        self.path.clear();
        self.gave_up = false;
        self.nodes = 0;
        self.hits = 0;
        self.transposed = 0;
        self.nodes_by_left = [0; MAX_MOVES as usize + 1];
        self.dialect = dialect;
        let mut start = *board;
        resolve(&mut start);
        let spreads = Spreads::of(&start);
        if self.search(&start, &spreads, spreads.drags(), n, MoveSet::EMPTY) {
            self.path.reverse();
            Some(std::mem::take(&mut self.path))
        } else {
            None
        }
    }

    /// The least number of moves, at most `bound`, that clears `board`; `Some(0)`
    /// for the empty board. Null swaps never shorten a solution, so they are
    /// left out.
    pub fn min_moves(&mut self, board: &Board, bound: u8) -> Option<u8> {
        let shortest = Dialect::new(NullSwaps::Exclude, Steps::Exact);
        (0..=bound).find(|&k| self.solve(board, k, shortest).is_some())
    }

    /// [`Solver::min_moves`], giving up once the searches together have
    /// entered `positions` positions (a deep bound on a board that no few
    /// moves clear grows without end: each move more multiplies the
    /// positions by the forty or so moves of a board).
    pub fn min_moves_within(
        &mut self,
        board: &Board,
        bound: u8,
        positions: u64,
    ) -> Result<Option<u8>, GaveUp> {
        let shortest = Dialect::new(NullSwaps::Exclude, Steps::Exact);
        let mut spent = 0u64;
        for k in 0..=bound {
            self.budget = Budget(positions.saturating_sub(spent));
            let found = self.solve(board, k, shortest).is_some();
            spent = spent.saturating_add(self.nodes);
            self.budget = Budget::default();
            if self.gave_up {
                self.failures.clear();
                return Err(GaveUp {
                    positions: spent,
                    moves: k,
                });
            }
            if found {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// Counters of the last search.
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            hits: self.hits,
            transposed: self.transposed,
            remembered: self.failures.len(),
            nodes_by_left: self.nodes_by_left,
        }
    }

    /// True when `board` can be solved with `left` moves; on success the moves
    /// are pushed onto `self.path` last move first. `spreads` are the board's
    /// colours' and `drags` what they need; `skip` the moves known to repeat
    /// an earlier sibling's subtree (see `transpose`).
    fn search(
        &mut self,
        board: &Board,
        spreads: &Spreads,
        drags: Drags,
        left: u8,
        skip: MoveSet,
    ) -> bool {
        if left == 1 {
            return self.search_last(board, spreads, drags, skip);
        }
        self.nodes += 1;
        self.nodes_by_left[usize::from(left)] += 1;
        if self.nodes > self.budget.0 {
            // What is remembered from here on would be wrong: the caller
            // throws the whole search away.
            self.gave_up = true;
            return false;
        }
        if board.is_empty() {
            return left == 0 || self.dialect.steps == Steps::AtMost;
        }
        if left == 0 || too_many(drags, left) {
            return false;
        }
        if self.failures.contains(board, left) {
            self.hits += 1;
            return false;
        }
        let mut frame = Frame {
            board,
            spreads,
            left,
            skip,
            quiet: Quiet::default(),
        };
        let found = match moves_must_touch(drags, left) {
            Some((colours, count)) => self.try_stuck_moves(&mut frame, colours, count),
            None => self.try_moves(&mut frame),
        };
        if !found {
            self.failures.insert(board, left);
        }
        found
    }

    /// [`Solver::search`] with one move left, apart so that the search of the
    /// moves before the last has it inlined.
    #[inline(always)]
    fn search_last(
        &mut self,
        board: &Board,
        spreads: &Spreads,
        drags: Drags,
        skip: MoveSet,
    ) -> bool {
        self.nodes += 1;
        self.nodes_by_left[1] += 1;
        if board.is_empty() {
            return self.dialect.steps == Steps::AtMost;
        }
        if too_many(drags, 1) {
            return false;
        }
        if self.failures.contains(board, 1) {
            self.hits += 1;
            return false;
        }
        let mut frame = Frame {
            board,
            spreads,
            left: 1,
            skip,
            quiet: Quiet::default(),
        };
        let found = self.try_last_moves(&mut frame, drags.stuck);
        if !found {
            self.failures.insert(board, 1);
        }
        found
    }

    /// Tries every useful move in solution order.
    fn try_moves(&mut self, f: &mut Frame) -> bool {
        let null_swaps = self.dialect.null_swaps == NullSwaps::Include;
        let mut passed = false;
        let words = *f.board.words();
        for x in 0..WIDTH {
            let word = words[x];
            let right = if x + 1 < WIDTH { words[x + 1] } else { 0 };
            // A left move needs an empty target: rows at or above the left
            // neighbour's height.
            let left_height = if x > 0 {
                column_height(words[x - 1])
            } else {
                HEIGHT
            };
            for y in 0..column_height(word) {
                if x + 1 < WIDTH {
                    let (colour, other) = ((word >> (4 * y)) & 0xF, (right >> (4 * y)) & 0xF);
                    if other != colour {
                        if self.try_move(f, Move::new(x as u8, y as u8, Dir::Right)) {
                            return true;
                        }
                    } else if null_swaps && !passed {
                        // A null swap: the same board with one move fewer. Every
                        // null swap leads to the same position; try the first.
                        passed = true;
                        let drags = f.spreads.drags();
                        if self.search(f.board, f.spreads, drags, f.left - 1, MoveSet::EMPTY) {
                            self.path.push(Move::new(x as u8, y as u8, Dir::Right));
                            return true;
                        }
                    }
                }
                if y >= left_height && self.try_move(f, Move::new(x as u8, y as u8, Dir::Left)) {
                    return true;
                }
            }
        }
        false
    }

    /// The moves that touch `need` (1 or 2) of the `stuck` colours, in
    /// solution order, found with masks rather than cell by cell.
    fn try_stuck_moves(&mut self, f: &mut Frame, stuck: u16, need: u8) -> bool {
        let words = *f.board.words();
        let cells: [u32; WIDTH] = std::array::from_fn(|x| cells_of(words[x], stuck));
        for x in 0..WIDTH {
            let word = words[x];
            let own = cells[x];
            let (mut rights, mut lefts) = (0, 0);
            if x + 1 < WIDTH {
                let right = words[x + 1];
                let theirs = cells[x + 1];
                let same = same_cells(word, right);
                let touching = if need == 1 {
                    own | theirs
                } else {
                    own & theirs
                };
                rights = touching & occupied_bits(word) & !same;
            }
            if x > 0 && need == 1 {
                let above = !((1u32 << (4 * column_height(words[x - 1]))) - 1);
                lefts = own & above;
            }
            let mut rows = rights | lefts;
            while rows != 0 {
                let bit = rows & rows.wrapping_neg();
                rows &= !bit;
                let y = (bit.trailing_zeros() / 4) as u8;
                if rights & bit != 0 && self.try_move(f, Move::new(x as u8, y, Dir::Right)) {
                    return true;
                }
                if lefts & bit != 0 && self.try_move(f, Move::new(x as u8, y, Dir::Left)) {
                    return true;
                }
            }
        }
        false
    }

    /// The last moves, in solution order: those after which no colour needs a
    /// drag (each dragged block's colour can vanish where it lands, every
    /// `stuck` colour is dragged), found with masks; each is then played out.
    /// A null swap leaves the board as it is, not empty.
    fn try_last_moves(&mut self, f: &mut Frame, stuck: u16) -> bool {
        let words = *f.board.words();
        let (rights, lefts) = f.spreads.last_drag_cells(f.board);
        let dragging = StuckCells::new(stuck);
        for x in 0..WIDTH {
            let word = words[x];
            let mut right_moves = 0;
            if x + 1 < WIDTH {
                let next = words[x + 1];
                // Onto a block that may go left, or onto nothing.
                let target = lefts[x + 1] | !occupied_bits(next) & NIBBLE_LOW;
                let same = same_cells(word, next);
                right_moves = rights[x] & target & !same & dragging.right(word, next);
            }
            let mut left_moves = 0;
            if x > 0 {
                let above = !((1u32 << (4 * column_height(words[x - 1]))) - 1);
                left_moves = lefts[x] & above & dragging.left(word);
            }
            let mut rows = right_moves | left_moves;
            while rows != 0 {
                let bit = rows & rows.wrapping_neg();
                rows &= !bit;
                let y = (bit.trailing_zeros() / 4) as u8;
                if right_moves & bit != 0
                    && self.try_last_move(f, Move::new(x as u8, y, Dir::Right))
                {
                    return true;
                }
                if left_moves & bit != 0 && self.try_last_move(f, Move::new(x as u8, y, Dir::Left))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Plays out a last move: true when it leaves the board empty.
    fn try_last_move(&mut self, f: &mut Frame, mv: Move) -> bool {
        if f.skip.contains(mv) {
            self.transposed += 1;
            return false;
        }
        self.nodes += 1;
        self.nodes_by_left[0] += 1;
        let mut next = shift(f.board, mv);
        settle_after_shift(&mut next, mv.x as usize, mv.target_x());
        let done = next.is_empty();
        if done {
            self.path.push(mv);
        }
        done
    }

    /// Makes `mv` in the frame's position and searches on; records in the
    /// frame whether its drag was quiet (vanished nothing).
    #[inline]
    fn try_move(&mut self, f: &mut Frame, mv: Move) -> bool {
        debug_assert!(f.left >= 2, "a last move is tried by try_last_move");
        if f.skip.contains(mv) {
            self.transposed += 1;
            return false;
        }
        // A colour's drags never fall as its blocks vanish (what vanishes
        // could vanish anyway), so a board that needs too many now is hopeless
        // after its cascade too: skip resolving it. After the last move no
        // colour may need any.
        if f.spreads.total_after(f.board, mv) > 2 * u16::from(f.left - 1) {
            return false;
        }
        // One copy of the spreads, changed in place (see `Spreads::drag`).
        let mut spreads = *f.spreads;
        spreads.drag(f.board, mv);
        let mut drags = spreads.drags();
        if too_many(drags, f.left - 1) {
            return false;
        }
        let (x, tx) = (mv.x as usize, mv.target_x());
        let mut next = shift(f.board, mv);
        let vanished = settle_after_shift(&mut next, x, tx);
        let skip = if vanished == 0 {
            let swap = f.board.get(tx, usize::from(mv.y)) != 0;
            let skip = f.quiet.commuting_with(mv, swap);
            f.quiet.insert(mv, swap);
            skip
        } else {
            spreads = f.spreads.resolved(&next);
            drags = spreads.drags();
            MoveSet::EMPTY
        };
        let found = if f.left == 2 {
            self.search_last(&next, &spreads, drags, skip)
        } else {
            self.search(&next, &spreads, drags, f.left - 1, skip)
        };
        if found {
            self.path.push(mv);
        }
        found
    }
}

/// True when `left` moves cannot give the colours the drags they need: one
/// move drags at most one block of a colour and blocks of at most two.
#[inline]
fn too_many(drags: Drags, left: u8) -> bool {
    drags.total > 2 * left
        || drags.most > left
        || (drags.most == left && colour_count(drags.neediest) > 2)
}

/// The colours this move must drag blocks of, and how many of them (1 or
/// 2), so that the rest can wait: when the drags still needed exceed what
/// the moves after this one give, this one must give the difference, and a
/// colour needing a drag in every move left needs one now.
fn moves_must_touch(drags: Drags, left: u8) -> Option<(u16, u8)> {
    let stuck = drags.stuck;
    let need = drags.total.saturating_sub(2 * (left - 1));
    let must = if drags.most == left {
        drags.neediest
    } else {
        0
    };
    match (colour_count(must), need) {
        (2, _) => Some((must, 2)),
        (_, 2) => Some((stuck, 2)),
        (1, _) => Some((must, 1)),
        (_, 1) => Some((stuck, 1)),
        _ => None,
    }
}

/// A position whose moves are being tried.
struct Frame<'a> {
    board: &'a Board,
    spreads: &'a Spreads,
    left: u8,
    /// Moves that would repeat an earlier sibling's subtree.
    skip: MoveSet,
    /// The moves tried here so far whose drag vanished nothing.
    quiet: Quiet,
}

/// Bit `4y` set for each row `y` of a column word whose colour is in `set`.
#[inline]
fn cells_of(word: u32, set: u16) -> u32 {
    let mut cells = 0;
    let mut rest = set & !1;
    while rest != 0 {
        let colour = rest.trailing_zeros();
        rest &= rest - 1;
        cells |= colour_cells(word, colour);
    }
    cells
}

/// The stuck colours, which a last move must all drag (it drags at most two
/// blocks, of two colours): its methods give the rows where a move does.
#[derive(Clone, Copy)]
enum StuckCells {
    None,
    One(u32),
    Two(u32, u32),
    /// Three or more: no move drags them all.
    Many,
}

impl StuckCells {
    #[inline]
    fn new(stuck: u16) -> StuckCells {
        let first = stuck.trailing_zeros();
        let rest = stuck & stuck.wrapping_sub(1);
        let second = rest.trailing_zeros();
        match (stuck, rest, rest & rest.wrapping_sub(1)) {
            (0, _, _) => StuckCells::None,
            (_, 0, _) => StuckCells::One(first),
            (_, _, 0) => StuckCells::Two(first, second),
            _ => StuckCells::Many,
        }
    }

    /// Rows where a right move from `word` onto `next` drags them all.
    #[inline]
    fn right(self, word: u32, next: u32) -> u32 {
        match self {
            StuckCells::None => NIBBLE_LOW,
            StuckCells::One(s) => colour_cells(word, s) | colour_cells(next, s),
            StuckCells::Two(s, t) => {
                colour_cells(word, s) & colour_cells(next, t)
                    | colour_cells(word, t) & colour_cells(next, s)
            }
            StuckCells::Many => 0,
        }
    }

    /// Rows where a left move from `word` (onto nothing) drags them all.
    #[inline]
    fn left(self, word: u32) -> u32 {
        match self {
            StuckCells::None => NIBBLE_LOW,
            StuckCells::One(s) => colour_cells(word, s),
            StuckCells::Two(..) | StuckCells::Many => 0,
        }
    }
}

/// The smallest solution of `board` in `n` moves under `dialect` (a fresh solver).
pub fn solve(board: &Board, n: u8, dialect: Dialect) -> Option<Vec<Move>> {
    Solver::new().solve(board, n, dialect)
}

#[cfg(test)]
mod tests;
