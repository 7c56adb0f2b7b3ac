//! Boards built by playing moves backwards from the empty board, so that a
//! dense board comes with moves known to clear it.
//!
//! One step back from a settled board `after`: put back the blocks a move
//! made vanish, one group of one colour per wave (a run of 3 to 5, or a cross
//! of 5), the last wave's group first and each earlier wave's group placed
//! under a cell of the next one's, so that the next only forms once the
//! earlier has vanished and the blocks above it fell (a cascade); then take
//! the move back (a swap undone, or a dropped block lifted back into the
//! column it came from) so that no run is left. Every step is checked by
//! playing it forwards with the rules, and a step that does not give `after`
//! back (a group that joins a block of its colour, a take-back that leaves a
//! run) is drawn again.
//!
//! Not responsible for what the built board needs at least, or for which of
//! its solutions is the smallest: the solver decides both (see `kinds`).
//! Pure and deterministic for a seed.

use crate::puzzle::board::{Board, HEIGHT, WIDTH};
use crate::puzzle::rules::{Dir, Move, RawMove, apply, has_run, resolve};
use crate::setter::random::Rng;

/// The columns of a board, each bottom to top, while blocks are put back.
type Columns = [Vec<u8>; WIDTH];

/// What a board built backwards must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The moves that clear it (at least 1).
    pub moves: u8,
    /// The fewest and the most blocks on the start board.
    pub blocks: (u8, u8),
    /// Colours `1..=colours` are used.
    pub colours: u8,
    /// The tallest column the board may have before any of the moves (1..=7).
    pub tallest: u8,
    /// The waves one of the moves sets off at least (1: no cascade asked).
    pub waves: u32,
}

/// A board and moves that clear it, as built (not necessarily its smallest
/// solution, nor its shortest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Built {
    pub board: Board,
    pub moves: Vec<Move>,
}

/// Draws of one step back before the whole board is given up.
const STEP_TRIES: usize = 60;

/// A board built backwards to `target`, or `None` when a step found no way
/// back or the blocks ended outside `target.blocks` (draw again).
pub fn build(rng: &mut Rng, target: &Target) -> Option<Built> {
    let (least, most) = target.blocks;
    let total = rng.range(u64::from(least), u64::from(most.max(least))) as usize;
    let cascade_at = rng.range(0, u64::from(target.moves.max(1)) - 1) as u8;
    let mut board = Board::EMPTY;
    let mut moves = Vec::with_capacity(usize::from(target.moves));
    for step in (0..target.moves).rev() {
        let waves = if step == cascade_at { target.waves } else { 1 };
        let remaining = total.saturating_sub(board.block_count());
        let (before, mv) = (0..STEP_TRIES).find_map(|_| {
            let sizes = group_sizes(rng, remaining, usize::from(step) + 1, waves);
            step_back(rng, &board, &sizes, target)
        })?;
        moves.push(mv);
        board = before;
    }
    moves.reverse();
    let count = board.block_count();
    (usize::from(least)..=usize::from(most))
        .contains(&count)
        .then_some(Built { board, moves })
}

/// The sizes (3 to 5) of the groups one move makes vanish, one per wave,
/// about a share of the `remaining` blocks over the `steps` moves left, in at
/// least `waves` waves; when the share is 6 or more, half the time in two
/// waves, not one wide group.
fn group_sizes(rng: &mut Rng, remaining: usize, steps: usize, waves: u32) -> Vec<u8> {
    let share = (remaining + rng.range(0, steps as u64 - 1) as usize) / steps;
    let mut count = (share.div_ceil(5)).max(waves as usize).max(1);
    if share >= 6 && rng.range(0, 1) == 1 {
        count = count.max(2);
    }
    let mut sizes = vec![3u8; count];
    let mut extra = share.saturating_sub(3 * count);
    while extra > 0 && sizes.iter().any(|&s| s < 5) {
        let i = rng.range(0, count as u64 - 1) as usize;
        if sizes[i] < 5 {
            sizes[i] += 1;
            extra -= 1;
        }
    }
    sizes
}

