//! Cases that repeat one another: the same `n` and the same board once its
//! colours are numbered 1, 2, ... in order of first appearance (column by
//! column, bottom to top), as the statement numbers them. Such cases have the
//! same answer under every dialect whatever their answer files say, so a
//! suite holding both tests one thing twice. `mayan gen` keeps the cases it
//! makes apart with [`Distinct`]; `mayan validate` names repeats with
//! [`repeat_findings`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::judge::suite::{Finding, Severity};
use crate::puzzle::board::{Board, MAX_COLOUR};
use crate::puzzle::case::Case;

/// The board with its colours renumbered 1, 2, ... in order of first
/// appearance (column by column, bottom to top).
pub fn renumber(board: Board) -> Board {
    let mut map = [0u8; MAX_COLOUR as usize + 1];
    let mut next = 0;
    let columns: Vec<Vec<u8>> = board
        .columns()
        .iter()
        .map(|col| {
            col.iter()
                .map(|&c| {
                    if map[c as usize] == 0 {
                        next += 1;
                        map[c as usize] = next;
                    }
                    map[c as usize]
                })
                .collect()
        })
        .collect();
    Board::from_columns(&columns).unwrap_or(board)
}

/// What two cases share when one repeats the other.
pub fn key(case: &Case) -> (u8, Board) {
    (case.n, renumber(case.board))
}

/// The cases seen so far, to keep new ones apart from them.
#[derive(Debug, Default)]
pub struct Distinct {
    seen: HashMap<(u8, Board), PathBuf>,
}

impl Distinct {
    pub fn new() -> Distinct {
        Distinct::default()
    }

    /// Remembers `case`, found at `path`; returns the path of the case it
    /// repeats instead, when one was seen.
    pub fn insert(&mut self, case: &Case, path: &Path) -> Option<&Path> {
        use std::collections::hash_map::Entry;
        match self.seen.entry(key(case)) {
            Entry::Occupied(first) => Some(first.into_mut().as_path()),
            Entry::Vacant(slot) => {
                slot.insert(path.to_path_buf());
                None
            }
        }
    }

    /// True when a case like `case` was seen.
    pub fn contains(&self, case: &Case) -> bool {
        self.seen.contains_key(&key(case))
    }

    pub fn len(&self) -> usize {
        self.seen.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

/// A warning on each case that repeats an earlier one of `cases`, naming it.
pub fn repeat_findings(cases: &[(PathBuf, Case)]) -> Vec<Finding> {
    let mut distinct = Distinct::new();
    let mut findings = Vec::new();
    for (path, case) in cases {
        let Some(first) = distinct.insert(case, path) else {
            continue;
        };
        let how = match cases.iter().find(|(p, _)| p == first) {
            Some((_, c)) if c.board == case.board => "the same n and board",
            _ => "the same n and board once its colours are renumbered",
        };
        let message = format!(
            "repeats {}: {how}, so the same answer under each dialect",
            first.display()
        );
        findings.push(Finding::new(path, None, Severity::Warning, message));
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(n: u8, columns: &[Vec<u8>]) -> Case {
        Case {
            n,
            board: Board::from_columns(columns).unwrap(),
        }
    }

    #[test]
    fn renumbering_numbers_colours_by_first_appearance() {
        let b = case(1, &[vec![4, 2], vec![4], vec![], vec![7], vec![]]).board;
        let expected = case(1, &[vec![1, 2], vec![1], vec![], vec![3], vec![]]).board;
        assert_eq!(renumber(b), expected);
        assert_eq!(renumber(expected), expected);
    }

    #[test]
    fn repeats_are_the_same_n_and_board_up_to_the_colours_numbers() {
        let a = case(2, &[vec![1, 2], vec![2], vec![1], vec![], vec![]]);
        let recoloured = case(2, &[vec![3, 1], vec![1], vec![3], vec![], vec![]]);
        let other_n = case(3, &[vec![1, 2], vec![2], vec![1], vec![], vec![]]);
        let cases = vec![
            (PathBuf::from("a.in"), a),
            (PathBuf::from("b.in"), other_n),
            (PathBuf::from("c.in"), a),
            (PathBuf::from("d.in"), recoloured),
        ];
        let findings = repeat_findings(&cases);
        let lines: Vec<String> = findings.iter().map(|f| f.to_string()).collect();
        assert_eq!(
            lines,
            [
                "c.in: warning: repeats a.in: the same n and board, so the same answer under each dialect",
                "d.in: warning: repeats a.in: the same n and board once its colours are renumbered, \
                 so the same answer under each dialect",
            ]
        );
    }

    #[test]
    fn distinct_says_which_case_is_repeated() {
        let a = case(1, &[vec![1], vec![1], vec![], vec![1], vec![]]);
        let mut d = Distinct::new();
        assert_eq!(d.insert(&a, Path::new("x.in")), None);
        assert_eq!(d.insert(&a, Path::new("y.in")), Some(Path::new("x.in")));
        assert!(d.contains(&a) && d.len() == 1);
    }
}
