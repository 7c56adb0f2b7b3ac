//! Reports for other tools: JUnit XML for CI (one test suite per submission,
//! one test case per case), and the score table as CSV and as a
//! self-contained HTML page.

use std::fmt::Write as _;
use std::time::Duration;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::SubmissionReport;
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::text::{escape_markup, inert_cell, visible};

/// JUnit XML: a failure for WA/PE/TLE/MLE/OLE/RE/CE, an error for a judge
/// error. A submission that did not compile carries the compiler's output,
/// as its suite's `system-err` and each CE case's description.
pub fn junit(reports: &[SubmissionReport]) -> String {
    let mut report = Report::new("mayan-judge");
    for sub in reports {
        let mut suite = TestSuite::new(sub.name.clone());
        let compiler = sub.compile_error.as_deref().map(visible);
        if let Some(output) = &compiler {
            suite.set_system_err(output.clone());
        }
        for c in &sub.cases {
            let status = status(c, compiler.as_deref());
            let mut case = TestCase::new(format!("{}/{}", c.suite, c.name), status);
            case.set_classname(sub.name.clone());
            case.set_time(Duration::from_millis(c.wall_ms));
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    report
        .to_string()
        .unwrap_or_else(|e| format!("<!-- could not write JUnit XML: {e} -->\n"))
}

/// One case's JUnit status; a CE case without details of its own is
/// described by the compiler's output.
fn status(c: &CaseResult, compiler: Option<&str>) -> TestCaseStatus {
    let v = c.verdict;
    if v == Verdict::AC {
        return TestCaseStatus::success();
    }
    let kind = if v == Verdict::JudgeError {
        NonSuccessKind::Error
    } else {
        NonSuccessKind::Failure
    };
    let mut s = TestCaseStatus::non_success(kind);
    s.set_type(v.to_string());
    s.set_message(format!("{v}: {}", c.message));
    match compiler {
        Some(output) if c.details.is_empty() && v == Verdict::CE => {
            s.set_description(output.to_string());
        }
        _ if !c.details.is_empty() => {
            s.set_description(c.details.clone());
        }
        _ => {}
    }
    s
}

/// A CSV cell: quoted when it must be, and never a formula a spreadsheet
/// would run (a contestant names its own folder).
fn csv_field(text: &str) -> String {
    let text = inert_cell(text);
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// One row per submission: name, each case's verdict, score, maximum.
pub fn score_csv(reports: &[SubmissionReport]) -> String {
    let Some(first) = reports.first() else {
        return String::new();
    };
    let mut out = String::from("submission");
    for c in &first.cases {
        let _ = write!(out, ",{}", csv_field(&format!("{}/{}", c.suite, c.name)));
    }
    out.push_str(",score,max_score\n");
    for r in reports {
        out.push_str(&csv_field(&r.name));
        for c in &r.cases {
            let _ = write!(out, ",{}", c.verdict);
        }
        let _ = writeln!(out, ",{},{}", r.score, r.max_score);
    }
    out
}

/// The score table as one HTML page with its own style, each cell titled
/// with the case's message.
pub fn score_html(reports: &[SubmissionReport]) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mayan-judge scores</title>\n<style>\
         body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:center}\
         th{background:#eee}.AC{background:#c8f0c8}.WA,.PE{background:#f8c8c8}.TLE,.MLE,.OLE,.RE{background:#f8e0b0}.CE,.JE{background:#ddd}\
         </style></head><body>\n<h1>Scores</h1>\n<table>\n<tr><th>submission</th>",
    );
    if let Some(first) = reports.first() {
        for c in &first.cases {
            let _ = write!(
                out,
                "<th>{}</th>",
                escape_markup(&format!("{}/{}", c.suite, c.name))
            );
        }
    }
    out.push_str("<th>score</th></tr>\n");
    for r in reports {
        let _ = write!(out, "<tr><th>{}</th>", escape_markup(&r.name));
        for c in &r.cases {
            let _ = write!(
                out,
                "<td class=\"{v}\" title=\"{}\">{v}</td>",
                escape_markup(&c.message),
                v = c.verdict
            );
        }
        let _ = writeln!(out, "<td>{}/{}</td></tr>", r.score, r.max_score);
    }
    out.push_str("</table>\n</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::result::CaseResult;

    fn report() -> Vec<SubmissionReport> {
        let mut r = SubmissionReport::new("a, \"b\"");
        for (name, verdict) in [
            ("x", Verdict::AC),
            ("y", Verdict::WA),
            ("z", Verdict::JudgeError),
        ] {
            r.push(CaseResult {
                suite: "s".into(),
                name: name.into(),
                verdict,
                cpu_ms: 1,
                wall_ms: 2,
                peak_memory_kib: 3,
                score: u32::from(verdict == Verdict::AC),
                points: 1,
                message: "m <1>".into(),
                details: String::new(),
                received: String::new(),
                stderr: String::new(),
                input: String::new(),
            });
        }
        vec![r]
    }

    #[test]
    fn junit_has_a_failure_per_rejected_case_and_an_error_per_judge_error() {
        let xml = junit(&report());
        assert!(xml.contains("<testsuite name=\"a, &quot;b&quot;\" tests=\"3\" skipped=\"0\" errors=\"1\" failures=\"1\""), "{xml}");
        assert!(
            xml.contains("<error message=\"JE: m &lt;1&gt;\" type=\"JE\"/>"),
            "{xml}"
        );
        assert!(
            xml.contains("<failure message=\"WA: m &lt;1&gt;\" type=\"WA\""),
            "{xml}"
        );
    }

    #[test]
    fn junit_carries_the_compilers_output_for_ce() {
        let mut r = SubmissionReport::new("broken");
        r.compile_error = Some("mayan.cpp:3: error: expected `;` <here>\x1b[2J".into());
        r.push(crate::judge::result::fixture("a", Verdict::CE));
        let xml = junit(&[r]);
        let told = "mayan.cpp:3: error: expected `;` &lt;here&gt;\\x1b[2J";
        assert!(
            xml.contains(&format!("<system-err>{told}</system-err>")),
            "{xml}"
        );
        assert!(
            xml.contains(&format!("type=\"CE\">{told}</failure>")),
            "{xml}"
        );
    }

    #[test]
    fn csv_quotes_what_needs_quoting() {
        assert_eq!(
            score_csv(&report()),
            "submission,s/x,s/y,s/z,score,max_score\n\"a, \"\"b\"\"\",AC,WA,JE,1,2\n"
        );
    }

    #[test]
    fn csv_cells_are_never_formulas() {
        let mut r = SubmissionReport::new("=HYPERLINK(\"http://x\")");
        r.push(crate::judge::result::fixture("a", Verdict::AC));
        let csv = score_csv(&[r]);
        assert!(
            csv.contains("\n\"'=HYPERLINK(\"\"http://x\"\")\",AC,10,10\n"),
            "{csv}"
        );
    }

    #[test]
    fn html_is_one_escaped_page() {
        let html = score_html(&report());
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(
            html.contains("<td class=\"WA\" title=\"m &lt;1&gt;\">WA</td>"),
            "{html}"
        );
        assert!(html.contains("<th>a, &quot;b&quot;</th>"));
    }
}
