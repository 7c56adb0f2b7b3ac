//! The HTML report in a real browser (issue 15). A report the library makes
//! from a judging run of scripted programs (the fake runner: a correct one,
//! wrong ones whose names carry markup and quotes, one cut off in the
//! middle of a move, one that crashes with markup on its standard error,
//! one stopped at the time limit, one at the memory limit), and the one
//! `mayan judge --html` makes of the bundled submissions, are opened from
//! files in headless Chromium. Every case not accepted has its section, and
//! its boards hold the blocks the library's replays hold; every link lands
//! on an id; hostile text stays text; nothing is fetched. `mayan check
//! --html` draws one case the same way. Screenshots (colour and grey) go to
//! `target/browser/`.
//!
//! Needs Chromium, as `browser` does.

use std::collections::HashSet;
use std::io;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::support::browser::{
    Block, Opened, Shot, Tag, blocks_of, boards, chromium_or_return, open_file, screenshots_of,
};
use mayan_judge::check::Policy;
use mayan_judge::config::{IoConfig, IoMode, Submission};
use mayan_judge::judge::compile::Toolchain;
use mayan_judge::judge::plan::Plan;
use mayan_judge::judge::report::html::report_page;
use mayan_judge::judge::report::{RunReport, SubmissionReport};
use mayan_judge::judge::result::CaseResult;
use mayan_judge::judge::session::{Quiet, Session};
use mayan_judge::judge::submission::Entry;
use mayan_judge::judge::suite::CaseFile;
use mayan_judge::judge::verdict::Verdict;
use mayan_judge::picture::answer::output_replay;
use mayan_judge::picture::solution_replay;
use mayan_judge::puzzle::answer::format_answer;
use mayan_judge::puzzle::case::parse_case;
use mayan_judge::puzzle::dialect::Dialect;
use mayan_judge::runner::fake::{FakeRun, FakeRunner, Scripted};
use mayan_judge::runner::{Limits, Stop};

/// Names that must stay text wherever the report shows them.
const SCRIPT_NAME: &str = "<script>alert(\"wa\")</script>";
const QUOTED_NAME: &str = "\"quoted' & <b>bold</b>";
const CRASH_STDERR: &str = "Segmentation fault </pre><script>alert('re')</script>\n";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Four bundled cases: the statement's sample, a cross, a case with no
/// solution, and one of five moves.
fn case_files() -> Vec<CaseFile> {
    [
        ("sample", "statement"),
        ("rules", "cross"),
        ("rules", "no-solution"),
        ("exactly-n", "five-001"),
    ]
    .iter()
    .map(|&(suite, name)| CaseFile {
        suite: suite.into(),
        name: name.into(),
        input: root().join(format!("cases/{suite}/{name}.in")),
        answer: Some(root().join(format!("cases/{suite}/{name}.ans"))),
        points: 10,
    })
    .collect()
}

/// The smallest solution's moves as lines, for a case's text.
fn smallest(input: &str) -> Vec<String> {
    let case = parse_case(input).unwrap();
    let solution = mayan_judge::solver::solve(&case.board, case.n, Dialect::default());
    format_answer(solution.as_deref())
        .lines()
        .map(str::to_string)
        .collect()
}

/// What each scripted program does with a case.
fn script(run: &FakeRun) -> io::Result<Scripted> {
    let mut lines = smallest(&run.input);
    let solvable = lines[0] != "-1";
    Ok(match run.spec.argv[0].as_str() {
        "./correct" => Scripted::answer(&(lines.join("\n") + "\n")),
        // The last move of the answer taken from an empty cell.
        "./illegal" if solvable => {
            *lines.last_mut().unwrap() = "4 6 1".into();
            Scripted::answer(&(lines.join("\n") + "\n"))
        }
        // The last move turned the other way: refused or leaving blocks.
        "./turned" if solvable => {
            let last = lines.last_mut().unwrap();
            *last = match last.strip_suffix(" -1") {
                Some(start) => format!("{start} 1"),
                None => format!("{} -1", last.strip_suffix(" 1").unwrap()),
            };
            Scripted::answer(&(lines.join("\n") + "\n"))
        }
        "./cut" => Scripted::answer("2 1 1\n3 1"),
        "./crash" => Scripted::exit(3, CRASH_STDERR),
        "./slow" => Scripted::stopped(Stop::CpuTime, Duration::from_millis(1100)),
        // Stopped at the memory ceiling, a little over the 64 MiB limit.
        "./greedy" => {
            let mut run = Scripted::stopped(Stop::Memory, Duration::from_millis(200));
            run.outcome.peak_memory_kib = 70 << 10;
            run
        }
        _ => Scripted::answer("-1\n"),
    })
}

