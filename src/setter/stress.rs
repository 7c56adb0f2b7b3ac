//! Stress testing: cases drawn one after another until a submission fails
//! one, then the failing case shrunk (fewer blocks, fewer colours, smaller n)
//! for as long as it still fails the same way, so a person can read it.
//!
//! [`stress`] drives the whole search through the judge's grading of one
//! case; [`stress_case`] and [`shrink`] decide which cases to try.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::judge::plan::Plan;
use crate::judge::program::grade_program;
use crate::judge::result::CaseResult;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;
use crate::puzzle::answer::format_answer;
use crate::puzzle::board::{Board, WIDTH};
use crate::puzzle::case::MAX_N;
use crate::puzzle::case::{Case, format_case};
use crate::puzzle::rules::has_run;
use crate::runner::Runner;
use crate::setter::kinds::generate;
use crate::setter::random::Rng;
use crate::setter::spec::{Kind, Options, Size};
use crate::solver::Solver;

/// The kinds stress testing draws from, in turn, unless told which.
pub const KINDS: [Kind; 10] = [
    Kind::Random,
    Kind::ExactlyN,
    Kind::FewerThanN,
    Kind::LeftMove,
    Kind::Cascade,
    Kind::Cross,
    Kind::DialectSensitive,
    Kind::BottomRow,
    Kind::Tower,
    Kind::Hard,
];

/// Which cases a stress run draws.
#[derive(Debug, Clone)]
pub struct Draw {
    pub seed: u64,
    /// The kinds, in turn.
    pub kinds: Vec<Kind>,
    /// Every case asks for this many moves; else n is drawn over 1..=5 for
    /// `random`, 2..=5 for `tower`, is 5 for `hard`, and is the kind's own
    /// (1 to 3) for the kinds that need a solution.
    pub n: Option<u8>,
}

