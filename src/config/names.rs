//! The plain names `judge.toml` gives files: the input and output files of
//! file I/O, which a program finds in its working folder (and which the
//! DMOJ export writes into its grader), and the problem's name, which its
//! contestants' sources and folders are named after. One rule for all of
//! them, so that none can climb out of the folder it is joined to, and
//! none needs quoting in a script.
//!
//! Not the names of cases or suites: those are the file system's, read as
//! found (`judge::suite`), and made plain for packages by `export::names`.

/// The longest file name the usual file systems take, in bytes.
const MAX_NAME: usize = 255;

/// Why `name` cannot be a plain file name, if it cannot: it must be letters,
/// digits, `.`, `_` and `-` only (no `/`, space, quote or control
/// character), not `.` or `..`, and at most 255 bytes.
pub fn plain_name_fault(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("is empty")
    } else if name == "." || name == ".." {
        Some("is a folder (`.` or `..`), not a file name")
    } else if name.contains('/') {
        Some("holds `/`: a plain file name, without a folder, is wanted")
    } else if name.chars().any(char::is_control) {
        Some("holds a control character")
    } else if !(name.bytes()).all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)) {
        Some("holds a character other than letters, digits, `.`, `_` and `-`")
    } else if name.len() > MAX_NAME {
        Some("is longer than 255 bytes, the longest file name")
    } else {
        None
    }
}

/// What is wrong with the file names of file I/O, if anything: the key
/// (`input-file` or `output-file`) and why. Each must be a plain name
/// ([`plain_name_fault`]), and the two must differ, or the program would
/// write its answer over its input.
pub fn io_names_fault(input: &str, output: &str) -> Option<(&'static str, String)> {
    for (key, value) in [("input-file", input), ("output-file", output)] {
        if let Some(why) = plain_name_fault(value) {
            return Some((key, format!("[io] {key} = {value:?} {why}")));
        }
    }
    (input == output).then(|| {
        let why = "is the input file's name too: the program would write over its input";
        (
            "output-file",
            format!("[io] output-file = {output:?} {why}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_are_letters_digits_dots_dashes_and_underscores() {
        for good in ["mayan.in", "MAYAN.OUT", "in_1", "a-b.txt", ".hidden", "x"] {
            assert_eq!(plain_name_fault(good), None, "{good:?}");
        }
        for (bad, why) in [
            ("", "is empty"),
            (".", "is a folder"),
            ("..", "is a folder"),
            ("../mayan.in", "holds `/`"),
            ("/etc/passwd", "holds `/`"),
            ("dir/mayan.in", "holds `/`"),
            ("mayan\0.in", "control character"),
            ("mayan\n.in", "control character"),
            ("mayan\t.in", "control character"),
            ("my input", "other than letters"),
            ("x'y", "other than letters"),
            ("玛雅.in", "other than letters"),
        ] {
            let fault = plain_name_fault(bad).unwrap_or_else(|| panic!("{bad:?} passed"));
            assert!(fault.contains(why), "{bad:?}: {fault}");
        }
        assert!(plain_name_fault(&"a".repeat(255)).is_none());
        assert!(plain_name_fault(&"a".repeat(256)).is_some());
    }

    #[test]
    fn io_names_are_plain_and_differ() {
        assert_eq!(io_names_fault("mayan.in", "mayan.out"), None);
        let (key, message) = io_names_fault("../x", "mayan.out").unwrap();
        assert_eq!(key, "input-file");
        assert!(message.starts_with("[io] input-file = \"../x\" holds `/`"));
        let (key, message) = io_names_fault("mayan.in", "").unwrap();
        assert_eq!(
            (key, message.as_str()),
            ("output-file", "[io] output-file = \"\" is empty")
        );
        let (key, message) = io_names_fault("same", "same").unwrap();
        assert_eq!(key, "output-file");
        assert!(message.contains("write over its input"), "{message}");
    }
}
