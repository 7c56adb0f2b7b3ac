//! Making cases a setter needs (`mayan gen`): each kind is a way to draw
//! candidate boards and a property the case must have, checked with the
//! reference solver. Deterministic: the same kind, options and seed give the
//! same cases everywhere (see `random` for the generator).

use std::fmt;

use crate::check::reference::References;
use crate::puzzle::board::{Board, HEIGHT, WIDTH};
use crate::puzzle::case::{Case, MAX_N};
use crate::puzzle::dialect::Dialect;
use crate::puzzle::rules::{Dir, Move, RawMove, has_run, trace};
use crate::setter::random::{Rng, Shape, random_board};
use crate::setter::repeats::renumber;
use crate::solver::Solver;

/// What kind of case to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// All blocks on the bottom row (the statement's 30% subtask), solvable.
    BottomRow,
    /// A random board of the given size and colours.
    Random,
    /// Solvable in exactly n moves and not fewer.
    ExactlyN,
    /// Solvable in fewer than n moves (padding needed).
    FewerThanN,
    /// The answer changes with the dialect.
    DialectSensitive,
    /// Dense, every colour at least three times, no solution: a full search.
    Hard,
    /// The answer needs a left move.
    LeftMove,
    /// The answer has a move whose eliminations come in at least `waves` waves.
    Cascade,
    /// The answer makes a row and a column vanish together through a shared block.
    Cross,
    /// Solvable, with a tall tower: a full column of 7 blocks, or one of 6
    /// that a drop fills; the other columns uneven.
    Tower,
}

/// The knobs of generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Moves the case asks for; `None` picks per kind.
    pub n: Option<u8>,
    /// Colours used at most.
    pub colours: u8,
    /// The tallest a column may start (1..=7).
    pub density: u8,
    /// Waves a cascade must reach.
    pub waves: u32,
    /// Keep only cases whose answer is the same in every dialect.
    pub robust: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            n: None,
            colours: 4,
            density: 4,
            waves: 2,
            robust: false,
        }
    }
}

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

fn bottom_row(rng: &mut Rng, options: &Options) -> Option<Board> {
    let columns: Vec<Vec<u8>> = (0..WIDTH)
        .map(|_| match rng.range(0, 3) {
            0 => vec![],
            _ => vec![rng.range(1, u64::from(options.colours.clamp(1, 10))) as u8],
        })
        .collect();
    let board = Board::from_columns(&columns).ok()?;
    (!board.is_empty() && !has_run(&board)).then_some(board)
}

fn shape(options: &Options, at_least_three: bool) -> Shape {
    Shape {
        colours: options.colours,
        min_height: 0,
        max_height: options.density,
        at_least_three,
    }
}

/// One candidate for a kind, before its property is checked.
fn candidate(kind: Kind, rng: &mut Rng, options: &Options) -> Option<(Board, u8)> {
    let n = options.n.unwrap_or(match kind {
        Kind::Hard => MAX_N,
        Kind::Tower => rng.range(2, u64::from(MAX_N)) as u8,
        _ => rng.range(1, 3) as u8,
    });
    let board = match kind {
        Kind::BottomRow => bottom_row(rng, options)?,
        Kind::Tower => tower(rng, options)?,
        Kind::Random => random_board(rng, shape(options, false))?,
        Kind::Hard => random_board(
            rng,
            Shape {
                colours: options.colours.max(5),
                min_height: 4,
                max_height: 7,
                at_least_three: true,
            },
        )?,
        _ => planted(rng, options)?,
    };
    Some((renumber(board), n))
}

/// Whether a candidate has the kind's property.
fn accepts(kind: Kind, case: &Case, options: &Options, solver: &mut Solver) -> bool {
    let answer = solver.solve(&case.board, case.n, Dialect::default());
    if options.robust && kind != Kind::DialectSensitive && sensitive(case, solver) {
        return false;
    }
    match kind {
        Kind::BottomRow | Kind::Tower => answer.is_some(),
        Kind::Random => true,
        Kind::ExactlyN => solver.min_moves(&case.board, case.n) == Some(case.n),
        Kind::FewerThanN => solver
            .min_moves(&case.board, case.n)
            .is_some_and(|k| k < case.n),
        Kind::DialectSensitive => sensitive(case, solver),
        Kind::Hard => answer.is_none(),
        Kind::LeftMove => answer.is_some_and(|m| features(&case.board, &m).left_moves > 0),
        Kind::Cascade => {
            answer.is_some_and(|m| features(&case.board, &m).most_waves >= options.waves)
        }
        Kind::Cross => answer.is_some_and(|m| features(&case.board, &m).cross),
    }
}

