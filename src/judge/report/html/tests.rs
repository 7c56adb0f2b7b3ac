//! The HTML report from hand-made reports: every link lands, every case not
//! accepted gets its section and pictures, hostile text stays text.

use std::collections::HashSet;

use super::*;
use crate::judge::result::{CaseResult, fixture};
use crate::runner::sandbox::Protection;

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
const HOSTILE: &str = "</section></svg><script>alert(\"x\")</script>'";

/// A report of no submission, judged under the defaults.
pub(crate) fn empty_report() -> RunReport {
    RunReport {
        version: "0.1.0".into(),
        started: "2026-01-02T03:04:05Z".into(),
        conditions: Conditions {
            cpu_ms: 1000,
            wall_ms: 3000,
            memory_bytes: 128 << 20,
            output_bytes: 16 << 20,
            processes: 64,
            io: "file".into(),
            null_swaps: "include".into(),
            steps: "exact".into(),
            accept: "lexmin".into(),
        },
        measured_by: "a script".into(),
        sandbox: vec![Protection {
            name: "files",
            active: false,
            how: "Linux < 5.13".into(),
        }],
        interrupted: false,
        resumed: None,
        partition: None,
        cases: Vec::new(),
        submissions: Vec::new(),
        rejudged: Vec::new(),
    }
}

/// A case not accepted, with the sample's text and `received`.
fn failed(name: &str, verdict: Verdict, received: &str) -> CaseResult {
    CaseResult {
        input: SAMPLE.into(),
        received: received.into(),
        message: format!("{verdict} here"),
        ..fixture(name, verdict)
    }
}

fn report() -> RunReport {
    let mut report = empty_report();
    let mut good = SubmissionReport::new("good");
    good.push(fixture("a", Verdict::AC));
    good.push(fixture("b", Verdict::AC));
    let mut bad = SubmissionReport::new(HOSTILE);
    bad.push(failed("a", Verdict::WA, "2 1 1\n4 2 1\n3 0 1\n"));
    let mut tle = failed("b", Verdict::TLE, "");
    tle.cpu_ms = 1001;
    tle.stderr = format!("still thinking {HOSTILE}");
    bad.push(tle);
    let mut ce = SubmissionReport::new("broken");
    ce.compile_error = Some(format!("error: {HOSTILE}"));
    for name in ["a", "b"] {
        ce.push(CaseResult {
            message: "compilation failed".into(),
            ..fixture(name, Verdict::CE)
        });
    }
    report.submissions = vec![good, bad, ce];
    report
}

/// Every `id="..."` of a page.
fn ids(html: &str) -> Vec<&str> {
    html.split(" id=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect()
}

/// Every `href="#..."` of a page.
fn links(html: &str) -> Vec<&str> {
    html.split("href=\"#")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect()
}

#[test]
fn every_link_lands_on_one_id() {
    let html = report_page(&report());
    let ids = ids(&html);
    let unique: HashSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "an id twice: {ids:?}");
    for link in links(&html) {
        assert!(unique.contains(link), "#{link} leads nowhere");
    }
    for id in ids {
        assert!(
            id.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c)),
            "{id}"
        );
    }
}

#[test]
fn each_cell_links_where_its_case_is_explained() {
    let html = report_page(&report());
    // AC: the row; WA and TLE: the section; CE: the compiler's message.
    for (cell, target) in [
        ("AC", "r1.s.a"),
        ("WA", "c2.s.a"),
        ("TLE", "c2.s.b"),
        ("CE", "s3.broken.ce"),
    ] {
        let needle = format!("<td class=\"v {cell}\"><a href=\"#{target}\"");
        assert!(html.contains(&needle), "{needle}");
    }
    assert_eq!(html.matches("<section class=\"case\"").count(), 2);
}

#[test]
fn hostile_text_stays_text() {
    let html = report_page(&report());
    assert!(!html.contains("<script"), "{html}");
    assert!(html.contains("&lt;/section&gt;&lt;/svg&gt;&lt;script&gt;alert(&quot;x&quot;)"));
    assert_eq!(
        html.matches("<section").count(),
        html.matches("</section>").count()
    );
    assert_eq!(html.matches("<svg").count(), html.matches("</svg>").count());
    assert_eq!(
        html.matches("<details").count(),
        html.matches("</details>").count()
    );
}

#[test]
fn a_wrong_answer_is_replayed_beside_the_smallest_solution() {
    let html = report_page(&report());
    let wa = section_of(&html, "c2.s.a");
    assert_eq!(wa.matches("<section class=\"replay\"").count(), 2);
    // The output: its start, move 1, then move 2 refused; the smallest
    // solution: its start and 1 + 1 + 4 boards of moves.
    assert!(wa.contains("data-outcome=\"illegal\""), "{wa}");
    assert!(wa.contains("data-outcome=\"cleared\""));
    assert_eq!(wa.matches("<svg class=\"board").count(), 3 + 7);
    assert!(wa.contains("<g class=\"illegal-mark\" data-x=\"4\" data-y=\"2\">"));
    assert!(wa.contains("<p class=\"why\">WA here</p>"));
}

