//! Where the report's files are and how its pages reach each other: the
//! index at the path asked for (`report.html`), its pages in a folder
//! beside it named after it (`report.files`, see [`folder_name`]): a page
//! per submission, `s<number>.html` (its place in the report, from 1), and
//! a page per case drawn, `case-<number>.html`. A file's name is made of
//! numbers, never of a contestant's text; the two names the user chose
//! (the index's and the folder's) are percent-encoded in links, so a link
//! is always relative and never holds markup. Not responsible for the ids
//! inside a page (`anchors`).

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::os::unix::ffi::{OsStrExt, OsStringExt};

/// The file that marks a folder of pages as this report's (see `write`).
pub const MARKER: &str = ".mayan-report";

/// The name of the folder of pages of the index `index`: its name without
/// a `.html` or `.htm` ending, then `.files` (`report.html` ->
/// `report.files`, `out` -> `out.files`). It never is the index's own name:
/// a name that ends in `.files` has no `.html` ending to drop.
pub fn folder_name(index: &OsStr) -> OsString {
    let bytes = index.as_bytes();
    let lower = bytes.to_ascii_lowercase();
    let cut = [".html", ".htm"]
        .iter()
        .find(|end| lower.ends_with(end.as_bytes()) && bytes.len() > end.len())
        .map_or(bytes.len(), |end| bytes.len() - end.len());
    let mut name = bytes[..cut].to_vec();
    name.extend_from_slice(b".files");
    OsString::from_vec(name)
}

/// The file of submission `i`'s page.
pub fn submission_file(i: usize) -> String {
    format!("s{}.html", i + 1)
}

/// The file of the page of the `k`th case drawn.
pub fn case_file(k: usize) -> String {
    format!("case-{}.html", k + 1)
}

/// `name` as a relative URL's part: every byte but ASCII letters, digits
/// and `-._~` as `%XX`, so it is never a scheme, a query or markup.
pub fn percent_encode(name: &OsStr) -> String {
    let mut out = String::new();
    for &b in name.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(char::from(b));
            }
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

/// The links between the index and its pages.
pub struct Links {
    /// The folder, as the index links to it.
    folder: String,
    /// The index, as a page links to it.
    index: String,
}

impl Links {
    /// The links of the index named `index` (a file name, not a path).
    pub fn new(index: &OsStr) -> Links {
        Links {
            folder: percent_encode(&folder_name(index)),
            index: percent_encode(index),
        }
    }

    /// From the index: submission `i`'s page.
    pub fn submission(&self, i: usize) -> String {
        format!("{}/{}", self.folder, submission_file(i))
    }

    /// From the index: the element `id` on submission `i`'s page.
    pub fn submission_at(&self, i: usize, id: &str) -> String {
        format!("{}#{id}", self.submission(i))
    }

    /// From the index: the page of the `k`th case drawn.
    pub fn case(&self, k: usize) -> String {
        format!("{}/{}", self.folder, case_file(k))
    }

    /// From a page: the index, at the element `id` when given.
    pub fn index(&self, id: Option<&str>) -> String {
        match id {
            Some(id) => format!("../{}#{id}", self.index),
            None => format!("../{}", self.index),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folder_is_named_after_the_index_and_never_is_it() {
        let folder = |name: &str| folder_name(OsStr::new(name)).into_string().unwrap();
        assert_eq!(folder("report.html"), "report.files");
        assert_eq!(folder("Report.HTM"), "Report.files");
        assert_eq!(folder("out"), "out.files");
        assert_eq!(folder("a.files"), "a.files.files");
        assert_eq!(folder(".html"), ".html.files");
        assert_eq!(folder("成绩.html"), "成绩.files");
    }

    #[test]
    fn links_are_relative_and_encoded() {
        let links = Links::new(OsStr::new("javascript:a <b>\"#?.html"));
        let page = links.submission_at(2, "c3.s.x");
        assert_eq!(
            page,
            "javascript%3Aa%20%3Cb%3E%22%23%3F.files/s3.html#c3.s.x"
        );
        assert_eq!(
            links.index(Some("scores")),
            "../javascript%3Aa%20%3Cb%3E%22%23%3F.html#scores"
        );
        assert_eq!(
            Links::new(OsStr::new("成绩.html")).index(None),
            "../%E6%88%90%E7%BB%A9.html"
        );
        assert_eq!(case_file(0), "case-1.html");
    }
}