fn program(name: &str, command: &str) -> Entry {
    Entry::Program(Submission {
        name: name.into(),
        command: Some(vec![command.into()]),
        source: None,
        origin: mayan_judge::config::Origin::Configured,
    })
}

/// A judging run of the scripted programs over [`case_files`].
fn scripted_report() -> RunReport {
    let dir = tempfile::tempdir().unwrap();
    let cases = case_files();
    let plan = Plan {
        limits: Limits {
            cpu: Duration::from_secs(1),
            wall: Duration::from_secs(3),
            memory: 64 << 20,
            output: 1 << 20,
            processes: 8,
        },
        io: IoConfig {
            mode: IoMode::File,
            ..IoConfig::default()
        },
        policy: Policy::default(),
        jobs: 2,
        readable: Vec::new(),
    };
    let languages = mayan_judge::config::Languages::default();
    let runner = FakeRunner::new(script);
    let session = Session {
        base: dir.path(),
        cases: &cases,
        plan: &plan,
        runner: &runner,
        tools: Toolchain {
            languages: &languages,
            source_limit: 1 << 20,
        },
    };
    let entries = [
        program("correct", "./correct"),
        program(SCRIPT_NAME, "./illegal"),
        program(QUOTED_NAME, "./turned"),
        program("cut", "./cut"),
        program("crash", "./crash"),
        program("slow", "./slow"),
        program("greedy", "./greedy"),
    ];
    session.judge(&entries, &mut Quiet).unwrap()
}

/// One section of a case not accepted, as the browser built it.
struct Section<'a> {
    tag: &'a Tag,
    /// The replays' `data-outcome`, in order.
    outcomes: Vec<&'a str>,
    boards: Vec<(&'a Tag, Vec<Block>)>,
}

/// The case sections of a page, in order: each from its `section.case`
/// tag to the next one or to the next submission's part.
fn sections(page: &Opened) -> Vec<Section<'_>> {
    let starts: Vec<usize> = (0..page.tags.len())
        .filter(|&i| page.tags[i].name == "section" && page.tags[i].has_class("case"))
        .collect();
    let ends_part = |t: &Tag| t.name == "details" && t.has_class("submission");
    starts
        .iter()
        .map(|&start| {
            let rest = &page.tags[start + 1..];
            let len = rest
                .iter()
                .position(|t| (t.name == "section" && t.has_class("case")) || ends_part(t))
                .unwrap_or(rest.len());
            let inside = &rest[..len];
            let outcomes = inside
                .iter()
                .filter(|t| t.name == "section" && t.has_class("replay"))
                .map(|t| t.attr("data-outcome").unwrap_or(""))
                .collect();
            Section {
                tag: &page.tags[start],
                outcomes,
                boards: boards(inside),
            }
        })
        .collect()
}

/// The cases of a report that get a section, in order, with who failed
/// them.
fn failed(report: &RunReport) -> Vec<(&SubmissionReport, &CaseResult)> {
    let mut out = Vec::new();
    for sub in &report.submissions {
        let shown = |c: &&CaseResult| {
            c.verdict != Verdict::AC && !(c.verdict == Verdict::CE && sub.compile_error.is_some())
        };
        out.extend(sub.cases.iter().filter(shown).map(|c| (sub, c)));
    }
    out
}

/// The boards the library draws for a case not accepted: the output's
/// replay beside the smallest solution's for a WA or PE, the case's board
/// alone for the others; and the replays' outcomes.
fn expected_boards(sub: &SubmissionReport, c: &CaseResult) -> (Vec<Vec<Block>>, Vec<String>) {
    let case = parse_case(&c.input).unwrap();
    let dialect = Dialect::default();
    if !matches!(c.verdict, Verdict::WA | Verdict::PE) {
        return (vec![blocks_of(&case.board)], Vec::new());
    }
    let title = format!("the output of {}", sub.name);
    let theirs = output_replay(&title, &case.board, &c.received, dialect.null_swaps);
    let solution = mayan_judge::solver::solve(&case.board, case.n, dialect);
    let best = solution_replay(&case.board, case.n, solution.as_deref(), dialect);
    let blocks = theirs
        .panels()
        .chain(best.panels())
        .map(|p| blocks_of(&p.board))
        .collect();
    let outcomes = [theirs.outcome.name(), best.outcome.name()];
    (blocks, outcomes.map(str::to_string).to_vec())
}

