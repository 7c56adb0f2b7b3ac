//! `mayan judge`: grade submissions over the suites and report.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use super::RunArgs;
use crate::check::Policy;
use crate::config::{Config, IoMode, LanguageConfig, Submission};
use crate::exit;
use crate::judge::compile::{Prepared, prepare};
use crate::judge::contestants::{Missing, contestants};
use crate::judge::grade::{Plan, all_cases, grade_program};
use crate::judge::report::{
    RunReport, SubmissionReport, export, sandbox_summary, score_table, submission_table, write_json,
};
use crate::judge::suite::{CaseFile, discover};
use crate::judge::verdict::Verdict;
use crate::runner::process::ProcessRunner;
use crate::runner::{Limits, Runner};
use crate::text::plural;

#[derive(Args, Debug)]
pub struct JudgeArgs {
    /// The configuration file; `judge.toml` in the current folder when it
    /// exists, built-in defaults otherwise.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// A folder of cases to judge instead of the configured suites (repeatable).
    #[arg(long = "suite")]
    pub suites: Vec<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Write every result as JSON to this file, updated after each case.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write JUnit XML for CI to this file.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Write the score table (a row per submission, a column per case) as CSV.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Write the score table as a self-contained HTML page.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// A folder of contestants, one subfolder each holding `mayan.<ext>`
    /// (LemonLime's layout), judged instead of the configured folder.
    #[arg(long)]
    pub contestants: Option<PathBuf>,
    /// Cases run at once (CPU times stay per process; wall times get noisier).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// Judge this command instead of the configured submissions.
    #[arg(last = true)]
    pub command: Vec<String>,
}

/// Arguments that name existing files, made absolute against `base`: the
/// program runs in a fresh working folder.
pub(super) fn absolute_args(argv: &[String], base: &Path) -> Vec<String> {
    argv.iter()
        .map(|a| {
            let p = base.join(a);
            if Path::new(a).is_relative() && a.contains('/') && p.exists() {
                std::fs::canonicalize(&p).map_or(a.clone(), |p| p.to_string_lossy().into_owned())
            } else {
                a.clone()
            }
        })
        .collect()
}

