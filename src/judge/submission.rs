//! What a judging run judges: the command given on the command line, or the
//! configured submissions and the contestants of a contest folder (those
//! without a usable source listed with the reason, so everyone appears in
//! the score table); and a command's arguments made to mean in the run's
//! working folder what they meant where the user typed them.

use std::path::{Path, PathBuf};

use super::contestants::{Missing, contestants};
use crate::config::{Config, ContestantsConfig, Submission};

/// One entry of the run: a program to judge, or a contestant who gave none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Program(Submission),
    Absent(Missing),
}

impl Entry {
    pub fn name(&self) -> &str {
        match self {
            Entry::Program(s) => &s.name,
            Entry::Absent(m) => &m.name,
        }
    }
}

/// What to judge cannot be found: the configuration's fault.
#[derive(Debug, thiserror::Error)]
pub enum GatherError {
    #[error("{}: cannot read the contestants: {source}", path.display())]
    Contestants {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("submission `{name}`: its source {} is not a file", path.display())]
    NoSource { name: String, path: PathBuf },
}

/// What to judge: `command` when it is not empty; else the configured
/// submissions, then the contestants of `contestants` (or of the configured
/// folder).
pub fn gather(
    command: &[String],
    contestants_dir: Option<&Path>,
    config: &Config,
) -> Result<Vec<Entry>, GatherError> {
    if !command.is_empty() {
        let program = Submission {
            name: "command".to_string(),
            command: Some(command.to_vec()),
            source: None,
            contestants: false,
        };
        return Ok(vec![Entry::Program(program)]);
    }
    let mut entries = Vec::new();
    for sub in &config.submissions {
        if let Some(path) = sub.source.as_ref().filter(|p| !p.is_file()) {
            return Err(GatherError::NoSource {
                name: sub.name.clone(),
                path: path.clone(),
            });
        }
        entries.push(Entry::Program(sub.clone()));
    }
    let folder = match (contestants_dir, &config.contestants) {
        (Some(dir), c) => Some(ContestantsConfig {
            path: dir.to_path_buf(),
            problem: c
                .as_ref()
                .map_or_else(ContestantsConfig::default_problem, |c| c.problem.clone()),
        }),
        (None, c) => c.clone(),
    };
    if let Some(folder) = folder {
        let (found, missing) = contestants(&folder.path, &folder.problem, &config.languages)
            .map_err(|source| GatherError::Contestants {
                path: folder.path.clone(),
                source,
            })?;
        let mut everyone: Vec<Entry> = found.into_iter().map(Entry::Program).collect();
        everyone.extend(missing.into_iter().map(Entry::Absent));
        everyone.sort_by(|a, b| a.name().cmp(b.name()));
        entries.extend(everyone);
    }
    Ok(entries)
}

/// The largest file a command names that is copied for its runs; a larger
/// one is named by its absolute path instead.
const MAX_STAGED: u64 = 256 << 20;

/// A command as the runs see it: each word that names a file where the
/// user typed it (`./a.out`, `sol.py`, `../bin/x`: relative to `base`, or
/// absolute) is replaced by a copy in `into`, readable and (when the
/// original is) executable by anyone, so that a run under a user id of its
/// own reaches it even when the original is in a private home folder; the
/// program's own name counts when it holds a `/` (else it is looked up on
/// the system's PATH, as a shell would).
pub fn stage_command(argv: &[String], base: &Path, into: &Path) -> std::io::Result<Vec<String>> {
    let mut staged = Vec::with_capacity(argv.len());
    for (i, word) in argv.iter().enumerate() {
        let path = base.join(word);
        let names_file = (i > 0 || word.contains('/')) && path.is_file();
        staged.push(if names_file {
            stage_file(&path, &into.join(format!("given-{i}")))?
        } else {
            word.clone()
        });
    }
    Ok(staged)
}

/// Copies one named file into `folder` (made), keeping its name; the copy's
/// path, or the original's absolute path when it is too large to copy.
fn stage_file(path: &Path, folder: &Path) -> std::io::Result<String> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path)?;
    let absolute = std::fs::canonicalize(path)?;
    let Some(name) = absolute.file_name().filter(|_| meta.len() <= MAX_STAGED) else {
        return Ok(absolute.to_string_lossy().into_owned());
    };
    std::fs::create_dir(folder)?;
    std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755))?;
    let copy = folder.join(name);
    std::fs::copy(&absolute, &copy)?;
    let exec = meta.permissions().mode() & 0o111 != 0;
    let mode = if exec { 0o755 } else { 0o644 };
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(mode))?;
    Ok(copy.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn files_a_command_names_are_copied_where_anyone_may_read_them() {
        let home = tempfile::tempdir().unwrap();
        std::fs::set_permissions(home.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        std::fs::write(home.path().join("sol.py"), "print(-1)\n").unwrap();
        std::fs::write(home.path().join("a.out"), "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(
            home.path().join("a.out"),
            std::fs::Permissions::from_mode(0o700),
        )
        .unwrap();
        let into = tempfile::tempdir().unwrap();
        let argv: Vec<String> = ["python3", "sol.py", "5", "./a.out"]
            .map(String::from)
            .to_vec();
        let staged = stage_command(&argv, home.path(), into.path()).unwrap();
        assert_eq!(staged[0], "python3", "a bare program name is for PATH");
        assert_eq!(staged[2], "5", "a word that names no file is kept");
        for (i, name) in [(1, "sol.py"), (3, "a.out")] {
            let copy = PathBuf::from(&staged[i]);
            assert!(
                copy.starts_with(into.path()) && copy.ends_with(name),
                "{copy:?}"
            );
            let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, if name == "a.out" { 0o755 } else { 0o644 });
        }
    }
}
