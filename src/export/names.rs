//! The names the judges accept: a problem's short name (`[a-z0-9]+`, what
//! Kattis's `verifyproblem` and DMOJ's problem codes ask for), and file and
//! folder names inside a package (`[a-zA-Z0-9_][a-zA-Z0-9_.-]*`, at most 255
//! characters), made from the suites' and cases' names, which may hold
//! anything a file system does.

use std::collections::BTreeSet;

/// Whether `name` is a valid short name: `[a-z0-9]+`.
pub fn is_short_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// A short name made from `name`: its letters lowercased and its digits, or
/// `mayan` when none is left.
pub fn suggest_short_name(name: &str) -> String {
    let kept: String = (name.chars())
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if kept.is_empty() {
        "mayan".to_string()
    } else {
        kept
    }
}

/// `text` as a package file name: every character outside `[a-zA-Z0-9_.-]`
/// (a space, a slash of a nested folder, a letter outside ASCII) becomes
/// `-`, runs of `-` become one, `-` and `.` are cut from both ends, at most
/// 200 characters are kept, and `fallback` stands in for nothing.
pub fn file_name(text: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let c = if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            c
        } else {
            '-'
        };
        if !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    let trimmed: String = (out.trim_matches(['-', '.']).chars()).take(200).collect();
    let trimmed = trimmed.trim_end_matches(['-', '.']);
    if trimmed.is_empty() {
        fallback.to_string()
    } else {
        trimmed.to_string()
    }
}

/// The folder of the `index`-th suite (from 1): numbered, so that judges
/// that take groups in sorted order keep `judge.toml`'s.
pub fn group_name(index: usize, suite: &str) -> String {
    format!("{index:02}-{}", file_name(suite, "suite"))
}

/// Names given out once each: a second `x` becomes `x-2`, then `x-3`.
#[derive(Debug, Default)]
pub struct Unique {
    taken: BTreeSet<String>,
}

impl Unique {
    pub fn claim(&mut self, name: String) -> String {
        let mut candidate = name.clone();
        let mut n = 1;
        while self.taken.contains(&candidate) {
            n += 1;
            candidate = format!("{name}-{n}");
        }
        self.taken.insert(candidate.clone());
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_lowercase_letters_and_digits() {
        assert!(is_short_name("mayan2011"));
        for bad in ["", "Mayan", "mayan-judge", "my mayan", "mayan_1", "玛雅"] {
            assert!(!is_short_name(bad), "{bad}");
        }
        assert_eq!(suggest_short_name("Mayan-Judge 2"), "mayanjudge2");
        assert_eq!(suggest_short_name("玛雅"), "mayan");
    }

    #[test]
    fn any_suite_or_case_name_becomes_a_valid_file_name() {
        for (text, want) in [
            ("rules", "rules"),
            ("subtask bottom row", "subtask-bottom-row"),
            ("deep/nested/case", "deep-nested-case"),
            ("..hidden", "hidden"),
            ("-dash-", "dash"),
            ("a  //  b", "a-b"),
            ("样例", "x"),
            ("", "x"),
            ("v1.2", "v1.2"),
            ("__init__", "__init__"),
        ] {
            assert_eq!(file_name(text, "x"), want, "{text:?}");
        }
        let long = file_name(&"a".repeat(300), "x");
        assert_eq!(long.len(), 200);
        let valid = |n: &str| {
            let first = n.as_bytes()[0];
            (first.is_ascii_alphanumeric() || first == b'_')
                && n.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(&b))
                && n.len() <= 255
        };
        for text in ["a b", "/x/", " .-", "é", "x.-y", "a-.", "-.a.-"] {
            assert!(
                valid(&file_name(text, "x")),
                "{text:?} -> {}",
                file_name(text, "x")
            );
        }
    }

    #[test]
    fn groups_are_numbered_and_names_given_once() {
        assert_eq!(group_name(3, "exactly n"), "03-exactly-n");
        assert_eq!(group_name(12, "样例"), "12-suite");
        let mut names = Unique::default();
        assert_eq!(names.claim("a".into()), "a");
        assert_eq!(names.claim("a".into()), "a-2");
        assert_eq!(names.claim("a-2".into()), "a-2-2");
        assert_eq!(names.claim("a".into()), "a-3");
    }
}
