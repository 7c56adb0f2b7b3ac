//! `mayan gen` through the binary: every kind writes cases that validate
//! cleanly, the same seed writes the same files, and dialect-sensitive cases
//! come with every dialect's answer, and cases of one seed differ across
//! kinds; dense cases need exactly n moves (replayed with the plain rules
//! of `support::naive`, and no solution in fewer found by the solver);
//! every flag is honoured or refused; `validate` names a repeated case;
//! `--suite` fills a suite shaped like the official data.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use mayan_judge::puzzle::answer::{Answer, parse_answer};
use mayan_judge::puzzle::case::{Case, read_case_file};
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::setter::repeats::key;
use mayan_judge::solver::Solver;
use predicates::prelude::*;

use crate::support::naive;

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

/// Every case `gen` wrote into `dir` (`*.in`, in name order), with the
/// answer its `X.ans` holds.
fn written(dir: &Path) -> Vec<(PathBuf, Case, Answer)> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let case = read_case_file(&input).unwrap();
            let text = std::fs::read_to_string(input.with_extension("ans")).unwrap();
            (input, case, parse_answer(&text).unwrap())
        })
        .collect()
}

/// The answer's moves replayed with the plain rules: every one legal, and
/// the board empty after the last.
fn clears(case: &Case, answer: &Answer) -> bool {
    let Answer::Moves(moves) = answer else {
        return false;
    };
    let mut grid = naive::grid_from_columns(&case.board.columns());
    for m in moves {
        match naive::apply(&grid, m.x, m.y, m.g) {
            Some(next) => grid = next,
            None => return false,
        }
    }
    grid.iter().flatten().all(|&c| c == 0)
}

/// True when no k < n moves clear the board (null swaps never shorten a
/// solution, so they are left out).
fn needs_all_n(case: &Case, solver: &mut Solver) -> bool {
    let shortest = Dialect::new(NullSwaps::Exclude, Steps::Exact);
    (1..case.n).all(|k| solver.solve(&case.board, k, shortest).is_none())
}

fn generate(out: &Path, kind: &str, seed: &str) -> assert_cmd::assert::Assert {
    mayan()
        .args([
            "gen", "--kind", kind, "--count", "3", "--seed", seed, "--out",
        ])
        .arg(out)
        .assert()
}

#[test]
fn every_kind_writes_valid_cases_with_their_answers() {
    let dir = tempfile::tempdir().unwrap();
    let kinds = [
        "bottom-row",
        "random",
        "exactly-n",
        "fewer-than-n",
        "dialect-sensitive",
        "hard",
        "left-move",
        "cascade",
        "cross",
        "tower",
    ];
    for kind in kinds {
        generate(dir.path(), kind, "5")
            .success()
            .stdout(predicate::str::contains(format!("{kind}-003.in")));
    }
    // One seed, every kind into one folder: no case repeats another.
    let cases = written(dir.path());
    for (i, (a, case, _)) in cases.iter().enumerate() {
        for (b, other, _) in &cases[..i] {
            assert_ne!(
                key(case),
                key(other),
                "{} repeats {}",
                a.display(),
                b.display()
            );
        }
    }
    assert!(
        cases
            .iter()
            .any(|(p, _, _)| p.with_extension("exclude.at-most.ans").exists()),
        "a dialect-sensitive case has an answer of its own for exclude/at-most"
    );
    Command::cargo_bin("mayan")
        .unwrap()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "validated {} cases",
            3 * kinds.len()
        )))
        .stdout(predicate::str::contains(" 0 errors"))
        .stdout(predicate::str::contains("repeats").not());
}

#[test]
fn the_same_seed_writes_the_same_files() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    generate(a.path(), "cross", "42").success();
    generate(b.path(), "cross", "42").success();
    for name in ["cross-001.in", "cross-002.ans", "cross-003.in"] {
        assert_eq!(
            std::fs::read(a.path().join(name)).unwrap(),
            std::fs::read(b.path().join(name)).unwrap(),
            "{name}"
        );
    }
    let c = tempfile::tempdir().unwrap();
    generate(c.path(), "cross", "43").success();
    assert_ne!(
        std::fs::read(a.path().join("cross-001.in")).unwrap(),
        std::fs::read(c.path().join("cross-001.in")).unwrap()
    );
}

