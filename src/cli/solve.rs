//! `mayan solve`: the reference answer of a case, optionally drawn. Its
//! flags, read by clap (through `line::SolveLine`'s fast path, the same
//! definitions), as the library's request; the reading, solving and
//! drawing are the library's (`setter::solve`). This prints the text it
//! hands back.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::{ColorChoice, DialectArgs};
use crate::picture::explain::Explanation;
use crate::puzzle::case::CaseInput;
use crate::setter::solve::{Show, SolveRequest, solve_case};
use crate::solver::MAX_MOVES;

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
    #[arg(long, value_name = "MOVES", default_value_t = DEFAULT_BOUND, requires = "min_moves", value_parser = clap::value_parser!(u8).range(0..=MAX_MOVES as i64))]
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

impl SolveArgs {
    /// The flags as the library's request; whether standard output gets
    /// colour is asked only for a text explanation.
    fn request(&self, color: ColorChoice) -> SolveRequest<'_> {
        let show = match (self.min_moves, self.explain, self.format) {
            (true, _, _) => Show::MinMoves { bound: self.bound },
            (false, false, _) => Show::Answer,
            (false, true, ExplainFormat::Text) => Show::Explained(Explanation::Text {
                colour: color.stdout(),
            }),
            (false, true, ExplainFormat::Svg) => Show::Explained(Explanation::Svg),
            (false, true, ExplainFormat::Html) => Show::Explained(Explanation::Html),
        };
        SolveRequest {
            input: CaseInput::named(self.file.as_deref()),
            dialect: self.dialect.dialect(),
            show,
        }
    }
}

pub(super) fn solve(args: &SolveArgs, color: ColorChoice) -> Result<u8> {
    let shown = solve_case(&args.request(color))?;
    std::io::stdout().lock().write_all(shown.as_bytes())?;
    Ok(crate::exit::SUCCESS)
}
