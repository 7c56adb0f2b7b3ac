//! Stress testing, as `mayan stress` asks for it ([`run`]): cases drawn one
//! after another until a submission fails one, then the failing case shrunk
//! (fewer blocks, fewer colours, smaller n) for as long as it still fails
//! the same way, so a person can read it; then shown, and written as JSON
//! and saved as a case when asked.
//!
//! [`run`] settles the request (the configuration with its overrides, the
//! JSON path and the program checked before anything runs), stages the
//! command, searches (`judging`, drawing and shrinking with `cases`) and
//! hands back what to show (`words`) with the files written (`write`). A
//! SIGINT or SIGTERM stops the search: an outcome, not an error. Not
//! responsible for printing: the caller prints what it is handed.

mod cases;
mod judging;
mod words;
mod write;

pub use cases::{Draw, KINDS, shrink, shrink_candidates, stress_case};
pub use judging::{Failure, Found, Search, stress};
pub use write::{save, write_json};

use std::path::{Path, PathBuf};

use crate::config::{Config, ConfigError, Overrides};
use crate::exit;
use crate::judge::plan::Plan;
use crate::judge::report::outputs::{Inputs, OutputError, Outputs};
use crate::judge::report::table::sandbox_summary;
use crate::judge::run::{RunError, check_found, check_program};
use crate::judge::submission::stage_command;
use crate::runner::process::{ProcessRunner, StrictUnmet};
use crate::runner::sandbox::Exposed;
use crate::runner::{Runner, scratch_dir, signals};

/// What `mayan stress` is asked: every flag, settled.
#[derive(Debug, Clone)]
pub struct StressRequest {
    /// The configuration file; none: `judge.toml` in the current folder
    /// when it exists, else the built-in one.
    pub config: Option<PathBuf>,
    /// The command line's values over the configuration's.
    pub overrides: Overrides,
    /// Which cases are drawn; no kinds: every kind of [`KINDS`] in turn.
    pub draw: Draw,
    /// Cases tried at most.
    pub cases: u64,
    /// Cases judged at once (at least 1).
    pub jobs: usize,
    /// The submission, a program and its arguments as the user would run
    /// it in the current folder.
    pub command: Vec<String>,
    /// Save the smallest failing case (`stress-SEED-INDEX.in` and `.ans`)
    /// into this folder.
    pub save: Option<PathBuf>,
    /// Write what was found (the failure, or none) as JSON.
    pub json: Option<PathBuf>,
}

/// How a stress run ended.
#[derive(Debug)]
pub enum Ended {
    /// The search ended: a failure found, or every case judged passed.
    Searched(Box<Found>),
    /// Stopped by this signal before a failure was found.
    Interrupted(i32),
}

/// What a stress run hands back.
#[derive(Debug)]
pub struct StressOutcome {
    pub ended: Ended,
    /// What to show on standard output: the failure (and where it was
    /// saved), or the line of a run that found none, or was stopped.
    pub shown: String,
    /// Where the small failing case was saved.
    pub saved: Option<PathBuf>,
    /// The files asked for, written or not: a file that cannot be written
    /// does not lose the failure, which is in `shown` all the same.
    pub written: Result<(), StressError>,
}

impl StressOutcome {
    /// 0 when no failure was found, 1 when one was, 128 + the signal when
    /// stopped.
    pub fn exit_code(&self) -> u8 {
        match &self.ended {
            Ended::Interrupted(signal) => exit::for_signal(*signal),
            Ended::Searched(found) => exit::accepted_or_rejected(found.failure.is_none()),
        }
    }
}

