//! The report files a command is asked to write ([`Outputs`]: `--json`,
//! `--junit`, `--csv`, `--html`), checked before anything runs
//! ([`Outputs::check`]): each a regular file or nothing yet (never a link,
//! a device, a folder or a pipe, which a report written beside it and
//! renamed over it would replace), in a folder where the judge can write,
//! and no two of them (or the JSON report's journal, or the HTML report's
//! folder of pages) the same file; the folder of pages a link or not the
//! judge's own is refused too. Found out before an hour of judging, not
//! after. Not responsible for writing them (`reporters`).

use std::path::{Path, PathBuf};

use super::html::WriteError;
use super::journal::journal_path;

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

    /// Checks every report path asked for (see the module's docs).
    pub fn check(&self) -> Result<(), OutputError> {
        let mut seen: Vec<(&str, PathBuf)> = Vec::new();
        for (flag, path) in self.named() {
            check_one(flag, path)?;
            let mut names = vec![(flag, identity(path))];
            if flag == "--json" {
                names.push(("--json's journal", identity(&journal_path(path))));
            }
            if flag == "--html" {
                let folder =
                    super::html::pages_folder(path).map_err(|source| OutputError::Pages {
                        flag,
                        path: path.to_path_buf(),
                        source,
                    })?;
                names.push(("--html's folder of pages", identity(&folder)));
            }
            for (name, id) in names {
                if let Some((other, _)) = seen.iter().find(|(_, seen)| *seen == id) {
                    let other = *other;
                    let path = path.to_path_buf();
                    return Err(OutputError::Same {
                        flag: name,
                        other,
                        path,
                    });
                }
                seen.push((name, id));
            }
        }
        Ok(())
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
mod tests {
    use super::*;

    fn json(path: &Path) -> Outputs {
        Outputs {
            json: Some(path.to_path_buf()),
            ..Outputs::default()
        }
    }

    #[test]
    fn a_link_a_device_or_a_folder_is_refused_and_a_plain_file_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("r.json");
        std::fs::write(&file, "old").unwrap();
        assert!(json(&file).check().is_ok());
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        for bad in [link, PathBuf::from("/dev/full"), dir.path().to_path_buf()] {
            let csv = Outputs {
                csv: Some(bad),
                ..Outputs::default()
            };
            let e = csv.check().unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
        let missing = Outputs {
            csv: Some(dir.path().join("no/such/folder/r.csv")),
            ..Outputs::default()
        };
        let e = missing.check().unwrap_err();
        assert!(
            e.to_string().contains("cannot write the report there"),
            "{e}"
        );
    }

    #[test]
    fn two_reports_in_one_file_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let r = Some(dir.path().join("r"));
        let check = |o: Outputs| o.check().map_err(|e| e.to_string());
        let same = Some(dir.path().join(".").join("r"));
        let e = check(Outputs {
            json: r.clone(),
            csv: same,
            ..Outputs::default()
        });
        assert!(e.unwrap_err().contains("is also the file of --json"));
        let e = check(Outputs {
            json: r.clone(),
            html: Some(dir.path().join("r.journal")),
            ..Outputs::default()
        });
        assert!(e.unwrap_err().contains("--json's journal"));
        let e = check(Outputs {
            html: r.clone(),
            junit: Some(dir.path().join("r.files")),
            ..Outputs::default()
        });
        assert!(e.unwrap_err().contains("--html's folder of pages"));
        std::os::unix::fs::symlink(dir.path(), dir.path().join("x.files")).unwrap();
        let e = check(Outputs {
            html: Some(dir.path().join("x.html")),
            ..Outputs::default()
        });
        assert!(e.unwrap_err().contains("symbolic link"));
        let fine = Outputs {
            json: r,
            csv: Some(dir.path().join("r.csv")),
            ..Outputs::default()
        };
        assert!(fine.check().is_ok());
    }

    #[test]
    fn a_journal_left_behind_is_refused_unless_resuming() {
        let dir = tempfile::tempdir().unwrap();
        let outputs = json(&dir.path().join("r.json"));
        assert!(outputs.check_journal(false).is_ok());
        std::fs::write(dir.path().join("r.json.journal"), "").unwrap();
        let e = outputs.check_journal(false).unwrap_err();
        assert!(e.to_string().contains("add --resume"), "{e}");
        assert!(outputs.check_journal(true).is_ok());
    }
}
