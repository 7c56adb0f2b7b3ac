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
use crate::judge::submission::absolute_args;
use crate::puzzle::case::format_case;
use crate::runner::process::ProcessRunner;
use crate::setter::stress::{Failure, Request, save, stress};

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
    /// Save the smallest failing case (X.in and X.ans) into this folder.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// The submission to test.
    #[arg(last = true, required = true)]
    pub command: Vec<String>,
}

pub(super) fn stress_command(args: &StressArgs) -> Result<u8> {
    let mut config = load_config(args.config.as_ref())?;
    config.apply(&args.run.overrides());
    let plan = Plan::of(&config, 1);
    let argv = absolute_args(&args.command, Path::new("."));
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    eprintln!("{}", sandbox_summary(&runner.protections()));
    let scratch = crate::runner::scratch_dir("mayan-stress-")?;
    let request = Request {
        seed: args.seed,
        cases: args.cases,
        argv: &argv,
        plan: &plan,
    };
    let mut out = std::io::stdout().lock();
    let Some(failure) = stress(&request, &runner, scratch.path())? else {
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

fn show(out: &mut impl Write, args: &StressArgs, plan: &Plan, f: &Failure) -> Result<()> {
    writeln!(
        out,
        "case {} of {} fails: {}: {}",
        f.index, args.cases, f.first.verdict, f.first.message
    )?;
    writeln!(
        out,
        "smallest failing case ({} smaller cases tried; {}):",
        f.tried, plan.policy.dialect
    )?;
    write!(out, "{}", format_case(&f.small))?;
    writeln!(out, "expected:\n{}received:", f.expected)?;
    if f.last.received.is_empty() {
        writeln!(out, "({}: {})", f.last.verdict, f.last.message)?;
    } else {
        write!(out, "{}", f.last.received)?;
        if !f.last.received.ends_with('\n') {
            writeln!(out)?;
        }
    }
    writeln!(out, "verdict: {}: {}", f.last.verdict, f.last.message)?;
    Ok(())
}
