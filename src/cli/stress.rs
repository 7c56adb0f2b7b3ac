//! `mayan stress`: its flags, settled into the library's request; the run
//! (the search, the shrinking, what is shown and the files written) is the
//! library's (`setter::stress`). This prints what it hands back and gives
//! the exit code.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::args::overrides;
use super::{RuleArgs, RunArgs};
use crate::puzzle::case::MAX_N;
use crate::setter::kinds::Kind;
use crate::setter::stress::{self, Draw, StressRequest};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct StressArgs {
    /// How many cases to try at most
    #[arg(long, value_name = "N", default_value_t = 500)]
    pub cases: u64,
    /// The seed: the same seed draws the same cases
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw only cases of this kind (repeatable) [default: every kind in
    /// turn, hard and tower included]
    #[arg(long = "kind", value_enum, value_name = "KIND")]
    pub kinds: Vec<Kind>,
    /// Every case asks for this many moves [default: drawn over 1 to 5]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=MAX_N as i64))]
    pub n: Option<u8>,
    /// Cases judged at once
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// The configuration (limits, I/O mode, dialect, checker policy)
    /// [default: judge.toml in the current folder when it exists]
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Save the smallest failing case (X.in and X.ans) into this folder
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Write what was found (the failure, or none) as JSON
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// The submission to test, as you would run it here
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

impl StressArgs {
    /// The flags as the library's request.
    fn request(&self) -> StressRequest {
        StressRequest {
            config: self.config.clone(),
            overrides: overrides(Some(&self.run), &self.rules),
            draw: Draw {
                seed: self.seed,
                kinds: self.kinds.clone(),
                n: self.n,
            },
            cases: self.cases,
            jobs: usize::from(self.jobs),
            command: self.command.clone(),
            save: self.save.clone(),
            json: self.json.clone(),
        }
    }
}

pub(super) fn stress_command(args: &StressArgs) -> Result<u8> {
    let outcome = stress::run(&args.request(), &mut |said| eprintln!("{said}"))?;
    std::io::stdout()
        .lock()
        .write_all(outcome.shown.as_bytes())?;
    let code = outcome.exit_code();
    outcome.written?;
    Ok(code)
}
