//! `mayan judge`: grade submissions over the suites and report. The run is
//! the library's (`judge::session`); this draws progress, keeps the JSON
//! file up to date and writes the reports asked for.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;

use super::RunArgs;
use crate::config::{Config, IoMode};
use crate::judge::compile::Toolchain;
use crate::judge::plan::Plan;
use crate::judge::report::json::write_json;
use crate::judge::report::table::{
    judge_errors, ranking, sandbox_summary, score_table, submission_table,
};
use crate::judge::report::{RunReport, export};
use crate::judge::result::CaseResult;
use crate::judge::session::{Observer, Session, find_cases};
use crate::judge::submission::gather;
use crate::runner::Runner;
use crate::runner::process::ProcessRunner;
use crate::text::{plural, visible};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
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
    /// Write the report as one self-contained HTML page: the score matrix,
    /// and every case not accepted replayed on drawn boards.
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

pub(super) fn judge_command(args: &JudgeArgs) -> Result<u8> {
    crate::runner::signals::install();
    let (mut config, config_path) = Config::find(args.config.as_deref())?;
    let base = config_path
        .as_deref()
        .and_then(Path::parent)
        .unwrap_or(Path::new(""))
        .to_path_buf();
    let mut overrides = args.run.overrides();
    overrides.suites = args.suites.clone();
    config.apply(&overrides);
    let (cases, strays) = find_cases(&config)?;
    for f in &strays {
        eprintln!("{f}");
    }
    let entries = gather(&args.command, args.contestants.as_deref(), &config)?;
    check_writable(args)?;
    let plan = Plan::of(&config, usize::from(args.jobs));
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    eprintln!("{}", header(entries.len(), cases.len(), &plan, &runner));
    eprintln!("{}", sandbox_summary(&runner.protections()));
    let session = Session {
        base: &base,
        cases: &cases,
        plan: &plan,
        runner: &runner,
        tools: Toolchain {
            languages: &config.languages,
            source_limit: config.limits.source,
        },
    };
    let mut progress = Progress::new(args.json.clone());
    let report = session.judge(&entries, &mut progress)?;
    progress.done()?;
    if let Some(path) = &args.json {
        write_json(path, &report).with_context(|| format!("{}: cannot write", path.display()))?;
    }
    print_tables(&report)?;
    write_exports(args, &report)?;
    if report.interrupted {
        eprintln!(
            "interrupted: the reports hold the {} that finished",
            plural(
                report.submissions.iter().map(|s| s.cases.len()).sum(),
                "case"
            )
        );
    }
    Ok(report.exit_code())
}

/// Every report file asked for can be written: found out before anything
/// runs, not after an hour of judging.
fn check_writable(args: &JudgeArgs) -> Result<()> {
    for path in [&args.json, &args.junit, &args.csv, &args.html]
        .into_iter()
        .flatten()
    {
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("{}: cannot write the report there", path.display()))?;
    }
    Ok(())
}

/// The line that opens a run: what is judged, under which limits, how.
fn header(entries: usize, cases: usize, plan: &Plan, runner: &dyn Runner) -> String {
    format!(
        "judging {} on {cases} cases: {} ms CPU, {} MiB, {} I/O, {}; measured by {}",
        plural(entries, "submission"),
        plan.limits.cpu.as_millis(),
        plan.limits.memory >> 20,
        match plan.io.mode {
            IoMode::File => "file",
            IoMode::Stdio => "stdio",
        },
        plan.policy.dialect,
        runner.method()
    )
}

fn print_tables(report: &RunReport) -> Result<()> {
    let mut out = std::io::stdout().lock();
    for r in &report.submissions {
        writeln!(out, "{}", submission_table(r))?;
    }
    if report.submissions.len() > 1 {
        write!(out, "{}", ranking(&report.submissions))?;
        write!(
            out,
            "{}",
            score_table(&report.submissions, super::terminal_columns())
        )?;
    }
    let errors = judge_errors(&report.submissions);
    if !errors.is_empty() {
        write!(out, "\n{errors}")?;
    }
    Ok(())
}

/// Renders the reports of a run as one file's text.
type Render = fn(&RunReport) -> String;

fn write_exports(args: &JudgeArgs, report: &RunReport) -> Result<()> {
    let exports: [(&Option<PathBuf>, Render); 3] = [
        (&args.junit, |r| export::junit(&r.submissions)),
        (&args.csv, |r| export::score_csv(&r.submissions)),
        (&args.html, export::report_html),
    ];
    for (path, render) in exports {
        if let Some(path) = path {
            std::fs::write(path, render(report))
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
    }
    Ok(())
}

/// Progress on standard error (a bar on a terminal, a line per case
/// otherwise) and the JSON file rewritten after every case.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    json: Option<PathBuf>,
    failure: Option<anyhow::Error>,
}

impl Progress {
    fn new(json: Option<PathBuf>) -> Progress {
        Progress {
            bar: None,
            json,
            failure: None,
        }
    }

    /// The first JSON write that failed, if one did.
    fn done(self) -> Result<()> {
        self.failure.map_or(Ok(()), Err)
    }
}

impl Observer for Progress {
    fn started(&mut self, name: &str, cases: usize) {
        self.bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(cases as u64);
            let style =
                indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            bar.set_style(style.progress_chars("=> "));
            bar.set_prefix(visible(name));
            bar
        });
    }

    fn note(&mut self, name: &str, text: &str) {
        eprintln!("[{}] {}", visible(name), visible(text));
    }

    fn case_done(&mut self, name: &str, c: &CaseResult, so_far: &RunReport) {
        let name = visible(name);
        let line = visible(&format!(
            "{}/{}: {} ({} ms)",
            c.suite, c.name, c.verdict, c.cpu_ms
        ));
        match &self.bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(line);
            }
            None => eprintln!("[{name}] {line}"),
        }
        if let Some(path) = &self.json
            && let Err(e) = write_json(path, so_far)
        {
            let e = anyhow::Error::new(e).context(format!("{}: cannot write", path.display()));
            self.failure.get_or_insert(e);
        }
    }

    fn finished(&mut self, _so_far: &RunReport) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
