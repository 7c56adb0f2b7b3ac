//! The HTML report from hand-made reports: every link lands, every case not
//! accepted gets its section and pictures, each case failed is drawn once
//! on its page, hostile text stays text; and writing it (`write`) replaces
//! only its own folder.

use std::collections::{BTreeMap, HashSet};
use std::ffi::OsStr;

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
        stopped_by: None,
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

/// The index and the pages of a report whose index is `report.html`, by
/// file name (the index as `report.html`, a page as `report.files/NAME`).
fn site(report: &RunReport) -> BTreeMap<String, String> {
    let site = Site::new(report, OsStr::new("report.html"));
    let mut files = BTreeMap::from([("report.html".to_string(), site.index())]);
    for page in site.pages() {
        files.insert(
            format!("report.files/{}", page.file_name()),
            site.page(page),
        );
    }
    files
}

/// The index of a report.
fn index(report: &RunReport) -> String {
    Site::new(report, OsStr::new("report.html")).index()
}

/// Every `id="..."` of a page.
fn ids(html: &str) -> Vec<&str> {
    html.split(" id=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect()
}

/// Every `href="..."` of a page.
fn links(html: &str) -> Vec<&str> {
    html.split("href=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect()
}

/// The file and id a link from `from` leads to.
fn resolve<'a>(from: &str, link: &'a str) -> (String, &'a str) {
    let (file, id) = link.split_once('#').unwrap_or((link, ""));
    let dir = from.rsplit_once('/').map_or("", |(dir, _)| dir);
    let file = match (file, file.strip_prefix("../")) {
        ("", _) => from.to_string(),
        (_, Some(up)) => up.to_string(),
        _ if dir.is_empty() => file.to_string(),
        _ => format!("{dir}/{file}"),
    };
    (file, id)
}

/// Every link of every file lands on a file of the report and on one id
/// in it, ids are unique in each file and made of safe characters.
fn assert_links_land(files: &BTreeMap<String, String>) {
    for (name, html) in files {
        let ids = ids(html);
        let unique: HashSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{name}: an id twice: {ids:?}");
        for id in ids {
            let safe = |c: char| c.is_ascii_alphanumeric() || "_-.".contains(c);
            assert!(id.chars().all(safe), "{name}: {id}");
        }
        for link in links(html) {
            let (file, id) = resolve(name, link);
            let target = files.get(&file);
            let target = target.unwrap_or_else(|| panic!("{name}: {link}: no file {file}"));
            if !id.is_empty() {
                let needle = format!(" id=\"{id}\"");
                assert!(target.contains(&needle), "{name}: {link} leads nowhere");
            }
        }
    }
}

#[test]
fn every_link_lands_on_one_id() {
    assert_links_land(&site(&report()));
}

#[test]
fn the_index_has_no_sections_and_every_page_its_own() {
    let files = site(&report());
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    let expected = [
        "report.files/case-1.html",
        "report.files/s1.html",
        "report.files/s2.html",
        "report.files/s3.html",
        "report.html",
    ];
    assert_eq!(names, expected, "file names are numbers, never names");
    let (index, page) = (&files["report.html"], &files["report.files/s2.html"]);
    assert_eq!(index.matches("<section class=\"case\"").count(), 0);
    assert_eq!(index.matches("<svg class=\"board").count(), 0);
    assert!(index.contains("<a href=\"report.files/case-1.html\"><span>a</span></a>"));
    assert_eq!(page.matches("<section class=\"case\"").count(), 2);
    for html in files.values() {
        assert!(html.contains("Content-Security-Policy"));
    }
}

#[test]
fn each_cell_links_where_its_case_is_explained() {
    let html = index(&report());
    // AC: the row; WA and TLE: the section; CE: the compiler's message.
    for (cell, target) in [
        ("AC", "s1.html#r1.s.a"),
        ("WA", "s2.html#c2.s.a"),
        ("TLE", "s2.html#c2.s.b"),
        ("CE", "s3.html#s3.broken.ce"),
    ] {
        let needle = format!("<td class=\"v {cell}\"><a href=\"report.files/{target}\"");
        assert!(html.contains(&needle), "{needle}");
    }
}

#[test]
fn hostile_text_stays_text() {
    for (name, html) in site(&report()) {
        assert!(!html.contains("<script"), "{name}: {html}");
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
    let html = index(&report());
    assert!(html.contains("&lt;/section&gt;&lt;/svg&gt;&lt;script&gt;alert(&quot;x&quot;)"));
}

#[test]
fn a_wrong_answer_is_replayed_and_the_smallest_solution_is_drawn_once() {
    let files = site(&report());
    let page = &files["report.files/s2.html"];
    let wa = section_of(page, "c2.s.a");
    // The output: its start, move 1, then move 2 refused.
    assert_eq!(wa.matches("<section class=\"replay\"").count(), 1);
    assert!(wa.contains("data-outcome=\"illegal\""), "{wa}");
    assert_eq!(wa.matches("<svg class=\"board").count(), 3);
    assert!(wa.contains("<g class=\"illegal-mark\" data-x=\"4\" data-y=\"2\">"));
    assert!(wa.contains("<p class=\"why\">WA here</p>"));
    assert!(
        wa.contains("2 1 1 / 3 1 1 / 3 0 1. <a href=\"case-1.html\">"),
        "{wa}"
    );
    // The case's page: the smallest solution, its start and 1 + 1 + 4
    // boards of moves, once for both cases of that text.
    let case = &files["report.files/case-1.html"];
    assert_eq!(case.matches("<section class=\"replay\"").count(), 1);
    assert!(case.contains("data-outcome=\"cleared\""));
    assert_eq!(case.matches("<svg class=\"board").count(), 7);
    assert!(case.contains("<h1>Case s/a, s/b <small>n = 3, 12 blocks</small></h1>"));
    assert!(case.contains("<h2>Not accepted 2 times</h2>"));
    assert!(case.contains("<a href=\"s2.html#c2.s.a\">&lt;/section&gt;"));
    assert!(case.contains("<a href=\"s2.html#c2.s.b\">"));
}

#[test]
fn a_case_failed_by_many_is_drawn_once() {
    let mut r = empty_report();
    for name in ["a", "b", "c"] {
        let mut sub = SubmissionReport::new(name);
        sub.push(failed("x", Verdict::WA, "2 1 1\n"));
        r.submissions.push(sub);
    }
    let files = site(&r);
    let drawn: usize = files
        .values()
        .map(|html| html.matches("data-outcome=\"cleared\"").count())
        .sum();
    assert_eq!(drawn, 1, "the smallest solution is drawn once");
    assert!(files["report.files/case-1.html"].contains("Not accepted 3 times"));
    for i in 1..=3 {
        let page = &files[&format!("report.files/s{i}.html")];
        assert!(page.contains("<a href=\"case-1.html\">The case's page</a>"));
    }
}

#[test]
fn a_time_limit_shows_the_limits_the_use_and_the_standard_error() {
    let files = site(&report());
    let tle = section_of(&files["report.files/s2.html"], "c2.s.b");
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
    let html = index(&r);
    assert!(html.contains("CPU time 1000 ms, wall-clock 3000 ms, memory 128 MiB"));
    assert!(html.contains("null-swaps = include, steps = exact"));
    assert!(html.contains("accept = lexmin"));
    assert!(html.contains("<b>Not protected:</b> files (Linux &lt; 5.13)."));
    assert!(!html.contains("class=\"interrupted\""));
    r.interrupted = true;
    r.submissions[1].cases.pop();
    let html = index(&r);
    assert!(html.contains("this report holds the 5 cases that finished"));
    // The case that was not judged shows a dash.
    assert!(html.contains("<td class=\"v none\""));
}

#[test]
fn unknown_rules_or_an_unreadable_case_are_said_not_drawn() {
    let mut r = report();
    r.conditions.null_swaps = "sideways".into();
    let files = site(&r);
    assert!(files["report.files/s2.html"].contains("not known to this version"));
    assert!(
        files
            .values()
            .all(|html| !html.contains("<svg class=\"board"))
    );
    assert!(!files.contains_key("report.files/case-1.html"));
    let mut r = report();
    r.submissions[1].cases[0].input = "9\n".into();
    let files = site(&r);
    let page = &files["report.files/s2.html"];
    assert!(page.contains("cannot be read (line 1: n = 9 is outside 1..=5)"));
    assert_links_land(&files);
}

#[test]
fn output_that_is_not_moves_shows_the_board_and_the_reason() {
    let mut r = report();
    r.submissions[1].cases[0] = failed("a", Verdict::PE, "2 1 x <b>\n");
    let files = site(&r);
    let pe = section_of(&files["report.files/s2.html"], "c2.s.a");
    assert!(pe.contains("data-outcome=\"not-replayed\""));
    assert!(pe.contains("`x` is not an integer"));
    assert!(pe.contains("<details class=\"received\" open>"));
    assert!(pe.contains("<pre>2 1 x &lt;b&gt;\n</pre>"), "{pe}");
}

#[test]
fn names_that_look_like_paths_or_markup_never_name_a_file() {
    let mut r = empty_report();
    for name in ["../../etc/passwd", "<b>x</b>", "a/b", "..", "s1.html", ""] {
        let mut sub = SubmissionReport::new(name);
        sub.push(failed("x", Verdict::WA, "2 1 1\n"));
        r.submissions.push(sub);
    }
    let files = site(&r);
    let expected: Vec<String> = (1..=6)
        .map(|i| format!("report.files/s{i}.html"))
        .chain(["report.files/case-1.html".into(), "report.html".into()])
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(files.keys().cloned().collect::<Vec<_>>(), expected);
    assert_links_land(&files);
    assert!(files["report.html"].contains("&lt;b&gt;x&lt;/b&gt;"));
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
    let files = site(&report);
    let html = &files["report.html"];
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
        files["report.files/s2.html"].contains("<p class=\"build\">C++: <code>g++ -std=c++14 -O2 -o program mayan.cpp -lm</code> (g++ (Debian 12.2.0-14) 12.2.0)</p>"),
        "the build is recorded"
    );
}

/// Text a contestant or a file may hold: markup, quotes that would close an
/// attribute, an entity, control bytes (escape sequences, NUL, a carriage
/// return, a C1 control), what invalid UTF-8 is read as (U+FFFD, or `\xff`
/// as `text::decode` writes it) and the characters XML forbids.
const NASTY: &str = "x\" onmouseover=\"alert(1)\" y='<script>alert(2)</script>' &amp; \
                     \u{1b}[31m\u{0}\r\u{85}\u{FFFD}\\xff\u{FFFF}";

/// The escaped form of [`NASTY`] as maud writes it, the characters XML
/// forbids replaced.
const NASTY_ESCAPED: &str = "x&quot; onmouseover=&quot;alert(1)&quot; \
     y='&lt;script&gt;alert(2)&lt;/script&gt;' &amp;amp; \u{FFFD}[31m\u{FFFD} \u{FFFD}\u{FFFD}\\xff\u{FFFD}";

#[test]
fn hostile_text_in_every_field_is_escaped_on_every_page() {
    let mut r = empty_report();
    r.started = NASTY.into();
    r.measured_by = NASTY.into();
    r.conditions.io = NASTY.into();
    r.sandbox[0].how = NASTY.into();
    let mut sub = SubmissionReport::new(NASTY);
    sub.build = Some(crate::judge::compile::Build {
        language: NASTY.into(),
        command: NASTY.into(),
        version: Some(NASTY.into()),
    });
    for (name, verdict) in [("a", Verdict::WA), ("b", Verdict::TLE), ("c", Verdict::PE)] {
        sub.push(CaseResult {
            suite: NASTY.into(),
            name: format!("{name}{NASTY}"),
            message: NASTY.into(),
            stderr: NASTY.into(),
            details: NASTY.into(),
            ..failed(name, verdict, &format!("2 1 1\n{NASTY}\n"))
        });
    }
    let mut ce = SubmissionReport::new(NASTY);
    ce.compile_error = Some(NASTY.into());
    ce.push(fixture("a", Verdict::CE));
    r.submissions = vec![sub, ce];
    let files = site(&r);
    for (name, html) in &files {
        assert!(!html.contains("<script"), "{name}");
        assert!(
            !html.contains(" onmouseover=\""),
            "{name}: an attribute was closed"
        );
        let forbidden = |c: char| c.is_control() && c != '\n' && c != '\t';
        assert!(!html.contains(forbidden), "{name}: a control character");
        assert!(!html.contains('\u{FFFF}'), "{name}");
        assert!(html.contains(NASTY_ESCAPED), "{name}: {html}");
    }
    let page = &files["report.files/s1.html"];
    // In every kind of place: a title, an attribute, a heading, a table
    // cell, the standard error's block, the output's.
    assert!(page.contains(&format!(
        "<title>mayan-judge report: {NASTY_ESCAPED}</title>"
    )));
    assert!(page.contains(&format!("data-suite=\"{NASTY_ESCAPED}\"")));
    assert!(page.contains(&format!("<p class=\"why\">{NASTY_ESCAPED}</p>")));
    assert!(page.contains(&format!("<pre>2 1 1\n{NASTY_ESCAPED}\n</pre>")));
    assert!(page.contains(&format!("<code>{NASTY_ESCAPED}</code>")));
    assert!(files["report.files/s2.html"].contains(&format!("<pre>{NASTY_ESCAPED}</pre>")));
    assert!(files["report.html"].contains(&format!("title=\"{NASTY_ESCAPED}\">")));
    assert_links_land(&files);
}
