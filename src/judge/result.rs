//! The result of one case: its verdict, what was measured, its score and
//! the message that explains it.

use serde::{Deserialize, Serialize};

use super::suite::CaseFile;
use super::verdict::Verdict;

/// The result of one case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseResult {
    pub suite: String,
    pub name: String,
    pub verdict: Verdict,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub peak_memory_kib: u64,
    pub score: u32,
    pub points: u32,
    pub message: String,
    /// Boards or a diff that explain a WA or PE.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub details: String,
    /// The start of what the program answered, for a WA or PE.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub received: String,
    /// The end of what the program wrote to standard error, for a case not
    /// accepted.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
    /// The case as it was judged (its canonical text), for a case not
    /// accepted, so that a report can replay it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub input: String,
    /// The case was judged a second time, alone, because its first run was
    /// stopped by the wall clock near its CPU limit on a loaded machine
    /// (this is the second run's result; see `judge::program`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub judged_again: bool,
}

impl CaseResult {
    /// A result with nothing measured (a compile error, say).
    pub fn unmeasured(case: &CaseFile, verdict: Verdict, message: String) -> CaseResult {
        CaseResult {
            suite: case.suite.clone(),
            name: case.name.clone(),
            verdict,
            cpu_ms: 0,
            wall_ms: 0,
            peak_memory_kib: 0,
            score: 0,
            points: case.points,
            message,
            details: String::new(),
            received: String::new(),
            stderr: String::new(),
            input: String::new(),
            judged_again: false,
        }
    }
}

/// The same result for every case (a compile error, say).
pub fn all_cases(cases: &[CaseFile], verdict: Verdict, message: &str) -> Vec<CaseResult> {
    cases
        .iter()
        .map(|case| CaseResult::unmeasured(case, verdict, message.to_string()))
        .collect()
}

/// A result for tests of the reports: suite `s`, 12 ms CPU, 13 ms wall,
/// 1000 KiB, 10 points (all of them when AC), message `why`.
#[cfg(test)]
pub fn fixture(name: &str, verdict: Verdict) -> CaseResult {
    CaseResult {
        suite: "s".into(),
        name: name.into(),
        verdict,
        cpu_ms: 12,
        wall_ms: 13,
        peak_memory_kib: 1000,
        score: if verdict == Verdict::AC { 10 } else { 0 },
        points: 10,
        message: "why".into(),
        details: String::new(),
        received: String::new(),
        stderr: String::new(),
        input: String::new(),
        judged_again: false,
    }
}
