//! A UOJ problem's data (the folder its data upload takes, zipped), as
//! UOJ's builtin judger reads it (UniversalOJ/UOJ-System: the judger's
//! `judger/uoj_judger/include/uoj_judger.h` and `builtin/judger/judger.cpp`,
//! the site's `web/app/libs/uoj-data-lib.php`, which checks the data and
//! compiles the checker when it is synced):
//!
//! - `problem.conf`: `KEY VALUE` lines (no comments: UOJ reads every word
//!   as a key or a value, and a key twice is a syntax error): the builtin
//!   judger, the number of tests and of extra and sample tests, the test
//!   files' names (`input_pre` + number + `.` + `input_suf`), the time
//!   limit (whole seconds), the memory and output limits (MiB), and each
//!   test's points (`point_score_N`);
//! - `NAME1.in`, `NAME1.ans`, ...: the cases and their answers, the sample
//!   first; the sample again as the extra tests `ex_NAME1.in`, ..., which
//!   UOJ offers for download and runs as its sample tests;
//! - `chk.cpp`: the testlib checker (`export::testlib`), which UOJ compiles
//!   against its own testlib.h (0.9.5) and calls as `chk INPUT OUTPUT
//!   ANSWER`, reading its verdict from the first word of standard error
//!   (`ok` accepted; `points` a share; anything else 0);
//! - `std.cpp` and `val.cpp`, which UOJ asks for only when the problem
//!   takes hacks: the reference solution (`export::solutions`, standard
//!   I/O), which answers a hack's input, and the testlib input validator
//!   (`export::testlib`), which UOJ runs on that input first (standard
//!   input, exit 0 valid).
//!
//! What UOJ does differently from `mayan judge`: its judger runs programs
//! on standard input and output only; it scores a problem out of 100 in
//! whole points per test (this project's points are scaled:
//! `test_scores`); the statement is the site's, not the data's. Not checked
//! by a running UOJ (it needs its database and sandbox): the tests hold the
//! files to the format read from UOJ's source and run the checker and the
//! validator as UOJ does (`tests/export_uoj.rs`).

use std::fmt::Write as _;
use std::time::Duration;

use super::ExportError;
use super::folder::OutFolder;
use super::problem::Problem;
use super::solutions::Solution;
use super::testlib::{VALIDATOR, checker_source};
use crate::config::units::{show_duration, show_size};
use crate::config::{IoConfig, IoMode};

/// The file every UOJ problem's data has.
pub const MARKER: &str = "problem.conf";

/// The checker's name, which UOJ compiles to `chk` when it syncs the data.
pub const CHECKER: &str = "chk.cpp";

/// The reference solution, which answers a hack's input.
pub const REFERENCE: &str = "std.cpp";

/// The input validator, which UOJ runs on a hack's input first.
pub const VALIDATOR_FILE: &str = "val.cpp";

/// The test files' extensions: `input_suf` and `output_suf`.
const INPUT_SUFFIX: &str = "in";
const ANSWER_SUFFIX: &str = "ans";

/// UOJ's full score of a problem: a submission accepted on every test gets
/// it, whatever the tests' points add up to.
pub const FULL_SCORE: u32 = 100;

/// Writes the data of the problem `name` of `problem` into `folder`.
pub fn write(name: &str, problem: &Problem, folder: &OutFolder) -> Result<(), ExportError> {
    folder.write(MARKER, problem_conf(name, problem).as_bytes(), false)?;
    for (i, (_, _, case)) in problem.numbered_cases().into_iter().enumerate() {
        let (input, answer) = test_files(name, i + 1);
        folder.write(&input, case.input.as_bytes(), false)?;
        folder.write(&answer, case.answer.as_bytes(), false)?;
    }
    for (i, case) in problem.sample.iter().flat_map(|g| &g.cases).enumerate() {
        let (input, answer) = test_files(name, i + 1);
        folder.write(&format!("ex_{input}"), case.input.as_bytes(), false)?;
        folder.write(&format!("ex_{answer}"), case.answer.as_bytes(), false)?;
    }
    let checker = checker_source(problem.policy);
    folder.write(CHECKER, checker.as_bytes(), false)?;
    let stdio = IoConfig {
        mode: IoMode::Stdio,
        ..IoConfig::default()
    };
    let reference = Solution::Accepted.source(problem.policy, &stdio);
    folder.write(REFERENCE, reference.as_bytes(), false)?;
    folder.write(VALIDATOR_FILE, VALIDATOR.as_bytes(), false)?;
    Ok(())
}

/// The input and answer file of test `number` (from 1), as UOJ names them
/// from `input_pre`, `input_suf`, `output_pre` and `output_suf`; an extra
/// test's are these with `ex_` before.
pub fn test_files(name: &str, number: usize) -> (String, String) {
    (
        format!("{name}{number}.{INPUT_SUFFIX}"),
        format!("{name}{number}.{ANSWER_SUFFIX}"),
    )
}

/// `problem.conf`, one `KEY VALUE` a line.
pub fn problem_conf(name: &str, problem: &Problem) -> String {
    let samples = problem.sample.as_ref().map_or(0, |g| g.cases.len());
    let limits = &problem.limits;
    let mut out = format!(
        "use_builtin_judger on\n\
         n_tests {}\n\
         n_ex_tests {samples}\n\
         n_sample_tests {samples}\n\
         input_pre {name}\ninput_suf {INPUT_SUFFIX}\n\
         output_pre {name}\noutput_suf {ANSWER_SUFFIX}\n\
         time_limit {}\nmemory_limit {}\noutput_limit {}\n",
        problem.case_count(),
        whole_seconds(limits.time),
        whole_mebibytes(limits.memory),
        whole_mebibytes(limits.output),
    );
    for (i, score) in test_scores(problem).into_iter().enumerate() {
        let _ = writeln!(out, "point_score_{} {score}", i + 1);
    }
    out
}

