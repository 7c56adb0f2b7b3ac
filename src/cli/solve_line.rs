//! `mayan solve`'s command line read without clap. It is what a checker, a
//! script or a setter's loop runs once per case, and building clap's whole
//! command tree (every command's arguments and their help) cost more than
//! solving a hard board. Every flag of `solve` is read here, in each spelling
//! clap takes (`--steps at-most`, `--steps=at-most`, flags in any order,
//! `--color` before or after `solve`); anything else (help, a repeated
//! flag, a value clap would refuse or might read otherwise) is left to clap,
//! which then parses or refuses it as it always did. The tests hold the two
//! equal over every short command line made of solve's words.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

use clap::ValueEnum;

use super::solve::ExplainFormat;
use super::{Cli, ColorChoice, Command, DialectArgs, SolveArgs};
use crate::puzzle::dialect::{NullSwaps, Steps};
use crate::solver::MAX_MOVES;

/// `mayan solve ...` as clap would parse it, or `None` for a command line
/// this reader leaves to clap (any other command, help, a repeated or
/// unknown flag, a bad value).
pub fn plain_solve(args: &[OsString]) -> Option<Cli> {
    let mut line = Line::default();
    let mut tokens = args.get(1..)?.iter();
    // Before the command, only the global `--color`.
    loop {
        let token = tokens.next()?;
        if token == "solve" {
            break;
        }
        match split_flag(token)? {
            ("--color", value) => set(&mut line.color, choice(value, &mut tokens)?)?,
            _ => return None,
        }
    }
    while let Some(token) = tokens.next() {
        line.read(token, &mut tokens)?;
    }
    line.into_cli()
}

/// What the command line has said so far; each field at most once.
#[derive(Default)]
struct Line {
    color: Option<ColorChoice>,
    null_swaps: Option<NullSwaps>,
    steps: Option<Steps>,
    explain: Option<()>,
    format: Option<ExplainFormat>,
    min_moves: Option<()>,
    bound: Option<u8>,
    file: Option<PathBuf>,
}

type Tokens<'a> = std::slice::Iter<'a, OsString>;

impl Line {
    /// Takes one token after `solve` (and its value from `rest` when the
    /// flag takes one); `None` when clap should read the line.
    fn read<'a>(&mut self, token: &'a OsString, rest: &mut Tokens<'a>) -> Option<()> {
        if is_operand(token) {
            return set(&mut self.file, PathBuf::from(token));
        }
        let (flag, value) = split_flag(token)?;
        match flag {
            "--color" => set(&mut self.color, choice(value, rest)?),
            "--null-swaps" => set(&mut self.null_swaps, choice(value, rest)?),
            "--steps" => set(&mut self.steps, choice(value, rest)?),
            "--format" => set(&mut self.format, choice(value, rest)?),
            "--bound" => set(&mut self.bound, bound(take(value, rest)?)?),
            "--explain" if value.is_none() => set(&mut self.explain, ()),
            "--min-moves" if value.is_none() => set(&mut self.min_moves, ()),
            _ => None,
        }
    }

    fn into_cli(self) -> Option<Cli> {
        if self.format.is_some() && self.explain.is_none() {
            return None; // clap refuses `--format` without `--explain`
        }
        let mut args = SolveArgs::plain(self.file);
        args.dialect = DialectArgs {
            null_swaps: self.null_swaps.unwrap_or_default(),
            steps: self.steps.unwrap_or_default(),
        };
        args.explain = self.explain.is_some();
        args.format = self.format.unwrap_or_default();
        args.min_moves = self.min_moves.is_some();
        args.bound = self.bound.unwrap_or(args.bound);
        Some(Cli {
            color: self.color.unwrap_or_default(),
            command: Command::Solve(args),
        })
    }
}

/// Fills `slot` once; a second time is clap's to refuse.
fn set<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    match slot {
        Some(_) => None,
        None => {
            *slot = Some(value);
            Some(())
        }
    }
}

/// A file operand: `-` (standard input) or a word not starting with `-`.
fn is_operand(token: &OsStr) -> bool {
    let bytes = token.as_encoded_bytes();
    token == "-" || bytes.first().is_some_and(|&b| b != b'-')
}

/// `--name` or `--name=value`, the name as text; `None` for anything else
/// (short flags, `--`, text that is not UTF-8).
fn split_flag(token: &OsStr) -> Option<(&str, Option<&str>)> {
    let text = token.to_str()?;
    if !text.starts_with("--") || text == "--" {
        return None;
    }
    Some(match text.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (text, None),
    })
}

/// The flag's value: after `=`, else the next token.
fn take<'a>(inline: Option<&'a str>, rest: &mut Tokens<'a>) -> Option<&'a str> {
    inline.or_else(|| rest.next()?.to_str())
}

/// A value of one of clap's value enums, by the names clap knows it by.
fn choice<'a, T: ValueEnum>(inline: Option<&'a str>, rest: &mut Tokens<'a>) -> Option<T> {
    T::from_str(take(inline, rest)?, false).ok()
}

