//! The reports of a judging run as text: the sandbox's protections, a table
//! per submission with totals and the checker's explanations, and a score
//! table across submissions.

use std::fmt::Write as _;

use super::SubmissionReport;
use crate::judge::verdict::Verdict;
use crate::runner::sandbox::Protection;

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
    use crate::judge::result::{CaseResult, fixture};

    fn case(name: &str, verdict: Verdict) -> CaseResult {
        let mut c = fixture(name, verdict);
        if verdict == Verdict::WA {
            c.details = "--- expected\n+++ received\n".into();
        }
        c
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
}
