//! `mayan stress`: run a submission on generated cases until one fails, then
//! shrink that case and show it. The search is the library's
//! (`setter::stress`); this prints what it found, and writes it as JSON.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;

use super::args::overrides;
use super::{RuleArgs, RunArgs, load_config};
use crate::exit;
use crate::judge::plan::Plan;
use crate::judge::report::outputs::Outputs;
use crate::judge::report::table::sandbox_summary;
use crate::judge::submission::stage_command;
use crate::puzzle::case::MAX_N;
use crate::runner::process::ProcessRunner;
use crate::setter::kinds::Kind;
use crate::setter::stress::{Draw, Failure, Found, KINDS, Request, StressError, save, stress};
use crate::text::{plural, visible};

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

pub(super) fn stress_command(args: &StressArgs) -> Result<u8> {
    crate::runner::signals::install();
    let outputs = Outputs {
        json: args.json.clone(),
        ..Outputs::default()
    };
    outputs.check()?;
    crate::judge::run::check_program(&args.command)?;
    let mut config = load_config(args.config.as_ref())?;
    config.apply(&overrides(Some(&args.run), &args.rules))?;
    let plan = Plan::of(&config, usize::from(args.jobs));
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    eprintln!("{}", sandbox_summary(&runner.protections()));
    let scratch = crate::runner::scratch_dir("mayan-stress-")?;
    let argv = stage_command(&args.command, Path::new("."), scratch.path())?;
    let request = Request {
        draw: Draw {
            seed: args.seed,
            kinds: if args.kinds.is_empty() {
                KINDS.to_vec()
            } else {
                args.kinds.clone()
            },
            n: args.n,
        },
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
    // The case found is shown before anything is written, so that a file
    // that cannot be written does not lose it.
    let Some(failure) = &found.failure else {
        writeln!(out, "{}", passed(args, found.judged))?;
        return write_json(args, &found).map(|()| exit::SUCCESS);
    };
    show(&mut out, args, &plan, failure)?;
    let written = write_json(args, &found);
    if let Some(dir) = &args.save {
        let name = format!("stress-{}-{}", args.seed, failure.index);
        let input = save(dir, &name, failure)?;
        writeln!(out, "saved as {}", input.display())?;
    }
    written.map(|()| exit::REJECTED)
}

/// The line for a run that found no failure; draws whose kind found no case
/// are counted apart, so that a run that judged little does not look clean.
fn passed(args: &StressArgs, judged: u64) -> String {
    let line = format!(
        "no failure in {} (seed {})",
        plural(judged as usize, "case"),
        args.seed
    );
    match args.cases - judged {
        0 => line,
        skipped => format!(
            "{line}; {} found no case of {} kind",
            plural(skipped as usize, "draw"),
            if skipped == 1 { "its" } else { "their" }
        ),
    }
}

fn write_json(args: &StressArgs, found: &Found) -> Result<()> {
    let Some(path) = &args.json else {
        return Ok(());
    };
    let value = serde_json::json!({
        "seed": args.seed,
        "cases": args.cases,
        "judged": found.judged,
        "failure": found.failure,
    });
    std::fs::write(path, serde_json::to_string_pretty(&value)? + "\n")
        .with_context(|| format!("{}: cannot write", path.display()))
}

/// The failure: which drawn case failed and how, then the small case shown,
/// with what this case expects and received, and its own verdict. What the
/// submission wrote is escaped for the terminal.
fn show(out: &mut impl Write, args: &StressArgs, plan: &Plan, f: &Failure) -> Result<()> {
    let last = visible(&f.last.message);
    let received = visible(&f.last.received);
    writeln!(
        out,
        "case {} of {} ({}, n = {}) fails with {}",
        f.index,
        args.cases,
        f.kind,
        f.case.lines().next().unwrap_or("?"),
        f.first.verdict
    )?;
    writeln!(
        out,
        "the smallest case that fails the same way ({} smaller cases tried; {}):",
        f.tried, plan.policy.dialect
    )?;
    write!(out, "{}", f.small)?;
    writeln!(out, "expected:\n{}received:", f.expected)?;
    if received.is_empty() {
        writeln!(out, "(nothing)")?;
    } else {
        write!(out, "{received}")?;
        if !received.ends_with('\n') {
            writeln!(out)?;
        }
    }
    writeln!(out, "verdict: {}: {last}", f.last.verdict)?;
    Ok(())
}