/// Each test's points out of UOJ's 100, in test order (`numbered_cases`).
pub fn test_scores(problem: &Problem) -> Vec<u32> {
    let points: Vec<u64> = (problem.numbered_cases().iter())
        .map(|(_, group, _)| u64::from(group.points))
        .collect();
    scaled_to_full_score(&points)
}

/// `points` scaled to add up to exactly [`FULL_SCORE`] in whole points:
/// each its share rounded down, then the points left over one each to the
/// largest remainders (the earlier first on a tie), so that no score is
/// more than one point from its share and a test of 0 points stays at 0.
/// All zeros when `points` add up to 0.
fn scaled_to_full_score(points: &[u64]) -> Vec<u32> {
    let full = u64::from(FULL_SCORE);
    let total: u64 = points.iter().sum();
    if total == 0 {
        return vec![0; points.len()];
    }
    let mut scores: Vec<u64> = points.iter().map(|p| p * full / total).collect();
    let left = full - scores.iter().sum::<u64>();
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(points[i] * full % total), i));
    for &i in order.iter().take(left as usize) {
        scores[i] += 1;
    }
    scores.into_iter().map(|s| s as u32).collect()
}

/// UOJ's time limit: whole seconds (the judger reads it with `atoi`),
/// rounded up, at least 1.
fn whole_seconds(time: Duration) -> u64 {
    let seconds = time.as_secs() + u64::from(time.subsec_nanos() > 0);
    seconds.max(1)
}

/// UOJ's memory and output limits: whole MiB, rounded up.
fn whole_mebibytes(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// What UOJ does differently from `mayan judge` with this problem.
pub fn warnings(problem: &Problem) -> Vec<String> {
    let mut notes = Vec::new();
    if problem.io.mode == IoMode::File {
        notes.push(format!(
            "UOJ runs programs on standard input and output (its judger has no file I/O): \
             judge.toml's {} and {} are not kept; say so in the statement",
            problem.io.input_file, problem.io.output_file
        ));
    }
    let limits = &problem.limits;
    if limits.time != Duration::from_secs(whole_seconds(limits.time)) {
        notes.push(format!(
            "UOJ's time limit is whole seconds: {} written as {} s",
            show_duration(limits.time),
            whole_seconds(limits.time)
        ));
    }
    for (what, bytes) in [("memory", limits.memory), ("output", limits.output)] {
        if !bytes.is_multiple_of(1 << 20) {
            notes.push(format!(
                "UOJ's {what} limit is whole MiB: {} written as {} MiB",
                show_size(bytes),
                whole_mebibytes(bytes)
            ));
        }
    }
    notes.extend(score_note(problem));
    notes
}

/// How the points were scaled to UOJ's 100, when they were.
fn score_note(problem: &Problem) -> Option<String> {
    let total = problem.total_points();
    if total == 0 {
        return Some(format!(
            "every case gives 0 points: UOJ gives {FULL_SCORE} to a submission accepted on \
             every test, and 0 to any other"
        ));
    }
    if total == FULL_SCORE {
        return None;
    }
    let scores = test_scores(problem);
    let mut scores = scores.iter();
    let mut per_suite = Vec::new();
    for group in problem.groups() {
        let of_group: Vec<u32> = scores.by_ref().take(group.cases.len()).copied().collect();
        let (low, high) = (of_group.iter().min(), of_group.iter().max());
        if let (Some(low), Some(high)) = (low, high) {
            let each = match low == high {
                true => low.to_string(),
                false => format!("{low}-{high}"),
            };
            per_suite.push(format!("`{}` {} -> {each}", group.suite, group.points));
        }
    }
    Some(format!(
        "UOJ scores a problem out of {FULL_SCORE}, in whole points per test: judge.toml's \
         {total} points are scaled to {FULL_SCORE} (a case's points per suite: {})",
        per_suite.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_scaled_to_exactly_the_full_score_each_within_a_point_of_its_share() {
        assert_eq!(scaled_to_full_score(&[10; 10]), [10; 10]);
        assert_eq!(scaled_to_full_score(&[5, 15]), [25, 75]);
        let scores = scaled_to_full_score(&[10; 45]);
        assert_eq!(scores.iter().sum::<u32>(), FULL_SCORE);
        assert_eq!(
            (scores[..10].to_vec(), scores[10..].to_vec()),
            (vec![3; 10], vec![2; 35])
        );
        assert_eq!(scaled_to_full_score(&[0, 1, 0, 2]), [0, 33, 0, 67]);
        assert_eq!(scaled_to_full_score(&[0, 0]), [0, 0]);
        assert_eq!(scaled_to_full_score(&[u32::MAX as u64; 3]), [34, 33, 33]);
    }

    #[test]
    fn limits_are_whole_seconds_and_mebibytes_rounded_up() {
        assert_eq!(whole_seconds(Duration::from_secs(3)), 3);
        assert_eq!(whole_seconds(Duration::from_millis(1500)), 2);
        assert_eq!(whole_seconds(Duration::from_millis(200)), 1);
        assert_eq!(whole_mebibytes(128 << 20), 128);
        assert_eq!(whole_mebibytes((128 << 20) + 1), 129);
    }

    #[test]
    fn test_files_are_named_as_uoj_composes_them() {
        assert_eq!(
            test_files("mayan", 12),
            ("mayan12.in".to_string(), "mayan12.ans".to_string())
        );
    }
}