#[test]
fn an_impossible_request_says_what_to_loosen() {
    let dir = tempfile::tempdir().unwrap();
    mayan()
        .args(["gen", "--kind", "cascade", "--n", "3", "--colours", "1"])
        .arg("--out")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "found no cascade case after many tries: loosen --colours, --density, --blocks, --n or --waves",
        ));
}

#[test]
fn dense_exactly_n_cases_hold_20_blocks_and_need_exactly_n_moves() {
    let dir = tempfile::tempdir().unwrap();
    mayan()
        .args(["gen", "--kind", "exactly-n", "--n", "5", "--density", "7"])
        .args(["--count", "10", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    let cases = written(dir.path());
    assert_eq!(cases.len(), 10);
    let mut solver = Solver::new();
    for (input, case, answer) in &cases {
        let shown = input.display();
        assert_eq!(case.n, 5, "{shown}");
        assert!(case.board.block_count() >= 20, "{shown}");
        assert!((0..5).all(|x| case.board.height(x) <= 7), "{shown}");
        assert!(clears(case, answer), "{shown}: {}", answer.one_line());
        assert!(needs_all_n(case, &mut solver), "{shown}");
    }
    let mut keys: Vec<_> = cases.iter().map(|(_, c, _)| key(c)).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 10, "ten different boards");
}

#[test]
fn blocks_and_colours_are_honoured_by_every_kind_that_takes_them() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [(&str, &[&str], std::ops::RangeInclusive<usize>, usize); 4] = [
        (
            "exactly-n",
            &["--n", "5", "--blocks", "30-33", "--colours", "5"],
            30..=33,
            5,
        ),
        ("hard", &["--colours", "3"], 20..=35, 3),
        ("random", &["--blocks", "12", "--colours", "2"], 12..=12, 2),
        (
            "cascade",
            &["--n", "4", "--blocks", "24", "--waves", "3"],
            24..=24,
            4,
        ),
    ];
    let mut solver = Solver::new();
    for (kind, flags, blocks, colours) in runs {
        let out = dir.path().join(kind);
        mayan()
            .args(["gen", "--kind", kind, "--count", "3"])
            .args(flags)
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        for (input, case, answer) in written(&out) {
            let shown = input.display();
            assert!(blocks.contains(&case.board.block_count()), "{shown}");
            let used = case.board.colours_used();
            assert!(used <= colours, "{shown}: {used} colours");
            if kind == "hard" {
                assert_eq!(used, 3, "{shown}");
                assert_eq!(answer, Answer::NoSolution, "{shown}");
            }
            if kind == "exactly-n" {
                assert!(clears(&case, &answer) && needs_all_n(&case, &mut solver));
            }
        }
    }
    let four = dir.path().join("four");
    mayan()
        .args(["gen", "--kind", "hard", "--colours", "4", "--out"])
        .arg(&four)
        .assert()
        .success();
    assert_ne!(
        written(&four)[0].1,
        written(&dir.path().join("hard"))[0].1,
        "--colours 3 and 4 make other boards"
    );
}

#[test]
fn validate_names_a_repeated_case_and_the_case_it_repeats() {
    let dir = tempfile::tempdir().unwrap();
    generate(dir.path(), "exactly-n", "2").success();
    let first = dir.path().join("exactly-n-002.in");
    let text = std::fs::read_to_string(&first).unwrap();
    // The same board with colours 1 and 2 exchanged is still a repeat.
    let swapped: String = text
        .lines()
        .enumerate()
        .map(|(i, line)| match i {
            0 => format!("{line}\n"),
            _ => {
                let tokens = line.split(' ').map(|t| match t {
                    "1" => "2",
                    "2" => "1",
                    t => t,
                });
                tokens.collect::<Vec<_>>().join(" ") + "\n"
            }
        })
        .collect();
    std::fs::write(dir.path().join("copy.in"), &text).unwrap();
    std::fs::write(dir.path().join("recoloured.in"), swapped).unwrap();
    mayan()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "{}: warning: repeats {}: the same n and board, so the same answer under each dialect",
            dir.path().join("exactly-n-002.in").display(),
            dir.path().join("copy.in").display(),
        )))
        .stdout(predicate::str::contains(format!(
            "{}: warning: repeats {}: the same n and board once its colours are renumbered",
            dir.path().join("recoloured.in").display(),
            dir.path().join("copy.in").display(),
        )));
}

