//! The case file format (`*.in`): `n`, then five columns bottom to top, each
//! ended by `0`. Read as whitespace-separated tokens, as contestants' programs
//! read it, with every violation of SPEC.md's guarantees reported as a typed
//! error naming the line. A strict reading also reports cosmetic points
//! (CRLF, trailing spaces, layout, skipped colour numbers) as warnings. A
//! case is read from a file ([`read_case_file`]), a stream
//! ([`read_case_from`]), or what a user names (a file or standard input,
//! [`read_case_input`]), to a bound.
//!
//! Not responsible for answers or contestants' output (see `answer`, the checker).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::puzzle::board::{Board, HEIGHT, MAX_COLOUR, WIDTH};
use crate::puzzle::rules::run_cells;

mod input;

pub use input::{CaseInput, read_case_input};

/// Largest `n` a case may ask for.
pub const MAX_N: u8 = 5;

/// One test case: clear `board` in `n` moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Case {
    pub n: u8,
    pub board: Board,
}

/// A case file that breaks the format or the guarantees, with the 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct CaseError {
    pub line: usize,
    pub kind: CaseErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CaseErrorKind {
    #[error("the file is empty; expected the number of moves n")]
    Empty,
    #[error("`{token}` is not an integer")]
    NotAnInteger { token: String },
    #[error("n = {n} is outside 1..={MAX_N}")]
    MovesOutOfRange { n: i64 },
    #[error("column {x}: colour {colour} is outside 1..={MAX_COLOUR}")]
    ColourOutOfRange { x: usize, colour: i64 },
    #[error("column {x} holds more than {HEIGHT} blocks (is its closing 0 missing?)")]
    ColumnTooTall { x: usize },
    #[error("column {x} (from line {start}) is not ended by 0")]
    ColumnNotEnded { x: usize, start: usize },
    #[error("only {found} of the {WIDTH} columns are given")]
    TooFewColumns { found: usize },
    #[error("`{token}` follows the fifth column; the case should end there")]
    TrailingTokens { token: String },
    #[error(
        "the starting board already holds a run of three or more: colour {colour} at {}",
        cells_text(cells)
    )]
    StartsWithRun {
        colour: u8,
        cells: Vec<(usize, usize)>,
    },
}

fn cells_text(cells: &[(usize, usize)]) -> String {
    let parts: Vec<String> = cells.iter().map(|(x, y)| format!("({x}, {y})")).collect();
    parts.join(" ")
}

/// A point a strict validator reports but a token reader does not mind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub line: usize,
    pub kind: WarningKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WarningKind {
    CrLf,
    ByteOrderMark,
    TrailingWhitespace,
    NoFinalNewline,
    BlankLine,
    /// A column's tokens do not stand alone on one line.
    Layout {
        what: String,
    },
    /// Colour numbers are not `1..=max` without gaps.
    SkippedColours {
        missing: Vec<u8>,
    },
    /// No block at all: under `steps = exact` the answer is -1, under
    /// `at-most` it is no moves (empty output).
    EmptyBoard,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            WarningKind::CrLf => write!(f, "CRLF line end"),
            WarningKind::ByteOrderMark => {
                write!(f, "a UTF-8 byte order mark before the first token")
            }
            WarningKind::TrailingWhitespace => write!(f, "trailing whitespace"),
            WarningKind::NoFinalNewline => write!(f, "no newline at the end of the file"),
            WarningKind::BlankLine => write!(f, "blank line"),
            WarningKind::EmptyBoard => write!(f, "the board holds no block"),
            WarningKind::Layout { what } => write!(f, "{what}"),
            WarningKind::SkippedColours { missing } => {
                let list: Vec<String> = missing.iter().map(u8::to_string).collect();
                write!(
                    f,
                    "colour numbers skip {} (the statement numbers colours in order from 1)",
                    list.join(", ")
                )
            }
        }
    }
}

struct Token<'a> {
    text: &'a str,
    line: usize,
}

/// The longest excerpt of a bad token an error quotes, in characters.
const TOKEN_EXCERPT: usize = 24;

/// The largest case file read: a case is a few short lines.
pub const MAX_CASE_BYTES: u64 = 1 << 20;

/// A UTF-8 byte order mark, which some editors put first in a file.
pub const BOM: char = '\u{feff}';

/// The tokens of a case, with their lines; a byte order mark before the
/// first is not part of it.
fn tokens(text: &str) -> impl Iterator<Item = Token<'_>> {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    text.lines().enumerate().flat_map(|(i, l)| {
        l.split_whitespace().map(move |t| Token {
            text: t,
            line: i + 1,
        })
    })
}

fn integer(token: &Token) -> Result<i64, CaseError> {
    token.text.parse::<i64>().map_err(|_| CaseError {
        line: token.line,
        kind: CaseErrorKind::NotAnInteger {
            token: crate::text::excerpt(token.text, TOKEN_EXCERPT),
        },
    })
}

