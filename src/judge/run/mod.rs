//! A judging run as one object ([`Run`]): made from what the user asked for
//! ([`Request`]) by settling the configuration with the command line's
//! overrides, finding the cases, picking what is judged, checking the
//! report paths and reading what a resumed run keeps, all before anything
//! runs ([`Run::prepare`]); then judged by the session, every step told to
//! the observers as one stream of events ([`Run::judge`]). [`judge`] does
//! both with the standard reporters (the terminal, the tables, the report
//! files): what `mayan judge` calls. Tests and benches drive a `Run` with a
//! fake runner and observers of their own, and can stop it halfway
//! ([`Run::interrupt`]) and resume it.

mod reads;
mod select;
pub mod words;

pub use select::{check_found, check_program};

use std::path::{Path, PathBuf};

use crate::config::{Config, ConfigError, Layout, Overrides};
use crate::inputs::Inputs;
use crate::judge::compile::Toolchain;
use crate::judge::event::{Event, Observer, Tone};
use crate::judge::partition::Partition;
use crate::judge::plan::Plan;
use crate::judge::report::outputs::{OutputError, Outputs};
use crate::judge::report::reporters::{self, Display, Outcome};
use crate::judge::report::{CaseId, Conditions, RunReport};
use crate::judge::resume::{Earlier, ResumeError};
use crate::judge::session::{RunOptions, Session, SessionError, find_cases};
use crate::judge::submission::{ContestArgs, Entry, GatherError};
use crate::judge::suite::CaseFile;
use crate::runner::Runner;
use crate::runner::process::{ProcessRunner, StrictUnmet};
use crate::runner::sandbox::Exposed;
use crate::runner::signals::{self, Interrupt};
use crate::text::visible;

/// Where the contestants are and how to read them, as the user gave it
/// (over the configuration's `[contestants]`).
#[derive(Debug, Clone, Default)]
pub struct ContestRequest {
    pub folder: Option<PathBuf>,
    pub problem: Option<String>,
    pub layout: Option<Layout>,
}

impl ContestRequest {
    fn args(&self) -> ContestArgs<'_> {
        ContestArgs {
            folder: self.folder.as_deref(),
            problem: self.problem.as_deref(),
            layout: self.layout,
        }
    }
}

/// What the user asks a run to do: every flag of `mayan judge`, settled.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The configuration file; none: `judge.toml` in the current folder
    /// when it exists, else the built-in one.
    pub config: Option<PathBuf>,
    /// The command line's values over the configuration's.
    pub overrides: Overrides,
    /// Judge only the cases whose `suite/name` (or name) matches one.
    pub cases: Vec<String>,
    /// Judge only the submissions whose name matches one.
    pub submissions: Vec<String>,
    /// Source files to judge instead of the configured submissions.
    pub sources: Vec<PathBuf>,
    /// A command to judge instead of the configured submissions.
    pub command: Vec<String>,
    pub contest: ContestRequest,
    /// Judge only this share of the (submission, case) pairs.
    pub partition: Option<Partition>,
    /// Cases run at once (at least 1).
    pub jobs: usize,
    /// Go on from the `--json` report of an earlier run and its journal.
    pub resume: bool,
    pub outputs: Outputs,
    pub display: Display,
}

/// A run that cannot start; each says what to change.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Gather(#[from] GatherError),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Resume(#[from] ResumeError),
    #[error(transparent)]
    Sandbox(#[from] StrictUnmet),
    #[error(transparent)]
    Exposed(#[from] Exposed),
    #[error(
        "{who} names {}, {} {} ({}), which no run may read; give the program a file of its own",
        visible(&file.display().to_string()),
        if *inside { "inside" } else { "that is" },
        input.what,
        visible(&input.path.display().to_string())
    )]
    CommandReads {
        /// "the command after --", or "the command of `NAME`".
        who: String,
        file: PathBuf,
        input: Box<crate::inputs::Input>,
        inside: bool,
    },
    #[error(
        "suite `{suite}`: {exposure}: a contestant's files would be read as cases, or the cases \
         as a contestant's; keep the suites and the contest folder apart"
    )]
    SuiteInContest {
        suite: String,
        exposure: Box<crate::inputs::Exposure>,
    },
    #[error(
        "{0}; name the cases with --suite DIR (a folder of X.in with X.ans), or run where the \
         contest's judge.toml is"
    )]
    NoSuite(String),
    #[error("nothing matches {0}")]
    NothingMatches(String),
    #[error("{}: no such source file", .0.display())]
    NoSuchSource(PathBuf),
    #[error(transparent)]
    Walk(#[from] crate::untrusted::walk::WalkError),
    #[error(
        "{}: no language for this extension (known: {}); name the source after its language, as `mayan.cpp`, or give the program to run after --",
        path.display(),
        known.join(", ")
    )]
    UnknownLanguage { path: PathBuf, known: Vec<String> },
    #[error(
        "the command after -- is empty: give the program to run, as `-- ./solution` or `-- python3 solution.py`"
    )]
    EmptyProgram,
    #[error(
        "{0}: no such program (no executable file of that path, no command of that name on PATH); give the program to run after --, as `-- ./solution` or `-- python3 solution.py`"
    )]
    NoSuchProgram(String),
    #[error(
        "{0}: a folder, not a program; give the program to run after --, as `-- ./solution` or `-- python3 solution.py`"
    )]
    ProgramIsAFolder(String),
    #[error(
        "--partition judges a share of the run: write its --json report, and --{0} after `mayan report merge`"
    )]
    PartitionWithReport(&'static str),
}