pub(super) fn judge_command(args: &JudgeArgs) -> Result<u8> {
    let (mut config, config_path) = Config::find(args.config.as_deref())?;
    let base = config_path
        .as_deref()
        .and_then(Path::parent)
        .unwrap_or(Path::new(""))
        .to_path_buf();
    let mut overrides = args.run.overrides();
    overrides.suites = args.suites.clone();
    config.apply(&overrides);
    for suite in &config.suites {
        if !suite.path.is_dir() {
            bail!(
                "suite `{}`: {} is not a folder",
                suite.name,
                suite.path.display()
            );
        }
    }
    let (cases, strays) = discover(&config.suites);
    for f in &strays {
        eprintln!("{f}");
    }
    if cases.is_empty() {
        bail!("no cases (*.in) in the suites");
    }
    let (submissions, absent) = gather_submissions(args, &config)?;
    if submissions.is_empty() && absent.is_empty() {
        bail!(
            "nothing to judge: add a [[submission]] or [contestants] to the configuration, or give a command after --"
        );
    }
    let plan = plan_of(&config, usize::from(args.jobs));
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    let mut report = RunReport {
        measured_by: runner.method().to_string(),
        sandbox: runner.protections(),
        submissions: Vec::new(),
    };
    eprintln!(
        "judging {} on {} cases: {} ms CPU, {} MiB, {} I/O, {}; measured by {}",
        plural(submissions.len(), "submission"),
        cases.len(),
        plan.limits.cpu.as_millis(),
        plan.limits.memory >> 20,
        match plan.io.mode {
            IoMode::File => "file",
            IoMode::Stdio => "stdio",
        },
        plan.policy.dialect,
        report.measured_by
    );
    eprintln!("{}", sandbox_summary(&report.sandbox));
    for who in &absent {
        eprintln!("[{}] {}", who.name, who.why);
        let mut r = SubmissionReport::new(&who.name);
        r.compile_error = Some(who.why.clone());
        all_cases(&cases, Verdict::CE, &who.why)
            .into_iter()
            .for_each(|c| r.push(c));
        report.submissions.push(r);
    }
    for sub in &submissions {
        let session = Session {
            base: &base,
            cases: &cases,
            plan: &plan,
            runner: &runner,
            json: args.json.as_deref(),
            languages: &config.languages,
        };
        let result = judge_submission(sub, &session, &report)?;
        report.submissions.push(result);
        if let Some(path) = &args.json {
            write_json(path, &report)
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
    }
    let mut out = std::io::stdout().lock();
    for r in &report.submissions {
        writeln!(out, "{}", submission_table(r))?;
    }
    if report.submissions.len() > 1 {
        write!(out, "{}", score_table(&report.submissions))?;
    }
    let exports: [(&Option<PathBuf>, Render); 3] = [
        (&args.junit, export::junit),
        (&args.csv, export::score_csv),
        (&args.html, export::score_html),
    ];
    for (path, render) in exports {
        if let Some(path) = path {
            std::fs::write(path, render(&report.submissions))
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
    }
    Ok(exit::accepted_or_rejected(
        report
            .submissions
            .iter()
            .all(SubmissionReport::all_accepted),
    ))
}

/// How cases are run and checked under a configuration.
pub(super) fn plan_of(config: &Config, jobs: usize) -> Plan {
    Plan {
        limits: Limits {
            cpu: config.limits.time,
            wall: config.limits.time * config.limits.wall_multiple,
            memory: config.limits.memory,
            output: config.limits.output,
            processes: config.limits.processes,
        },
        io: config.io.clone(),
        policy: Policy {
            accept: config.checker.accept,
            dialect: config.rules,
        },
        jobs,
    }
}

/// What to judge: the command after `--`, or the configured submissions and
/// contestants (`--contestants` overrides the configured folder); and the
/// contestants without a usable source.
fn gather_submissions(
    args: &JudgeArgs,
    config: &Config,
) -> Result<(Vec<Submission>, Vec<Missing>)> {
    if !args.command.is_empty() {
        let command = Submission {
            name: "command".to_string(),
            command: Some(args.command.clone()),
            source: None,
        };
        return Ok((vec![command], Vec::new()));
    }
    let mut submissions = config.submissions.clone();
    let folder = match (&args.contestants, &config.contestants) {
        (Some(dir), c) => Some((
            dir.clone(),
            c.as_ref()
                .map_or("mayan".to_string(), |c| c.problem.clone()),
        )),
        (None, Some(c)) => Some((c.path.clone(), c.problem.clone())),
        (None, None) => None,
    };
    let mut absent = Vec::new();
    if let Some((dir, problem)) = folder {
        let (found, missing) = contestants(&dir, &problem, &config.languages)
            .with_context(|| format!("{}: cannot read the contestants", dir.display()))?;
        submissions.extend(found);
        absent = missing;
    }
    Ok((submissions, absent))
}

/// Renders the reports of a run as one file's text.
type Render = fn(&[SubmissionReport]) -> String;

/// What every submission of one judging run shares.
struct Session<'a> {
    /// The folder relative paths of the configuration start from.
    base: &'a Path,
    cases: &'a [CaseFile],
    plan: &'a Plan,
    runner: &'a ProcessRunner,
    json: Option<&'a Path>,
    languages: &'a BTreeMap<String, LanguageConfig>,
}

/// Prepares and judges one submission, streaming progress to stderr and the
/// JSON report (the submissions before this one, then this one so far) to its
/// file after every case.
fn judge_submission(
    sub: &Submission,
    session: &Session,
    report: &RunReport,
) -> Result<SubmissionReport> {
    let Session {
        base,
        cases,
        plan,
        runner,
        json,
        languages,
    } = *session;
    let mut result = SubmissionReport::new(&sub.name);
    let build = crate::runner::scratch_dir("mayan-build-")?;
    let prepared = match (&sub.command, &sub.source) {
        (Some(command), _) => Ok(Prepared::Ready(absolute_args(command, base))),
        (None, Some(source)) => {
            prepare(source, build.path(), runner, languages).map_err(|e| e.to_string())
        }
        (None, None) => Err("no command and no source".to_string()),
    };
    let argv = match prepared {
        Ok(Prepared::Ready(argv)) => argv,
        Ok(Prepared::CompileError(message)) => {
            eprintln!("[{}] compilation failed", sub.name);
            result.compile_error = Some(message);
            all_cases(cases, Verdict::CE, "compilation failed")
                .into_iter()
                .for_each(|c| result.push(c));
            return Ok(result);
        }
        Err(why) => {
            eprintln!("[{}] judge error: {why}", sub.name);
            all_cases(cases, Verdict::JudgeError, &why)
                .into_iter()
                .for_each(|c| result.push(c));
            return Ok(result);
        }
    };
    let mut failure = None;
    // A bar on a terminal, a line per case otherwise.
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(cases.len() as u64);
        let style =
            indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        bar.set_style(style.progress_chars("=> "));
        bar.set_prefix(sub.name.clone());
        bar
    });
    let finished = grade_program(runner, &argv, cases, plan, &mut |c| {
        let line = format!("{}/{}: {} ({} ms)", c.suite, c.name, c.verdict, c.cpu_ms);
        match &bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(line);
            }
            None => eprintln!("[{}] {line}", sub.name),
        }
        if let Some(path) = json {
            let mut partial = report.clone();
            let mut so_far = result.clone();
            so_far.push(c.clone());
            partial.submissions.push(so_far);
            if let Err(e) = write_json(path, &partial) {
                failure.get_or_insert(format!("{}: cannot write: {e}", path.display()));
            }
        }
        result.push(c.clone());
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    debug_assert_eq!(finished.len(), result.cases.len());
    if let Some(f) = failure {
        bail!(f);
    }
    Ok(result)
}
