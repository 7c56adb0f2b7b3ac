//! The answer format (`*.ans`, `*.out`): `n` lines `x y g`, or one line `-1`.
//! Writing it, and reading it as tokens (extra spaces, blank lines, CRLF and a
//! missing final newline are fine).
//!
//! Only the form is checked here; whether the moves are legal and clear the
//! board is the rules' and the checker's business.

use std::fmt::Write as _;

use crate::puzzle::case::{ReadError, read_case_text};
use crate::puzzle::rules::{Move, RawMove};

/// What an answer says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `-1`: no solution.
    NoSolution,
    /// A list of moves, in order.
    Moves(Vec<RawMove>),
}

impl Answer {
    /// The answer that says what a solver found.
    pub fn from_solution(solution: Option<Vec<Move>>) -> Answer {
        match solution {
            None => Answer::NoSolution,
            Some(moves) => Answer::Moves(moves.into_iter().map(RawMove::from).collect()),
        }
    }

    /// The answer as a file holds it: a line per move, or `-1`.
    pub fn to_text(&self) -> String {
        match self {
            Answer::NoSolution => "-1\n".to_string(),
            Answer::Moves(moves) => moves.iter().map(|m| format!("{m}\n")).collect(),
        }
    }

    /// The answer on one line, moves separated by " / ".
    pub fn one_line(&self) -> String {
        match self {
            Answer::NoSolution => "-1".to_string(),
            Answer::Moves(moves) if moves.is_empty() => "(no moves)".to_string(),
            Answer::Moves(moves) => moves
                .iter()
                .map(RawMove::to_string)
                .collect::<Vec<_>>()
                .join(" / "),
        }
    }
}

/// An answer that is not well-formed (the checker's PE), with the 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("the output is empty")]
    Empty,
    #[error("line {line}: `{token}` is not an integer")]
    NotAnInteger { line: usize, token: String },
    #[error("line {line}: move {number} is cut off after {got} of its 3 numbers")]
    PartialMove {
        line: usize,
        number: usize,
        got: usize,
    },
    #[error("line {line}: `{token}` follows -1, which must stand alone")]
    AfterNoSolution { line: usize, token: String },
}

/// Reads an answer as tokens, so whitespace never matters. A first token `-1`
/// means "no solution" and must be the only one (no move starts with `x = -1`,
/// so nothing is lost). Otherwise the tokens are read three at a time.
pub fn parse_answer(text: &str) -> Result<Answer, AnswerError> {
    let text = text.strip_prefix(crate::puzzle::case::BOM).unwrap_or(text);
    let mut numbers = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for token in line.split_whitespace() {
            let value = token
                .parse::<i64>()
                .map_err(|_| AnswerError::NotAnInteger {
                    line: i + 1,
                    token: crate::text::excerpt(token, 24),
                })?;
            numbers.push((i + 1, value, token));
        }
    }
    let Some(&(_, first, _)) = numbers.first() else {
        return Err(AnswerError::Empty);
    };
    if first == -1 {
        return match numbers.get(1) {
            None => Ok(Answer::NoSolution),
            Some(&(line, _, token)) => Err(AnswerError::AfterNoSolution {
                line,
                token: crate::text::excerpt(token, 24),
            }),
        };
    }
    let chunks = numbers.chunks(3);
    let mut moves = Vec::with_capacity(numbers.len() / 3);
    for (index, chunk) in chunks.enumerate() {
        match *chunk {
            [(_, x, _), (_, y, _), (_, g, _)] => moves.push(RawMove { x, y, g }),
            _ => {
                return Err(AnswerError::PartialMove {
                    line: chunk[chunk.len() - 1].0,
                    number: index + 1,
                    got: chunk.len(),
                });
            }
        }
    }
    Ok(Answer::Moves(moves))
}

/// An answer file's text, read as a case file is (bounded, bytes that are
/// not UTF-8 shown); `None` when it holds nothing but whitespace, which
/// means the reference solver decides.
pub fn read_answer_file(path: &std::path::Path) -> Result<Option<String>, ReadError> {
    Ok(answer_text(read_case_text(path)?))
}

/// An answer file's text as [`read_answer_file`] gives it: `None` when it
/// holds nothing but whitespace.
pub fn answer_text(text: String) -> Option<String> {
    (!text.trim().is_empty()).then_some(text)
}

/// The contest output for a solution, or `-1` for none.
pub fn format_answer(solution: Option<&[Move]>) -> String {
    match solution {
        None => "-1\n".to_string(),
        Some(moves) => moves.iter().fold(String::new(), |mut out, m| {
            let _ = writeln!(out, "{m}");
            out
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rules::Dir;

    fn raw(x: i64, y: i64, g: i64) -> RawMove {
        RawMove { x, y, g }
    }

    #[test]
    fn formats_moves_and_no_solution() {
        let moves = [Move::new(2, 1, Dir::Right), Move::new(3, 0, Dir::Left)];
        assert_eq!(format_answer(Some(&moves)), "2 1 1\n3 0 -1\n");
        assert_eq!(format_answer(None), "-1\n");
    }

    #[test]
    fn reads_moves_whatever_the_whitespace() {
        let want = Answer::Moves(vec![raw(2, 1, 1), raw(3, 0, -1)]);
        assert_eq!(parse_answer("2 1 1\n3 0 -1\n"), Ok(want.clone()));
        assert_eq!(parse_answer("  2 1 1\r\n\r\n3 0 -1"), Ok(want.clone()));
        assert_eq!(parse_answer("2\n1\n1 3 0\n-1\n"), Ok(want));
    }

    #[test]
    fn reads_no_solution() {
        assert_eq!(parse_answer("-1\n"), Ok(Answer::NoSolution));
        assert_eq!(parse_answer("\n -1 \r\n\n"), Ok(Answer::NoSolution));
    }

    #[test]
    fn rejects_malformed_output() {
        assert_eq!(parse_answer(""), Err(AnswerError::Empty));
        assert_eq!(parse_answer(" \n\n"), Err(AnswerError::Empty));
        assert_eq!(
            parse_answer("1 0 1\n2 0 x\n"),
            Err(AnswerError::NotAnInteger {
                line: 2,
                token: "x".into()
            })
        );
        assert_eq!(
            parse_answer("1 0 1\n2 0\n"),
            Err(AnswerError::PartialMove {
                line: 2,
                number: 2,
                got: 2
            })
        );
        assert_eq!(
            parse_answer("-1\n0 0 1\n"),
            Err(AnswerError::AfterNoSolution {
                line: 2,
                token: "0".into()
            })
        );
    }

    #[test]
    fn minus_one_must_stand_alone_wherever_the_line_breaks_fall() {
        let after = |line| AnswerError::AfterNoSolution {
            line,
            token: "0".into(),
        };
        assert_eq!(parse_answer("-1 0 1\n"), Err(after(1)));
        assert_eq!(parse_answer("-1\n0 1\n"), Err(after(2)));
    }
}
