//! The folder a package is written to. Refused where writing would lose or
//! mix up files: a folder that is not empty (unless `force`, and then only
//! an earlier export, known by its marker file), a folder inside the cases
//! (the next judging run would take the package's files for cases), and the
//! cases', the configuration's or the current folder themselves or a folder
//! above them. The package is written whole into a temporary folder beside
//! it and put in place at the end, so a failed export leaves nothing
//! half-written.

use std::fs::Permissions;
use std::os::unix::fs::PermissionsExt;
use std::path::{Component, Path, PathBuf};

/// Why the package cannot be written there.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error("{}: exists and is not a folder", path.display())]
    NotAFolder { path: PathBuf },
    #[error("{}: exists and is not empty; give --force to replace an earlier export, or name a new folder", path.display())]
    NotEmpty { path: PathBuf },
    #[error("{}: not empty and holds no {marker}, so it is no earlier export: not replacing it even with --force; name a new folder", path.display())]
    NotAnExport { path: PathBuf, marker: &'static str },
    #[error("{}: {} {what} ({}); write the package elsewhere", path.display(), if *inside { "lies inside" } else { "holds" }, other.display())]
    Overlaps {
        path: PathBuf,
        inside: bool,
        what: String,
        other: PathBuf,
    },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// A place that a package must neither hold nor, if `no_inside`, lie in.
pub struct Protected {
    pub what: String,
    pub path: PathBuf,
    /// A package inside it is refused too (the cases).
    pub no_inside: bool,
}

/// The package's folder, written in a temporary folder until [`finish`](OutFolder::finish).
pub struct OutFolder {
    path: PathBuf,
    staging: tempfile::TempDir,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FolderError + '_ {
    move |source| FolderError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl OutFolder {
    /// Checks `path` against the rules above; `marker` is the file every
    /// export of this kind has at its top.
    pub fn prepare(
        path: &Path,
        protected: &[Protected],
        marker: &'static str,
        force: bool,
    ) -> Result<OutFolder, FolderError> {
        let resolved = resolve(path).map_err(io(path))?;
        for p in protected {
            let Ok(other) = std::fs::canonicalize(&p.path) else {
                continue;
            };
            let inside = resolved.starts_with(&other) && resolved != other;
            if other.starts_with(&resolved) || (inside && p.no_inside) {
                return Err(FolderError::Overlaps {
                    path: path.to_path_buf(),
                    inside,
                    what: p.what.clone(),
                    other: p.path.clone(),
                });
            }
        }
        check_existing(path, marker, force)?;
        let parent = resolved.parent().unwrap_or(Path::new("/"));
        std::fs::create_dir_all(parent).map_err(io(parent))?;
        let staging = tempfile::Builder::new()
            .prefix(".mayan-export-")
            .tempdir_in(parent)
            .map_err(io(parent))?;
        set_mode(staging.path(), 0o755)?;
        Ok(OutFolder {
            path: resolved,
            staging,
        })
    }

    /// Writes `bytes` to `relative` (folders made as needed), executable
    /// or not.
    pub fn write(&self, relative: &str, bytes: &[u8], executable: bool) -> Result<(), FolderError> {
        let path = self.staging.path().join(relative);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
        }
        std::fs::write(&path, bytes).map_err(io(&path))?;
        set_mode(&path, if executable { 0o755 } else { 0o644 })
    }

    /// Puts the package in place (replacing an earlier export) and returns
    /// where it is.
    pub fn finish(self) -> Result<PathBuf, FolderError> {
        let parent = self.path.parent().unwrap_or(Path::new("/")).to_path_buf();
        let old = if self.path.exists() {
            let old = tempfile::Builder::new()
                .prefix(".mayan-export-old-")
                .tempdir_in(&parent)
                .map_err(io(&parent))?
                .keep();
            std::fs::rename(&self.path, &old).map_err(io(&self.path))?;
            Some(old)
        } else {
            None
        };
        let staging = self.staging.keep();
        std::fs::rename(&staging, &self.path).map_err(io(&self.path))?;
        if let Some(old) = old {
            std::fs::remove_dir_all(&old).map_err(io(&old))?;
        }
        Ok(self.path)
    }
}

/// Refuses a file, a non-empty folder without `force`, and a non-empty
/// folder that is no earlier export.
fn check_existing(path: &Path, marker: &'static str, force: bool) -> Result<(), FolderError> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(());
    };
    if !meta.is_dir() {
        return Err(FolderError::NotAFolder {
            path: path.to_path_buf(),
        });
    }
    let empty = std::fs::read_dir(path).map_err(io(path))?.next().is_none();
    match (empty, force) {
        (true, _) => Ok(()),
        (false, false) => Err(FolderError::NotEmpty {
            path: path.to_path_buf(),
        }),
        (false, true) if path.join(marker).is_file() => Ok(()),
        (false, true) => Err(FolderError::NotAnExport {
            path: path.to_path_buf(),
            marker,
        }),
    }
}

