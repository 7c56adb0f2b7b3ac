//! `mayan judge`: grade submissions over the suites and report. The run is
//! the library's (`judge::session`); this draws progress, keeps the JSON
//! file up to date and writes the reports asked for.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;

use super::RunArgs;
use crate::config::{Config, IoMode};
use crate::judge::partition::Partition;
use crate::judge::plan::Plan;
use crate::judge::report::json::write_json;
use crate::judge::report::table::{sandbox_summary, score_table, submission_table};
use crate::judge::report::{RunReport, SubmissionReport, export};
use crate::judge::result::CaseResult;
use crate::judge::session::{Observer, Session, find_cases};
use crate::judge::submission::gather;
use crate::runner::Runner;
use crate::runner::process::ProcessRunner;
use crate::text::plural;

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
    /// Write the score table as a self-contained HTML page.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// A folder of contestants, one subfolder each holding `mayan.<ext>`
    /// (LemonLime's layout), judged instead of the configured folder.
    #[arg(long)]
    pub contestants: Option<PathBuf>,
    /// Judge only shard K of N of the (submission, case) pairs, as 2/3, to
    /// spread a run over machines; `mayan report merge` puts the shards'
    /// --json reports together.
    #[arg(long, value_name = "K/N", conflicts_with_all = ["csv", "html"])]
    pub partition: Option<Partition>,
    /// Cases run at once (CPU times stay per process; wall times get noisier).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// Judge this command instead of the configured submissions.
    #[arg(last = true)]
    pub command: Vec<String>,
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
    let (cases, strays) = find_cases(&config)?;
    for f in &strays {
        eprintln!("{f}");
    }
    let entries = gather(&args.command, args.contestants.as_deref(), &config)?;
    let plan = Plan::of(&config, usize::from(args.jobs));
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    eprintln!("{}", header(entries.len(), cases.len(), &plan, &runner));
    eprintln!("{}", sandbox_summary(&runner.protections()));
    if let Some(p) = args.partition {
        eprintln!("judging shard {p} of the (submission, case) pairs");
    }
    let session = Session {
        base: &base,
        cases: &cases,
        plan: &plan,
        runner: &runner,
        languages: &config.languages,
    };
    let mut progress = Progress::new(args.json.clone());
    let report = session.judge_part(&entries, args.partition, &mut progress)?;
    progress.done()?;
    if let Some(path) = &args.json {
        write_json(path, &report).with_context(|| format!("{}: cannot write", path.display()))?;
    }
    print_tables(&report)?;
    write_exports(args, &report)?;
    Ok(report.exit_code())
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

pub(super) fn print_tables(report: &RunReport) -> Result<()> {
    let mut out = std::io::stdout().lock();
    for r in &report.submissions {
        writeln!(out, "{}", submission_table(r))?;
    }
    // A shard's submissions have different cases: no common columns.
    if report.submissions.len() > 1 && report.partition.is_none() {
        write!(out, "{}", score_table(&report.submissions))?;
    }
    Ok(())
}

/// Renders the reports of a run as one file's text.
type Render = fn(&[SubmissionReport]) -> String;

fn write_exports(args: &JudgeArgs, report: &RunReport) -> Result<()> {
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
            bar.set_prefix(name.to_string());
            bar
        });
    }

    fn note(&mut self, name: &str, text: &str) {
        eprintln!("[{name}] {text}");
    }

    fn case_done(&mut self, name: &str, c: &CaseResult, so_far: &RunReport) {
        let line = format!("{}/{}: {} ({} ms)", c.suite, c.name, c.verdict, c.cpu_ms);
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
