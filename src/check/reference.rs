//! The reference answers of a case, one per dialect, each solved only when
//! first asked for; and the one check of an answer file against them, which
//! the checker (FAIL) and the validator (an error) both make.

use std::fmt;

use crate::puzzle::answer::{Answer, AnswerError, parse_answer};
use crate::puzzle::case::Case;
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};
use crate::solver::Solver;

/// The reference answer of one case under each dialect, solved lazily.
pub struct References<'a> {
    case: &'a Case,
    answers: [Option<Answer>; 4],
}

impl<'a> References<'a> {
    pub fn of(case: &'a Case) -> References<'a> {
        References {
            case,
            answers: Default::default(),
        }
    }

    /// The reference answer under `dialect`.
    pub fn get(&mut self, dialect: Dialect, solver: &mut Solver) -> &Answer {
        let i = Dialect::ALL
            .iter()
            .position(|&d| d == dialect)
            .expect("ALL holds every dialect");
        let case = self.case;
        self.answers[i].get_or_insert_with(|| {
            Answer::from_solution(solver.solve(&case.board, case.n, dialect))
        })
    }

    /// Every dialect with its reference answer, in [`Dialect::ALL`]'s order.
    pub fn all(&mut self, solver: &mut Solver) -> Vec<(Dialect, Answer)> {
        Dialect::ALL
            .iter()
            .map(|&d| (d, self.get(d, solver).clone()))
            .collect()
    }

    /// Which switches of the dialect change the answer: (null-swaps, steps).
    pub fn sensitivity(&mut self, solver: &mut Solver) -> (bool, bool) {
        let mut by = |n, s| self.get(Dialect::new(n, s), solver).clone();
        let (ie, ee) = (
            by(NullSwaps::Include, Steps::Exact),
            by(NullSwaps::Exclude, Steps::Exact),
        );
        let (ia, ea) = (
            by(NullSwaps::Include, Steps::AtMost),
            by(NullSwaps::Exclude, Steps::AtMost),
        );
        (ie != ee || ia != ea, ie != ia || ee != ea)
    }

    /// An answer file's text held against the reference under `dialect`.
    pub fn check_file(
        &mut self,
        text: &str,
        dialect: Dialect,
        solver: &mut Solver,
    ) -> Result<(), AnswerFileFault> {
        let written = parse_answer(text).map_err(AnswerFileFault::Malformed)?;
        let reference = self.get(dialect, solver).clone();
        if written == reference {
            return Ok(());
        }
        let matches = self
            .all(solver)
            .into_iter()
            .filter(|(d, a)| *d != dialect && *a == written)
            .map(|(d, _)| d)
            .collect();
        Err(AnswerFileFault::Disagrees {
            written,
            reference,
            dialect,
            matches,
        })
    }
}

/// What is wrong with an answer file: the judge's data, never a contestant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerFileFault {
    Malformed(AnswerError),
    Disagrees {
        written: Answer,
        reference: Answer,
        dialect: Dialect,
        /// The other dialects whose answer it is.
        matches: Vec<Dialect>,
    },
}

impl fmt::Display for AnswerFileFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerFileFault::Malformed(e) => write!(f, "the answer file is not well-formed: {e}"),
            AnswerFileFault::Disagrees {
                written,
                reference,
                dialect,
                matches,
            } => {
                write!(
                    f,
                    "the answer file says {}, but the reference solver ({dialect}) says {}; ",
                    written.one_line(),
                    reference.one_line()
                )?;
                if matches.is_empty() {
                    write!(f, "it matches no dialect")
                } else {
                    let names: Vec<String> = matches.iter().map(Dialect::to_string).collect();
                    write!(f, "it is the answer under {}", names.join("; "))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::case::parse_case;

    #[test]
    fn an_answer_file_is_held_against_the_reference_of_its_dialect() {
        // SPEC's first example: include `0 0 1 / 3 0 -1`, exclude `1 0 1 / 0 0 1`.
        let case = parse_case("2\n1 0\n1 0\n0\n1 0\n0\n").unwrap();
        let mut solver = Solver::new();
        let mut refs = References::of(&case);
        let include = Dialect::default();
        assert_eq!(
            refs.check_file("0 0 1\n3 0 -1\n", include, &mut solver),
            Ok(())
        );
        let fault = refs
            .check_file("1 0 1\n0 0 1\n", include, &mut solver)
            .unwrap_err();
        assert_eq!(
            fault.to_string(),
            "the answer file says 1 0 1 / 0 0 1, but the reference solver (null-swaps = include, \
             steps = exact) says 0 0 1 / 3 0 -1; it is the answer under null-swaps = exclude, \
             steps = exact; null-swaps = exclude, steps = at-most"
        );
        let fault = refs.check_file("0 0", include, &mut solver).unwrap_err();
        assert!(matches!(fault, AnswerFileFault::Malformed(_)), "{fault}");
        assert_eq!(refs.sensitivity(&mut solver), (true, false));
    }
}
