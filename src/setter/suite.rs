//! A whole suite of cases shaped like the official data (`mayan gen
//! --suite`): its ten cases, in order, are three on the bottom row (the
//! statement's 30%: n = 1 and 2, one of them without a solution), then
//! dense boards of 20 to 28 blocks for n = 3, 4 (one without a solution) and
//! four for n = 5, of 4 to 6 colours, one of them a cascade of 3 waves. A
//! suite of another size spreads the same shape over its cases. The bottom
//! row holds few different cases (with n = 1 or 2, about a dozen), so a
//! suite of more than about 30 runs out of them.
//!
//! Every case is robust (the same answer in every dialect), so the suite
//! judges alike whoever reads the statement which way; the solvable ones
//! are therefore cleared in exactly `n` moves and no fewer.

use crate::setter::random::Rng;
use crate::setter::spec::{Kind, Options, Size};

/// What one case of the suite must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub kind: Kind,
    pub options: Options,
}

/// The official data's ten cases as kinds and options, in their order:
/// `(kind, n, colours, density, fewest blocks, most blocks)`.
const SHAPE: [(Kind, u8, u8, u8, u8, u8); 10] = [
    (Kind::Hard, 2, 2, 1, 3, 5),
    (Kind::BottomRow, 2, 2, 1, 3, 5),
    (Kind::BottomRow, 1, 2, 1, 3, 4),
    (Kind::ExactlyN, 3, 5, 6, 18, 24),
    (Kind::ExactlyN, 4, 6, 7, 20, 24),
    (Kind::Hard, 4, 5, 7, 22, 26),
    (Kind::ExactlyN, 5, 5, 7, 22, 25),
    (Kind::ExactlyN, 5, 6, 7, 22, 25),
    (Kind::Cascade, 5, 5, 7, 22, 26),
    (Kind::ExactlyN, 5, 4, 7, 24, 28),
];

/// The moves asked of the small case without a solution, copy by copy: the
/// bottom row of one colour has one such board for n = 2 (official case 1,
/// `1 1 . 1 1`, which has none for any n) and a few of three blocks for
/// n = 1, so a suite with several copies of it takes each in turn.
const NO_SOLUTION_ON_THE_ROW: [u8; 5] = [2, 1, 3, 4, 5];

/// The slot of case `i` (from 0) of a suite of `count` cases: the official
/// shape's case `i * 10 / count`, so that any count keeps its proportions.
pub fn slot(i: usize, count: usize) -> Slot {
    let at = |i: usize| (i * SHAPE.len() / count.max(1)).min(SHAPE.len() - 1);
    let (kind, n, colours, density, min, max) = SHAPE[at(i)];
    let copy = (0..i).filter(|&j| at(j) == at(i)).count();
    let n = match (kind, density) {
        (Kind::Hard, 1) => NO_SOLUTION_ON_THE_ROW[copy % NO_SOLUTION_ON_THE_ROW.len()],
        _ => n,
    };
    Slot {
        kind,
        options: Options {
            n: Some(n),
            colours,
            density,
            waves: 3,
            robust: true,
            size: Size::Blocks { min, max },
        },
    }
}

/// The generator a suite is drawn from for `seed`, apart from every kind's
/// own (`kinds::seeded`).
pub fn seeded(seed: u64) -> Rng {
    Rng::new(seed ^ 0x5375_6974_6500_0000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_of_ten_is_the_official_shape_and_others_keep_its_proportions() {
        let ten: Vec<Slot> = (0..10).map(|i| slot(i, 10)).collect();
        let ns: Vec<Option<u8>> = ten.iter().map(|s| s.options.n).collect();
        let official = [2, 2, 1, 3, 4, 4, 5, 5, 5, 5];
        assert_eq!(ns, official.map(Some));
        let twenty: Vec<Slot> = (0..20).map(|i| slot(i, 20)).collect();
        for (i, s) in twenty.iter().enumerate().skip(2) {
            assert_eq!(*s, ten[i / 2]);
        }
        // The small case without a solution asks another n at each copy.
        assert_eq!(twenty[0], ten[0]);
        assert_eq!(twenty[1].options.n, Some(1));
        assert_eq!(slot(0, 1), ten[0]);
        assert_eq!(slot(2, 3), ten[6]);
        let hard = ten.iter().filter(|s| s.kind == Kind::Hard).count();
        assert_eq!(hard, 2, "two of the official ten have no solution");
    }
}