fn set_mode(path: &Path, mode: u32) -> Result<(), FolderError> {
    std::fs::set_permissions(path, Permissions::from_mode(mode)).map_err(io(path))
}

/// `path` made absolute with its links resolved, even where it does not
/// exist yet: its nearest existing ancestor resolved, the rest appended.
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let absolute = std::env::current_dir()?.join(path);
    let parts: Vec<Component> = absolute.components().collect();
    let mut existing = parts.len();
    while existing > 1 {
        let prefix: PathBuf = parts[..existing].iter().collect();
        if std::fs::symlink_metadata(&prefix).is_ok() {
            break;
        }
        existing -= 1;
    }
    let mut out = std::fs::canonicalize(parts[..existing].iter().collect::<PathBuf>())?;
    for part in &parts[existing..] {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(name) => out.push(name),
            _ => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn protected(dir: &Path) -> Vec<Protected> {
        vec![
            Protected {
                what: "the cases of suite `rules`".into(),
                path: dir.join("cases/rules"),
                no_inside: true,
            },
            Protected {
                what: "the configuration".into(),
                path: dir.join("judge.toml"),
                no_inside: false,
            },
        ]
    }

    fn project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("cases/rules")).unwrap();
        std::fs::write(dir.path().join("judge.toml"), "").unwrap();
        dir
    }

    #[test]
    fn a_package_is_written_whole_and_replaces_only_an_earlier_export() {
        let dir = project();
        let out = dir.path().join("with space/pkg");
        let folder =
            OutFolder::prepare(&out, &protected(dir.path()), "problem.yaml", false).unwrap();
        folder.write("problem.yaml", b"name: x\n", false).unwrap();
        folder.write("a/b/run", b"#!/bin/sh\n", true).unwrap();
        assert!(!out.exists(), "nothing in place before finish");
        assert_eq!(
            folder.finish().unwrap(),
            std::fs::canonicalize(&out).unwrap()
        );
        let mode = |p: &str| std::fs::metadata(out.join(p)).unwrap().permissions().mode() & 0o777;
        assert_eq!(
            (mode("a/b/run"), mode("problem.yaml"), mode(".")),
            (0o755, 0o644, 0o755)
        );
        let again = OutFolder::prepare(&out, &[], "problem.yaml", false);
        assert!(matches!(again, Err(FolderError::NotEmpty { .. })));
        let again = OutFolder::prepare(&out, &[], "problem.yaml", true).unwrap();
        again.write("problem.yaml", b"name: y\n", false).unwrap();
        again.finish().unwrap();
        assert!(!out.join("a").exists(), "the earlier export is gone");
        let leftovers: Vec<_> = std::fs::read_dir(out.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary folder left");
    }

    #[test]
    fn a_folder_that_is_no_export_is_never_replaced() {
        let dir = project();
        let out = dir.path().join("notes");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("mine.txt"), "keep").unwrap();
        let e = OutFolder::prepare(&out, &[], "init.yml", true)
            .err()
            .unwrap();
        assert!(matches!(e, FolderError::NotAnExport { .. }), "{e}");
        std::fs::write(dir.path().join("file"), "").unwrap();
        let e = OutFolder::prepare(&dir.path().join("file"), &[], "init.yml", true).err();
        assert!(matches!(e, Some(FolderError::NotAFolder { .. })));
    }

    #[test]
    fn the_cases_and_the_project_are_out_of_reach() {
        let dir = project();
        let p = protected(dir.path());
        for (out, inside) in [
            (dir.path().join("cases/rules/pkg"), true),
            (dir.path().join("cases/rules/../rules/x/../pkg"), true),
            (dir.path().join("cases"), false),
            (dir.path().to_path_buf(), false),
        ] {
            match OutFolder::prepare(&out, &p, "problem.yaml", true) {
                Err(FolderError::Overlaps { inside: i, .. }) => assert_eq!(i, inside, "{out:?}"),
                other => panic!("{out:?}: {:?}", other.err()),
            }
        }
        let e = OutFolder::prepare(&dir.path().join("cases/rules/pkg"), &p, "x", false)
            .err()
            .unwrap();
        assert!(
            e.to_string()
                .contains("lies inside the cases of suite `rules`"),
            "{e}"
        );
        assert!(OutFolder::prepare(&dir.path().join("cases/other"), &p, "x", false).is_ok());
    }
}
