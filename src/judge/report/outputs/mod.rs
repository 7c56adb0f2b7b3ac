//! The report files a command is asked to write ([`Outputs`]: `--json`,
//! `--junit`, `--csv`, `--html`), checked before anything runs
//! ([`Outputs::check`]): each a regular file or nothing yet (never a link,
//! a device, a folder or a pipe, which a report written beside it and
//! renamed over it would replace), in a folder where the judge can write,
//! and no two of them (or the JSON report's journal, or the HTML report's
//! folder of pages) the same file; the folder of pages a link or not the
//! judge's own is refused too; and none of them over or inside what the
//! command reads ([`Inputs`]). Found out before an hour of judging, not
//! after. Not responsible for writing them (`reporters`).

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::html::WriteError;
use super::journal::journal_path;
use crate::text::visible;

pub use crate::inputs::{Input, Inputs};

/// The report files asked for, each optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outputs {
    /// Every result as JSON, written whole at the end; the run's journal
    /// beside it while the run goes.
    pub json: Option<PathBuf>,
    /// JUnit XML for CI.
    pub junit: Option<PathBuf>,
    /// The score table as CSV.
    pub csv: Option<PathBuf>,
    /// The HTML report's index, its pages in a folder beside it.
    pub html: Option<PathBuf>,
}

/// A report path that cannot be written, found before anything runs.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "{flag} {}: not a regular file (a link, a device, a folder?); name a file, which \
         the report is written beside and then renamed to",
        path.display()
    )]
    NotAFile { flag: &'static str, path: PathBuf },
    #[error("{flag} {}: cannot write the report there (in {}): {source}", path.display(), folder.display())]
    Unwritable {
        flag: &'static str,
        path: PathBuf,
        folder: PathBuf,
        source: std::io::Error,
    },
    #[error("{flag} {}: {source}", path.display())]
    Pages {
        flag: &'static str,
        path: PathBuf,
        source: WriteError,
    },
    #[error("{flag} {} is also the file of {other}: one report would overwrite the other", path.display())]
    Same {
        flag: &'static str,
        other: &'static str,
        path: PathBuf,
    },
    #[error(
        "{flag} {} lies inside {}, the folder of --html's pages, which each run replaces \
         whole: write the report elsewhere",
        visible(&path.display().to_string()),
        visible(&pages.display().to_string())
    )]
    InPages {
        flag: &'static str,
        path: PathBuf,
        pages: PathBuf,
    },
    #[error(
        "{flag} {}: a file with {names} names (hard links), which may be a case, an answer or \
         a source under another name; write the report elsewhere, or remove this name first",
        visible(&path.display().to_string())
    )]
    HardLinked {
        flag: &'static str,
        path: PathBuf,
        names: u64,
    },
    #[error(
        "{flag} {}: {} {} ({}), which this command reads; write the report elsewhere",
        visible(&path.display().to_string()),
        if *inside { "inside" } else { "that is" },
        input.what,
        visible(&input.path.display().to_string())
    )]
    OverInput {
        flag: &'static str,
        path: PathBuf,
        input: Input,
        inside: bool,
    },
    #[error(
        "{}: not a regular file (a link, a folder, a pipe?); the run keeps its journal \
         there: remove it",
        .0.display()
    )]
    JournalNotAFile(PathBuf),
    #[error(
        "{}: an earlier run that did not finish left its journal here; add --resume to \
         keep its results and judge the rest, or remove the file to start again",
        .0.display()
    )]
    JournalLeft(PathBuf),
}

