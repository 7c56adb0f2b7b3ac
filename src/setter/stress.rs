//! Stress testing: cases drawn one after another until a submission fails
//! one, then the failing case shrunk (fewer blocks, fewer colours, smaller n)
//! for as long as it still fails the same way, so a person can read it.
//!
//! [`stress`] drives the whole search through the judge's grading of one
//! case; [`stress_case`] and [`shrink`] decide which cases to try.

use std::path::{Path, PathBuf};

use crate::judge::plan::Plan;
use crate::judge::program::grade_program;
use crate::judge::result::CaseResult;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;
use crate::puzzle::answer::format_answer;
use crate::puzzle::board::{Board, WIDTH};
use crate::puzzle::case::{Case, format_case};
use crate::puzzle::rules::has_run;
use crate::runner::Runner;
use crate::setter::kinds::{Kind, Options, generate};
use crate::setter::random::Rng;
use crate::solver::Solver;

/// The kinds stress testing draws from, in turn.
const KINDS: [Kind; 8] = [
    Kind::Random,
    Kind::ExactlyN,
    Kind::FewerThanN,
    Kind::LeftMove,
    Kind::Cascade,
    Kind::Cross,
    Kind::DialectSensitive,
    Kind::BottomRow,
];

/// The `i`-th stress case for a seed: kinds in turn, sizes varied.
pub fn stress_case(seed: u64, i: u64, solver: &mut Solver) -> Option<Case> {
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
    let kind = KINDS[(i % KINDS.len() as u64) as usize];
    let options = Options {
        n: None,
        colours: rng.range(2, 5) as u8,
        density: rng.range(2, 5) as u8,
        waves: 2,
        robust: false,
    };
    generate(kind, &options, &mut rng, solver)
}

/// Smaller cases made from `case`, the boldest first: a colour removed, a
/// column emptied, n lowered, one block removed, two colours merged. Each is
/// a valid case (no run on the starting board).
pub fn shrink_candidates(case: &Case) -> Vec<Case> {
    let columns = case.board.columns();
    let mut out = Vec::new();
    let mut push = |cols: &[Vec<u8>], n: u8| {
        let kept = Board::from_columns(cols)
            .ok()
            .filter(|b| !has_run(b) && !b.is_empty() && (*b != case.board || n != case.n));
        if let Some(board) = kept {
            out.push(Case { n, board });
        }
    };
    let counts = case.board.colour_counts();
    let present: Vec<u8> = (1..counts.len() as u8)
        .filter(|&c| counts[c as usize] > 0)
        .collect();
    for &c in &present {
        let cols: Vec<Vec<u8>> = columns
            .iter()
            .map(|col| col.iter().copied().filter(|&b| b != c).collect())
            .collect();
        push(&cols, case.n);
    }
    for x in 0..WIDTH {
        let mut cols = columns.to_vec();
        cols[x].clear();
        push(&cols, case.n);
    }
    if case.n > 1 {
        push(&columns, case.n - 1);
    }
    for x in 0..WIDTH {
        for y in (0..columns[x].len()).rev() {
            let mut cols = columns.to_vec();
            cols[x].remove(y);
            push(&cols, case.n);
        }
    }
    for (i, &a) in present.iter().enumerate() {
        for &b in &present[..i] {
            let cols: Vec<Vec<u8>> = columns
                .iter()
                .map(|col| col.iter().map(|&v| if v == a { b } else { v }).collect())
                .collect();
            push(&cols, case.n);
        }
    }
    out
}

/// Shrinks `case` while `still_fails` says a candidate fails the same way;
/// returns the smallest found and how many candidates were tried.
pub fn shrink(case: Case, mut still_fails: impl FnMut(&Case) -> bool) -> (Case, usize) {
    let mut current = case;
    let mut tried = 0;
    'outer: loop {
        for candidate in shrink_candidates(&current) {
            tried += 1;
            if still_fails(&candidate) {
                current = candidate;
                continue 'outer;
            }
        }
        return (current, tried);
    }
}

/// What a stress run looks for.
pub struct Request<'a> {
    pub seed: u64,
    /// Cases tried at most.
    pub cases: u64,
    pub argv: &'a [String],
    pub plan: &'a Plan,
}

/// A case that failed, shrunk.
#[derive(Debug, Clone)]
pub struct Failure {
    /// Which case of the run failed first (from 1).
    pub index: u64,
    /// Its result, before shrinking.
    pub first: CaseResult,
    /// The smallest case that fails the same way, and its result.
    pub small: Case,
    pub last: CaseResult,
    /// Candidates tried while shrinking.
    pub tried: usize,
    /// The reference answer of the small case.
    pub expected: String,
}

