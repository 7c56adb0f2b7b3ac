//! `mayan validate`: check case files and their answers, or be a Kattis
//! input validator. The validating is the library's (`setter::validation`);
//! this reads the flags, prints the findings and picks the exit code.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use crate::check::protocol::kattis;
use crate::exit;
use crate::setter::validation::{self, InputVerdict, Request, kattis_input};
use crate::text::visible;

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct ValidateArgs {
    /// Case files or folders (walked recursively); the suites of the
    /// configuration when none are given.
    pub paths: Vec<PathBuf>,
    /// The configuration file; `judge.toml` in the current folder when it
    /// exists, built-in defaults otherwise.
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub rules: super::RuleArgs,
    #[command(flatten)]
    pub answers: super::AnswerArgs,
    /// Be a Kattis/DOMjudge input validator: read one case on standard input,
    /// exit 42 when it meets every guarantee, 43 when not (reason on stderr).
    #[arg(long, conflicts_with = "paths")]
    pub kattis: bool,
    /// With --kattis: also reject a case not written in its canonical form
    /// (single spaces, no leading zeros, LF line ends, a final newline,
    /// nothing more), as Kattis's verifyproblem expects of a validator.
    #[arg(long, requires = "kattis")]
    pub strict: bool,
}

/// One case on standard input, judged as a Kattis input validator judges
/// it: the reason on standard error, the protocol's exit code.
fn kattis_input_validator(strict: bool) -> u8 {
    match kattis_input(std::io::stdin().lock(), strict) {
        InputVerdict::Valid { warnings } => {
            for w in warnings {
                eprintln!("warning: {}", visible(&w.to_string()));
            }
            kattis::ACCEPTED
        }
        InputVerdict::Invalid(fault) => {
            eprintln!("{}", visible(&fault.to_string()));
            kattis::REJECTED
        }
    }
}

pub(super) fn validate(args: &ValidateArgs) -> Result<u8> {
    if args.kattis {
        return Ok(kattis_input_validator(args.strict));
    }
    let mut overrides = super::args::overrides(None, &args.rules);
    overrides.answer_extension = args.answers.answer_extension.clone();
    let request = Request {
        config: args.config.as_deref(),
        overrides,
        paths: &args.paths,
    };
    let validation = validation::validate(&request)?;
    let mut out = std::io::stdout().lock();
    for f in &validation.findings {
        writeln!(out, "{}", visible(&f.to_string()))?;
    }
    writeln!(out, "{}", validation.summary())?;
    Ok(exit::accepted_or_rejected(validation.clean()))
}
