//! `mayan solve`: the reference answer of a case, optionally drawn.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use super::{ColorChoice, DialectArgs};
use crate::picture;
use crate::puzzle::answer::format_answer;
use crate::puzzle::case::{Case, ReadError, parse_case, read_case_from};
use crate::puzzle::render::{draw_board, draw_move};
use crate::puzzle::rules::{RawMove, trace};
use crate::solver::{MAX_MOVES, Solver};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct SolveArgs {
    /// The case file (`*.in`); standard input when absent or `-`.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub dialect: DialectArgs,
    /// After the answer, draw the board at every stage of every move.
    #[arg(long)]
    pub explain: bool,
    /// How --explain draws: text after the answer (the default), or one SVG
    /// document or one self-contained HTML page holding the answer and its
    /// pictures as the whole output.
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        default_value_t,
        requires = "explain"
    )]
    pub format: ExplainFormat,
    /// Print the least number of moves that clears the board instead (-1 when
    /// none within --bound).
    #[arg(long)]
    pub min_moves: bool,
    /// Largest number of moves --min-moves tries.
    #[arg(long, value_name = "MOVES", default_value_t = DEFAULT_BOUND, value_parser = clap::value_parser!(u8).range(0..=MAX_MOVES as i64))]
    pub bound: u8,
}

/// Largest number of moves `--min-moves` tries unless told.
const DEFAULT_BOUND: u8 = 5;

/// The forms of `--explain`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ExplainFormat {
    #[default]
    Text,
    Svg,
    Html,
}

/// The text of the case and the name errors give it, read to a bound.
fn read_input(file: Option<&PathBuf>) -> Result<(String, String)> {
    match file {
        // The user's own file, or a pipe they name (`<(gen)`), read to
        // the bound.
        Some(path) if path.as_os_str() != "-" => {
            let file = std::fs::File::open(path).map_err(|source| ReadError::Io {
                path: path.clone(),
                source,
            })?;
            Ok((path.display().to_string(), read_case_from(file, path)?))
        }
        _ => {
            let name = Path::new("<stdin>");
            let text = read_case_from(std::io::stdin().lock(), name)?;
            Ok((name.display().to_string(), text))
        }
    }
}

/// Reads a case from a file or standard input; errors name the source and line.
fn load_case(file: Option<&PathBuf>) -> Result<Case> {
    let (name, text) = read_input(file)?;
    match parse_case(&text) {
        Ok(case) => Ok(case),
        Err(e) => bail!("{name}:{}: {}", e.line, e.kind),
    }
}

pub(super) fn solve(args: &SolveArgs, color: ColorChoice) -> Result<u8> {
    let case = load_case(args.file.as_ref())?;
    let mut solver = Solver::new();
    let mut out = std::io::stdout().lock();
    if args.min_moves {
        let least = solver.min_moves(&case.board, args.bound);
        writeln!(out, "{}", least.map_or(-1, i64::from))?;
        return Ok(crate::exit::SUCCESS);
    }
    let solution = solver.solve(&case.board, case.n, args.dialect.dialect());
    if args.explain && args.format != ExplainFormat::Text {
        let replay = picture::solution_replay(
            &case.board,
            case.n,
            solution.as_deref(),
            args.dialect.dialect(),
        );
        let document = match args.format {
            ExplainFormat::Svg => picture::document::replay_svg(&replay),
            _ => picture::page::replay_page(&replay),
        };
        out.write_all(document.as_bytes())?;
        return Ok(crate::exit::SUCCESS);
    }
    out.write_all(format_answer(solution.as_deref()).as_bytes())?;
    if args.explain {
        let colour = color.stdout();
        writeln!(out)?;
        write!(
            out,
            "{}",
            draw_board(&format!("start, n = {}", case.n), &case.board, colour)
        )?;
        let mut board = case.board;
        for (i, &mv) in solution.iter().flatten().enumerate() {
            let t =
                trace(&board, RawMove::from(mv)).context("the solver returned an illegal move")?;
            writeln!(out)?;
            write!(out, "{}", draw_move(i + 1, &board, &t, colour))?;
            board = *t.after();
        }
        if solution.is_none() {
            writeln!(
                out,
                "\nno sequence of {} moves clears this board ({}).",
                case.n,
                args.dialect.dialect()
            )?;
        }
    }
    Ok(crate::exit::SUCCESS)
}
