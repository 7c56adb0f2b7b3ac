//! The checker (special judge): replays a contestant's output through the rules
//! and gives SPEC.md's verdict (AC, WA, PE, FAIL) with a message a contestant
//! or a teacher can act on.
//!
//! Pure: text and boards in, a [`CheckResult`] out. Reading files, bounding what
//! is read and speaking the judges' protocols is `protocol`'s business.

pub mod protocol;
pub mod reference;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::puzzle::answer::{Answer, AnswerError, format_answer, parse_answer};
use crate::puzzle::case::Case;
use crate::puzzle::dialect::{Dialect, Steps};
use crate::puzzle::render::draw_board;
use crate::puzzle::rules::{RawMove, Replay, replay};
use crate::solver::Solver;
use crate::text::plural;
use reference::References;

/// What the checker says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CheckVerdict {
    /// Accepted.
    #[serde(rename = "AC")]
    Accepted,
    /// Well-formed but wrong.
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Not well-formed.
    #[serde(rename = "PE")]
    PresentationError,
    /// The judge itself is wrong (answer file, reference): never the
    /// contestant's fault.
    #[serde(rename = "FAIL")]
    Fail,
}

impl CheckVerdict {
    pub fn code(self) -> &'static str {
        match self {
            CheckVerdict::Accepted => "AC",
            CheckVerdict::WrongAnswer => "WA",
            CheckVerdict::PresentationError => "PE",
            CheckVerdict::Fail => "FAIL",
        }
    }
}

impl fmt::Display for CheckVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Which outputs are accepted.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Accept {
    /// Only the smallest solution (the official rule).
    #[default]
    Lexmin,
    /// Any legal move list that clears the board, or -1 exactly when none exists.
    AnyValid,
}

/// Everything that decides a verdict besides the texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Policy {
    pub accept: Accept,
    pub dialect: Dialect,
}

/// A verdict with its explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckResult {
    pub verdict: CheckVerdict,
    /// One line saying what happened, in the contestant's terms.
    pub summary: String,
    /// More lines where they help: boards, a diff. May be empty.
    pub details: String,
}

impl CheckResult {
    fn new(verdict: CheckVerdict, summary: impl Into<String>) -> CheckResult {
        CheckResult {
            verdict,
            summary: summary.into(),
            details: String::new(),
        }
    }

    fn with_details(mut self, details: String) -> CheckResult {
        self.details = details;
        self
    }
}

/// The contestant's output as far as the checker could read it.
pub enum Output<'a> {
    Text(&'a str),
    /// More bytes than the checker reads; the number is the limit.
    TooLarge(u64),
}

/// Judges `output` for `case`. `expected` is the answer file's text when there
/// is one; without it the reference solver supplies the answer.
pub fn check(
    case: &Case,
    output: Output,
    expected: Option<&str>,
    policy: Policy,
    solver: &mut Solver,
) -> CheckResult {
    let mut refs = References::of(case);
    if let Some(fault) =
        expected.and_then(|text| check_answer_file(&mut refs, text, policy.dialect, solver))
    {
        return fault;
    }
    let reference = refs.get(policy.dialect, solver).clone();
    let received = match output {
        Output::TooLarge(limit) => {
            return CheckResult::new(
                CheckVerdict::PresentationError,
                format!(
                    "the output is larger than {limit} bytes; an answer is at most a few lines"
                ),
            );
        }
        Output::Text(text) => match parse_answer(text) {
            Ok(answer) => answer,
            // Under `steps = at-most` an empty board is solved by no moves at all.
            Err(AnswerError::Empty) if reference == Answer::Moves(Vec::new()) => {
                Answer::Moves(Vec::new())
            }
            Err(e) => {
                return CheckResult::new(
                    CheckVerdict::PresentationError,
                    describe_format_error(&e),
                );
            }
        },
    };
    match received {
        Answer::NoSolution => check_no_solution(&reference),
        Answer::Moves(moves) => check_moves(case, &moves, &reference, policy),
    }
}

fn describe_format_error(e: &AnswerError) -> String {
    match e {
        AnswerError::Empty => {
            "the output is empty; expected moves `x y g`, one per line, or -1".to_string()
        }
        AnswerError::PartialMove { .. } => {
            format!("{e}: the output is cut off in the middle of a move")
        }
        _ => e.to_string(),
    }
}

/// FAIL when the answer file is malformed or disagrees with the reference.
fn check_answer_file(
    refs: &mut References,
    text: &str,
    dialect: Dialect,
    solver: &mut Solver,
) -> Option<CheckResult> {
    refs.check_file(text, dialect, solver)
        .err()
        .map(|fault| CheckResult::new(CheckVerdict::Fail, fault.to_string()))
}