/// `--bound`'s value, in plain digits only (clap also takes `+3`: left to it).
fn bound(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|&b| b <= MAX_MOVES)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    fn args(line: &[&str]) -> Vec<OsString> {
        line.iter().map(|a| a.into()).collect()
    }

    /// The words the lines are made of: every flag of `solve` in both
    /// spellings, their values, good and bad, files, and what only clap
    /// reads.
    const WORDS: &[&str] = &[
        "solve",
        "a.in",
        "-",
        "",
        "--steps",
        "at-most",
        "exact",
        "--steps=at-most",
        "--null-swaps",
        "exclude",
        "--null-swaps=include",
        "--explain",
        "--format",
        "svg",
        "--format=html",
        "--min-moves",
        "--bound",
        "3",
        "--bound=15",
        "16",
        "+3",
        "--color",
        "never",
        "--color=always",
        "--",
        "-h",
        "--explain=yes",
        "--bogus",
        "Exact",
    ];

    /// What this reader gives for `line`, checked against clap: the same
    /// parse whenever it gives one, and a parse whenever clap gives one
    /// from words this reader is meant to cover.
    fn agree(line: &[&str]) {
        let argv = args(line);
        let quick = plain_solve(&argv);
        let clap = Cli::try_parse_from(&argv);
        match (&quick, &clap) {
            (Some(q), Ok(c)) => assert_eq!(format!("{q:?}"), format!("{c:?}"), "{line:?}"),
            (Some(q), Err(e)) => panic!("{line:?}: quick {q:?}, clap refuses: {e}"),
            (None, Ok(c)) if covered(line) => panic!("{line:?} left to clap, which gives {c:?}"),
            _ => {}
        }
    }

    /// Lines this reader must take itself when clap takes them: all but
    /// `--`, help, a sign on a number and `--color` both before and after
    /// `solve` (a global flag clap takes twice).
    fn covered(line: &[&str]) -> bool {
        let colours = line.iter().filter(|w| w.starts_with("--color")).count();
        colours < 2 && !line.iter().any(|w| ["--", "-h", "+3"].contains(w))
    }

    #[test]
    fn every_short_solve_line_reads_as_clap_reads_it() {
        let mut lines = vec![vec!["mayan"]];
        let mut next = Vec::new();
        for _ in 0..3 {
            for line in &lines {
                for word in WORDS {
                    let mut longer = line.clone();
                    longer.push(*word);
                    next.push(longer);
                }
            }
            lines.append(&mut next);
        }
        for line in &lines {
            agree(line);
        }
        // Longer lines, solve's flags in every order around a file.
        for tail in [
            &["--steps", "at-most", "--null-swaps=exclude", "a.in"][..],
            &["a.in", "--explain", "--format", "html", "--color", "never"],
            &["--min-moves", "--bound", "7", "--steps=exact", "-"],
            &["--explain", "--explain", "a.in"],
            &["--bound", "3", "--bound", "4"],
        ] {
            let mut line = vec!["mayan", "solve"];
            line.extend_from_slice(tail);
            agree(&line);
            let mut line = vec!["mayan", "--color=never", "solve"];
            line.extend_from_slice(tail);
            agree(&line);
        }
    }

    #[test]
    fn the_common_lines_are_read_here() {
        for line in [
            &["mayan", "solve"][..],
            &["mayan", "solve", "case.in"],
            &["mayan", "solve", "--null-swaps", "exclude", "case.in"],
            &["mayan", "solve", "case.in", "--steps=at-most"],
            &["mayan", "solve", "--min-moves", "--bound", "8", "-"],
            &["mayan", "--color", "never", "solve", "--explain", "case.in"],
        ] {
            assert!(plain_solve(&args(line)).is_some(), "{line:?}");
        }
    }

    #[test]
    fn other_lines_are_left_to_clap() {
        for line in [
            &["mayan"][..],
            &["mayan", "validate", "a.in"],
            &["mayan", "solve", "--help"],
            &["mayan", "solve", "a.in", "b.in"],
            &["mayan", "solve", "--steps", "--explain"],
            &["mayan", "solve", "--format", "svg", "a.in"],
            &["mayan", "solve", "--bound", "16"],
        ] {
            assert!(plain_solve(&args(line)).is_none(), "{line:?}");
        }
    }

    #[test]
    fn a_file_that_is_not_utf8_is_still_a_file() {
        use std::os::unix::ffi::OsStringExt;
        let name = OsString::from_vec(b"case\xff.in".to_vec());
        let argv = vec!["mayan".into(), "solve".into(), name.clone()];
        let Some(Cli {
            command: Command::Solve(args),
            ..
        }) = plain_solve(&argv)
        else {
            panic!("not read");
        };
        assert_eq!(args.file, Some(PathBuf::from(name)));
    }
}
