//! Writing the HTML report ([`write_report`]): the folder of pages is built
//! under a temporary name beside its place, one page at a time, then
//! swapped in, and the index is written last, so a reader never finds an
//! index whose links lead to pages half written, and the judge never holds
//! more than one page. The folder's place is taken only when it is free or
//! holds pages this report wrote before (its [`MARKER`] file says so): a
//! symbolic link there, a file, or a folder of someone else's is refused,
//! never followed, emptied or replaced. Not responsible for what the pages
//! say (`Site`).

use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use tempfile::TempDir;

use super::links::{MARKER, folder_name};
use super::{Page, Site};
use crate::judge::report::RunReport;

/// What the marker file says; its first line is how a folder of pages is
/// recognised.
const MARKER_TEXT: &str = "mayan-judge HTML report pages\n\
    This folder holds the pages of the HTML report beside it, the .html file of the same \
    name. mayan-judge replaces the whole folder whenever it writes that report again: keep \
    nothing else here.\n";

/// Why the report could not be written; each names the path.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{}: not a file name for the HTML report", .0.display())]
    NoFileName(PathBuf),
    #[error(
        "{}: is a symbolic link, where the HTML report's pages go: mayan-judge does not follow \
         it; remove it or choose another --html file",
        .0.display()
    )]
    Link(PathBuf),
    #[error(
        "{}: is not a folder of mayan-judge report pages (it holds no {MARKER} file of ours), and the \
         HTML report's pages go there: mayan-judge replaces only its own; move it away or \
         choose another --html file",
        .0.display()
    )]
    Foreign(PathBuf),
    #[error("{}: cannot write: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
}

impl WriteError {
    fn io(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
        move |source| WriteError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// What was written: the folder of pages, how many, and sizes in bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub folder: PathBuf,
    pub pages: usize,
    pub index_bytes: u64,
    pub largest_page_bytes: u64,
}

/// Writes the report's index at `path` and its pages in the folder beside
/// it (see [`pages_folder`]), replacing the pages written there before.
pub fn write_report(path: &Path, report: &RunReport) -> Result<Written, WriteError> {
    let folder = pages_folder(path)?;
    let index_name = path.file_name().unwrap_or_default();
    let site = Site::new(report, index_name);
    let staged = stage(&folder)?;
    let (pages, largest_page_bytes) = write_pages(&site, staged.path())?;
    swap_in(staged, &folder)?;
    let index = site.index();
    // Renamed over the index, never written into it (it may have another
    // name: a hard link of a case).
    super::super::reporters::write_whole(path, index.as_bytes()).map_err(WriteError::io(path))?;
    Ok(Written {
        folder,
        pages,
        index_bytes: index.len() as u64,
        largest_page_bytes,
    })
}

/// The folder of pages of the index `path` (`report.html` ->
/// `report.files`, beside it), when it is free or holds pages mayan-judge
/// wrote; else why it may not be written.
pub fn pages_folder(path: &Path) -> Result<PathBuf, WriteError> {
    let name = path
        .file_name()
        .ok_or_else(|| WriteError::NoFileName(path.to_path_buf()))?;
    let folder = path.with_file_name(folder_name(name));
    check_replaceable(&folder)?;
    Ok(folder)
}

/// `Ok` when `folder` does not exist, or is a folder (not a link to one)
/// with this report's marker in it.
fn check_replaceable(folder: &Path) -> Result<(), WriteError> {
    match fs::symlink_metadata(folder) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(WriteError::io(folder)(e)),
        Ok(m) if m.file_type().is_symlink() => Err(WriteError::Link(folder.to_path_buf())),
        Ok(m) if m.is_dir() && is_marked(folder) => Ok(()),
        Ok(_) => Err(WriteError::Foreign(folder.to_path_buf())),
    }
}

/// True when `folder` holds a marker file (a small file, not a link) that
/// starts as ours does.
fn is_marked(folder: &Path) -> bool {
    let marker = folder.join(MARKER);
    let small_file = fs::symlink_metadata(&marker).is_ok_and(|m| m.is_file() && m.len() < 4096);
    let first_line = MARKER_TEXT.lines().next().unwrap_or_default();
    small_file
        && fs::read_to_string(&marker).is_ok_and(|text| text.lines().next() == Some(first_line))
}

/// An empty folder beside `folder`, hidden, named after it, removed with
/// what it holds when dropped; made with the permissions the umask allows,
/// as a folder made by hand.
fn beside(folder: &Path, what: &str) -> Result<TempDir, WriteError> {
    let parent = match folder.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(folder.file_name().unwrap_or_default());
    prefix.push(what);
    tempfile::Builder::new()
        .prefix(&prefix)
        .permissions(fs::Permissions::from_mode(0o777))
        .tempdir_in(parent)
        .map_err(WriteError::io(folder))
}

/// The temporary folder the pages are written to, with the marker in it.
fn stage(folder: &Path) -> Result<TempDir, WriteError> {
    let staged = beside(folder, ".new.")?;
    let marker = staged.path().join(MARKER);
    fs::write(&marker, MARKER_TEXT).map_err(WriteError::io(&marker))?;
    Ok(staged)
}

/// Each page of `site`, built and written one at a time into `dir`; how
/// many, and the largest's size.
fn write_pages(site: &Site, dir: &Path) -> Result<(usize, u64), WriteError> {
    let (mut count, mut largest) = (0, 0);
    for page in site.pages() {
        let file = dir.join(Page::file_name(page));
        let text = site.page(page);
        fs::write(&file, &text).map_err(WriteError::io(&file))?;
        count += 1;
        largest = largest.max(text.len() as u64);
    }
    Ok((count, largest))
}

