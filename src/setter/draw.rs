//! Candidate boards for each kind of case, before the kind's property is
//! checked (`kinds`): dense boards built backwards from moves that clear
//! them (`backward`) for the kinds that need a solution, random boards of a
//! given size for `random` and `hard`, and the small planted boards that
//! stress testing shrinks well (`Size::Planted`).

use crate::puzzle::board::{Board, HEIGHT, WIDTH};
use crate::puzzle::case::MAX_N;
use crate::puzzle::rules::has_run;
use crate::setter::backward::{Target, build};
use crate::setter::random::{Rng, Shape, heights_for, random_board, run_free_board};
use crate::setter::repeats::renumber;
use crate::setter::spec::{Kind, Options, Size};

/// One candidate for a kind and the n it asks for, its colours numbered
/// from 1; `None` when this draw gave nothing (draw again).
pub(super) fn candidate(kind: Kind, rng: &mut Rng, options: &Options) -> Option<(Board, u8)> {
    let n = options.n.unwrap_or(match kind {
        Kind::Hard => MAX_N,
        Kind::Tower => rng.range(2, u64::from(MAX_N)) as u8,
        _ => rng.range(1, 3) as u8,
    });
    let board = match (kind, options.size) {
        (Kind::BottomRow, size) => bottom_row(rng, options, size)?,
        (Kind::Random, Size::Blocks { min, max }) => {
            let count = rng.range(u64::from(min), u64::from(max)) as usize;
            let heights = heights_for(rng, count, usize::from(options.density))?;
            run_free_board(rng, heights, options.colours)?
        }
        (Kind::Random, _) => random_board(rng, shape(options, false))?,
        (Kind::Hard, size) => hard(rng, options, size)?,
        (Kind::Tower, Size::Planted) => tower(rng, options)?,
        (_, Size::Planted) => planted(rng, options)?,
        (_, size) => built(kind, rng, options, size, n)?,
    };
    Some((renumber(board), n))
}

/// A board built backwards from moves that clear it: `n` moves; fewer for
/// `fewer-than-n`; 1 to `n` for `dialect-sensitive` (a board cleared in
/// fewer than `n` has another answer under `steps = at-most`); a cascade of
/// `options.waves` for `cascade`; a column of 6 or more for `tower`.
fn built(kind: Kind, rng: &mut Rng, options: &Options, size: Size, n: u8) -> Option<Board> {
    let moves = match kind {
        Kind::FewerThanN | Kind::DialectSensitive if n < 2 => return None,
        Kind::FewerThanN => rng.range(1, u64::from(n) - 1) as u8,
        Kind::DialectSensitive => rng.range(1, u64::from(n)) as u8,
        _ => n,
    };
    let target = Target {
        moves,
        blocks: size.blocks(moves, options.density),
        colours: options.colours,
        tallest: options.density.clamp(1, HEIGHT as u8),
        waves: if kind == Kind::Cascade {
            options.waves.max(1)
        } else {
            1
        },
    };
    let board = build(rng, &target)?.board;
    let tall = (0..WIDTH).any(|x| board.height(x) >= HEIGHT - 1);
    (kind != Kind::Tower || tall).then_some(board)
}

/// Dense, every colour at least three times: the benchmark's shape
/// (columns of 4 to 7) when planted; else columns of `density - 3` to
/// `density`, or the blocks asked for, coloured with no run.
fn hard(rng: &mut Rng, options: &Options, size: Size) -> Option<Board> {
    let board = match size {
        Size::Planted => {
            let shape = Shape {
                colours: options.colours,
                min_height: 4,
                max_height: 7,
                at_least_three: true,
            };
            return random_board(rng, shape);
        }
        Size::Dense => {
            let tallest = u64::from(options.density.clamp(1, HEIGHT as u8));
            let heights = std::array::from_fn(|_| rng.range(tallest.max(4) - 3, tallest) as usize);
            run_free_board(rng, heights, options.colours)?
        }
        Size::Blocks { min, max } => {
            let count = rng.range(u64::from(min), u64::from(max)) as usize;
            let heights = heights_for(rng, count, usize::from(options.density))?;
            run_free_board(rng, heights, options.colours)?
        }
    };
    let counts = board.colour_counts();
    counts.iter().all(|&c| c == 0 || c >= 3).then_some(board)
}

/// A few colours of exactly 3 to 5 blocks dropped into random columns: often
/// solvable in a few moves.
fn planted(rng: &mut Rng, options: &Options) -> Option<Board> {
    let mut columns: Vec<Vec<u8>> = vec![Vec::new(); WIDTH];
    let tallest = usize::from(options.density.clamp(1, HEIGHT as u8));
    for colour in 1..=rng.range(1, u64::from(options.colours.clamp(1, 10))) as u8 {
        for _ in 0..rng.range(3, 5) {
            let x = rng.range(0, WIDTH as u64 - 1) as usize;
            if columns[x].len() < tallest {
                columns[x].push(colour);
            }
        }
    }
    let board = Board::from_columns(&columns).ok()?;
    (!board.is_empty() && !has_run(&board)).then_some(board)
}

/// A tower of 6 or 7 blocks in a random column, built from a few colours of
/// 3 to 5 blocks each (most of them into the tower), the rest dropped into
/// the other columns; half the time a second tall column stands beside it,
/// so that a drop from one can fill the other.
fn tower(rng: &mut Rng, options: &Options) -> Option<Board> {
    let mut columns: Vec<Vec<u8>> = vec![Vec::new(); WIDTH];
    let at = rng.range(0, WIDTH as u64 - 1) as usize;
    let beside = match at {
        0 => 1,
        4 => 3,
        _ => at + 1 - 2 * rng.range(0, 1) as usize,
    };
    let twin = rng.range(0, 1) == 1;
    for colour in 1..=rng.range(2, u64::from(options.colours.clamp(2, 10))) as u8 {
        for _ in 0..rng.range(3, 5) {
            let pick = rng.range(0, 19);
            let x = match pick {
                0..=8 => at,
                9..=15 if twin => beside,
                _ => rng.range(0, WIDTH as u64 - 1) as usize,
            };
            if columns[x].len() < HEIGHT {
                columns[x].push(colour);
            }
        }
    }
    let board = Board::from_columns(&columns).ok()?;
    (board.height(at) >= HEIGHT - 1 && !has_run(&board)).then_some(board)
}

/// Blocks on the bottom row only, each column empty a quarter of the time;
/// of the count asked for when one is.
fn bottom_row(rng: &mut Rng, options: &Options, size: Size) -> Option<Board> {
    let columns: Vec<Vec<u8>> = (0..WIDTH)
        .map(|_| match rng.range(0, 3) {
            0 => vec![],
            _ => vec![rng.range(1, u64::from(options.colours.clamp(1, 10))) as u8],
        })
        .collect();
    let board = Board::from_columns(&columns).ok()?;
    let count = board.block_count() as u8;
    let fits = match size {
        Size::Blocks { min, max } => (min..=max).contains(&count),
        _ => true,
    };
    (fits && !board.is_empty() && !has_run(&board)).then_some(board)
}

fn shape(options: &Options, at_least_three: bool) -> Shape {
    Shape {
        colours: options.colours,
        min_height: 0,
        max_height: options.density,
        at_least_three,
    }
}