fn check_no_solution(reference: &Answer) -> CheckResult {
    match reference {
        Answer::NoSolution => CheckResult::new(CheckVerdict::Accepted, "-1, there is no solution"),
        Answer::Moves(moves) => CheckResult::new(
            CheckVerdict::WrongAnswer,
            format!(
                "-1, but a solution exists: {}",
                Answer::Moves(moves.clone()).one_line()
            ),
        ),
    }
}

/// A list of moves: the right count, every move legal, the board cleared,
/// and (under `lexmin`) the smallest solution.
fn check_moves(case: &Case, moves: &[RawMove], reference: &Answer, policy: Policy) -> CheckResult {
    let replayed = replay(&case.board, moves, policy.dialect.null_swaps);
    if let Some(wrong) = wrong_count(case, moves.len(), &replayed, policy.dialect.steps) {
        return wrong;
    }
    let k = moves.len();
    if let Some((i, why)) = &replayed.illegal {
        let before = replayed.before(&case.board, *i);
        let picture = draw_board(&format!("before move {}", i + 1), before, false);
        let summary = format!("move {} ({}): {why}", i + 1, moves[*i]);
        return CheckResult::new(CheckVerdict::WrongAnswer, summary).with_details(picture);
    }
    let board = *replayed.last_board(&case.board);
    if !board.is_empty() {
        let summary = format!(
            "after {} {} remain",
            plural(k, "move"),
            plural(board.block_count(), "block")
        );
        let picture = draw_board(&format!("after move {k}"), &board, false);
        return CheckResult::new(CheckVerdict::WrongAnswer, summary).with_details(picture);
    }
    let Answer::Moves(smallest) = reference else {
        return CheckResult::new(
            CheckVerdict::Fail,
            format!(
                "the output clears the board in {}, but the reference says -1: the judge is wrong",
                plural(k, "move")
            ),
        );
    };
    compare_with_smallest(moves, smallest, policy.accept)
}

/// WA when the output has more or fewer moves than the dialect allows.
fn wrong_count(case: &Case, k: usize, replayed: &Replay, steps: Steps) -> Option<CheckResult> {
    let n = usize::from(case.n);
    let (ok, asks) = match steps {
        Steps::Exact => (k == n, format!("the case asks for exactly {n}")),
        Steps::AtMost => (k <= n, format!("the case allows at most {n}")),
    };
    if ok {
        return None;
    }
    let early = k < n && replayed.illegal.is_none() && replayed.last_board(&case.board).is_empty();
    let note = if early {
        " (they do clear the board, but too early)"
    } else {
        ""
    };
    Some(CheckResult::new(
        CheckVerdict::WrongAnswer,
        format!("the output has {}, {asks}{note}", plural(k, "move")),
    ))
}

/// A valid solution held against the smallest: AC under `any-valid` or when
/// it is the smallest, else WA saying where it first differs.
fn compare_with_smallest(moves: &[RawMove], smallest: &[RawMove], accept: Accept) -> CheckResult {
    let k = moves.len();
    if accept == Accept::AnyValid {
        return CheckResult::new(
            CheckVerdict::Accepted,
            format!("a valid solution in {}", plural(k, "move")),
        );
    }
    if moves == smallest {
        return CheckResult::new(
            CheckVerdict::Accepted,
            format!("the smallest solution, {}", plural(k, "move")),
        );
    }
    let i = moves
        .iter()
        .zip(smallest)
        .position(|(a, b)| a != b)
        .unwrap_or(k.min(smallest.len()));
    let at = |list: &[RawMove]| {
        list.get(i)
            .map_or("nothing".to_string(), RawMove::to_string)
    };
    let summary = format!(
        "a valid solution, but not the smallest: move {} is {}, the smallest has {} there",
        i + 1,
        at(moves),
        at(smallest)
    );
    let expected = format_answer_raw(smallest);
    let received = format_answer_raw(moves);
    CheckResult::new(CheckVerdict::WrongAnswer, summary)
        .with_details(short_diff(&expected, &received))
}

fn format_answer_raw(moves: &[RawMove]) -> String {
    moves.iter().map(|m| format!("{m}\n")).collect()
}

/// A unified diff of the expected and received answers, a few lines long.
fn short_diff(expected: &str, received: &str) -> String {
    let diff = similar::TextDiff::from_lines(expected, received);
    let mut out = String::from("--- expected\n+++ received\n");
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => '-',
            similar::ChangeTag::Insert => '+',
            similar::ChangeTag::Equal => ' ',
        };
        out.push(sign);
        out.push_str(change.value());
        if !change.value().ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The expected answer's text for a case (the reference solver's).
pub fn reference_text(case: &Case, dialect: Dialect, solver: &mut Solver) -> String {
    format_answer(solver.solve(&case.board, case.n, dialect).as_deref())
}

#[cfg(test)]
mod tests;
