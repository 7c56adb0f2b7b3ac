//! `mayan stress`: run a submission on generated cases until one fails, then
//! shrink that case and show it. The search is the library's
//! (`setter::stress`); this prints what it found.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;

use super::{RunArgs, load_config};
use crate::exit;
use crate::judge::plan::Plan;
use crate::judge::report::table::sandbox_summary;
use crate::judge::submission::stage_command;
use crate::puzzle::case::format_case;
use crate::runner::process::ProcessRunner;
use crate::setter::stress::{Failure, Request, StressError, save, stress};
use crate::text::visible;

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct StressArgs {
    /// How many cases to try at most.
    #[arg(long, default_value_t = 500)]
    pub cases: u64,
    /// The seed: the same seed draws the same cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The configuration (limits, I/O mode, dialect, checker policy);
    /// `judge.toml` in the current folder when it exists.
    #[arg(long)]
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub rules: super::RuleArgs,
    /// Save the smallest failing case (X.in and X.ans) into this folder.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// The submission to test.
    #[arg(last = true, required = true)]
    pub command: Vec<String>,
}

pub(super) fn stress_command(args: &StressArgs) -> Result<u8> {
    crate::runner::signals::install();
    let mut config = load_config(args.config.as_ref())?;
    config.apply(&super::args::overrides(Some(&args.run), &args.rules));
    let plan = Plan::of(&config, 1);
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    eprintln!("{}", sandbox_summary(&runner.protections()));
    let scratch = crate::runner::scratch_dir("mayan-stress-")?;
    let argv = stage_command(&args.command, Path::new("."), scratch.path())?;
    let request = Request {
        seed: args.seed,
        cases: args.cases,
        argv: &argv,
        plan: &plan,
    };
    let mut out = std::io::stdout().lock();
    let found = match stress(&request, &runner, scratch.path()) {
        Err(StressError::Interrupted) => {
            let signal = crate::runner::signals::received().unwrap_or(libc::SIGINT);
            writeln!(out, "interrupted before a failure was found")?;
            return Ok(exit::for_signal(signal));
        }
        other => other?,
    };
    let Some(failure) = found else {
        writeln!(
            out,
            "no failure in {} cases (seed {})",
            args.cases, args.seed
        )?;
        return Ok(exit::SUCCESS);
    };
    show(&mut out, args, &plan, &failure)?;
    if let Some(dir) = &args.save {
        let name = format!("stress-{}-{}", args.seed, failure.index);
        let input = save(dir, &name, &failure)?;
        writeln!(out, "saved as {}", input.display())?;
    }
    Ok(exit::REJECTED)
}

/// The failure, with what the submission wrote escaped for the terminal.
fn show(out: &mut impl Write, args: &StressArgs, plan: &Plan, f: &Failure) -> Result<()> {
    let (first, last) = (visible(&f.first.message), visible(&f.last.message));
    let received = visible(&f.last.received);
    writeln!(
        out,
        "case {} of {} fails: {}: {}",
        f.index, args.cases, f.first.verdict, first
    )?;
    writeln!(
        out,
        "smallest failing case ({} smaller cases tried; {}):",
        f.tried, plan.policy.dialect
    )?;
    write!(out, "{}", format_case(&f.small))?;
    writeln!(out, "expected:\n{}received:", f.expected)?;
    if received.is_empty() {
        writeln!(out, "({}: {last})", f.last.verdict)?;
    } else {
        write!(out, "{received}")?;
        if !received.ends_with('\n') {
            writeln!(out)?;
        }
    }
    writeln!(out, "verdict: {}: {last}", f.last.verdict)?;
    Ok(())
}