/// A stress run that could not start or go on; each says what to change.
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Program(#[from] RunError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Sandbox(#[from] StrictUnmet),
    #[error(transparent)]
    Exposed(#[from] Exposed),
    /// The scratch folder could not be made.
    #[error(transparent)]
    Scratch(std::io::Error),
    /// The command's files could not be copied into the scratch folder.
    #[error(transparent)]
    Stage(std::io::Error),
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: cannot write", path.display())]
    Json {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("judge error on case {index}: {message}")]
    Judge { index: u64, message: String },
    /// The search was stopped by a signal after `judged` cases passed;
    /// [`run`] hands it back as an outcome ([`Ended::Interrupted`], its
    /// JSON written), never as this error.
    #[error("interrupted")]
    Interrupted { judged: u64 },
}

/// Runs the stress test `request` asks for, its program run by this
/// machine's runner in the sandbox the configuration asks for; `say` is
/// told the sandbox's summary (for standard error) before the search.
/// SIGINT and SIGTERM stop the search.
pub fn run(
    request: &StressRequest,
    say: &mut dyn FnMut(&str),
) -> Result<StressOutcome, StressError> {
    signals::install();
    let runner = |config: &Config| -> Result<Box<dyn Runner>, StressError> {
        let (mode, readable) = (config.sandbox.mode, config.sandbox.readable.clone());
        Ok(Box::new(ProcessRunner::configured(mode, readable)?))
    };
    run_with(request, runner, say)
}

/// What a stress run reads, that its report may not replace: the
/// configuration and the files its command names.
fn reads(config_path: Option<&Path>, command: &[String]) -> Inputs {
    let mut inputs = Inputs::default();
    if let Some(path) = config_path {
        inputs.file("the configuration", path);
    }
    inputs.command(command);
    inputs
}

/// What no run of a stress test may read (see `runner::sandbox::hide`):
/// the configuration, the JSON report and the folder cases are saved in.
fn unread(
    config_path: Option<&Path>,
    request: &StressRequest,
    outputs: &Outputs,
) -> Result<Inputs, OutputError> {
    let mut inputs = reads(config_path, &[]);
    inputs.extend(outputs.unread()?);
    if let Some(save) = &request.save {
        inputs.folder("the folder failing cases are saved in", save);
    }
    Ok(inputs)
}

/// [`run`], its program run by the runner `runner` makes for the settled
/// configuration.
pub fn run_with(
    request: &StressRequest,
    runner: impl FnOnce(&Config) -> Result<Box<dyn Runner>, StressError>,
    say: &mut dyn FnMut(&str),
) -> Result<StressOutcome, StressError> {
    let outputs = Outputs {
        json: request.json.clone(),
        ..Outputs::default()
    };
    outputs.check()?;
    check_program(&request.command)?;
    let (mut config, config_path) = Config::find(request.config.as_deref())?;
    outputs.check_inputs(&reads(config_path.as_deref(), &request.command))?;
    config.apply(&request.overrides)?;
    let mut plan = Plan::of(&config, request.jobs.max(1));
    let mut runner = runner(&config)?;
    check_found(&request.command, runner.as_ref())?;
    let guarded = unread(config_path.as_deref(), request, &outputs)?;
    runner.guard(&guarded)?;
    say(&sandbox_summary(&runner.protections()));
    let scratch = scratch_dir("mayan-stress-").map_err(StressError::Scratch)?;
    let argv = stage_command(&request.command, (Path::new("."), scratch.path()), &guarded)
        .map_err(StressError::Stage)?;
    // The runs may read and run what was staged for them, the files beside
    // the script among them (a binary it runs), as `judge`'s runs may.
    plan.readable = (argv.iter().map(Path::new))
        .filter(|word| word.starts_with(scratch.path()))
        .filter_map(|copy| copy.parent().map(Path::to_path_buf))
        .collect();
    let mut draw = request.draw.clone();
    if draw.kinds.is_empty() {
        draw.kinds = KINDS.to_vec();
    }
    let search = Search {
        draw,
        cases: request.cases,
        argv: &argv,
        plan: &plan,
    };
    match stress(&search, runner.as_ref(), scratch.path()) {
        Err(StressError::Interrupted { judged }) => {
            let signal = plan.interrupt.received().unwrap_or(libc::SIGINT);
            // What was judged is kept: the JSON says how far it got.
            let found = Found {
                judged,
                failure: None,
            };
            let written = (request.json.as_deref()).map_or(Ok(()), |path| {
                write_json(
                    path,
                    (request.draw.seed, request.cases),
                    &found,
                    Some(signal),
                )
            });
            Ok(StressOutcome {
                ended: Ended::Interrupted(signal),
                shown: words::INTERRUPTED.to_string(),
                saved: None,
                written,
            })
        }
        found => Ok(finish(request, &plan, found?)),
    }
}

/// What was found, shown and written as asked: the JSON file first, then
/// the saved case; a failure to save is said before one to write the JSON.
fn finish(request: &StressRequest, plan: &Plan, found: Found) -> StressOutcome {
    let seed = request.draw.seed;
    let json = match &request.json {
        Some(path) => write_json(path, (seed, request.cases), &found, None),
        None => Ok(()),
    };
    let Some(failure) = &found.failure else {
        return StressOutcome {
            shown: words::passed(seed, request.cases, found.judged),
            ended: Ended::Searched(Box::new(found)),
            saved: None,
            written: json,
        };
    };
    let mut shown = words::failure(failure, request.cases, plan.policy.dialect);
    let saved = request.save.as_deref().map(|dir| {
        let name = format!("stress-{seed}-{}", failure.index);
        save(dir, &name, failure)
    });
    let (saved, written) = match saved {
        None => (None, json),
        Some(Ok(input)) => {
            shown += &words::saved(&input);
            (Some(input), json)
        }
        Some(Err(e)) => (None, Err(e)),
    };
    StressOutcome {
        ended: Ended::Searched(Box::new(found)),
        shown,
        saved,
        written,
    }
}

#[cfg(test)]
mod tests;