/// A board before a move and the move, such that the move sets off one wave
/// per entry of `sizes` (the last wave's first) and leaves `after`; `None`
/// when this draw does not work.
fn step_back(rng: &mut Rng, after: &Board, sizes: &[u8], target: &Target) -> Option<(Board, Move)> {
    let mut columns = after.columns();
    let mut later: Vec<(usize, usize)> = Vec::new();
    for &size in sizes {
        let colour = spread_colour(rng, &columns, target.colours);
        let cells = group_cells(rng, &columns, size, &later);
        if !put_back(&mut columns, &cells, colour) {
            return None;
        }
        later = cells;
    }
    let shifted = Board::from_columns(&columns).ok()?;
    let mut settled = shifted;
    if resolve(&mut settled) != sizes.len() as u32 || settled != *after {
        return None;
    }
    let fits = |b: &Board| (0..WIDTH).all(|x| b.height(x) <= usize::from(target.tallest));
    let ways: Vec<(Board, Move)> = take_backs(&columns)
        .into_iter()
        .filter(|(before, mv)| {
            fits(before) && !has_run(before) && apply(before, RawMove::from(*mv)) == Ok(*after)
        })
        .collect();
    (!ways.is_empty()).then(|| ways[rng.range(0, ways.len() as u64 - 1) as usize])
}

/// A colour of `1..=colours` for a group: one of the least used on the
/// board, drawn at random among them, so that a board of enough groups uses
/// every colour allowed.
fn spread_colour(rng: &mut Rng, columns: &Columns, colours: u8) -> u8 {
    let used = |c: u8| columns.iter().flatten().filter(|&&b| b == c).count();
    let all = 1..=colours.max(1);
    let least = all.clone().map(used).min().unwrap_or(0);
    let fewest: Vec<u8> = all.filter(|&c| used(c) == least).collect();
    fewest[rng.range(0, fewest.len() as u64 - 1) as usize]
}

/// The cells, after it is put back, of a group of `size` blocks: a column of
/// `size` a quarter of the time (a column shows as a stack of one colour with
/// one block taken out, which a reader spots), else a row of `size`, or for 5
/// a third of those times a cross (a row of 3 and a column of 3 sharing a
/// cell). When a later wave's group is given, the new group
/// takes a cell of one of its columns at or under that group's cell there,
/// so that putting it back lifts that cell (and breaks the later run, unless
/// the whole run is lifted alike: the check in `step_back` tells).
fn group_cells(
    rng: &mut Rng,
    columns: &Columns,
    size: u8,
    later: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let (x, top) = if later.is_empty() {
        let x = rng.range(0, WIDTH as u64 - 1) as usize;
        (x, columns[x].len())
    } else {
        later[rng.range(0, later.len() as u64 - 1) as usize]
    };
    let y = rng.range(0, top as u64) as usize;
    let size = usize::from(size);
    let start = |rng: &mut Rng, len: usize| {
        let lo = x.saturating_sub(len - 1);
        rng.range(lo as u64, x.min(WIDTH - len) as u64) as usize
    };
    match rng.range(0, 3) {
        0 => (y..y + size).map(|row| (x, row)).collect(),
        1 if size == 5 => {
            let a = start(rng, 3);
            let c = rng.range(a as u64, a as u64 + 2) as usize;
            let arm: Vec<usize> = if y >= 2 && rng.range(0, 1) == 1 {
                vec![y - 2, y - 1]
            } else {
                vec![y + 1, y + 2]
            };
            (a..a + 3)
                .map(|col| (col, y))
                .chain(arm.into_iter().map(|row| (c, row)))
                .collect()
        }
        _ => {
            let a = start(rng, size);
            (a..a + size).map(|col| (col, y)).collect()
        }
    }
}

/// Puts blocks of `colour` back so that they stand at `cells` (the blocks
/// already there above them lifted); false when that would leave a gap under
/// a block or a column taller than the board.
fn put_back(columns: &mut Columns, cells: &[(usize, usize)], colour: u8) -> bool {
    for (x, column) in columns.iter_mut().enumerate() {
        let mut rows: Vec<usize> = cells.iter().filter(|c| c.0 == x).map(|c| c.1).collect();
        rows.sort_unstable();
        for y in rows {
            if y > column.len() || column.len() >= HEIGHT {
                return false;
            }
            column.insert(y, colour);
        }
    }
    true
}

