//! What a judging run reads ([`Inputs`]): its configuration, its suites'
//! folders, the contest folder and every source or file its programs are
//! made from; the report paths are checked against them before anything
//! runs, so that no report replaces an answer, a case, the configuration
//! or a contestant's source, or lands in a folder the next run reads.

use std::path::Path;

use crate::config::Config;
use crate::judge::report::outputs::{Inputs, OutputError};
use crate::judge::submission::{Entry, Gathered};
use crate::text::visible;

/// Everything the run of `config` (read from `config_path`, if any)
/// reads to judge `entries`, run by `command` when one was given.
pub fn of(
    config_path: Option<&Path>,
    config: &Config,
    (entries, gathered): (&[Entry], &Gathered),
    command: &[String],
) -> Inputs {
    let mut inputs = Inputs::default();
    if let Some(path) = config_path {
        inputs.file("the configuration", path);
    }
    for suite in &config.suites {
        let what = format!("the cases of suite `{}`", visible(&suite.name));
        match suite.path.is_dir() {
            true => inputs.folder(what, &suite.path),
            false => inputs.file(what, &suite.path),
        }
    }
    if let Some((contestants, _)) = &gathered.contest {
        inputs.folder("the contest folder", &contestants.path);
    }
    for entry in entries {
        let Some(source) = entry.program().and_then(|p| p.source.as_deref()) else {
            continue;
        };
        inputs.file(format!("the source of {}", visible(entry.name())), source);
    }
    inputs.command(command);
    inputs
}

/// What no run of `request` may read (see `runner::sandbox::hide`): what
/// it reads (`reads`, but the user's own command, whose files the runs are
/// given as copies) and the reports it writes.
pub fn unread(reads: Inputs, request: &super::Request) -> Result<Inputs, OutputError> {
    let command: Vec<&Path> = request.command.iter().map(Path::new).collect();
    let mut unread = Inputs::default();
    for input in reads
        .iter()
        .filter(|i| !command.contains(&i.path.as_path()))
    {
        match input.folder {
            true => unread.folder(input.what.clone(), &input.path),
            false => unread.file(input.what.clone(), &input.path),
        }
    }
    unread.extend(request.outputs.unread()?);
    Ok(unread)
}