/// Lines on which each part of a case was found.
#[derive(Debug, Clone, Default)]
struct Layout {
    n_line: usize,
    /// First and last line of each column's tokens (the closing 0 included).
    columns: Vec<(usize, usize)>,
    last_line: usize,
}

/// Reads a case as a token reader would.
pub fn parse_case(text: &str) -> Result<Case, CaseError> {
    parse_with_layout(text).map(|(case, _)| case)
}

fn parse_with_layout(text: &str) -> Result<(Case, Layout), CaseError> {
    let mut toks = tokens(text).peekable();
    let first = toks.next().ok_or(CaseError {
        line: 1,
        kind: CaseErrorKind::Empty,
    })?;
    let n = integer(&first)?;
    if !(1..=i64::from(MAX_N)).contains(&n) {
        let kind = CaseErrorKind::MovesOutOfRange { n };
        return Err(CaseError {
            line: first.line,
            kind,
        });
    }
    let mut layout = Layout {
        n_line: first.line,
        ..Layout::default()
    };
    let mut columns: Vec<Vec<u8>> = Vec::with_capacity(WIDTH);
    let mut last_line = first.line;
    for x in 0..WIDTH {
        let (column, start, end) = read_column(&mut toks, x, last_line)?;
        last_line = end;
        layout.columns.push((start, end));
        columns.push(column);
    }
    if let Some(tok) = toks.next() {
        let kind = CaseErrorKind::TrailingTokens {
            token: crate::text::excerpt(tok.text, TOKEN_EXCERPT),
        };
        return Err(CaseError {
            line: tok.line,
            kind,
        });
    }
    layout.last_line = last_line;
    let board = Board::from_columns(&columns).expect("columns were checked while reading");
    refuse_starting_runs(&board, &layout)?;
    Ok((Case { n: n as u8, board }, layout))
}

/// Reads column `x`, up to its closing `0`; the colours, bottom to top, and
/// the first and last line of its tokens. `last_line` is where the item
/// before it ended.
fn read_column<'a>(
    toks: &mut std::iter::Peekable<impl Iterator<Item = Token<'a>>>,
    x: usize,
    mut last_line: usize,
) -> Result<(Vec<u8>, usize, usize), CaseError> {
    let Some(start) = toks.peek().map(|t| t.line) else {
        let kind = CaseErrorKind::TooFewColumns { found: x };
        return Err(CaseError {
            line: last_line,
            kind,
        });
    };
    let mut column = Vec::new();
    loop {
        let Some(tok) = toks.next() else {
            let kind = CaseErrorKind::ColumnNotEnded { x, start };
            return Err(CaseError {
                line: last_line,
                kind,
            });
        };
        last_line = tok.line;
        let colour = integer(&tok)?;
        if colour == 0 {
            return Ok((column, start, last_line));
        }
        let kind = if !(1..=i64::from(MAX_COLOUR)).contains(&colour) {
            Some(CaseErrorKind::ColourOutOfRange { x, colour })
        } else if column.len() == HEIGHT {
            Some(CaseErrorKind::ColumnTooTall { x })
        } else {
            None
        };
        if let Some(kind) = kind {
            return Err(CaseError {
                line: tok.line,
                kind,
            });
        }
        column.push(colour as u8);
    }
}

/// A run of three on the starting board, which no valid case holds: the
/// error names the first run's colour and cells.
fn refuse_starting_runs(board: &Board, layout: &Layout) -> Result<(), CaseError> {
    let cells = run_cells(board);
    let Some(&(x, y)) = cells.first() else {
        return Ok(());
    };
    let colour = board.get(x, y);
    let cells = cells
        .into_iter()
        .filter(|&(cx, cy)| board.get(cx, cy) == colour)
        .collect();
    Err(CaseError {
        line: layout.columns[x].0,
        kind: CaseErrorKind::StartsWithRun { colour, cells },
    })
}

/// Reads a case and also reports cosmetic points, in line order.
pub fn parse_case_strict(text: &str) -> Result<(Case, Vec<Warning>), CaseError> {
    let (case, layout) = parse_with_layout(text)?;
    let mut warnings = whitespace_warnings(text);
    warnings.extend(layout_warnings(&layout));
    if let Some(w) = colour_warning(&case.board, &layout) {
        warnings.push(w);
    }
    if case.board.is_empty() {
        let line = layout.columns.first().map_or(1, |c| c.0);
        warnings.push(Warning {
            line,
            kind: WarningKind::EmptyBoard,
        });
    }
    warnings.sort_by_key(|w| w.line);
    Ok((case, warnings))
}