#[test]
fn flags_a_kind_cannot_use_are_refused_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let refused: [(&[&str], &str); 10] = [
        (
            &["--kind", "exactly-n", "--waves", "3"],
            "--waves 3: exactly-n cases do not use it",
        ),
        (
            &["--kind", "hard", "--waves", "2"],
            "--waves 2: hard cases do not use it",
        ),
        (
            &["--kind", "bottom-row", "--density", "4"],
            "--density 4: a bottom-row case",
        ),
        (
            &["--kind", "tower", "--density", "5"],
            "--density 5: a tower case starts with a column of 6 or 7",
        ),
        (
            &["--kind", "fewer-than-n", "--n", "1"],
            "--n 1: a fewer-than-n case",
        ),
        (
            &["--kind", "dialect-sensitive", "--n", "1"],
            "--n 1: no dialect-sensitive case",
        ),
        (
            &["--kind", "random", "--blocks", "30", "--density", "4"],
            "--blocks 30: columns of at most --density 4 hold 20 blocks",
        ),
        (
            &["--kind", "bottom-row", "--blocks", "6"],
            "--blocks 6: a bottom-row case holds at most 5 blocks",
        ),
        (
            &["--kind", "cascade", "--waves", "9", "--n", "5"],
            "--waves 9: a move of 9 waves clears at least 27 blocks",
        ),
        (
            &["--kind", "random", "--blocks", "36"],
            "give a number of blocks from 1 to 35",
        ),
    ];
    for (flags, message) in refused {
        mayan()
            .arg("gen")
            .args(flags)
            .arg("--out")
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
    for other in ["--kind", "--colours", "--waves", "--blocks"] {
        let value = if other == "--kind" { "cross" } else { "3" };
        mayan()
            .args(["gen", "--suite", other, value, "--out"])
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "'--suite' cannot be used with '{other}"
            )));
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
}

#[test]
fn a_suite_has_the_shape_of_the_official_data_and_validates_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    mayan()
        .args(["gen", "--suite", "--seed", "3", "--out"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("suite-010.in: exactly-n, n = 5"));
    let cases = written(dir.path());
    let ns: Vec<u8> = cases.iter().map(|(_, c, _)| c.n).collect();
    assert_eq!(ns, [2, 2, 1, 3, 4, 4, 5, 5, 5, 5]);
    let mut solver = Solver::new();
    for (i, (input, case, answer)) in cases.iter().enumerate() {
        let shown = input.display();
        match i {
            0 | 5 => assert_eq!(*answer, Answer::NoSolution, "{shown}"),
            _ => assert!(
                clears(case, answer) && needs_all_n(case, &mut solver),
                "{shown}"
            ),
        }
        let bottom = (0..5).all(|x| case.board.height(x) <= 1);
        assert_eq!(bottom, i < 3, "{shown}");
        assert!(i < 3 || case.board.block_count() >= 18, "{shown}");
    }
    mayan()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "validated 10 cases (null-swaps = include, steps = exact): 0 errors, 0 warnings; 0 dialect-sensitive, 0 clearable in fewer than n moves",
        ));
}

/// Regression: `--force` over a case wrote X.in and X.ans anew but left the
/// earlier case's answer files for other dialects (X.exclude.ans, ...),
/// which then judged the new case under those dialects.
#[test]
fn force_removes_the_earlier_cases_answer_files() {
    let dir = tempfile::tempdir().unwrap();
    let files = || {
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    mayan()
        .args(["gen", "--kind", "dialect-sensitive", "--seed", "1", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    assert!(files().len() > 2, "{:?}", files());
    mayan()
        .args(["gen", "--kind", "exactly-n", "--n", "3", "--robust"])
        .args(["--name", "dialect-sensitive", "--force", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    assert_eq!(
        files(),
        ["dialect-sensitive-001.ans", "dialect-sensitive-001.in"]
    );
    mayan()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("0 errors, 0 warnings"));
}

/// Regression: `mayan gen ... | head -1` panicked on the closed pipe after
/// the first case and left the rest unwritten.
#[test]
fn a_closed_stdout_does_not_stop_generation() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("mayan"))
        .args(["gen", "--kind", "random", "--count", "50", "--out"])
        .arg(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("random-050.ans").exists());
}
