//! The checker (special judge): replays a contestant's output through the rules
//! and gives SPEC.md's verdict (AC, WA, PE, FAIL) with a message a contestant
//! or a teacher can act on.
//!
//! Pure: text and boards in, a [`CheckResult`] out. Reading files, bounding what
//! is read and speaking the judges' protocols is `protocol`'s business.

pub mod protocol;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::puzzle::answer::{Answer, AnswerError, format_answer, parse_answer};
use crate::puzzle::board::Board;
use crate::puzzle::case::Case;
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};
use crate::puzzle::render::draw_board;
use crate::puzzle::rules::{RawMove, apply};
use crate::solver::Solver;
use crate::text::plural;

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
    let reference = Answer::from_solution(solver.solve(&case.board, case.n, policy.dialect));
    if let Some(fault) =
        expected.and_then(|text| check_answer_file(case, text, &reference, policy.dialect, solver))
    {
        return fault;
    }
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
        Answer::NoSolution => judge_no_solution(&reference),
        Answer::Moves(moves) => judge_moves(case, &moves, &reference, policy),
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

/// FAIL when the answer file is unreadable or disagrees with the reference.
fn check_answer_file(
    case: &Case,
    text: &str,
    reference: &Answer,
    dialect: Dialect,
    solver: &mut Solver,
) -> Option<CheckResult> {
    let written = match parse_answer(text) {
        Ok(a) => a,
        Err(e) => {
            return Some(CheckResult::new(
                CheckVerdict::Fail,
                format!("the answer file is not well-formed: {e}"),
            ));
        }
    };
    if &written == reference {
        return None;
    }
    let matches: Vec<String> = Dialect::ALL
        .iter()
        .filter(|&&d| {
            d != dialect && Answer::from_solution(solver.solve(&case.board, case.n, d)) == written
        })
        .map(|d| d.to_string())
        .collect();
    let hint = if matches.is_empty() {
        "it matches no dialect".to_string()
    } else {
        format!("it is the answer under {}", matches.join("; "))
    };
    Some(CheckResult::new(
        CheckVerdict::Fail,
        format!(
            "the answer file says {}, but the reference solver ({dialect}) says {}; {hint}",
            written.one_line(),
            reference.one_line()
        ),
    ))
}

fn judge_no_solution(reference: &Answer) -> CheckResult {
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

/// Where replaying a contestant's moves stopped.
struct Replayed {
    /// The board after the last legal move.
    board: Board,
    /// The first move that may not be made: its index, why, and the board
    /// before it.
    refused: Option<(usize, String, Board)>,
}

/// Replays moves until one is illegal, or (under `null-swaps = exclude`)
/// swaps two equal colours.
fn replay_moves(start: &Board, moves: &[RawMove], null_swaps: NullSwaps) -> Replayed {
    let mut board = *start;
    for (i, &raw) in moves.iter().enumerate() {
        let refuse = |why: String| Some((i, why, board));
        let target_colour = |b: &Board| {
            let (x, y) = (raw.x as usize, raw.y as usize);
            (b.get(x, y), b.get((raw.x + raw.g) as usize, y))
        };
        let next = match apply(&board, raw) {
            Ok(next) => next,
            Err(why) => {
                return Replayed {
                    board,
                    refused: refuse(format!("move {} ({raw}): {why}", i + 1)),
                };
            }
        };
        let (colour, other) = target_colour(&board);
        if null_swaps == NullSwaps::Exclude && colour == other {
            let why = format!(
                "move {} ({raw}) swaps two blocks of colour {colour}; under null-swaps = exclude that is not a move",
                i + 1
            );
            return Replayed {
                board,
                refused: refuse(why),
            };
        }
        board = next;
    }
    Replayed {
        board,
        refused: None,
    }
}

fn judge_moves(case: &Case, moves: &[RawMove], reference: &Answer, policy: Policy) -> CheckResult {
    let (n, k) = (usize::from(case.n), moves.len());
    let replayed = replay_moves(&case.board, moves, policy.dialect.null_swaps);
    let count_ok = match policy.dialect.steps {
        Steps::Exact => k == n,
        Steps::AtMost => k <= n,
    };
    if !count_ok {
        let asks = match policy.dialect.steps {
            Steps::Exact => format!("the case asks for exactly {n}"),
            Steps::AtMost => format!("the case allows at most {n}"),
        };
        let early = k < n && replayed.refused.is_none() && replayed.board.is_empty();
        let note = if early {
            " (they do clear the board, but too early)"
        } else {
            ""
        };
        return CheckResult::new(
            CheckVerdict::WrongAnswer,
            format!("the output has {}, {asks}{note}", plural(k, "move")),
        );
    }
    if let Some((i, why, before)) = replayed.refused {
        let picture = draw_board(&format!("before move {}", i + 1), &before, false);
        return CheckResult::new(CheckVerdict::WrongAnswer, why).with_details(picture);
    }
    let board = replayed.board;
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
    if policy.accept == Accept::AnyValid {
        return CheckResult::new(
            CheckVerdict::Accepted,
            format!("a valid solution in {}", plural(k, "move")),
        );
    }
    if moves == smallest.as_slice() {
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
    let theirs = moves
        .get(i)
        .map_or("nothing".to_string(), RawMove::to_string);
    let ours = smallest
        .get(i)
        .map_or("nothing".to_string(), RawMove::to_string);
    let summary = format!(
        "a valid solution, but not the smallest: move {} is {theirs}, the smallest has {ours} there",
        i + 1
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
