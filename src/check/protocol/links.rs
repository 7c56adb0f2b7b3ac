//! The protocol-named checkers ([`PROGRAM_NAMES`]: `mayan-testlib`,
//! `mayan-kattis`, ...) made in a folder as symbolic links to the `mayan`
//! binary or copies of it (`mayan links`), for judges that call a checker
//! by a fixed name and arguments. Every name is checked before any is made,
//! so a name in the way leaves nothing half done; a link to the binary
//! already there is kept; anything else there is replaced only when forced,
//! and a folder never.
//!
//! Not what a binary run under one of these names does (`cli::effective_args`
//! reads its name), nor printing.

use std::path::{Path, PathBuf};

use super::PROGRAM_NAMES;

/// Where to make the names, and how.
#[derive(Debug, Clone, Copy, Default)]
pub struct Request<'a> {
    /// The folder; `None`: the binary's own.
    pub dir: Option<&'a Path>,
    /// The binary the names stand for; `None`: the running one.
    pub binary: Option<&'a Path>,
    /// Copies instead of links.
    pub copy: bool,
    /// Replace files already there under those names.
    pub force: bool,
}

/// One name made (or a link to the binary found already there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    pub path: PathBuf,
    /// The binary it links to, or was copied from.
    pub binary: PathBuf,
    pub copy: bool,
}

impl std::fmt::Display for Made {
    /// `DIR/mayan-testlib -> BINARY`, or `... copy of BINARY`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = if self.copy { "copy of" } else { "->" };
        let (path, binary) = (self.path.display(), self.binary.display());
        write!(f, "{path} {how} {binary}")
    }
}

/// Why the names were not made.
#[derive(Debug, thiserror::Error)]
pub enum LinksError {
    #[error("cannot find this program's own file")]
    OwnFile(#[source] std::io::Error),
    #[error("{}: not a folder", .0.display())]
    NotAFolder(PathBuf),
    #[error("{} already exists; --force replaces it", .0.display())]
    Exists(PathBuf),
    #[error("{} is a folder; not replacing it", .0.display())]
    Folder(PathBuf),
    #[error("{}: cannot remove", path.display())]
    Remove {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: cannot make", path.display())]
    Make {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Makes every name, handing each to `on_made` once made; returns how many.
pub fn make_links(request: &Request, on_made: &mut dyn FnMut(&Made)) -> Result<usize, LinksError> {
    let me = match request.binary {
        Some(binary) => std::fs::canonicalize(binary),
        None => std::env::current_exe().and_then(std::fs::canonicalize),
    };
    let me = me.map_err(LinksError::OwnFile)?;
    let dir = match request.dir {
        Some(dir) => dir.to_path_buf(),
        None => me.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    if !dir.is_dir() {
        return Err(LinksError::NotAFolder(dir));
    }
    for (name, _) in PROGRAM_NAMES {
        check(&me, &dir.join(name), request)?;
    }
    for (name, _) in PROGRAM_NAMES {
        let path = dir.join(name);
        make(&me, &path, request)?;
        on_made(&Made {
            path,
            binary: me.clone(),
            copy: request.copy,
        });
    }
    Ok(PROGRAM_NAMES.len())
}

/// True when `path` is already a link to `me`.
fn links_to_me(me: &Path, path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
        && std::fs::read_link(path).is_ok_and(|target| target == me)
}

/// Whether one name may be made: nothing there, a link to `me` already, or
/// (when forced) a file that is not a folder.
fn check(me: &Path, path: &Path, request: &Request) -> Result<(), LinksError> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    if links_to_me(me, path) && !request.copy {
        return Ok(());
    }
    if !request.force {
        return Err(LinksError::Exists(path.to_path_buf()));
    }
    if meta.is_dir() {
        return Err(LinksError::Folder(path.to_path_buf()));
    }
    Ok(())
}

/// One name: a link to `me` (or a copy), refusing to replace a file that is
/// something else unless told to. A link to `me` already there is kept.
fn make(me: &Path, path: &Path, request: &Request) -> Result<(), LinksError> {
    check(me, path, request)?;
    if links_to_me(me, path) && !request.copy {
        return Ok(());
    }
    if std::fs::symlink_metadata(path).is_ok() {
        std::fs::remove_file(path).map_err(|source| LinksError::Remove {
            path: path.to_path_buf(),
            source,
        })?;
    }
    let made = if request.copy {
        std::fs::copy(me, path).map(|_| ())
    } else {
        std::os::unix::fs::symlink(me, path)
    };
    made.map_err(|source| LinksError::Make {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(request: &Request) -> Result<Vec<String>, LinksError> {
        let mut lines = Vec::new();
        make_links(request, &mut |m| lines.push(m.to_string()))?;
        Ok(lines)
    }

    #[test]
    fn every_name_is_made_kept_when_made_and_replaced_only_when_forced() {
        let dir = tempfile::tempdir().unwrap();
        let binary = dir.path().join("mayan");
        std::fs::write(&binary, "#!/bin/sh\n").unwrap();
        let at = dir.path().join("bin");
        std::fs::create_dir(&at).unwrap();
        let request = Request {
            dir: Some(&at),
            binary: Some(&binary),
            ..Request::default()
        };
        let me = std::fs::canonicalize(&binary).unwrap();
        let lines = made(&request).unwrap();
        let testlib = at.join("mayan-testlib");
        assert_eq!(lines.len(), PROGRAM_NAMES.len());
        assert!(lines.contains(&format!("{} -> {}", testlib.display(), me.display())));
        assert_eq!(std::fs::read_link(&testlib).unwrap(), me);
        assert_eq!(made(&request).unwrap(), lines, "kept as they are");
        // A copy is asked for: the links in the way are replaced only when forced.
        let copy = Request {
            copy: true,
            ..request
        };
        let e = made(&copy).unwrap_err().to_string();
        assert!(
            e.ends_with("mayan-check already exists; --force replaces it"),
            "{e}"
        );
        let lines = made(&Request {
            force: true,
            ..copy
        })
        .unwrap();
        assert!(lines[0].ends_with(&format!("copy of {}", me.display())));
        assert!(std::fs::symlink_metadata(&testlib).unwrap().is_file());
    }

    #[test]
    fn a_folder_in_the_way_stops_every_name_before_any_is_made() {
        let dir = tempfile::tempdir().unwrap();
        let binary = dir.path().join("mayan");
        std::fs::write(&binary, "").unwrap();
        std::fs::create_dir(dir.path().join("mayan-kattis")).unwrap();
        let request = Request {
            dir: Some(dir.path()),
            binary: Some(&binary),
            copy: false,
            force: true,
        };
        let e = made(&request).unwrap_err();
        assert!(matches!(e, LinksError::Folder(_)), "{e}");
        assert!(!dir.path().join("mayan-check").exists());
    }
}