/// Puts the staged folder in `folder`'s place; the pages there before, if
/// any (and still ours), are moved aside, then removed. When the staged
/// folder cannot be moved in, the old pages are put back.
fn swap_in(staged: TempDir, folder: &Path) -> Result<(), WriteError> {
    check_replaceable(folder)?;
    let old = match fs::symlink_metadata(folder) {
        Err(_) => None,
        Ok(_) => {
            // Renaming a folder onto an empty one replaces it; dropping
            // `aside` then removes the old pages.
            let aside = beside(folder, ".old.")?;
            fs::rename(folder, aside.path()).map_err(WriteError::io(folder))?;
            Some(aside)
        }
    };
    if let Err(e) = fs::rename(staged.path(), folder) {
        if let Some(aside) = &old {
            let _ = fs::rename(aside.path(), folder);
        }
        return Err(WriteError::io(folder)(e));
    }
    let _ = staged.keep();
    drop(old);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::report::SubmissionReport;
    use crate::judge::result::fixture;
    use crate::judge::verdict::Verdict;

    fn report() -> RunReport {
        let mut report = crate::judge::report::html::tests::empty_report();
        let mut sub = SubmissionReport::new("../<b>x</b>");
        sub.push(fixture("a", Verdict::WA));
        report.submissions.push(sub);
        report
    }

    /// The names in `dir`, sorted.
    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_index_and_a_marked_folder_are_written_and_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let index = dir.path().join("report.html");
        let written = write_report(&index, &report()).unwrap();
        assert_eq!(written.folder, dir.path().join("report.files"));
        assert_eq!(written.pages, 1);
        assert_eq!(listing(dir.path()), ["report.files", "report.html"]);
        assert_eq!(listing(&written.folder), [MARKER, "s1.html"]);
        let marker = fs::read_to_string(written.folder.join(MARKER)).unwrap();
        assert!(marker.starts_with("mayan-judge HTML report pages\n"));
        // Written again: the old pages go, whatever was added to them.
        fs::write(written.folder.join("old.html"), "old").unwrap();
        let again = write_report(&index, &report()).unwrap();
        assert_eq!(again, written);
        assert_eq!(listing(&written.folder), [MARKER, "s1.html"]);
        assert_eq!(listing(dir.path()), ["report.files", "report.html"]);
        let page = fs::read_to_string(written.folder.join("s1.html")).unwrap();
        assert!(page.contains("<a href=\"../report.html\">"), "{page}");
    }

    #[test]
    fn a_link_where_the_folder_goes_is_refused_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = dir.path().join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        fs::write(elsewhere.join(MARKER), MARKER_TEXT).unwrap();
        fs::write(elsewhere.join("keep"), "mine").unwrap();
        let folder = dir.path().join("report.files");
        std::os::unix::fs::symlink(&elsewhere, &folder).unwrap();
        let err = write_report(&dir.path().join("report.html"), &report()).unwrap_err();
        assert!(
            matches!(err, WriteError::Link(ref p) if *p == folder),
            "{err}"
        );
        assert!(err.to_string().contains(&folder.display().to_string()));
        assert_eq!(listing(&elsewhere), [MARKER, "keep"]);
        assert_eq!(listing(dir.path()), ["elsewhere", "report.files"]);
    }

    #[test]
    fn a_folder_or_file_not_ours_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("report.files");
        let index = dir.path().join("report.html");
        fs::create_dir(&folder).unwrap();
        fs::write(folder.join("homework.cpp"), "int main(){}").unwrap();
        let err = write_report(&index, &report()).unwrap_err();
        assert!(
            matches!(err, WriteError::Foreign(ref p) if *p == folder),
            "{err}"
        );
        assert!(
            err.to_string()
                .starts_with(&format!("{}: ", folder.display()))
        );
        // A marker that is a link, or says something else, is not ours.
        let real = dir.path().join("marker");
        fs::write(&real, MARKER_TEXT).unwrap();
        std::os::unix::fs::symlink(&real, folder.join(MARKER)).unwrap();
        assert!(matches!(
            write_report(&index, &report()),
            Err(WriteError::Foreign(_))
        ));
        fs::remove_file(folder.join(MARKER)).unwrap();
        fs::write(folder.join(MARKER), "something else\n").unwrap();
        assert!(matches!(
            write_report(&index, &report()),
            Err(WriteError::Foreign(_))
        ));
        assert_eq!(listing(&folder), [MARKER, "homework.cpp"]);
        fs::remove_dir_all(&folder).unwrap();
        fs::write(&folder, "a file").unwrap();
        assert!(matches!(
            write_report(&index, &report()),
            Err(WriteError::Foreign(_))
        ));
        assert_eq!(fs::read_to_string(&folder).unwrap(), "a file");
        assert_eq!(listing(dir.path()), ["marker", "report.files"]);
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let index = dir.path().join("missing/report.html");
        let err = write_report(&index, &report()).unwrap_err();
        let folder = dir.path().join("missing/report.files");
        assert!(
            err.to_string()
                .starts_with(&format!("{}: cannot write: ", folder.display())),
            "{err}"
        );
        let err = write_report(Path::new("/"), &report()).unwrap_err();
        assert_eq!(err.to_string(), "/: not a file name for the HTML report");
    }
}
