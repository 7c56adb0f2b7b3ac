//! What a judging run judges: the command given on the command line, or the
//! contestants of a contest folder (those without a usable source listed
//! with the reason, so everyone appears in the score table), or else the
//! configured submissions; and a command's arguments made to mean in the
//! run's working folder what they meant where the user typed them.

use std::path::{Path, PathBuf};

use super::contestants::{Collection, Contest, ContestError, Found, Lookup, Missing, contestants};
use crate::config::{Config, ContestantsConfig, Layout, Submission};
use crate::inputs::Inputs;

/// One entry of the run: a program to judge (a contestant's, found in a
/// contest folder, or one the user named), or a contestant who gave none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Program(Submission),
    Contestant(Found),
    Absent(Missing),
}

impl Entry {
    pub fn name(&self) -> &str {
        match self {
            Entry::Program(s) => &s.name,
            Entry::Contestant(f) => &f.submission.name,
            Entry::Absent(m) => &m.name,
        }
    }

    /// The program to judge, if any.
    pub fn program(&self) -> Option<&Submission> {
        match self {
            Entry::Program(s) => Some(s),
            Entry::Contestant(f) => Some(&f.submission),
            Entry::Absent(_) => None,
        }
    }
}

/// What to judge cannot be found: the configuration's fault.
#[derive(Debug, thiserror::Error)]
pub enum GatherError {
    #[error(transparent)]
    Contest(#[from] ContestError),
    #[error("{}: no contestant found (layout {layout}: {})", path.display(), layout_help(*layout))]
    NoContestants { path: PathBuf, layout: Layout },
    #[error("submission `{name}`: its source {} is not a file", path.display())]
    NoSource { name: String, path: PathBuf },
}

fn layout_help(layout: Layout) -> &'static str {
    match layout {
        Layout::Auto => {
            "neither folders holding mayan.<ext> or mayan/mayan.<ext>, nor sources named after students; \
             --problem NAME if the files have another name"
        }
        Layout::Flat => "DIR/<contestant>/<problem>.<ext>",
        Layout::Nested => "DIR/<contestant>/<problem>/<problem>.<ext>",
        Layout::Files => "DIR/<student>.<ext>",
    }
}

/// Where the contestants are and how to read them, from the command line
/// (`--contestants`, `--problem`, `--layout`) over `[contestants]`.
#[derive(Debug, Clone, Default)]
pub struct ContestArgs<'a> {
    pub folder: Option<&'a Path>,
    pub problem: Option<&'a str>,
    pub layout: Option<Layout>,
}

impl ContestArgs<'_> {
    /// The contest folder to judge, if any: the command line's, else the
    /// configured one; the problem and layout from the command line first.
    pub fn resolve(&self, configured: Option<&ContestantsConfig>) -> Option<ContestantsConfig> {
        let mut folder = match (self.folder, configured) {
            (Some(dir), c) => ContestantsConfig {
                path: dir.to_path_buf(),
                ..c.cloned().unwrap_or_else(|| ContestantsConfig {
                    path: PathBuf::new(),
                    problem: ContestantsConfig::default_problem(),
                    layout: Layout::Auto,
                })
            },
            (None, c) => c?.clone(),
        };
        if let Some(problem) = self.problem {
            folder.problem = problem.to_string();
        }
        if let Some(layout) = self.layout {
            folder.layout = layout;
        }
        Some(folder)
    }
}

/// What a run judges, and what was found on the way.
#[derive(Debug, Clone, Default)]
pub struct Gathered {
    pub entries: Vec<Entry>,
    /// The contest folder read, and what it held.
    pub contest: Option<(ContestantsConfig, Contest)>,
    /// Configured submissions not judged because contestants are.
    pub left_out: usize,
}

