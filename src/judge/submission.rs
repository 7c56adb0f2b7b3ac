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

/// Arguments that name existing files, made absolute against `base`: the
/// program runs in a fresh working folder.
pub fn absolute_args(argv: &[String], base: &Path) -> Vec<String> {
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