/// A stress run that could not go on.
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("judge error on case {index}: {message}")]
    Judge { index: u64, message: String },
    #[error("interrupted")]
    Interrupted,
}

/// Tries cases until one fails, then shrinks it; `None` when all passed.
pub fn stress(
    request: &Request,
    runner: &dyn Runner,
    scratch: &Path,
) -> Result<Option<Failure>, StressError> {
    let mut solver = Solver::new();
    for i in 0..request.cases {
        let Some(case) = stress_case(request.seed, i, &mut solver) else {
            continue;
        };
        let first = grade_one(&case, scratch, runner, request)?;
        match first.verdict {
            Verdict::AC => continue,
            Verdict::JudgeError => {
                return Err(StressError::Judge {
                    index: i + 1,
                    message: first.message,
                });
            }
            _ => {}
        }
        let verdict = first.verdict;
        let (small, tried) = shrink(case, |c| {
            grade_one(c, scratch, runner, request).is_ok_and(|r| r.verdict == verdict)
        });
        let last = grade_one(&small, scratch, runner, request)?;
        let solution = solver.solve(&small.board, small.n, request.plan.policy.dialect);
        return Ok(Some(Failure {
            index: i + 1,
            first,
            small,
            last,
            tried,
            expected: format_answer(solution.as_deref()),
        }));
    }
    Ok(None)
}

/// Grades one in-memory case by writing it to the scratch folder.
fn grade_one(
    case: &Case,
    scratch: &Path,
    runner: &dyn Runner,
    request: &Request,
) -> Result<CaseResult, StressError> {
    let input = scratch.join("case.in");
    std::fs::write(&input, format_case(case)).map_err(|source| StressError::Write {
        path: input.clone(),
        source,
    })?;
    let file = CaseFile {
        suite: "stress".into(),
        name: "case".into(),
        input,
        answer: None,
        points: 1,
    };
    let one = std::slice::from_ref(&file);
    let mut results = grade_program(runner, request.argv, one, request.plan, &mut |_| {});
    // No result: the judge was asked to stop.
    results.pop().ok_or(StressError::Interrupted)
}

/// Writes a failure's small case and its answer as `DIR/NAME.in` and
/// `.ans`; returns the input's path.
pub fn save(dir: &Path, name: &str, failure: &Failure) -> Result<PathBuf, StressError> {
    let write = |path: PathBuf, text: &str| {
        std::fs::write(&path, text)
            .map(|()| path.clone())
            .map_err(|source| StressError::Write { path, source })
    };
    std::fs::create_dir_all(dir).map_err(|source| StressError::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    let input = write(dir.join(format!("{name}.in")), &format_case(&failure.small))?;
    write(dir.join(format!("{name}.ans")), &failure.expected)?;
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(n: u8, cols: [&[u8]; 5]) -> Case {
        Case {
            n,
            board: Board::from_columns(&cols).unwrap(),
        }
    }

    #[test]
    fn candidates_are_smaller_valid_cases() {
        let c = case(3, [&[1, 2], &[1, 3], &[2, 1], &[3, 3], &[2]]);
        let all = shrink_candidates(&c);
        assert!(!all.is_empty());
        for s in &all {
            assert!(!has_run(&s.board));
            assert!(
                s.board.block_count() < c.board.block_count()
                    || s.n < c.n
                    || s.board.colour_counts().iter().filter(|&&k| k > 0).count() < 3
            );
        }
        // The first candidates drop a whole colour.
        assert_eq!(all[0].board.colour_counts()[1], 0);
    }

    #[test]
    fn shrinking_finds_a_minimal_failure() {
        // "Fails" whenever colour 2 has at least three blocks: the smallest such
        // case is three 2s that do not form a run.
        let c = case(3, [&[1, 2], &[2, 1, 3], &[3, 1], &[2, 3], &[2, 2]]);
        let fails = |k: &Case| k.board.colour_counts()[2] >= 3;
        let (small, tried) = shrink(c, fails);
        assert!(tried > 0);
        assert_eq!(small.n, 1);
        assert_eq!(small.board.block_count(), 3, "{:?}", small.board);
        assert_eq!(small.board.colour_counts()[2], 3);
    }

    #[test]
    fn stress_cases_are_deterministic_and_varied() {
        let mut solver = Solver::new();
        let a: Vec<Option<Case>> = (0..8).map(|i| stress_case(3, i, &mut solver)).collect();
        let b: Vec<Option<Case>> = (0..8).map(|i| stress_case(3, i, &mut solver)).collect();
        assert_eq!(a, b);
        assert!(a.iter().flatten().count() >= 7);
    }
}