#[test]
fn a_time_limit_shows_the_limits_the_use_and_the_standard_error() {
    let html = report_page(&report());
    let tle = section_of(&html, "c2.s.b");
    assert!(tle.contains("<table class=\"limits\">"));
    assert!(tle.contains("data-level=\"over\" data-value=\"1001\" data-of=\"1000\""));
    assert!(
        tle.contains("<pre>still thinking &lt;/section&gt;"),
        "{tle}"
    );
    // The case's board alone, its smallest solution in words.
    assert_eq!(tle.matches("<section class=\"replay\"").count(), 0);
    assert_eq!(tle.matches("<svg class=\"board").count(), 1);
    assert!(tle.contains("data-stage=\"start\" data-blocks=\"12\""));
    assert!(tle.contains(
        "Its smallest solution (null-swaps = include, steps = exact): 2 1 1 / 3 1 1 / 3 0 1."
    ));
}

#[test]
fn the_header_says_the_conditions_and_an_interrupted_run() {
    let mut r = report();
    let html = report_page(&r);
    assert!(html.contains("CPU time 1000 ms, wall-clock 3000 ms, memory 128 MiB"));
    assert!(html.contains("null-swaps = include, steps = exact"));
    assert!(html.contains("accept = lexmin"));
    assert!(html.contains("<b>Not protected:</b> files (Linux &lt; 5.13)."));
    assert!(!html.contains("class=\"interrupted\""));
    r.interrupted = true;
    r.submissions[1].cases.pop();
    let html = report_page(&r);
    assert!(html.contains("this report holds the 5 cases that finished"));
    // The case that was not judged shows a dash.
    assert!(html.contains("<td class=\"v none\""));
}

#[test]
fn unknown_rules_or_an_unreadable_case_are_said_not_drawn() {
    let mut r = report();
    r.conditions.null_swaps = "sideways".into();
    let html = report_page(&r);
    assert!(html.contains("not known to this version"));
    assert!(!html.contains("<svg class=\"board"));
    let mut r = report();
    r.submissions[1].cases[0].input = "9\n".into();
    let html = report_page(&r);
    assert!(html.contains("cannot be read (line 1: n = 9 is outside 1..=5)"));
}

#[test]
fn output_that_is_not_moves_shows_the_board_and_the_reason() {
    let mut r = report();
    r.submissions[1].cases[0] = failed("a", Verdict::PE, "2 1 x <b>\n");
    let html = report_page(&r);
    let pe = section_of(&html, "c2.s.a");
    assert!(pe.contains("data-outcome=\"not-replayed\""));
    assert!(pe.contains("`x` is not an integer"));
    assert!(pe.contains("<details class=\"received\" open>"));
    assert!(pe.contains("<pre>2 1 x &lt;b&gt;\n</pre>"), "{pe}");
}

#[test]
fn sizes_are_written_as_people_read_them() {
    assert_eq!(kib_text(840), "840 KiB");
    assert_eq!(kib_text(3824), "3.7 MiB");
    assert_eq!(kib_text(131072), "128 MiB");
}

/// The section with id `id`.
fn section_of<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section class=\"case\" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no section {id}"));
    let rest = &html[start..];
    // Case sections hold replay sections: end at the back links.
    &rest[..rest.find("<p class=\"back\">").unwrap()]
}

#[test]
fn the_matrix_is_in_ranking_order_with_ranks_full_names_and_builds() {
    let mut report = empty_report();
    let long = "陈某某-第一中学-高二(3)班-GD-2011-0042";
    for (name, accepted) in [("zed", 1), (long, 2), ("amy", 1), ("bob", 0)] {
        let mut sub = SubmissionReport::new(name);
        for (i, case) in ["a", "b"].iter().enumerate() {
            let verdict = if i < accepted {
                Verdict::AC
            } else {
                Verdict::WA
            };
            sub.push(fixture(case, verdict));
        }
        report.submissions.push(sub);
    }
    report.submissions[1].build = Some(crate::judge::compile::Build {
        language: "C++".into(),
        command: "g++ -std=c++14 -O2 -o program mayan.cpp -lm".into(),
        version: Some("g++ (Debian 12.2.0-14) 12.2.0".into()),
    });
    let html = report_page(&report);
    let rows: Vec<(&str, &str)> = html
        .split("<tr><td class=\"rank\">")
        .skip(1)
        .map(|row| {
            let rank = row.split('<').next().unwrap();
            let name = row
                .split("title=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            (rank, name)
        })
        .collect();
    let expected = [("1", long), ("2", "amy"), ("2", "zed"), ("4", "bob")];
    assert_eq!(rows, expected, "ties share a rank, then names in order");
    assert!(
        !html.contains("text-overflow:ellipsis"),
        "names are never cut"
    );
    assert!(
        html.contains("<p class=\"build\">C++: <code>g++ -std=c++14 -O2 -o program mayan.cpp -lm</code> (g++ (Debian 12.2.0-14) 12.2.0)</p>"),
        "the build is recorded"
    );
}
