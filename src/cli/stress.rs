//! `mayan stress`: run a submission on generated cases until one fails, then
//! shrink that case and show it.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use super::judge::{absolute_args, plan_of};
use super::{RunArgs, load_config};
use crate::exit;
use crate::judge::grade::{CaseResult, Plan, grade_program};
use crate::judge::report::sandbox_summary;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;
use crate::puzzle::answer::format_answer;
use crate::puzzle::case::{Case, format_case};
use crate::runner::process::ProcessRunner;
use crate::setter::stress::{shrink, stress_case};
use crate::solver::Solver;

#[derive(Args, Debug)]
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

/// Judges one in-memory case by writing it to a scratch folder.
fn judge_one(
    case: &Case,
    scratch: &Path,
    runner: &ProcessRunner,
    argv: &[String],
    plan: &Plan,
) -> Result<CaseResult> {
    let input = scratch.join("case.in");
    std::fs::write(&input, format_case(case))
        .with_context(|| format!("{}: cannot write", input.display()))?;
    let file = CaseFile {
        suite: "stress".into(),
        name: "case".into(),
        input,
        answer: None,
        points: 1,
    };
    let mut results = grade_program(runner, argv, std::slice::from_ref(&file), plan, &mut |_| {});
    results.pop().context("the judge returned no result")
}

pub(super) fn stress(args: &StressArgs) -> Result<u8> {
    let mut config = load_config(args.config.as_ref())?;
    config.apply(&args.run.overrides());
    let plan = plan_of(&config, 1);
    let argv = absolute_args(&args.command, Path::new("."));
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    eprintln!("{}", sandbox_summary(&runner.protections()));
    let scratch = crate::runner::scratch_dir("mayan-stress-")?;
    let mut solver = Solver::new();
    let mut out = std::io::stdout().lock();
    for i in 0..args.cases {
        let Some(case) = stress_case(args.seed, i, &mut solver) else {
            continue;
        };
        let first = judge_one(&case, scratch.path(), &runner, &argv, &plan)?;
        match first.verdict {
            Verdict::AC => continue,
            Verdict::JudgeError => bail!("judge error on case {}: {}", i + 1, first.message),
            _ => {}
        }
        writeln!(
            out,
            "case {} of {} fails: {}: {}",
            i + 1,
            args.cases,
            first.verdict,
            first.message
        )?;
        let verdict = first.verdict;
        let (small, tried) = shrink(case, |c| {
            judge_one(c, scratch.path(), &runner, &argv, &plan).is_ok_and(|r| r.verdict == verdict)
        });
        let last = judge_one(&small, scratch.path(), &runner, &argv, &plan)?;
        let expected = format_answer(
            solver
                .solve(&small.board, small.n, plan.policy.dialect)
                .as_deref(),
        );
        writeln!(
            out,
            "smallest failing case ({tried} smaller cases tried; {}):",
            plan.policy.dialect
        )?;
        write!(out, "{}", format_case(&small))?;
        writeln!(out, "expected:\n{expected}received:")?;
        if last.received.is_empty() {
            writeln!(out, "({}: {})", last.verdict, last.message)?;
        } else {
            write!(out, "{}", last.received)?;
            if !last.received.ends_with('\n') {
                writeln!(out)?;
            }
        }
        writeln!(out, "verdict: {}: {}", last.verdict, last.message)?;
        if let Some(dir) = &args.save {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("{}: cannot make the folder", dir.display()))?;
            let name = format!("stress-{}-{}", args.seed, i + 1);
            std::fs::write(dir.join(format!("{name}.in")), format_case(&small))?;
            std::fs::write(dir.join(format!("{name}.ans")), &expected)?;
            writeln!(out, "saved as {}", dir.join(format!("{name}.in")).display())?;
        }
        return Ok(exit::REJECTED);
    }
    writeln!(
        out,
        "no failure in {} cases (seed {})",
        args.cases, args.seed
    )?;
    Ok(exit::SUCCESS)
}
