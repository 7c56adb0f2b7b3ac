//! Reports for other tools: JUnit XML for CI (one test suite per submission,
//! one test case per case) and the score table as CSV, each one file's
//! text. Not the HTML report, an index and a folder of pages that `html`
//! writes itself (`html::write_report`).

use std::time::Duration;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::SubmissionReport;
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::text::{inert_cell, visible};

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

/// A byte order mark: it makes Excel read the file as UTF-8 (on a Chinese
/// Windows it would read GBK and garble every Chinese name); LibreOffice,
/// pandas and Python's `utf-8-sig` skip it.
pub const BOM: &str = "\u{feff}";

/// The ranking as a spreadsheet: a row per submission in the order of the
/// ranking, with its rank (ties share one), name, total, maximum and the
/// number of cases not judged (the judge's fault: its rank may change when
/// they are), then the points of each case (empty for a case not judged, or
/// with no result). It opens with a byte order mark; rows end with `\n`; a
/// cell is quoted only when it holds a comma, a quote or a line break (the
/// `csv` crate's defaults), and a text cell is never a formula
/// ([`inert_cell`]: a contestant names its own folder).
pub fn score_csv(reports: &[SubmissionReport]) -> String {
    let Some(first) = reports.first() else {
        return String::new();
    };
    // Written to memory, which cannot fail; every row has the header's cells.
    match score_rows(reports, first) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => format!("{BOM}could not write the CSV: {e}\n"),
    }
}

/// The byte order mark, the header and a row per submission, ranked.
fn score_rows(reports: &[SubmissionReport], first: &SubmissionReport) -> csv::Result<Vec<u8>> {
    let mut out = csv::Writer::from_writer(BOM.as_bytes().to_vec());
    let head = [
        "rank",
        "submission",
        "total",
        "max",
        "not_judged",
        "status",
        "source",
        "note",
    ]
    .map(String::from);
    let cases = first.cases.iter();
    out.write_record(
        head.into_iter()
            .chain(cases.map(|c| inert_cell(&format!("{}/{}", c.suite, c.name)))),
    )?;
    for (rank, i) in super::ranked(reports) {
        let r = &reports[i];
        let mut row = vec![rank.to_string(), inert_cell(&r.name), r.score.to_string()];
        row.extend([r.max_score.to_string(), r.not_judged.to_string()]);
        row.extend(why(r).map(|cell| inert_cell(&cell)));
        for head in &first.cases {
            let case = (r.cases.iter()).find(|c| c.suite == head.suite && c.name == head.name);
            row.push(match case {
                Some(c) if c.verdict != Verdict::JudgeError => c.score.to_string(),
                _ => String::new(),
            });
        }
        out.write_record(&row)?;
    }
    out.into_inner().map_err(|e| e.into_error().into())
}

/// The columns that say why a score is what it is: the status, the source
/// judged, and a note (what CCF's collection would have done, or why no
/// source was taken).
fn why(r: &SubmissionReport) -> [String; 3] {
    let source = r.judged.source.clone().unwrap_or_default();
    let note = match (&r.judged.outside_ccf, r.no_source, &r.compile_error) {
        (Some(fault), _, _) => format!("judged, though {fault}"),
        (None, true, Some(why)) => why.clone(),
        _ => String::new(),
    };
    [
        r.judged.status.to_string(),
        visible(&source),
        visible(&note),
    ]
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
                judged_again: false,
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
            "\u{feff}rank,submission,total,max,not_judged,status,source,note,s/x,s/y,s/z\n1,\"a, \"\"b\"\"\",1,2,1,judged,,,1,0,\n"
        );
    }

    #[test]
    fn csv_quotes_line_breaks_and_nothing_else_it_need_not() {
        // As the hand-written writer before the `csv` crate: Excel and
        // LibreOffice read a cell with a line break only when it is quoted.
        let names = ["l1\nl2", "cr\rx", "#hash", " space", "张伟"];
        let reports: Vec<SubmissionReport> = (names.iter())
            .map(|n| {
                let mut r = SubmissionReport::new(n);
                r.push(crate::judge::result::fixture("a", Verdict::AC));
                r
            })
            .collect();
        let csv = score_csv(&reports);
        for row in [
            "\"l1\nl2\",",
            "\"cr\rx\",",
            "\n1,#hash,",
            "\n1, space,",
            "\n1,张伟,",
        ] {
            assert!(csv.contains(row), "{row:?} in {csv:?}");
        }
    }

    #[test]
    fn csv_cells_are_never_formulas() {
        let mut r = SubmissionReport::new("=HYPERLINK(\"http://x\")");
        r.push(crate::judge::result::fixture("a", Verdict::AC));
        let csv = score_csv(&[r]);
        assert!(
            csv.contains("\n1,\"'=HYPERLINK(\"\"http://x\"\")\",10,10,0,judged,,,10\n"),
            "{csv}"
        );
    }
}