/// Every section holds what the library draws for its case, block for
/// block; returns how many sections there were.
fn assert_sections_drawn(page: &Opened, report: &RunReport) -> usize {
    let drawn = sections(page);
    let failed = failed(report);
    assert_eq!(
        drawn.len(),
        failed.len(),
        "one section per case not accepted"
    );
    for (section, (sub, c)) in drawn.iter().zip(&failed) {
        let verdict = c.verdict.to_string();
        assert_eq!(section.tag.attr("data-verdict"), Some(verdict.as_str()));
        assert_eq!(section.tag.attr("data-case"), Some(c.name.as_str()));
        let (blocks, outcomes) = expected_boards(sub, c);
        let got: Vec<&Vec<Block>> = section.boards.iter().map(|(_, b)| b).collect();
        assert_eq!(got.len(), blocks.len(), "{}/{} {verdict}", c.suite, c.name);
        assert!(got.iter().zip(&blocks).all(|(a, b)| *a == b), "{}", c.name);
        assert_eq!(section.outcomes, outcomes, "{}/{}", c.suite, c.name);
        for (board, blocks) in &section.boards {
            assert_eq!(board.number("data-blocks"), blocks.len());
        }
    }
    drawn.len()
}

/// Every link to `#id` lands on an element with that id, and no id is
/// given twice.
fn assert_links_land(page: &Opened) {
    let ids: Vec<&str> = page.tags.iter().filter_map(|t| t.attr("id")).collect();
    let unique: HashSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "an id given twice");
    let links = page
        .tags
        .iter()
        .filter_map(|t| t.attr("href"))
        .filter_map(|h| h.strip_prefix('#'));
    for link in links {
        assert!(unique.contains(link), "#{link} leads nowhere");
    }
}

/// How many verdict cells the score matrix has.
fn matrix_cells(page: &Opened) -> usize {
    let at = |class: &str| {
        let table = |t: &Tag| t.name == "table" && t.has_class(class);
        page.tags.iter().position(table).unwrap()
    };
    let matrix = &page.tags[at("matrix")..at("suites")];
    matrix
        .iter()
        .filter(|t| t.name == "td" && t.has_class("v"))
        .count()
}

/// The report written to a file in `dir`, opened.
fn open_report(chromium: &Path, dir: &Path, html: &str) -> (std::path::PathBuf, Opened) {
    let file = dir.join("report.html");
    std::fs::write(&file, html).unwrap();
    let page = open_file(chromium, &file);
    (file, page)
}

#[test]
fn a_scripted_run_is_drawn_case_by_case_and_hostile_text_stays_text() {
    let chromium = chromium_or_return!("a_scripted_run_is_drawn_case_by_case");
    let report = scripted_report();
    let dir = tempfile::tempdir().unwrap();
    let (file, page) = open_report(&chromium, dir.path(), &report_page(&report));
    // The cut output and the crash fail all four cases, the slow and the
    // greedy programs too; the wrong ones fail the three that have a
    // solution.
    assert_eq!(assert_sections_drawn(&page, &report), 3 + 3 + 4 + 4 + 4 + 4);
    assert_links_land(&page);
    assert_eq!(matrix_cells(&page), 7 * 4, "a cell per submission and case");
    // No script ran (the title is the page's own) and the markup in names,
    // messages and standard error is shown as text.
    assert!(page.dom.contains("<title>mayan-judge report</title>"));
    assert!(
        page.dom
            .contains("&lt;script&gt;alert(\"wa\")&lt;/script&gt;")
    );
    assert!(page.dom.contains("\"quoted' &amp; &lt;b&gt;bold&lt;/b&gt;"));
    assert!(
        page.dom
            .contains("Segmentation fault &lt;/pre&gt;&lt;script&gt;alert('re')&lt;/script&gt;")
    );
    // The illegal move is marked where it was asked for, the TLE shows its
    // limits and its use against them.
    assert!(page.cells("illegal-mark").contains(&(4, 6)));
    let over = page
        .classed("bar")
        .into_iter()
        .filter(|t| t.attr("data-level") == Some("over"));
    assert!(over.count() >= 4, "each TLE's CPU bar is over the limit");
    // Each MLE's section says the memory used against the limit, with a bar
    // over it (in its table of limits and in the submission's table).
    let greedy = report.submissions.iter().find(|s| s.name == "greedy");
    let mle = greedy
        .unwrap()
        .cases
        .iter()
        .filter(|c| c.verdict == Verdict::MLE);
    assert_eq!(mle.count(), 4);
    let memory_over = page.classed("bar").into_iter().filter(|t| {
        t.attr("data-level") == Some("over")
            && t.attr("data-value") == Some("71680")
            && t.attr("data-of") == Some("65536")
    });
    assert_eq!(
        memory_over.count(),
        2 * 4,
        "the greedy program's memory bars"
    );
    assert!(
        page.dom
            .contains("<td class=\"num\">70 MiB</td><td class=\"num\">64 MiB</td>")
    );
    let top = Shot {
        style: "",
        window: "1200,1000",
    };
    screenshots_of(&chromium, &file, "report-scripted", &top);
}

