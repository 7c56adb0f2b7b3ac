//! Making cases a setter needs (`mayan gen`): each kind is a way to draw
//! candidate boards (`draw`) and a property the case must have, checked with
//! the reference solver. Deterministic: the same kind, options and seed give
//! the same cases everywhere (see `random` for the generator). The kinds and
//! their knobs are `spec`'s words, re-exported here.

use crate::check::reference::References;
use crate::puzzle::case::Case;
use crate::puzzle::dialect::Dialect;
use crate::setter::draw::candidate;
use crate::setter::features::features;
use crate::setter::random::Rng;
use crate::solver::Solver;

pub use crate::setter::spec::{Kind, Options, Size, kind_name};

/// The generator `mayan gen` draws cases of `kind` from for `seed`: each
/// kind has its own, so that one seed gives each kind cases of its own
/// rather than the first board that happens to suit several kinds.
pub fn seeded(kind: Kind, seed: u64) -> Rng {
    let mut salt = Rng::new(kind as u64 + 1);
    Rng::new(seed ^ salt.next_u64())
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

/// Tries this many small candidates for one case before giving up.
const PLANTED_TRIES: usize = 200_000;

/// Tries this many dense candidates (each built backwards over several
/// moves, or drawn with no run) for one case before giving up.
const DENSE_TRIES: usize = 20_000;

/// A case found, and the candidates drawn to find it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// `None` when none was found in many tries (the options ask for
    /// something rare or impossible).
    pub case: Option<Case>,
    /// Candidates drawn, the one accepted included (draws that gave no board
    /// included too).
    pub candidates: usize,
}

/// The next case of `kind`, or `None` when none was found in many tries (the
/// options ask for something rare or impossible).
pub fn generate(kind: Kind, options: &Options, rng: &mut Rng, solver: &mut Solver) -> Option<Case> {
    search(kind, options, rng, solver).case
}

/// [`generate`], counting the candidates drawn.
pub fn search(kind: Kind, options: &Options, rng: &mut Rng, solver: &mut Solver) -> Found {
    let tries = match options.size {
        Size::Planted => PLANTED_TRIES,
        _ => DENSE_TRIES,
    };
    for candidates in 1..=tries {
        let Some((board, n)) = candidate(kind, rng, options) else {
            continue;
        };
        let case = Case { n, board };
        if accepts(kind, &case, options, solver) {
            let case = Some(case);
            return Found { case, candidates };
        }
    }
    Found {
        case: None,
        candidates: tries,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(kind: Kind, options: Options, seed: u64) -> Case {
        generate(kind, &options, &mut Rng::new(seed), &mut Solver::new()).expect("a case is found")
    }

    use crate::puzzle::board::{HEIGHT, WIDTH};
    use crate::puzzle::rules::Dir;

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
    fn dense_cases_hold_the_blocks_and_colours_asked_for() {
        let mut solver = Solver::new();
        let five = Options {
            n: Some(5),
            ..Options::default()
        };
        for seed in 0..5 {
            let c = make(Kind::ExactlyN, five, seed);
            assert!((20..=25).contains(&c.board.block_count()), "{:?}", c.board);
            assert_eq!(solver.min_moves(&c.board, 5), Some(5));
        }
        let full = Options {
            size: Size::Blocks { min: 30, max: 33 },
            colours: 5,
            ..five
        };
        let c = make(Kind::ExactlyN, full, 1);
        assert!((30..=33).contains(&c.board.block_count()), "{:?}", c.board);
        let used = |c: &Case| c.board.colours_used();
        assert_eq!(used(&c), 5);
        for colours in [3, 4] {
            let c = make(Kind::Hard, Options { colours, ..five }, 2);
            assert_eq!(used(&c), usize::from(colours), "{:?}", c.board);
            assert!(c.board.block_count() >= 20);
        }
        let twelve = Size::Blocks { min: 12, max: 12 };
        let c = make(
            Kind::Random,
            Options {
                size: twelve,
                ..five
            },
            3,
        );
        assert_eq!(c.board.block_count(), 12);
        // Solvable on one row: three blocks (four of a colour never vanish
        // together there, and two colours need six).
        let row = Options {
            size: Size::Blocks { min: 2, max: 4 },
            density: 1,
            ..Options::default()
        };
        let c = make(Kind::BottomRow, row, 4);
        assert_eq!(c.board.block_count(), 3);
        assert!((0..WIDTH).all(|x| c.board.height(x) <= 1));
    }

    #[test]
    fn each_kind_draws_from_its_own_seed() {
        let o = Options::default();
        let a = make(Kind::ExactlyN, o, 7);
        let b = generate(
            Kind::ExactlyN,
            &o,
            &mut seeded(Kind::ExactlyN, 7),
            &mut Solver::new(),
        );
        let c = generate(
            Kind::Cross,
            &o,
            &mut seeded(Kind::Cross, 7),
            &mut Solver::new(),
        );
        assert_ne!(Some(a), b);
        assert_ne!(b, c);
        assert_eq!(
            b,
            generate(
                Kind::ExactlyN,
                &o,
                &mut seeded(Kind::ExactlyN, 7),
                &mut Solver::new()
            )
        );
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
}