impl Outputs {
    /// Each report asked for, with the flag that names it, in the order
    /// they are written.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, &Path)> {
        [
            ("--json", &self.json),
            ("--junit", &self.junit),
            ("--csv", &self.csv),
            ("--html", &self.html),
        ]
        .into_iter()
        .filter_map(|(flag, path)| Some((flag, path.as_deref()?)))
    }

    /// Checks every report path asked for (see the module's docs) but
    /// what the command reads: [`Outputs::check_inputs`].
    pub fn check(&self) -> Result<(), OutputError> {
        let mut seen: Vec<(&str, PathBuf)> = Vec::new();
        for (flag, path) in self.named() {
            check_one(flag, path)?;
        }
        let written = self.written()?;
        for (flag, name, path, file) in &written {
            let id = identity(file);
            // A file other than the report itself is named by its own path.
            let (flag, path) = match name.is_empty() {
                true => (*flag, path.to_path_buf()),
                false => (*name, file.clone()),
            };
            if let Some((other, _)) = seen.iter().find(|(_, seen)| *seen == id) {
                let other = *other;
                return Err(OutputError::Same { flag, other, path });
            }
            seen.push((flag, id));
        }
        let pages: Vec<&PathBuf> = (written.iter())
            .filter(|(_, name, ..)| *name == PAGES)
            .map(|(.., folder)| folder)
            .collect();
        for (flag, _, path, file) in written.iter().filter(|(_, name, ..)| *name != PAGES) {
            let id = identity(file);
            if let Some(pages) = pages.iter().find(|p| id.starts_with(identity(p))) {
                return Err(OutputError::InPages {
                    flag,
                    path: path.to_path_buf(),
                    pages: pages.to_path_buf(),
                });
            }
        }
        Ok(())
    }

    /// Refuses a report (or the journal beside it, or the folder of the
    /// HTML report's pages) that would replace, or land inside, one of
    /// `inputs`, naming both, and a report path with more than one name
    /// (a hard link, perhaps of an answer inside a suite).
    pub fn check_inputs(&self, inputs: &Inputs) -> Result<(), OutputError> {
        for (flag, name, path, file) in self.written()? {
            if let Some((input, inside)) = inputs.hit_by(&file) {
                // A file other than the report itself is named by its path.
                let (flag, path) = match name.is_empty() {
                    true => (flag, path.to_path_buf()),
                    false => (name, file),
                };
                return Err(OutputError::OverInput {
                    flag,
                    path,
                    input: input.clone(),
                    inside,
                });
            }
        }
        // A second name of a file inside a folder read (an answer of a
        // suite) is not found by its path: no report replaces a file with
        // more than one name.
        for (flag, path) in self.named() {
            let meta = std::fs::symlink_metadata(path);
            if let Some(names) = meta.ok().map(|m| m.nlink()).filter(|n| *n > 1) {
                let path = path.to_path_buf();
                return Err(OutputError::HardLinked { flag, path, names });
            }
        }
        Ok(())
    }

    /// What the reports write, as no run may read it (see
    /// `runner::sandbox::hide`): each report, its temporary file, the
    /// journal and the folder of pages, and, for one not written yet, the
    /// folder it will be written in too (a folder only to come: what lies
    /// beside it there, a script's modules, stays the user's).
    pub fn unread(&self) -> Result<Inputs, OutputError> {
        let mut inputs = Inputs::default();
        for (flag, name, _, file) in self.written()? {
            let what = match name.is_empty() {
                true => format!("the report of {flag}"),
                false => name.to_string(),
            };
            // Replaced whole, never read: another name of one is nothing
            // of the judge's data (`inputs::linked_in_open`).
            match std::fs::symlink_metadata(&file) {
                Ok(meta) => inputs.linked(what, &file, meta.is_dir()),
                Err(_) => {
                    inputs.file(what.clone(), &file);
                    inputs.folder_to_come(format!("the folder of {what}"), folder_of(&file));
                }
            }
        }
        Ok(inputs)
    }

    /// Every file written: the flag, what else than the report itself it
    /// is ("" for the report, "--json's journal", "--html's folder of
    /// pages", the temporary file each is first written to), the path
    /// given, and the file's path.
    fn written(&self) -> Result<Vec<(&'static str, &'static str, &Path, PathBuf)>, OutputError> {
        let mut all = Vec::new();
        for (flag, path) in self.named() {
            all.push((flag, "", path, path.to_path_buf()));
            all.push((flag, TMP, path, tmp_path(path)));
            if flag == "--json" {
                let journal = journal_path(path);
                all.push((flag, TMP, path, tmp_path(&journal)));
                all.push((flag, "--json's journal", path, journal));
            }
            if flag == "--html" {
                let folder =
                    super::html::pages_folder(path).map_err(|source| OutputError::Pages {
                        flag,
                        path: path.to_path_buf(),
                        source,
                    })?;
                all.push((flag, PAGES, path, folder));
            }
        }
        Ok(all)
    }

    /// The journal beside `--json` must be free for a new run, or be read
    /// by a resumed one: a journal of an earlier run that did not finish is
    /// refused unless `resume`, so that nothing it holds is lost.
    pub fn check_journal(&self, resume: bool) -> Result<(), OutputError> {
        let Some(json) = &self.json else {
            return Ok(());
        };
        let journal = journal_path(json);
        let found = std::fs::symlink_metadata(&journal);
        if found.as_ref().is_ok_and(|m| !m.is_file()) {
            return Err(OutputError::JournalNotAFile(journal));
        }
        if !resume && found.is_ok() {
            return Err(OutputError::JournalLeft(journal));
        }
        Ok(())
    }
}

/// One report path: a regular file or nothing, in a folder the judge can
/// write to (tried with a file of its own, removed at once).
fn check_one(flag: &'static str, path: &Path) -> Result<(), OutputError> {
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.is_file()
    {
        let path = path.to_path_buf();
        return Err(OutputError::NotAFile { flag, path });
    }
    let folder = folder_of(path);
    tempfile::Builder::new()
        .prefix(".mayan-check-")
        .tempfile_in(folder)
        .map_err(|source| OutputError::Unwritable {
            flag,
            path: path.to_path_buf(),
            folder: folder.to_path_buf(),
            source,
        })?;
    Ok(())
}

/// What the temporary file a report is first written to is called (see
/// `reporters::fresh_beside`).
pub const TMP: &str = "the temporary file of a report";

/// The temporary file a report at `path` is first written to.
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut tmp = PathBuf::from(path);
    tmp.as_mut_os_string().push(".tmp");
    tmp
}

/// What the folder of the HTML report's pages is called.
const PAGES: &str = "--html's folder of pages";

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A path as the file it names: its folder's real path and its name, so
/// that `r.csv` and `./r.csv` are one.
fn identity(path: &Path) -> PathBuf {
    let folder = folder_of(path);
    let folder = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    folder.join(path.file_name().unwrap_or(path.as_os_str()))
}

#[cfg(test)]
mod tests;
