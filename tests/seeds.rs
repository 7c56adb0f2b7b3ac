//! The solver against the two accepted contest programs in `../shared/seeds/`
//! (C++ with file I/O, Pascal with standard I/O), which both skip swaps of
//! equal colours and ask for exactly n moves: dialect `null-swaps = exclude`.
//!
//! g++ is required. fpc (Debian's fp-compiler) is required when `CI` is set;
//! elsewhere a missing fpc skips the Pascal half with a message.

use std::path::{Path, PathBuf};

use crate::support::seeds;
use mayan_judge::puzzle::answer::format_answer;
use mayan_judge::puzzle::case::{Case, format_case};
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::setter::random::{Rng, Shape, random_board};
use mayan_judge::solver::Solver;

const EXCLUDE: Dialect = Dialect::new(NullSwaps::Exclude, Steps::Exact);
const BOARDS: usize = 1000;

fn build_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("seeds")
}

/// Random cases plus the official ones, as case text with our answer.
fn cases(seed: u64) -> Vec<(String, String)> {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new();
    let mut out: Vec<(String, String)> = seeds::official_cases()
        .into_iter()
        .map(|(_, input, _)| {
            let text = std::fs::read_to_string(&input).unwrap();
            let case = mayan_judge::puzzle::case::parse_case(&text).unwrap();
            let answer = solver.solve(&case.board, case.n, EXCLUDE);
            (text, format_answer(answer.as_deref()))
        })
        .collect();
    for _ in 0..BOARDS {
        let (board, n) = crate::support::varied_case(&mut rng);
        let answer = solver.solve(&board, n, EXCLUDE);
        out.push((
            format_case(&Case { n, board }),
            format_answer(answer.as_deref()),
        ));
    }
    out
}

/// Cases of 3 or 4 colours, deeper than the exhaustive solver in
/// `support/naive.rs` can go: made solvable by taking up to 5 moves back
/// (see `support::unplayed_case`), where the drags bounds are tight, and
/// dense boards for 3 moves, where they cut most.
fn few_colour_cases(seed: u64, count: usize) -> Vec<(String, String)> {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new();
    let mut out = Vec::new();
    while out.len() < count {
        let colours = rng.range(3, 4) as u8;
        let (board, n) = if out.len() % 3 == 0 {
            let shape = Shape {
                colours,
                min_height: 4,
                max_height: 7,
                at_least_three: true,
            };
            let Some(board) = random_board(&mut rng, shape) else {
                continue;
            };
            (board, 3)
        } else {
            let Some((board, n)) = crate::support::unplayed_case(&mut rng, colours, 5) else {
                continue;
            };
            let answer = solver.solve(&board, n, EXCLUDE);
            assert!(answer.is_some(), "{board:?} was made solvable in {n} moves");
            (board, n)
        };
        let answer = solver.solve(&board, n, EXCLUDE);
        out.push((
            format_case(&Case { n, board }),
            format_answer(answer.as_deref()),
        ));
    }
    out
}

fn assert_agrees(name: &str, cases: &[(String, String)], run: impl Fn(&str) -> String) {
    let mut solvable = 0;
    for (text, ours) in cases {
        let theirs = run(text);
        assert!(
            seeds::same_tokens(&theirs, ours),
            "{name} disagrees on\n{text}\n{name}: {theirs}\nours: {ours}"
        );
        solvable += usize::from(ours.trim() != "-1");
    }
    eprintln!(
        "{name}: agrees on {} cases ({solvable} solvable)",
        cases.len()
    );
    assert!(solvable >= BOARDS / 8, "too few solvable cases: {solvable}");
}

#[test]
fn cpp_seed_agrees_in_dialect_exclude() {
    let exe = seeds::build_cpp(&build_dir()).expect("g++ builds the C++ seed");
    let work = tempfile::tempdir().unwrap();
    assert_agrees("C++ seed", &cases(11), |text| {
        seeds::run_cpp(&exe, text, work.path())
    });
}

#[test]
fn cpp_seed_agrees_on_few_colour_boards_five_moves_deep() {
    let exe = seeds::build_cpp(&build_dir()).expect("g++ builds the C++ seed");
    let work = tempfile::tempdir().unwrap();
    let cases = few_colour_cases(13, 300);
    for (text, ours) in &cases {
        let theirs = seeds::run_cpp(&exe, text, work.path());
        assert!(
            seeds::same_tokens(&theirs, ours),
            "C++ seed disagrees on\n{text}\nC++ seed: {theirs}\nours: {ours}"
        );
    }
}

#[test]
fn pascal_seed_agrees_in_dialect_exclude() {
    let exe = match seeds::build_pascal(&build_dir()) {
        Ok(exe) => exe,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("SKIPPED: the Pascal seed could not be built ({e}); install fp-compiler");
            return;
        }
        Err(e) => panic!("CI must build the Pascal seed: {e}"),
    };
    assert_agrees("Pascal seed", &cases(12), |text| {
        seeds::run_pascal(&exe, text)
    });
}