/// Every board a move could have been made on to give `shifted` right after
/// the drag, with that move: each swap of two different colours undone, and
/// each column's top block lifted back into a neighbouring column at a row
/// where its drop would have started.
fn take_backs(shifted: &Columns) -> Vec<(Board, Move)> {
    let mut ways = Vec::new();
    let mut push = |columns: Columns, x: usize, y: usize, dir: Dir| {
        if let Ok(board) = Board::from_columns(&columns) {
            ways.push((board, Move::new(x as u8, y as u8, dir)));
        }
    };
    for x in 0..WIDTH - 1 {
        for y in 0..shifted[x].len().min(shifted[x + 1].len()) {
            if shifted[x][y] != shifted[x + 1][y] {
                let mut columns = shifted.clone();
                columns[x][y] = shifted[x + 1][y];
                columns[x + 1][y] = shifted[x][y];
                push(columns, x, y, Dir::Right);
            }
        }
    }
    for t in 0..WIDTH {
        let Some(&block) = shifted[t].last() else {
            continue;
        };
        let landed = shifted[t].len() - 1;
        for (from, dir) in [(t.wrapping_sub(1), Dir::Right), (t + 1, Dir::Left)] {
            if from >= WIDTH {
                continue;
            }
            for y in landed..=shifted[from].len().min(HEIGHT - 1) {
                let mut columns = shifted.clone();
                columns[t].pop();
                columns[from].insert(y, block);
                push(columns, from, y, dir);
            }
        }
    }
    ways
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rules::replay;

    fn target(moves: u8, blocks: (u8, u8)) -> Target {
        Target {
            moves,
            blocks,
            colours: 5,
            tallest: 7,
            waves: 1,
        }
    }

    /// Builds until one works (a draw may fail), at most `tries` times.
    fn first(seed: u64, target: &Target, tries: usize) -> Built {
        let mut rng = Rng::new(seed);
        (0..tries)
            .find_map(|_| build(&mut rng, target))
            .expect("a board is built")
    }

    #[test]
    fn built_moves_replay_to_an_empty_board() {
        for seed in 0..20 {
            let t = target(5, (20, 25));
            let built = first(seed, &t, 200);
            let raw: Vec<RawMove> = built.moves.iter().map(|&m| m.into()).collect();
            let replayed = replay(&built.board, &raw, Default::default());
            assert_eq!(replayed.illegal, None, "{:?}", built);
            assert!(replayed.last_board(&built.board).is_empty(), "{built:?}");
            assert_eq!(built.moves.len(), 5);
            assert!((20..=25).contains(&built.board.block_count()), "{built:?}");
            assert!(!has_run(&built.board));
        }
    }

    #[test]
    fn built_boards_keep_to_the_colours_and_the_tallest_column() {
        let t = Target {
            colours: 3,
            tallest: 5,
            ..target(4, (14, 18))
        };
        for seed in 0..10 {
            let built = first(seed, &t, 500);
            let counts = built.board.colour_counts();
            assert!(counts[4..].iter().all(|&c| c == 0), "{built:?}");
            assert!((0..WIDTH).all(|x| built.board.height(x) <= 5), "{built:?}");
        }
    }

    #[test]
    fn a_cascade_target_has_a_move_of_that_many_waves() {
        use crate::puzzle::rules::trace;
        let t = Target {
            waves: 3,
            ..target(3, (12, 18))
        };
        let built = first(1, &t, 500);
        let mut board = built.board;
        let mut most = 0;
        for &mv in &built.moves {
            let traced = trace(&board, mv.into()).unwrap();
            most = most.max(traced.waves.len());
            board = *traced.after();
        }
        assert!(most >= 3, "{built:?}");
    }

    #[test]
    fn take_backs_are_the_moves_that_give_the_board_after_the_drag() {
        use crate::puzzle::rules::shift;
        // Right after the drag: a row of three 1s, a 2 on the middle one.
        let shifted: Columns = [vec![1], vec![1, 3], vec![1, 2], vec![3], vec![]];
        let board = |cols: &[Vec<u8>]| Board::from_columns(cols).unwrap();
        let ways = take_backs(&shifted);
        // The 2 dropped from column 1's row 1 (the 3 above it lifted).
        let dropped = (
            board(&[vec![1], vec![1, 2, 3], vec![1], vec![3], vec![]]),
            Move::new(1, 1, Dir::Right),
        );
        // The 3 at (1, 1) swapped with the 2 beside it.
        let swapped = (
            board(&[vec![1], vec![1, 2], vec![1, 3], vec![3], vec![]]),
            Move::new(1, 1, Dir::Right),
        );
        assert!(
            ways.contains(&dropped) && ways.contains(&swapped),
            "{ways:?}"
        );
        for (before, mv) in &ways {
            assert_eq!(shift(before, *mv), board(&shifted), "{before:?} {mv}");
        }
        // Nothing swaps two blocks of one colour.
        assert!(!ways.iter().any(|(_, m)| *m == Move::new(0, 0, Dir::Right)));
    }

    #[test]
    fn the_same_seed_builds_the_same_board() {
        let t = target(5, (20, 25));
        assert_eq!(first(3, &t, 200), first(3, &t, 200));
    }
}
