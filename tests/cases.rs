//! Every case under `cases/` is a test: it reads cleanly (no warning even in
//! strict mode), its `.ans` is the reference answer in the default dialect,
//! under every dialect the answer file the judge reads (`.exclude.ans`,
//! `.at-most.ans`, ... else `.ans`) holds that dialect's answer, the plain exhaustive solver agrees where it is fast enough,
//! and a case is dialect-sensitive exactly when it lives in `cases/dialect/`.

use std::path::{Path, PathBuf};

use crate::support::naive;
use mayan_judge::judge::answer_files;
use mayan_judge::puzzle::answer::{Answer, parse_answer};
use mayan_judge::puzzle::case::parse_case_strict;
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::puzzle::rules::RawMove;
use mayan_judge::solver::Solver;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cases")
}

fn inputs() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(cases_dir())
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("cases/ is readable").into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    found.sort();
    found
}

#[test]
fn every_case_has_its_reference_answers() {
    let mut solver = Solver::new();
    let inputs = inputs();
    assert!(
        inputs.len() >= 15,
        "cases/ holds only {} cases",
        inputs.len()
    );
    for input in &inputs {
        let text = std::fs::read_to_string(input).unwrap();
        let (case, warnings) =
            parse_case_strict(&text).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        assert!(warnings.is_empty(), "{}: {warnings:?}", input.display());
        let in_dialect_suite = input.parent().is_some_and(|p| p.ends_with("dialect"));
        let mut answers = Vec::new();
        for d in Dialect::ALL {
            let ours = Answer::from_solution(solver.solve(&case.board, case.n, d));
            // The file the judge reads under this dialect holds its answer.
            let file = answer_files::find(input, d, "ans")
                .unwrap_or_else(|| panic!("{}: no answer file ({d})", input.display()));
            let written = parse_answer(&std::fs::read_to_string(&file).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            assert_eq!(written, ours, "{} ({d})", file.display());
            answers.push(ours);
        }
        let sensitive = answers.windows(2).any(|w| w[0] != w[1]);
        assert_eq!(
            sensitive,
            in_dialect_suite,
            "{}: dialect-sensitive cases belong in cases/dialect/ and only there",
            input.display()
        );
    }
}

#[test]
fn small_cases_agree_with_the_exhaustive_solver() {
    let mut checked = 0;
    for input in inputs() {
        let case = parse_case_strict(&std::fs::read_to_string(&input).unwrap())
            .unwrap()
            .0;
        if case.board.block_count() > 16 {
            continue;
        }
        let grid = naive::grid_from_columns(&case.board.columns());
        for d in Dialect::ALL {
            let rules = naive::Rules {
                null_swaps: d.null_swaps == NullSwaps::Include,
                at_most: d.steps == Steps::AtMost,
            };
            let want = match naive::solve(&grid, case.n as usize, rules) {
                None => Answer::NoSolution,
                Some(moves) => Answer::Moves(
                    moves
                        .into_iter()
                        .map(|(x, y, g)| RawMove { x, y, g })
                        .collect(),
                ),
            };
            assert_eq!(
                Answer::from_solution(Solver::new().solve(&case.board, case.n, d)),
                want,
                "{} ({d})",
                input.display()
            );
        }
        checked += 1;
    }
    assert!(checked >= 15);
}

#[test]
fn cases_holds_only_cases_answers_and_docs() {
    for entry in walkdir::WalkDir::new(cases_dir()) {
        let path = entry.unwrap().into_path();
        if path.is_dir() {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let ok = name.ends_with(".in") || name.ends_with(".ans") || name == "README.md";
        assert!(ok, "stray file {}", path.display());
        if name.ends_with(".ans") {
            let stem = name.split('.').next().unwrap();
            assert!(
                path.with_file_name(format!("{stem}.in")).exists(),
                "{} has no .in",
                path.display()
            );
        }
    }
}