/// True when the answer differs between dialects.
fn sensitive(case: &Case, solver: &mut Solver) -> bool {
    let (null_swaps, steps) = References::of(case).sensitivity(solver);
    null_swaps || steps
}

/// Tries this many candidates for one case before giving up.
const TRIES: usize = 200_000;

/// The next case of `kind`, or `None` when none was found in many tries (the
/// options ask for something rare or impossible).
pub fn generate(kind: Kind, options: &Options, rng: &mut Rng, solver: &mut Solver) -> Option<Case> {
    for _ in 0..TRIES {
        let Some((board, n)) = candidate(kind, rng, options) else {
            continue;
        };
        let case = Case { n, board };
        if accepts(kind, &case, options, solver) {
            return Some(case);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(kind: Kind, options: Options, seed: u64) -> Case {
        generate(kind, &options, &mut Rng::new(seed), &mut Solver::new()).expect("a case is found")
    }

    #[test]
    fn every_kind_has_its_property() {
        let mut solver = Solver::new();
        let o = Options::default();
        let c = make(Kind::BottomRow, o, 1);
        assert!((0..WIDTH).all(|x| c.board.height(x) <= 1));
        let c = make(Kind::ExactlyN, Options { n: Some(3), ..o }, 2);
        assert_eq!((c.n, solver.min_moves(&c.board, 3)), (3, Some(3)));
        let c = make(Kind::FewerThanN, Options { n: Some(3), ..o }, 3);
        assert!(solver.min_moves(&c.board, 3).is_some_and(|k| k < 3));
        let c = make(Kind::LeftMove, o, 4);
        let moves = solver.solve(&c.board, c.n, Dialect::default()).unwrap();
        assert!(moves.iter().any(|m| m.dir == Dir::Left));
        let c = make(Kind::Cascade, Options { waves: 2, ..o }, 5);
        let moves = solver.solve(&c.board, c.n, Dialect::default()).unwrap();
        assert!(features(&c.board, &moves).most_waves >= 2);
        let c = make(Kind::Cross, o, 6);
        let moves = solver.solve(&c.board, c.n, Dialect::default()).unwrap();
        assert!(features(&c.board, &moves).cross);
        let c = make(Kind::DialectSensitive, o, 7);
        let a = solver.solve(&c.board, c.n, Dialect::ALL[0]);
        assert!(
            Dialect::ALL
                .iter()
                .any(|&d| solver.solve(&c.board, c.n, d) != a)
        );
        let c = make(Kind::Tower, o, 11);
        assert!(
            (0..WIDTH).any(|x| c.board.height(x) >= HEIGHT - 1),
            "{:?}",
            c.board
        );
        assert!(solver.solve(&c.board, c.n, Dialect::default()).is_some());
        let c = make(Kind::Hard, o, 8);
        assert_eq!(c.n, 5);
        assert!(c.board.block_count() >= 20);
        assert_eq!(solver.solve(&c.board, 5, Dialect::default()), None);
    }

    #[test]
    fn the_same_seed_gives_the_same_cases() {
        let o = Options::default();
        assert_eq!(make(Kind::Cross, o, 9), make(Kind::Cross, o, 9));
        assert_eq!(make(Kind::Random, o, 10), make(Kind::Random, o, 10));
    }

    #[test]
    fn colours_are_numbered_from_one_and_robust_cases_agree_across_dialects() {
        let mut solver = Solver::new();
        let o = Options {
            robust: true,
            ..Options::default()
        };
        for seed in 0..5 {
            let c = make(Kind::FewerThanN, o, seed);
            let counts = c.board.colour_counts();
            let used = counts[1..].iter().take_while(|&&k| k > 0).count();
            assert_eq!(
                used,
                counts[1..].iter().filter(|&&k| k > 0).count(),
                "{:?}",
                c.board
            );
            assert!(!sensitive(&c, &mut solver));
        }
    }

    #[test]
    fn crosses_are_recognised() {
        // A row of three 1s and a column of three 1s sharing (2, 0).
        let b = Board::from_columns(&[vec![1u8], vec![1], vec![1, 1, 1], vec![], vec![]]).unwrap();
        assert!(crosses(&b, &[(2, 0)]));
        assert!(!crosses(&b, &[(0, 0)]));
    }
}
