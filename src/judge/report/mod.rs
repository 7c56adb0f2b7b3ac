//! Reports of a judging run: a text table per submission with totals and the
//! checker's explanations, a score table across submissions, and a JSON file
//! rewritten after every case (an interrupted run keeps what was finished).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub mod export;

use serde::Serialize;

use crate::judge::grade::CaseResult;
use crate::judge::verdict::Verdict;
use crate::runner::sandbox::Protection;

/// Everything judged for one submission.
#[derive(Debug, Clone, Serialize)]
pub struct SubmissionReport {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compile_error: Option<String>,
    pub cases: Vec<CaseResult>,
    pub score: u32,
    pub max_score: u32,
    pub accepted: usize,
}

impl SubmissionReport {
    pub fn new(name: &str) -> SubmissionReport {
        SubmissionReport {
            name: name.to_string(),
            compile_error: None,
            cases: Vec::new(),
            score: 0,
            max_score: 0,
            accepted: 0,
        }
    }

    pub fn push(&mut self, case: CaseResult) {
        self.score += case.score;
        self.max_score += case.points;
        self.accepted += usize::from(case.verdict == Verdict::AC);
        self.cases.push(case);
    }

    pub fn all_accepted(&self) -> bool {
        self.compile_error.is_none() && self.accepted == self.cases.len()
    }
}

/// The whole run, as written to `--json`.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    /// How CPU time and memory were measured.
    pub measured_by: String,
    /// What confined the runs, active or not.
    pub sandbox: Vec<Protection>,
    pub submissions: Vec<SubmissionReport>,
}

/// The protections in two lines: the active ones by name, then each missing
/// one with the reason.
pub fn sandbox_summary(protections: &[Protection]) -> String {
    let active: Vec<&str> = protections
        .iter()
        .filter(|p| p.active)
        .map(|p| p.name)
        .collect();
    let missing: Vec<String> = protections
        .iter()
        .filter(|p| !p.active)
        .map(|p| format!("{} ({})", p.name, p.how))
        .collect();
    let mut text = format!(
        "sandbox: {}",
        if active.is_empty() {
            "none".to_string()
        } else {
            active.join(", ")
        }
    );
    if !missing.is_empty() {
        text.push_str(&format!("\nNOT protected: {}", missing.join("; ")));
    }
    text
}

/// Writes the JSON report atomically (a temporary file, then a rename).
pub fn write_json(path: &Path, report: &RunReport) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(report).map_err(std::io::Error::other)?;
    let mut tmp = PathBuf::from(path);
    tmp.as_mut_os_string().push(".tmp");
    std::fs::write(&tmp, text + "\n")?;
    std::fs::rename(&tmp, path)
}

/// One submission as a table, with the explanation of each case that failed.
pub fn submission_table(report: &SubmissionReport) -> String {
    let mut out = format!("== {}\n", report.name);
    if let Some(ce) = &report.compile_error {
        let _ = writeln!(out, "CE: compilation failed:");
        for line in ce.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    let width = report
        .cases
        .iter()
        .map(|c| c.suite.len() + c.name.len() + 1)
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(
        out,
        "{:<width$}  {:<7} {:>7} {:>9} {:>7}",
        "case", "verdict", "cpu ms", "mem KiB", "score"
    );
    for c in &report.cases {
        let id = format!("{}/{}", c.suite, c.name);
        let _ = writeln!(
            out,
            "{id:<width$}  {:<7} {:>7} {:>9} {:>7}",
            c.verdict.to_string(),
            c.cpu_ms,
            c.peak_memory_kib,
            format!("{}/{}", c.score, c.points)
        );
    }
    let _ = writeln!(
        out,
        "total: {}/{} points, {}/{} accepted",
        report.score,
        report.max_score,
        report.accepted,
        report.cases.len()
    );
    for c in report
        .cases
        .iter()
        .filter(|c| c.verdict != Verdict::AC && report.compile_error.is_none())
    {
        let _ = writeln!(out, "{}/{}: {}: {}", c.suite, c.name, c.verdict, c.message);
        for line in c.details.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    out
}

/// One row per submission, one column per case (the verdicts), and the score.
pub fn score_table(reports: &[SubmissionReport]) -> String {
    let Some(first) = reports.first() else {
        return String::new();
    };
    let name_width = reports
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(4)
        .max(10);
    let mut out = format!("{:<name_width$}", "submission");
    for i in 0..first.cases.len() {
        let _ = write!(out, " {:>4}", i + 1);
    }
    out.push_str("   score\n");
    for r in reports {
        let _ = write!(out, "{:<name_width$}", r.name);
        for c in &r.cases {
            let _ = write!(out, " {:>4}", c.verdict.to_string());
        }
        let _ = writeln!(out, "   {}/{}", r.score, r.max_score);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(name: &str, verdict: Verdict) -> CaseResult {
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
            details: if verdict == Verdict::WA {
                "--- expected\n+++ received\n".into()
            } else {
                String::new()
            },
            received: String::new(),
        }
    }

    #[test]
    fn tables_show_verdicts_totals_and_explanations() {
        let mut r = SubmissionReport::new("alice");
        r.push(case("a", Verdict::AC));
        r.push(case("b", Verdict::WA));
        let text = submission_table(&r);
        assert!(
            text.contains("s/a   AC           12      1000   10/10"),
            "{text}"
        );
        assert!(text.contains("total: 10/20 points, 1/2 accepted"));
        assert!(text.contains("s/b: WA: why\n    --- expected\n"), "{text}");
        assert!(!r.all_accepted());
        let scores = score_table(&[r]);
        assert!(scores.contains("alice        AC   WA   10/20"), "{scores}");
    }

    #[test]
    fn json_is_written_whole_and_readable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        let mut s = SubmissionReport::new("bob");
        s.push(case("a", Verdict::TLE));
        let report = RunReport {
            measured_by: "test".into(),
            sandbox: Vec::new(),
            submissions: vec![s],
        };
        write_json(&path, &report).unwrap();
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(value["submissions"][0]["cases"][0]["verdict"], "TLE");
        assert_eq!(value["submissions"][0]["cases"][0]["cpu_ms"], 12);
        assert_eq!(value["submissions"][0]["max_score"], 10);
    }
}
