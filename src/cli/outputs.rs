//! The report files a command is asked to write (`--json`, `--csv`,
//! `--html`, `--junit`), checked before anything runs: each a regular file
//! or nothing yet (never a link, a device, a folder or a pipe, which a
//! report written beside it and renamed over it would replace), in a folder
//! where the judge can write, and no two of them (or the JSON report's
//! journal, or the HTML report's folder of pages) the same file; the folder
//! of pages a link or not the judge's own is refused too. And the program
//! of a command given after `--` is not a folder. Found out before an hour of judging, not after.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::judge::report::journal::journal_path;

/// A report asked for: the flag that names it and the file.
pub(super) type Report<'a> = (&'static str, &'a Option<PathBuf>);

/// Checks every report path asked for (see the module's docs).
pub(super) fn check_report_paths(reports: &[Report]) -> Result<()> {
    let mut seen: Vec<(&str, PathBuf)> = Vec::new();
    for &(flag, path) in reports {
        let Some(path) = path else { continue };
        check_one(flag, path)?;
        let mut names = vec![(flag, identity(path))];
        if flag == "--json" {
            names.push(("--json's journal", identity(&journal_path(path))));
        }
        if flag == "--html" {
            let folder = crate::judge::report::html::pages_folder(path)?;
            names.push(("--html's folder of pages", identity(&folder)));
        }
        for (flag, id) in names {
            if let Some((other, _)) = seen.iter().find(|(_, seen)| *seen == id) {
                bail!(
                    "{flag} {} is also the file of {other}: one report would overwrite the other",
                    path.display()
                );
            }
            seen.push((flag, id));
        }
    }
    Ok(())
}

/// One report path: a regular file or nothing, in a folder the judge can
/// write to (tried with a file of its own, removed at once).
fn check_one(flag: &str, path: &Path) -> Result<()> {
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.is_file()
    {
        bail!(
            "{flag} {}: not a regular file (a link, a device, a folder?); name a file, which \
             the report is written beside and then renamed to",
            path.display()
        );
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    tempfile::Builder::new()
        .prefix(".mayan-check-")
        .tempfile_in(folder)
        .with_context(|| {
            format!(
                "{flag} {}: cannot write the report there (in {})",
                path.display(),
                folder.display()
            )
        })?;
    Ok(())
}

/// The program of a command given after `--`: a folder there is the
/// user's slip, said as such before anything runs (not a judge error on
/// every case).
pub(super) fn check_program(command: &[String]) -> Result<()> {
    let Some(program) = command.first() else {
        return Ok(());
    };
    if Path::new(program).is_dir() {
        bail!(
            "{program}: a folder, not a program; give the program to run after --, as `-- ./solution` or `-- python3 solution.py`"
        );
    }
    Ok(())
}

/// A path as the file it names: its folder's real path and its name, so
/// that `r.csv` and `./r.csv` are one.
fn identity(path: &Path) -> PathBuf {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    folder.join(path.file_name().unwrap_or(path.as_os_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_a_device_or_a_folder_is_refused_and_a_plain_file_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("r.json");
        std::fs::write(&file, "old").unwrap();
        assert!(check_report_paths(&[("--json", &Some(file.clone()))]).is_ok());
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        for bad in [link, PathBuf::from("/dev/full"), dir.path().to_path_buf()] {
            let e = check_report_paths(&[("--csv", &Some(bad.clone()))]).unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
        let missing = Some(dir.path().join("no/such/folder/r.csv"));
        let e = check_report_paths(&[("--csv", &missing)]).unwrap_err();
        assert!(
            format!("{e:#}").contains("cannot write the report there"),
            "{e:#}"
        );
    }

    #[test]
    fn two_reports_in_one_file_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let r = Some(dir.path().join("r"));
        let same = Some(dir.path().join(".").join("r"));
        let e = check_report_paths(&[("--json", &r), ("--csv", &same)]).unwrap_err();
        assert!(e.to_string().contains("is also the file of --json"), "{e}");
        let journal = Some(dir.path().join("r.journal"));
        let e = check_report_paths(&[("--json", &r), ("--html", &journal)]).unwrap_err();
        assert!(e.to_string().contains("--json's journal"), "{e}");
        let pages = Some(dir.path().join("r.files"));
        let e = check_report_paths(&[("--html", &r), ("--junit", &pages)]).unwrap_err();
        assert!(e.to_string().contains("--html's folder of pages"), "{e}");
        std::os::unix::fs::symlink(dir.path(), dir.path().join("x.files")).unwrap();
        let x = Some(dir.path().join("x.html"));
        let e = check_report_paths(&[("--html", &x)]).unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        let other = Some(dir.path().join("r.csv"));
        assert!(
            check_report_paths(&[("--json", &r), ("--csv", &other), ("--html", &None)]).is_ok()
        );
    }
}