/// The `i`-th stress case of a draw (`None` when its kind found none), and
/// its kind.
pub fn stress_case(draw: &Draw, i: u64, solver: &mut Solver) -> (Kind, Option<Case>) {
    let mut rng = Rng::new(draw.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
    let kind = draw.kinds[(i % draw.kinds.len() as u64) as usize];
    // Kinds that need a solution keep their own n (1 to 3): few random
    // boards are solvable in 4 or 5 moves.
    let n = draw.n.or(match kind {
        Kind::Random => Some(rng.range(1, u64::from(MAX_N)) as u8),
        Kind::Hard => Some(MAX_N),
        Kind::Tower => Some(rng.range(2, u64::from(MAX_N)) as u8),
        _ => None,
    });
    let colours = rng.range(2, 5) as u8;
    // Small boards: a failing case shrinks fast. Hard boards of fewer than 5
    // colours are slow to find with no run by drawing whole boards.
    let options = Options {
        n,
        colours: if kind == Kind::Hard {
            colours.max(5)
        } else {
            colours
        },
        density: rng.range(2, 5) as u8,
        waves: 2,
        robust: false,
        size: Size::Planted,
    };
    (kind, generate(kind, &options, &mut rng, solver))
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
    pub draw: Draw,
    /// Cases tried at most.
    pub cases: u64,
    pub argv: &'a [String],
    /// How each case is judged; `plan.jobs` cases are judged at once.
    pub plan: &'a Plan,
}

/// A case that failed, shrunk.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    /// Which case of the run failed first (from 1), and its kind.
    pub index: u64,
    pub kind: String,
    /// That case as drawn, and its result.
    pub case: String,
    pub first: CaseResult,
    /// The smallest case that fails the same way, and its result.
    pub small: String,
    pub last: CaseResult,
    /// Candidates tried while shrinking.
    pub tried: usize,
    /// The reference answer of the small case.
    pub expected: String,
    #[serde(skip)]
    pub small_case: Case,
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

/// What a stress run found.
#[derive(Debug)]
pub struct Found {
    /// Cases drawn and judged (a draw whose kind found no case is skipped).
    pub judged: u64,
    /// The first failure, shrunk; `None` when every case judged passed.
    pub failure: Option<Failure>,
}

/// Tries cases until one fails (`plan.jobs` at a time), then shrinks it.
pub fn stress(
    request: &Request,
    runner: &dyn Runner,
    scratch: &Path,
) -> Result<Found, StressError> {
    let mut solver = Solver::new();
    let batch = request.plan.jobs.max(1) as u64;
    let (mut i, mut judged) = (0, 0);
    while i < request.cases {
        let drawn: Vec<(u64, Kind, Case)> = (i..(i + batch).min(request.cases))
            .filter_map(|k| {
                let (kind, case) = stress_case(&request.draw, k, &mut solver);
                case.map(|c| (k, kind, c))
            })
            .collect();
        i += batch;
        let cases: Vec<Case> = drawn.iter().map(|(_, _, c)| *c).collect();
        let results = grade_many(&cases, scratch, runner, request)?;
        for ((k, kind, case), first) in drawn.into_iter().zip(results) {
            judged += 1;
            match first.verdict {
                Verdict::AC => {}
                Verdict::JudgeError => {
                    return Err(StressError::Judge {
                        index: k + 1,
                        message: first.message,
                    });
                }
                _ => {
                    let failure = shrunk(request, runner, scratch, (k, kind, case), first)?;
                    return Ok(Found {
                        judged,
                        failure: Some(failure),
                    });
                }
            }
        }
    }
    Ok(Found {
        judged,
        failure: None,
    })
}

/// The failure of a case, shrunk while it fails with the same verdict.
fn shrunk(
    request: &Request,
    runner: &dyn Runner,
    scratch: &Path,
    (k, kind, case): (u64, Kind, Case),
    first: CaseResult,
) -> Result<Failure, StressError> {
    let verdict = first.verdict;
    let (small, tried) = shrink(case, |c| {
        grade_one(c, scratch, runner, request).is_ok_and(|r| r.verdict == verdict)
    });
    let last = grade_one(&small, scratch, runner, request)?;
    let solution = Solver::new().solve(&small.board, small.n, request.plan.policy.dialect);
    let kind = clap::ValueEnum::to_possible_value(&kind)
        .map_or(String::new(), |v| v.get_name().to_string());
    Ok(Failure {
        index: k + 1,
        kind,
        case: format_case(&case),
        first,
        small: format_case(&small),
        last,
        tried,
        expected: format_answer(solution.as_deref()),
        small_case: small,
    })
}

/// Grades in-memory cases, all at once as the plan allows, by writing each
/// to the scratch folder; results in the cases' order.
fn grade_many(
    cases: &[Case],
    scratch: &Path,
    runner: &dyn Runner,
    request: &Request,
) -> Result<Vec<CaseResult>, StressError> {
    let mut files = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let input = scratch.join(format!("case-{i}.in"));
        std::fs::write(&input, format_case(case)).map_err(|source| StressError::Write {
            path: input.clone(),
            source,
        })?;
        files.push(CaseFile {
            suite: "stress".into(),
            name: format!("case-{i}"),
            input,
            answer: None,
            points: 1,
        });
    }
    let results = grade_program(runner, request.argv, &files, request.plan, &mut |_| {});
    // Fewer results than cases: the judge was asked to stop.
    if results.len() < cases.len() {
        return Err(StressError::Interrupted);
    }
    Ok(results)
}

/// Grades one in-memory case by writing it to the scratch folder.
fn grade_one(
    case: &Case,
    scratch: &Path,
    runner: &dyn Runner,
    request: &Request,
) -> Result<CaseResult, StressError> {
    let mut one = grade_many(std::slice::from_ref(case), scratch, runner, request)?;
    one.pop().ok_or(StressError::Interrupted)
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
    let input = write(dir.join(format!("{name}.in")), &failure.small)?;
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
    fn stress_cases_are_deterministic_and_cover_every_kind_and_n() {
        let mut solver = Solver::new();
        let draw = Draw {
            seed: 3,
            kinds: KINDS.to_vec(),
            n: None,
        };
        let a: Vec<_> = (0..60)
            .map(|i| stress_case(&draw, i, &mut solver))
            .collect();
        let b: Vec<_> = (0..60)
            .map(|i| stress_case(&draw, i, &mut solver))
            .collect();
        assert_eq!(a, b);
        let missing: Vec<Kind> = (a.iter().filter(|(_, c)| c.is_none()))
            .map(|(k, _)| *k)
            .collect();
        assert!(missing.len() <= 5, "{missing:?}");
        for kind in KINDS {
            assert!(a.iter().any(|(k, c)| *k == kind && c.is_some()), "{kind:?}");
        }
        for n in 1..=MAX_N {
            assert!(
                a.iter().any(|(_, c)| c.is_some_and(|c| c.n == n)),
                "n = {n}"
            );
        }
        let tall = (a.iter().filter_map(|(_, c)| c.as_ref()))
            .any(|c| (0..WIDTH).any(|x| c.board.height(x) == 7));
        assert!(tall, "a full column");
    }
}