fn whitespace_warnings(text: &str) -> Vec<Warning> {
    let mut warnings = Vec::new();
    if text.starts_with(BOM) {
        warnings.push(Warning {
            line: 1,
            kind: WarningKind::ByteOrderMark,
        });
    }
    let text = text.strip_prefix(BOM).unwrap_or(text);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, raw) in lines.iter().enumerate() {
        let line = i + 1;
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        let (body, crlf) = match body.strip_suffix('\r') {
            Some(b) => (b, true),
            None => (body, false),
        };
        if crlf {
            warnings.push(Warning {
                line,
                kind: WarningKind::CrLf,
            });
        }
        if body.trim().is_empty() {
            warnings.push(Warning {
                line,
                kind: WarningKind::BlankLine,
            });
        } else if body.ends_with(char::is_whitespace) {
            let kind = WarningKind::TrailingWhitespace;
            warnings.push(Warning { line, kind });
        }
    }
    if !text.is_empty() && !text.ends_with('\n') {
        let kind = WarningKind::NoFinalNewline;
        warnings.push(Warning {
            line: lines.len(),
            kind,
        });
    }
    warnings
}

fn layout_warnings(layout: &Layout) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let mut previous_end = layout.n_line;
    for (x, &(start, end)) in layout.columns.iter().enumerate() {
        if start == previous_end {
            let what = format!("column {x} starts on the line of the item before it");
            warnings.push(Warning {
                line: start,
                kind: WarningKind::Layout { what },
            });
        }
        if start != end {
            let what = format!("column {x} spans lines {start} to {end}");
            warnings.push(Warning {
                line: start,
                kind: WarningKind::Layout { what },
            });
        }
        previous_end = end;
    }
    warnings
}

fn colour_warning(board: &Board, layout: &Layout) -> Option<Warning> {
    let counts = board.colour_counts();
    let max = (1..=MAX_COLOUR).rev().find(|&c| counts[c as usize] > 0)?;
    let missing: Vec<u8> = (1..max).filter(|&c| counts[c as usize] == 0).collect();
    if missing.is_empty() {
        return None;
    }
    let line = layout.columns.first().map_or(1, |c| c.0);
    Some(Warning {
        line,
        kind: WarningKind::SkippedColours { missing },
    })
}

/// The canonical text of a case: one item per line, LF, final newline.
pub fn format_case(case: &Case) -> String {
    let mut out = format!("{}\n", case.n);
    for column in case.board.columns() {
        for colour in column {
            out.push_str(&format!("{colour} "));
        }
        out.push_str("0\n");
    }
    out
}

/// Where a case's text departs from its canonical form ([`format_case`]):
/// the first line that differs. A strict input validator (Kattis's
/// `verifyproblem` expects one) refuses extra or doubled spaces, blank lines,
/// leading zeros, CR, a missing final newline and anything after the fifth
/// column, none of which a token reader minds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "line {line}: {found:?} is not the canonical {expected:?} (one item per line, single spaces, no leading zeros, LF line ends)"
)]
pub struct NotCanonical {
    pub line: usize,
    pub found: String,
    /// Empty where nothing should be.
    pub expected: String,
}

/// The first line of `text` that is not as [`format_case`] writes `case`.
pub fn canonical_fault(text: &str, case: &Case) -> Option<NotCanonical> {
    let canonical = format_case(case);
    let mut want = canonical.split_inclusive('\n');
    for (i, found) in text.split_inclusive('\n').enumerate() {
        let expected = want.next().unwrap_or_default();
        if found != expected {
            return Some(NotCanonical {
                line: i + 1,
                found: found.to_string(),
                expected: expected.to_string(),
            });
        }
    }
    want.next().map(|expected| NotCanonical {
        line: text.split_inclusive('\n').count() + 1,
        found: String::new(),
        expected: expected.to_string(),
    })
}

/// A case file that could not be read, with its path.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: larger than {MAX_CASE_BYTES} bytes; a case is a few short lines", path.display())]
    TooLarge { path: PathBuf },
    #[error("{}:{}: {}", path.display(), source.line, source.kind)]
    Invalid { path: PathBuf, source: CaseError },
}

/// The text of a case file of at most [`MAX_CASE_BYTES`]; bytes that are
/// not UTF-8 are shown as `\xNN` (and so read as tokens that are not
/// integers). Only a regular file is read (its links followed): a pipe or a
/// device in a suite is refused at once, never waited on.
pub fn read_case_text(path: &Path) -> Result<String, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let opened = crate::untrusted::open_named(path).map_err(|r| io(r.into_io()))?;
    read_case_from(opened.file, path)
}

/// The text of a case read from a stream (standard input, say) that `name`
/// names in errors, as [`read_case_text`] reads a file.
pub fn read_case_from(reader: impl std::io::Read, name: &Path) -> Result<String, ReadError> {
    let bytes = crate::untrusted::read_bounded(reader, MAX_CASE_BYTES)
        .map_err(|source| ReadError::Io {
            path: name.to_path_buf(),
            source,
        })?
        .ok_or_else(|| ReadError::TooLarge {
            path: name.to_path_buf(),
        })?;
    Ok(crate::text::decode(&bytes))
}

/// Reads and parses a case file.
pub fn read_case_file(path: &Path) -> Result<Case, ReadError> {
    parse_case(&read_case_text(path)?).map_err(|source| ReadError::Invalid {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests;
