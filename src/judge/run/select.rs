//! What a run judges, picked from its request: the sources or the command
//! given, else the contest folder's contestants, else the configured
//! submissions (`judge::submission::gather`); then only the cases and
//! submissions whose names match the globs asked for. And, after a run, the
//! contestants that appeared in the contest folder meanwhile.

use std::path::{Path, PathBuf};

use super::{Request, RunError};
use crate::config::languages::{known_extensions, recipe_for};
use crate::config::{Config, ContestantsConfig, Origin, Submission};
use crate::judge::contestants::{is_problem, source_name};
use crate::judge::submission::{ContestArgs, Entry, Gathered, gather};
use crate::runner::Runner;
use crate::text::{glob_match, plural, visible};

/// What the run judges (see the module's docs), and what a contest folder
/// held when there is one.
pub fn entries(request: &Request, config: &Config) -> Result<(Vec<Entry>, Gathered), RunError> {
    let contest = request.contest.args();
    if request.sources.is_empty() && request.command.is_empty() {
        let gathered = gather(&[], &contest, config)?;
        return Ok((gathered.entries.clone(), gathered));
    }
    let problem = contest
        .resolve(config.contestants.as_ref())
        .map(|c| c.problem);
    let problem = problem.unwrap_or_else(ContestantsConfig::default_problem);
    let entries = from_command_line(&request.sources, &request.command, &problem)?;
    for source in &request.sources {
        if recipe_for(source, &config.languages).is_none() {
            return Err(RunError::UnknownLanguage {
                path: source.clone(),
                known: known_extensions(&config.languages),
            });
        }
    }
    Ok((entries, Gathered::default()))
}

/// The submissions named on the command line: each source file (named by
/// its file name, or by its contestant's folder when the file is named
/// after the problem), then the command, whose arguments are read in the
/// current folder; a source on a pseudo file system (`/sys`) is refused.
fn from_command_line(
    sources: &[PathBuf],
    command: &[String],
    problem: &str,
) -> Result<Vec<Entry>, RunError> {
    let mut entries = Vec::new();
    let names: Vec<String> = sources.iter().map(|s| source_name(s, problem)).collect();
    for (source, name) in sources.iter().zip(&names) {
        if !source.is_file() {
            return Err(RunError::NoSuchSource(source.clone()));
        }
        crate::untrusted::walk::refuse_pseudo(source)?;
        // Two sources of one name are told apart by their paths.
        let name = match names.iter().filter(|n| *n == name).count() {
            1 => name.clone(),
            _ => crate::text::name_of(source.as_os_str()),
        };
        entries.push(Entry::Program(Submission {
            name,
            command: None,
            source: Some(source.clone()),
            // A file named after the problem is a contestant's.
            origin: match is_problem(source, problem) {
                true => Origin::Contestant,
                false => Origin::Named,
            },
        }));
    }
    if !command.is_empty() {
        check_program(command)?;
        entries.extend(gather(command, &ContestArgs::default(), &Config::builtin())?.entries);
    }
    Ok(entries)
}

/// The program of a command: an empty one (`-- ""`) or a folder is the
/// user's slip, said as such before anything runs (not a judge error on
/// every case).
pub fn check_program(command: &[String]) -> Result<(), RunError> {
    let Some(program) = command.first() else {
        return Ok(());
    };
    if program.trim().is_empty() {
        return Err(RunError::EmptyProgram);
    }
    if Path::new(program).is_dir() {
        return Err(RunError::ProgramIsAFolder(program.clone()));
    }
    Ok(())
}

/// The program of a command, as the runner would find it: one found
/// nowhere is the user's slip, said before anything runs.
pub fn check_found(command: &[String], runner: &dyn Runner) -> Result<(), RunError> {
    match command.first() {
        Some(program) if !runner.finds(program) => Err(RunError::NoSuchProgram(program.clone())),
        _ => Ok(()),
    }
}

/// Keeps the items whose name matches one of `globs` (all when there is
/// none); an error when nothing is left.
pub fn keep_matching<T>(
    items: &mut Vec<T>,
    globs: &[String],
    name: impl Fn(&T) -> String,
) -> Result<(), RunError> {
    if globs.is_empty() {
        return Ok(());
    }
    items.retain(|item| {
        let full = name(item);
        let short = full.rsplit('/').next().unwrap_or(&full).to_string();
        globs
            .iter()
            .any(|g| glob_match(g, &full) || glob_match(g, &short))
    });
    if items.is_empty() {
        return Err(RunError::NothingMatches(globs.join(", ")));
    }
    Ok(())
}

/// Contestants whose folders appeared in the contest folder while the run
/// went (late copies, a second USB stick): named, since they were not
/// judged, with how to judge them without judging the others again.
pub fn added_meanwhile(request: &Request, config: &Config, judged: &[Entry]) -> String {
    // Named sources, a command, or contestants picked by name: nothing else
    // was meant to be judged.
    if !request.sources.is_empty() || !request.command.is_empty() || !request.submissions.is_empty()
    {
        return String::new();
    }
    let Ok(now) = gather(&[], &request.contest.args(), config) else {
        return String::new();
    };
    let added: Vec<String> = (now.entries.iter())
        .filter(|e| now.contest.is_some() && !judged.iter().any(|j| j.name() == e.name()))
        .map(|e| visible(e.name()))
        .collect();
    if added.is_empty() {
        return String::new();
    }
    let again = match &request.outputs.json {
        Some(json) => format!(
            "run again with --resume --json {}",
            visible(&json.display().to_string())
        ),
        None => "run again with --json FILE --resume to judge only what is new".to_string(),
    };
    format!(
        "warning: {} appeared in the contest folder during the run and {} not judged: {}; {again}\n",
        plural(added.len(), "contestant"),
        if added.len() == 1 { "was" } else { "were" },
        added.join(", ")
    )
}
