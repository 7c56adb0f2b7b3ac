//! What a stress run says on standard output: the line of a run that found
//! no failure, the failure shown (which drawn case failed and how, then the
//! small case with what it expects and received, and its own verdict),
//! where it was saved, and the line of a run stopped by a signal. Text
//! only: not what is written to files (`write`).

use std::path::Path;

use super::judging::Failure;
use crate::puzzle::dialect::Dialect;
use crate::text::{plural, visible};

/// The line of a run stopped before it found a failure.
pub const INTERRUPTED: &str = "interrupted before a failure was found\n";

/// The line for a run that found no failure; draws whose kind found no case
/// are counted apart, so that a run that judged little does not look clean.
pub fn passed(seed: u64, cases: u64, judged: u64) -> String {
    let line = format!(
        "no failure in {} (seed {seed})",
        plural(judged as usize, "case")
    );
    match cases.saturating_sub(judged) {
        0 => line + "\n",
        skipped => format!(
            "{line}; {} found no case of {} kind\n",
            plural(skipped as usize, "draw"),
            if skipped == 1 { "its" } else { "their" }
        ),
    }
}

/// The failure: which drawn case of `cases` failed and how, then the small
/// case shown, with what this case expects and received, and its own
/// verdict. What the submission wrote is escaped for the terminal.
pub fn failure(f: &Failure, cases: u64, dialect: Dialect) -> String {
    let last = visible(&f.last.message);
    let received = visible(&f.last.received);
    let mut text = format!(
        "case {} of {cases} ({}, n = {}) fails with {}\n",
        f.index,
        f.kind,
        f.case.lines().next().unwrap_or("?"),
        f.first.verdict
    );
    text += &format!(
        "the smallest case that fails the same way ({} smaller cases tried; {dialect}):\n",
        f.tried
    );
    text += &f.small;
    text += &format!("expected:\n{}received:\n", f.expected);
    if received.is_empty() {
        text += "(nothing)\n";
    } else {
        text += &received;
        if !received.ends_with('\n') {
            text.push('\n');
        }
    }
    text += &format!("verdict: {}: {last}\n", f.last.verdict);
    text
}

/// The line that says where the small case was saved.
pub fn saved(input: &Path) -> String {
    format!("saved as {}\n", input.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clean_run_counts_the_draws_that_found_no_case_apart() {
        assert_eq!(passed(1, 3, 3), "no failure in 3 cases (seed 1)\n");
        assert_eq!(
            passed(1, 60, 55),
            "no failure in 55 cases (seed 1); 5 draws found no case of their kind\n"
        );
        assert_eq!(
            passed(2, 2, 1),
            "no failure in 1 case (seed 2); 1 draw found no case of its kind\n"
        );
    }
}