/// What to judge: `command` when it is not empty; else the contestants of
/// the contest folder (the command line's or the configured one) when there
/// is one, and only them, so a contest's ranking never carries the
/// configuration's own programs; else the configured submissions.
pub fn gather(
    command: &[String],
    contest: &ContestArgs,
    config: &Config,
) -> Result<Gathered, GatherError> {
    if !command.is_empty() {
        let program = Submission {
            name: "command".to_string(),
            command: Some(command.to_vec()),
            source: None,
            origin: crate::config::Origin::Configured,
        };
        return Ok(Gathered {
            entries: vec![Entry::Program(program)],
            ..Gathered::default()
        });
    }
    if let Some(folder) = contest.resolve(config.contestants.as_ref()) {
        return gather_contest(folder, config);
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
    Ok(Gathered {
        entries,
        ..Gathered::default()
    })
}

/// Everyone in a contest folder, sorted by name.
fn gather_contest(folder: ContestantsConfig, config: &Config) -> Result<Gathered, GatherError> {
    // NOI Linux's compilers come with CCF's collection, unless the user
    // chose a layout CCF does not use.
    let ccf = config.languages.preset == crate::config::languages::Preset::Noi
        && matches!(folder.layout, Layout::Auto | Layout::Nested);
    let lookup = Lookup {
        problem: &folder.problem,
        layout: folder.layout,
        languages: &config.languages,
        rules: match ccf {
            true => Collection::Ccf,
            false => Collection::Lenient,
        },
    };
    let contest = contestants(&folder.path, lookup)?;
    if contest.is_empty() {
        return Err(GatherError::NoContestants {
            path: folder.path,
            layout: folder.layout,
        });
    }
    let found = contest.found.iter().cloned().map(Entry::Contestant);
    let missing = contest.missing.iter().cloned().map(Entry::Absent);
    let mut entries: Vec<Entry> = found.chain(missing).collect();
    entries.sort_by(|a, b| a.name().cmp(b.name()));
    Ok(Gathered {
        entries,
        contest: Some((folder, contest)),
        left_out: config.submissions.len(),
    })
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
/// the system's PATH, as a shell would). The first file named (the program
/// or its script) brings the files beside it ([`stage_siblings`]), but
/// none of `guarded` (the judge's data beside a script: a configuration,
/// a report, a suite's answers).
pub fn stage_command(
    argv: &[String],
    (base, into): (&Path, &Path),
    guarded: &Inputs,
) -> std::io::Result<Vec<String>> {
    let mut staged = Vec::with_capacity(argv.len());
    let mut first = true;
    for (i, word) in argv.iter().enumerate() {
        staged.push(match named_file(argv, i, base) {
            Some(path) => {
                let siblings = std::mem::take(&mut first).then_some(guarded);
                stage_file(&path, &into.join(format!("given-{i}")), siblings)?
            }
            None => word.clone(),
        });
    }
    Ok(staged)
}

/// The file word `i` of a command names, relative to `base`, as
/// [`stage_command`] copies it: any word after the program that names a
/// file, and the program when it holds a `/` (else it is looked up on
/// PATH).
pub fn named_file(argv: &[String], i: usize, base: &Path) -> Option<PathBuf> {
    let word = argv.get(i)?;
    let path = base.join(word);
    ((i > 0 || word.contains('/')) && path.is_file()).then_some(path)
}

/// Every file a command names ([`named_file`]).
pub fn named_files(argv: &[String], base: &Path) -> Vec<PathBuf> {
    (0..argv.len())
        .filter_map(|i| named_file(argv, i, base))
        .collect()
}

/// The most files copied from beside a user's own script or source.
pub const MAX_SIBLINGS: usize = 100;

/// The largest file copied from beside a user's own script or source.
pub const MAX_SIBLING: u64 = 1 << 20;

/// Copies the files beside `path` into `into`, so that a script finds its
/// modules and data as it would in the user's shell: regular files with one
/// name only, opened without following a link or waiting on a pipe
/// (`untrusted::open_beneath`; no folder, so the rest of the tree stays
/// closed to the runs), none hidden or named in `reserved`, none private
/// (without read rights for others: the copies are readable by the runs),
/// each at most [`MAX_SIBLING`] bytes, at most [`MAX_SIBLINGS`] of them,
/// none of `guarded` (what no run may read: a configuration, a report or a
/// suite's answers beside the script). What cannot be read is left out. Only for the user's own programs (a
/// command, a `[[submission]]`): a source named on the command line may be a
/// student's, whose neighbours are other students'. The number of files
/// copied.
pub fn stage_siblings(path: &Path, into: &Path, (reserved, guarded): (&[&str], &Inputs)) -> usize {
    let Some(dir) = path.parent() else {
        return 0;
    };
    let Ok(listed) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut copied = 0;
    for entry in listed.filter_map(Result::ok).take(10 * MAX_SIBLINGS) {
        let name = entry.file_name();
        let shown = name.to_string_lossy();
        let hidden = shown.starts_with('.') || reserved.contains(&shown.as_ref());
        if hidden || guarded.hit_by(&dir.join(&name)).is_some() {
            continue;
        }
        if copy_sibling(dir, Path::new(&name), into) {
            copied += 1;
        }
        if copied == MAX_SIBLINGS {
            break;
        }
    }
    copied
}

/// Copies one file beside a script, as [`stage_siblings`] says; whether it
/// was copied.
fn copy_sibling(dir: &Path, name: &Path, into: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Ok(opened) = crate::untrusted::open_beneath(dir, name) else {
        return false;
    };
    let mode = opened.file.metadata().map_or(0, |m| m.permissions().mode());
    if opened.size > MAX_SIBLING || mode & 0o004 == 0 {
        return false;
    }
    let Ok(read) = crate::untrusted::read_prefix(opened.file, MAX_SIBLING) else {
        return false;
    };
    let copy = into.join(name);
    if read.truncated || std::fs::write(&copy, &read.bytes).is_err() {
        return false;
    }
    let mode = if mode & 0o111 != 0 { 0o755 } else { 0o644 };
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(mode)).is_ok()
}

/// Copies one named file into `folder` (made), keeping its name, with the
/// files beside it when `siblings` says what of them to leave
/// ([`stage_siblings`]); the copy's path, or the original's absolute path
/// when it is too large to copy.
fn stage_file(path: &Path, folder: &Path, siblings: Option<&Inputs>) -> std::io::Result<String> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path)?;
    let absolute = std::fs::canonicalize(path)?;
    let Some(name) = absolute.file_name().filter(|_| meta.len() <= MAX_STAGED) else {
        return Ok(absolute.to_string_lossy().into_owned());
    };
    std::fs::create_dir(folder)?;
    std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755))?;
    if let Some(guarded) = siblings {
        stage_siblings(&absolute, folder, (&[&name.to_string_lossy()], guarded));
    }
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
        std::fs::write(home.path().join("helper.py"), "X = 1\n").unwrap();
        std::fs::create_dir(home.path().join("secret")).unwrap();
        std::fs::write(home.path().join("secret/key"), "k").unwrap();
        std::os::unix::fs::symlink("/etc/hostname", home.path().join("link.py")).unwrap();
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
        let mut guarded = Inputs::default();
        guarded.file("the configuration", &home.path().join("judge.toml"));
        std::fs::write(home.path().join("judge.toml"), "").unwrap();
        let staged = stage_command(&argv, (home.path(), into.path()), &guarded).unwrap();
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
            // The script's files beside it come along (folders and links
            // do not); a later file named comes alone.
            let beside = copy.parent().unwrap();
            assert_eq!(
                beside.join("helper.py").is_file(),
                name == "sol.py",
                "{beside:?}"
            );
            assert!(!beside.join("secret").exists() && !beside.join("link.py").exists());
            assert!(
                !beside.join("judge.toml").exists(),
                "the judge's own data stays"
            );
        }
    }
}
