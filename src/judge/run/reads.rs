//! What a judging run reads ([`Inputs`]): its configuration, its suites'
//! folders, the contest folder and every source or file its programs are
//! made from; the report paths are checked against them before anything
//! runs, so that no report replaces an answer, a case, the configuration
//! or a contestant's source, or lands in a folder the next run reads.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::judge::report::outputs::Inputs;
use crate::judge::run::RunError;
use crate::judge::submission::{Entry, Gathered, named_files};
use crate::runner::signals;
use crate::text::visible;
use crate::untrusted::walk::{Bounds, Walk};

/// Everything the run of `config` (read from `config_path`, if any)
/// reads to judge `entries`, their commands' paths relative to `base`.
pub fn of(
    config_path: Option<&Path>,
    config: &Config,
    (entries, gathered): (&[Entry], &Gathered),
    base: &Path,
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
        for (link, target) in linked_elsewhere(&suite.path) {
            let what = format!(
                "what suite `{}` links to from {}",
                visible(&suite.name),
                visible(&link.display().to_string())
            );
            match target.is_dir() {
                true => inputs.folder(what, &target),
                false => inputs.file(what, &target),
            }
        }
    }
    if let Some((contestants, _)) = &gathered.contest {
        inputs.linked("the contest folder", &contestants.path, true);
    }
    for entry in entries {
        let Some(source) = entry.program().and_then(|p| p.source.as_deref()) else {
            continue;
        };
        let what = format!("the source of {}", visible(entry.name()));
        inputs.linked(what, source, false);
    }
    for file in entries.iter().flat_map(|e| command_files(e, base)) {
        inputs.file("a file of the command", &file);
    }
    inputs
}

/// Refuses a suite that is the contest folder, lies inside it or holds it,
/// also through a link in the suite or under another name (a bind mount, a
/// hard link): a contestant's files would be read as cases, or the cases
/// as a contestant's, and no run could be kept from the answers.
pub fn check_apart(config: &Config, gathered: &Gathered) -> Result<(), RunError> {
    let Some((contestants, _)) = &gathered.contest else {
        return Ok(());
    };
    let mut contest = Inputs::default();
    contest.folder("the contest folder", &contestants.path);
    for suite in &config.suites {
        // By its path, through a link in it, or under another name (a bind
        // mount either way, a hard link of a contestant's file).
        let linked = || {
            linked_elsewhere(&suite.path)
                .into_iter()
                .find_map(|(link, target)| {
                    let mut exposure = contest.exposed_by(&target)?;
                    exposure.folder = link;
                    Some(exposure)
                })
        };
        let aliased = || {
            let mut cases = Inputs::default();
            cases.folder(format!("suite `{}`", visible(&suite.name)), &suite.path);
            let inside = || crate::inputs::aliased_by(&cases, &contestants.path);
            crate::inputs::aliased_by(&contest, &suite.path).or_else(inside)
        };
        let found = contest.exposed_by(&suite.path).or_else(linked);
        if let Some(exposure) = found.or_else(aliased) {
            let suite = visible(&suite.name);
            let exposure = Box::new(exposure);
            return Err(RunError::SuiteInContest { suite, exposure });
        }
    }
    Ok(())
}

/// Each link under the folder `root` (followed, as the cases are) whose
/// target lies outside it, and that target's real path: a case, an answer
/// or a folder of them kept elsewhere (`/usr/local/share`), which must be
/// guarded where it lies. A walk bounded as the cases' is; what it cannot
/// reach is left to the cases' own walk, which says so.
fn linked_elsewhere(root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let Ok(real_root) = std::fs::canonicalize(root) else {
        return Vec::new();
    };
    let walk = walkdir::WalkDir::new(root).follow_links(true);
    let walk = Walk::new(walk, root, Bounds::STANDARD, signals::received);
    let mut linked = Vec::new();
    for entry in walk.filter_map(Result::ok).filter(|e| e.path_is_symlink()) {
        let Ok(target) = std::fs::canonicalize(entry.path()) else {
            continue;
        };
        if !target.starts_with(&real_root) {
            linked.push((entry.into_path(), target));
        }
    }
    linked
}

/// The files the command of `entry` names, as they are copied for its
/// runs (`submission::named_files`).
fn command_files(entry: &Entry, base: &Path) -> Vec<PathBuf> {
    let command = entry.program().and_then(|p| p.command.as_deref());
    command.map_or_else(Vec::new, |argv| named_files(argv, base))
}

/// What no run of `request` may read (see `runner::sandbox::hide`): what
/// it reads (`reads`, but the files the commands of `entries` name, which
/// the runs are given as copies) and the reports it writes. A command that
/// names a file of the rest (an answer, the configuration) is refused.
pub fn unread(
    reads: Inputs,
    (request, entries, base): (&super::Request, &[Entry], &Path),
) -> Result<Inputs, RunError> {
    let command: Vec<_> = entries
        .iter()
        .flat_map(|e| command_files(e, base))
        .collect();
    let mut unread = Inputs::default();
    for input in reads.iter().filter(|i| !command.contains(&i.path)) {
        unread.add(input.clone());
    }
    for entry in entries {
        for file in command_files(entry, base) {
            if let Some((input, inside)) = unread.hit_by(&file) {
                let given = entry.program().and_then(|p| p.command.as_deref());
                let who = match given == Some(request.command.as_slice()) {
                    true => "the command after --".to_string(),
                    false => format!("the command of `{}`", visible(entry.name())),
                };
                return Err(RunError::CommandReads {
                    who,
                    file,
                    input: Box::new(input.clone()),
                    inside,
                });
            }
        }
    }
    // Not the reports: the folder a report will be written in is hidden
    // from the runs, but a script there is copied for them.
    unread.extend(request.outputs.unread()?);
    Ok(unread)
}