#[test]
fn the_bundled_run_is_one_page_that_replays_every_failed_case() {
    let chromium =
        chromium_or_return!("the_bundled_run_is_one_page_that_replays_every_failed_case");
    let dir = tempfile::tempdir().unwrap();
    let (html, json) = (dir.path().join("r.html"), dir.path().join("r.json"));
    let out = Command::new(env!("CARGO_BIN_EXE_mayan"))
        .current_dir(root())
        .arg("judge")
        .arg("--html")
        .arg(&html)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&html).unwrap();
    eprintln!("the bundled run's report: {} bytes", text.len());
    assert!(text.len() < 2 << 20, "{} bytes", text.len());
    let page = open_file(&chromium, &html);
    let report: RunReport = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let not_accepted = |name: &str| {
        let sub = report.submissions.iter().find(|s| s.name == name).unwrap();
        sub.cases
            .iter()
            .filter(|c| c.verdict != Verdict::AC)
            .count()
    };
    // wrong: 40 WA (it answers -1 everywhere, right on the 5 boards with no
    // solution); slow: a TLE on every hard case at least, more when the
    // machine is loaded.
    assert_eq!(not_accepted("correct"), 0);
    assert_eq!(not_accepted("wrong"), 40);
    assert!(not_accepted("slow") >= 3, "{}", not_accepted("slow"));
    let drawn = assert_sections_drawn(&page, &report);
    assert_eq!(drawn, not_accepted("wrong") + not_accepted("slow"));
    assert_links_land(&page);
    assert_eq!(report.cases.len(), 45);
    assert_eq!(matrix_cells(&page), 3 * report.cases.len());
    for (name, style, window) in BUNDLED_SHOTS {
        let shot = Shot { style, window };
        screenshots_of(&chromium, &html, name, &shot);
    }
}

/// The parts of the bundled run's report screenshots show: the top (the
/// matrix, the summary by suite), the first WA of `wrong`, and `slow`.
const BUNDLED_SHOTS: [(&str, &str, &str); 3] = [
    ("report-bundled-top", "", "1200,1500"),
    (
        "report-bundled-wrong",
        "header,nav,#scores,#suites,#key,details.submission:not([id=\"s2.wrong\"]),table.cases{display:none}",
        "1200,1400",
    ),
    (
        "report-bundled-slow",
        "header,nav,#scores,#suites,#key,details.submission:not([id=\"s3.slow\"]){display:none}",
        "1200,1800",
    ),
];

#[test]
fn check_html_draws_the_output_beside_the_smallest_solution() {
    let chromium = chromium_or_return!("check_html_draws_the_output_beside_the_smallest_solution");
    let dir = tempfile::tempdir().unwrap();
    let (output, html) = (dir.path().join("out"), dir.path().join("case.html"));
    std::fs::write(&output, "2 1 1\n4 2 1\n3 0 1\n").unwrap();
    let mayan = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_mayan"))
            .current_dir(root())
            .arg("check")
            .args(extra)
            .arg("--html")
            .arg(&html)
            .arg("cases/sample/statement.in")
            .arg(&output)
            .output()
            .unwrap()
    };
    let out = mayan(&[]);
    assert_eq!(out.status.code(), Some(1), "WA");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("WA: move 2 (4 2 1): "), "{said}");
    let page = open_file(&chromium, &html);
    assert_eq!(
        page.values("replay", "data-outcome"),
        ["illegal", "cleared"]
    );
    assert_eq!(page.cells("illegal-mark"), [(4, 2)]);
    // The output's start, move 1, the board before move 2; the smallest
    // solution's start and 1 + 1 + 4 boards of moves.
    assert_eq!(boards(&page.tags).len(), 3 + 7);
    assert!(
        page.dom
            .contains("<h1>case cases/sample/statement.in: WA</h1>")
    );
    screenshots_of(&chromium, &html, "check-html", &Shot::default());
    let other = mayan(&["--protocol", "testlib"]);
    assert_eq!(
        other.status.code(),
        Some(2),
        "--html needs the plain protocol"
    );
}