/// A judging run, ready: everything settled and checked, nothing run yet.
pub struct Run {
    request: Request,
    config: Config,
    /// Where the relative paths of the configuration start.
    base: PathBuf,
    cases: Vec<CaseFile>,
    entries: Vec<Entry>,
    plan: Plan,
    runner: Box<dyn Runner>,
    earlier: Option<Earlier>,
    /// What was found on the way, said when the run starts.
    found: String,
    /// What no run may read (see `reads::unread`), never staged for one.
    guarded: Inputs,
}

/// Prepares and judges the run `request` asks for, with the standard
/// reporters (the terminal, the tables, the report files asked for); a
/// SIGINT or SIGTERM stops it, keeping what was judged.
pub fn judge(request: Request) -> Result<Outcome, RunError> {
    signals::install();
    let run = Run::prepare(request)?;
    let mut reporters = reporters::standard(&run.request.outputs, run.request.display);
    let report = run.judge(&mut reporters)?;
    let written = reporters.close();
    Ok(Outcome { report, written })
}

impl Run {
    /// The run `request` asks for, its programs run by this machine's
    /// runner in the sandbox the configuration asks for.
    pub fn prepare(request: Request) -> Result<Run, RunError> {
        Run::prepare_with(request, |config| {
            let (mode, readable) = (config.sandbox.mode, config.sandbox.readable.clone());
            Ok(Box::new(ProcessRunner::configured(mode, readable)?))
        })
    }

    /// The run `request` asks for, its programs run by the runner
    /// `runner` makes for the settled configuration.
    pub fn prepare_with(
        request: Request,
        runner: impl FnOnce(&Config) -> Result<Box<dyn Runner>, RunError>,
    ) -> Result<Run, RunError> {
        let (config, config_path) = configured(&request)?;
        let base = base_of(config_path.as_deref());
        let (mut cases, strays) = find_cases(&config).map_err(|e| {
            no_suite(
                e,
                !request.overrides.suites.is_empty(),
                config_path.as_deref(),
            )
        })?;
        let mut found: String = strays
            .iter()
            .map(|f| format!("{}\n", crate::text::visible(&f.to_string())))
            .collect();
        select::keep_matching(&mut cases, &request.cases, |c| {
            format!("{}/{}", c.suite, c.name)
        })?;
        let (mut entries, gathered) = select::entries(&request, &config)?;
        select::keep_matching(&mut entries, &request.submissions, |e| e.name().to_string())?;
        found += &words::found_listing(&gathered, request.display.brief(entries.len()));
        let plan = Plan::of(&config, request.jobs.max(1));
        check_outputs(&request)?;
        reads::check_apart(&config, &gathered)?;
        let reads = reads::of(
            config_path.as_deref(),
            &config,
            (&entries, &gathered),
            &base,
        );
        request.outputs.check_inputs(&reads)?;
        let earlier = earlier(&request, &plan, &cases)?;
        if let (Some(e), Some(json)) = (&earlier, &request.outputs.json) {
            found += &words::resuming(e, json);
        }
        let mut runner = runner(&config)?;
        check_found(&request.command, runner.as_ref())?;
        let guarded = reads::unread(reads, (&request, &entries, &base))?;
        runner.guard(&guarded)?;
        Ok(Run {
            request,
            config,
            base,
            cases,
            entries,
            plan,
            runner,
            earlier,
            found,
            guarded,
        })
    }

