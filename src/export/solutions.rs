//! The programs a package carries to prove itself: a reference solution
//! (C++, set to the exported dialect and I/O), a program that is wrong on
//! every case, and one that always answers `-1` (partly right wherever some
//! cases have no solution). C++ because every judge compiles it; the
//! sources are `accepted.cpp`, `wrong.cpp` and `minus_one.cpp` beside this
//! file, with their settings written at the top.
//!
//! Not a second solver to trust: the tests judge the reference solution
//! with this project's checker in every dialect.

use crate::check::Policy;
use crate::config::{IoConfig, IoMode};
use crate::puzzle::dialect::{NullSwaps, Steps};

const ACCEPTED: &str = include_str!("accepted.cpp");
const WRONG: &str = include_str!("wrong.cpp");
const MINUS_ONE: &str = include_str!("minus_one.cpp");

/// A program of a package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solution {
    /// The smallest solution (so accepted under either policy).
    Accepted,
    /// `n` moves `0 0 0`: wrong on every case.
    Wrong,
    /// Always `-1`.
    MinusOne,
}

impl Solution {
    /// The C++ source, set to the dialect of `policy` and to `io` (whose
    /// file names must be plain: see `dmoj::check_io_names`).
    pub fn source(self, policy: Policy, io: &IoConfig) -> String {
        let template = match self {
            Solution::Accepted => ACCEPTED,
            Solution::Wrong => WRONG,
            Solution::MinusOne => MINUS_ONE,
        };
        template.replace("@SETTINGS@", &settings(policy, io))
    }

    /// The file name a package gives it.
    pub fn file_name(self) -> &'static str {
        match self {
            Solution::Accepted => "reference.cpp",
            Solution::Wrong => "illegal_moves.cpp",
            Solution::MinusOne => "always_minus_one.cpp",
        }
    }
}

fn settings(policy: Policy, io: &IoConfig) -> String {
    let dialect = policy.dialect;
    let flag = |on: bool| if on { 1 } else { 0 };
    format!(
        "#define NULL_SWAPS {}  // null-swaps = {}: a swap of two equal colours is a move\n\
         #define AT_MOST {}  // steps = {}: 1 any k <= n moves, 0 exactly n\n\
         #define FILE_IO {}  // 1: read INPUT_FILE, write OUTPUT_FILE; 0: standard input/output\n\
         #define INPUT_FILE \"{}\"\n\
         #define OUTPUT_FILE \"{}\"",
        flag(dialect.null_swaps == NullSwaps::Include),
        dialect.null_swaps,
        flag(dialect.steps == Steps::AtMost),
        dialect.steps,
        flag(io.mode == IoMode::File),
        c_string(&io.input_file),
        c_string(&io.output_file),
    )
}

/// `text` inside a C string literal: quotes, backslashes and anything not
/// printable ASCII escaped.
fn c_string(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(b));
            }
            b' '..=b'~' => out.push(char::from(b)),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::dialect::Dialect;

    #[test]
    fn the_settings_follow_the_dialect_and_the_io() {
        let policy = Policy {
            dialect: Dialect::new(NullSwaps::Exclude, Steps::AtMost),
            ..Policy::default()
        };
        let io = IoConfig {
            mode: IoMode::File,
            input_file: "in\"x".into(),
            ..IoConfig::default()
        };
        let source = Solution::Accepted.source(policy, &io);
        assert!(
            source.contains("#define NULL_SWAPS 0  // null-swaps = exclude"),
            "{source}"
        );
        assert!(source.contains("#define AT_MOST 1"));
        assert!(source.contains("#define FILE_IO 1"));
        assert!(source.contains("#define INPUT_FILE \"in\\\"x\""));
        assert!(!source.contains("@SETTINGS@"));
        let stdio = Solution::Wrong.source(Policy::default(), &IoConfig::default());
        assert!(
            stdio.contains("#define FILE_IO 1"),
            "the default I/O is file"
        );
        assert_eq!(c_string("a\nb\\"), "a\\012b\\\\");
    }
}