    /// The handle that stops this run as a signal would: no case starts
    /// once it is raised, and the report holds what finished.
    pub fn interrupt(&self) -> Interrupt {
        self.plan.interrupt.clone()
    }

    /// What is judged.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The cases it is judged on.
    pub fn cases(&self) -> &[CaseFile] {
        &self.cases
    }

    /// Judges every entry over every case of its share, telling `observer`
    /// everything as it goes, and ends with the finished report
    /// ([`Event::Finished`], when the reports are written); returns it.
    pub fn judge(&self, observer: &mut dyn Observer) -> Result<RunReport, RunError> {
        let info = |observer: &mut dyn Observer, text: &str| {
            if !text.is_empty() {
                observer.on(&Event::Said(Tone::Info, text));
            }
        };
        info(observer, &self.found);
        let tools = Toolchain::of(&self.config, &self.guarded);
        let opening = words::opening(
            (&self.entries, self.cases.len()),
            (&self.plan, self.runner.as_ref()),
            tools,
            self.request.partition,
        );
        info(observer, &opening);
        let session = Session {
            base: &self.base,
            cases: &self.cases,
            plan: &self.plan,
            runner: self.runner.as_ref(),
            tools,
        };
        let options = RunOptions {
            partition: self.request.partition,
            earlier: self.earlier.as_ref(),
        };
        let report = session.judge_run(&self.entries, options, observer)?;
        observer.on(&Event::Finished(&report));
        info(
            observer,
            &words::closing(&report, self.request.outputs.json.as_deref()),
        );
        if !report.interrupted {
            let added = select::added_meanwhile(&self.request, &self.config, &self.entries);
            if !added.is_empty() {
                observer.on(&Event::Said(Tone::Warning, &added));
            }
        }
        Ok(report)
    }
}

/// The configuration with the request's overrides, and the file it was
/// read from (none: the built-in one).
fn configured(request: &Request) -> Result<(Config, Option<PathBuf>), RunError> {
    let (mut config, config_path) = Config::find(request.config.as_deref())?;
    config.apply(&request.overrides)?;
    Ok((config, config_path))
}

/// The folder the configuration's relative paths start from.
fn base_of(config_path: Option<&Path>) -> PathBuf {
    (config_path.and_then(Path::parent))
        .unwrap_or(Path::new(""))
        .to_path_buf()
}

/// A suite that is no folder, said as where it was named: by `--suite`
/// (`given`), by the configuration at `config_path`, or by the built-in
/// configuration (no `judge.toml` here, so `cases/`).
fn no_suite(e: SessionError, given: bool, config_path: Option<&Path>) -> RunError {
    let SessionError::SuiteNotAFolder { name, path } = e else {
        return e.into();
    };
    let path = visible(&path.display().to_string());
    RunError::NoSuite(match (given, config_path) {
        (true, _) => format!("--suite {path}: not a folder"),
        (false, Some(config)) => format!(
            "{}: [[suite]] `{}` names {path}, which is not a folder",
            config.display(),
            visible(&name)
        ),
        (false, None) => format!(
            "no judge.toml here and no --suite: the built-in configuration judges the folder \
             {path}, which is not here"
        ),
    })
}

/// The report paths, checked before anything runs; a shard writes only
/// its JSON report (the others are the whole run's, after the merge).
fn check_outputs(request: &Request) -> Result<(), RunError> {
    if request.partition.is_some() {
        let whole = [
            ("csv", &request.outputs.csv),
            ("html", &request.outputs.html),
        ];
        if let Some((flag, _)) = whole.into_iter().find(|(_, p)| p.is_some()) {
            return Err(RunError::PartitionWithReport(flag));
        }
    }
    request.outputs.check()?;
    request.outputs.check_journal(request.resume)?;
    Ok(())
}

/// With `resume`, what the earlier run left that still holds: its report
/// and its journal, read.
fn earlier(
    request: &Request,
    plan: &Plan,
    cases: &[CaseFile],
) -> Result<Option<Earlier>, RunError> {
    let Some(json) = request.outputs.json.as_deref().filter(|_| request.resume) else {
        return Ok(None);
    };
    let ids: Vec<CaseId> = cases.iter().map(CaseId::of).collect();
    Ok(Some(Earlier::read(json, &Conditions::of(plan), &ids)?))
}

#[cfg(test)]
mod tests;
