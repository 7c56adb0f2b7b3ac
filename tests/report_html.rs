//! The HTML report in a real browser (issues 15 and 24). A report the
//! library makes from a judging run of scripted programs (the fake runner:
//! a correct one, wrong ones whose names carry markup and quotes, one cut
//! off in the middle of a move, one that crashes with markup on its
//! standard error, one stopped at the time limit, one at the memory limit),
//! and the one `mayan judge --html` makes of the bundled submissions, are
//! written as an index and a folder of pages and opened page by page from
//! files in headless Chromium. Every case not accepted has its section on
//! its submission's page, and its boards hold the blocks the library's
//! replays hold; each case failed has one page, where its smallest
//! solution is drawn once; every link lands on a file and an id; hostile
//! text stays text; nothing is fetched. A contest of 300 submissions
//! failing 10 cases each keeps a small index. `mayan check --html` draws
//! one case the same way. Screenshots (colour and grey) go to
//! `target/browser/`.
//!
//! Needs Chromium, as `browser` does (the contest's sizes are checked
//! without it).

use std::collections::{BTreeMap, HashSet};
use std::io;
use std::path::{Component, Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::support::browser::{
    Block, Opened, Shot, Tag, blocks_of, boards, chromium_or_return, chromium_or_skip, open_file,
    screenshots_of, tags,
};
use mayan_judge::check::Policy;
use mayan_judge::config::{IoConfig, IoMode, Submission};
use mayan_judge::judge::compile::Toolchain;
use mayan_judge::judge::event::Quiet;
use mayan_judge::judge::plan::Plan;
use mayan_judge::judge::report::html::{MARKER, folder_name, write_report};
use mayan_judge::judge::report::{RunReport, SubmissionReport};
use mayan_judge::judge::result::CaseResult;
use mayan_judge::judge::session::Session;
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
        interrupt: Default::default(),
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
            limits: mayan_judge::judge::compile::compile_limits(&Default::default()),
            guarded: mayan_judge::inputs::Inputs::none(),
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

/// The report's files as read, by path: the index and each page of its
/// folder.
type Files = BTreeMap<PathBuf, Opened>;

/// Which of a report's files the browser opens; the others are read as
/// text (by the same tag reader).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Browse {
    All,
    /// The index and the submissions' pages.
    Submissions,
    Index,
}

/// The folder of pages of the index `index`.
fn folder_of(index: &Path) -> PathBuf {
    index.with_file_name(folder_name(index.file_name().unwrap()))
}

/// Reads the index `index` and every page of its folder, in the browser
/// (which checks that each is self-contained) as `browse` says when there
/// is one.
fn read_report(chromium: Option<&Path>, index: &Path, browse: Browse) -> Files {
    let mut paths = vec![index.to_path_buf()];
    for entry in std::fs::read_dir(folder_of(index)).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "html") {
            paths.push(path);
        }
    }
    let browsed = |path: &PathBuf| match browse {
        Browse::All => true,
        Browse::Submissions => !path.to_string_lossy().contains("/case-"),
        Browse::Index => path == index,
    };
    let read = |path: &PathBuf| match chromium {
        Some(chromium) if browsed(path) => open_file(chromium, path),
        _ => {
            let dom = std::fs::read_to_string(path).unwrap();
            Opened {
                tags: tags(&dom),
                dom,
            }
        }
    };
    paths
        .into_iter()
        .map(|p| (read(&p), p))
        .map(|(o, p)| (p, o))
        .collect()
}

/// The page of submission `i` (from 0) of the report whose index is
/// `index`.
fn submission_page<'a>(files: &'a Files, index: &Path, i: usize) -> &'a Opened {
    &files[&folder_of(index).join(format!("s{}.html", i + 1))]
}

/// One section of a case not accepted, as the browser built it.
struct Section<'a> {
    tag: &'a Tag,
    /// The replays' `data-outcome`, in order.
    outcomes: Vec<&'a str>,
    boards: Vec<(&'a Tag, Vec<Block>)>,
    /// Its links to case pages.
    case_pages: Vec<&'a str>,
}

/// The case sections of a page, in order: each from its `section.case`
/// tag to the next one or to the end.
fn sections(page: &Opened) -> Vec<Section<'_>> {
    let is_case = |t: &Tag| t.name == "section" && t.has_class("case");
    let starts: Vec<usize> = (0..page.tags.len())
        .filter(|&i| is_case(&page.tags[i]))
        .collect();
    starts
        .iter()
        .map(|&start| {
            let rest = &page.tags[start + 1..];
            let inside = &rest[..rest.iter().position(is_case).unwrap_or(rest.len())];
            let outcomes = inside
                .iter()
                .filter(|t| t.name == "section" && t.has_class("replay"))
                .map(|t| t.attr("data-outcome").unwrap_or(""))
                .collect();
            let case_pages = (inside.iter().filter_map(|t| t.attr("href")))
                .filter(|h| h.starts_with("case-"))
                .collect();
            Section {
                tag: &page.tags[start],
                outcomes,
                boards: boards(inside),
                case_pages,
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
/// replay for a WA or PE, the case's board alone for the others; and the
/// replays' outcomes.
fn expected_boards(sub: &SubmissionReport, c: &CaseResult) -> (Vec<Vec<Block>>, Vec<String>) {
    let case = parse_case(&c.input).unwrap();
    let dialect = Dialect::default();
    if !matches!(c.verdict, Verdict::WA | Verdict::PE) {
        return (vec![blocks_of(&case.board)], Vec::new());
    }
    let title = format!("the output of {}", sub.name);
    let theirs = output_replay(&title, &case.board, &c.received, dialect.null_swaps);
    let blocks = theirs.panels().map(|p| blocks_of(&p.board)).collect();
    (blocks, vec![theirs.outcome.name().to_string()])
}

/// The boards of a case's smallest solution, and the replay's outcome.
fn solution_boards(input: &str) -> (Vec<Vec<Block>>, String) {
    let case = parse_case(input).unwrap();
    let dialect = Dialect::default();
    let solution = mayan_judge::solver::solve(&case.board, case.n, dialect);
    let best = solution_replay(&case.board, case.n, solution.as_deref(), dialect);
    let blocks = best.panels().map(|p| blocks_of(&p.board)).collect();
    (blocks, best.outcome.name().to_string())
}

/// Every section, on its submission's page, holds what the library draws
/// for its case, block for block, and links to one case page; each case
/// page draws its case's smallest solution once, and a case failed many
/// times has one page. Returns how many sections and case pages there
/// were.
fn assert_sections_drawn(files: &Files, index: &Path, report: &RunReport) -> (usize, usize) {
    let pages = (0..report.submissions.len()).map(|i| submission_page(files, index, i));
    let drawn: Vec<Section> = pages.flat_map(sections).collect();
    let failed = failed(report);
    assert_eq!(
        drawn.len(),
        failed.len(),
        "one section per case not accepted"
    );
    let mut page_of: BTreeMap<&str, &str> = BTreeMap::new();
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
        assert_eq!(section.case_pages.len(), 1, "{}/{}", c.suite, c.name);
        let page = section.case_pages[0];
        let before = page_of.insert(c.input.as_str(), page);
        assert!(before.is_none_or(|p| p == page), "a case with two pages");
    }
    let distinct: HashSet<&str> = page_of.values().copied().collect();
    assert_eq!(distinct.len(), page_of.len(), "two cases on one page");
    for (input, page) in &page_of {
        assert_case_page(&files[&folder_of(index).join(page)], input);
    }
    let case_pages = files.keys().filter(|p| {
        let name = p.file_name().unwrap().to_string_lossy();
        name.starts_with("case-")
    });
    assert_eq!(case_pages.count(), page_of.len(), "a page per case failed");
    (drawn.len(), page_of.len())
}

/// A case's page draws its smallest solution, once.
fn assert_case_page(page: &Opened, input: &str) {
    let (blocks, outcome) = solution_boards(input);
    assert_eq!(page.values("replay", "data-outcome"), [outcome.as_str()]);
    let got: Vec<Vec<Block>> = boards(&page.tags).into_iter().map(|(_, b)| b).collect();
    assert_eq!(got, blocks, "the smallest solution of {input:?}");
}

/// `path` with each `..` folded into the folder before it.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// A link with its `%XX` escapes decoded.
fn decoded(link: &str) -> String {
    let (bytes, mut out, mut i) = (link.as_bytes(), Vec::new(), 0);
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(b) if bytes[i] == b'%' => {
                out.push(b);
                i += 3;
            }
            _ => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap()
}

/// Every link of every file lands on a file of the report, and on an id
/// in it when it names one; no file gives an id twice.
fn assert_links_land(files: &Files) {
    for (path, page) in files {
        let ids: Vec<&str> = page.tags.iter().filter_map(|t| t.attr("id")).collect();
        let unique: HashSet<&str> = ids.iter().copied().collect();
        assert_eq!(
            unique.len(),
            ids.len(),
            "{}: an id given twice",
            path.display()
        );
        for link in page.tags.iter().filter_map(|t| t.attr("href")) {
            let (file, id) = link.split_once('#').unwrap_or((link, ""));
            let target = match file {
                "" => path.clone(),
                _ => normal(&path.parent().unwrap().join(decoded(file))),
            };
            let Some(landed) = files.get(&target) else {
                panic!("{}: {link}: no file {}", path.display(), target.display());
            };
            let lands = id.is_empty() || landed.tags.iter().any(|t| t.attr("id") == Some(id));
            assert!(lands, "{}: {link} leads nowhere", path.display());
        }
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

/// The text of every file of a report, as the browser built it.
fn all_text(files: &Files) -> String {
    files.values().map(|page| page.dom.as_str()).collect()
}

#[test]
fn a_scripted_run_is_drawn_case_by_case_and_hostile_text_stays_text() {
    let chromium = chromium_or_return!("a_scripted_run_is_drawn_case_by_case");
    let report = scripted_report();
    let dir = tempfile::tempdir().unwrap();
    // A name to be percent-encoded in links.
    let index = dir.path().join("成绩 report.html");
    write_report(&index, &report).unwrap();
    let files = read_report(Some(&chromium), &index, Browse::All);
    // The cut output and the crash fail all four cases, the slow and the
    // greedy programs too; the wrong ones fail the three that have a
    // solution. Four cases failed: four case pages.
    let drawn = assert_sections_drawn(&files, &index, &report);
    assert_eq!(drawn, (3 + 3 + 4 + 4 + 4 + 4, 4));
    assert_links_land(&files);
    assert_eq!(files.len(), 1 + 7 + 4);
    let top = &files[&index];
    assert_eq!(matrix_cells(top), 7 * 4, "a cell per submission and case");
    assert_eq!(boards(&top.tags).len(), 0, "the index draws no board");
    // No script ran (the titles are the pages' own) and the markup in
    // names, messages and standard error is shown as text.
    assert!(top.dom.contains("<title>mayan-judge report</title>"));
    let text = all_text(&files);
    assert!(
        text.contains(
            "<title>mayan-judge report: &lt;script&gt;alert(\"wa\")&lt;/script&gt;</title>"
        )
    );
    assert!(text.contains("&lt;script&gt;alert(\"wa\")&lt;/script&gt;"));
    assert!(text.contains("\"quoted' &amp; &lt;b&gt;bold&lt;/b&gt;"));
    assert!(
        text.contains("Segmentation fault &lt;/pre&gt;&lt;script&gt;alert('re')&lt;/script&gt;")
    );
    // The illegal move is marked where it was asked for, the TLE shows its
    // limits and its use against them.
    let illegal = submission_page(&files, &index, 1);
    assert!(illegal.cells("illegal-mark").contains(&(4, 6)));
    let over = |page: &Opened, value: Option<&str>| {
        let bars = page.classed("bar").into_iter();
        let over = bars.filter(|t| t.attr("data-level") == Some("over"));
        over.filter(|t| value.is_none() || t.attr("data-value") == value)
            .count()
    };
    let slow = submission_page(&files, &index, 5);
    assert!(
        over(slow, None) >= 4,
        "each TLE's CPU bar is over the limit"
    );
    // Each MLE's section says the memory used against the limit, with a bar
    // over it (in its table of limits and in the submission's table).
    let greedy = submission_page(&files, &index, 6);
    assert_eq!(report.submissions[6].name, "greedy");
    let mle = report.submissions[6].cases.iter();
    assert_eq!(mle.filter(|c| c.verdict == Verdict::MLE).count(), 4);
    assert_eq!(over(greedy, Some("71680")), 2 * 4, "the memory bars");
    assert!(
        greedy
            .dom
            .contains("<td class=\"num\">70 MiB</td><td class=\"num\">64 MiB</td>")
    );
    let top_shot = Shot {
        style: "",
        window: "1200,1000",
    };
    screenshots_of(&chromium, &index, "report-scripted", &top_shot);
    let folder = folder_of(&index);
    screenshots_of(
        &chromium,
        &folder.join("s2.html"),
        "report-scripted-page",
        &top_shot,
    );
}

#[test]
fn the_bundled_run_is_an_index_and_pages_that_replay_every_failed_case() {
    let chromium =
        chromium_or_return!("the_bundled_run_is_an_index_and_pages_that_replay_every_failed_case");
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
    let folder = folder_of(&html);
    assert!(folder.join(MARKER).is_file());
    let size = |p: &Path| std::fs::metadata(p).unwrap().len();
    let pages: u64 = (std::fs::read_dir(&folder).unwrap())
        .map(|e| size(&e.unwrap().path()))
        .sum();
    eprintln!(
        "the bundled run's report: index {} bytes, pages {pages} bytes",
        size(&html)
    );
    assert!(size(&html) < 100 << 10, "{} bytes", size(&html));
    // The case pages are read as text: the scripted run opens its own.
    let files = read_report(Some(&chromium), &html, Browse::Submissions);
    let report: RunReport = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let not_accepted = |name: &str| {
        let sub = report.submissions.iter().find(|s| s.name == name).unwrap();
        sub.cases
            .iter()
            .filter(|c| c.verdict != Verdict::AC)
            .count()
    };
    // wrong: 39 WA (it answers -1 everywhere, right on the 6 boards with no
    // solution); slow: a TLE on every hard case at least, more when the
    // machine is loaded.
    assert_eq!(not_accepted("correct"), 0);
    assert_eq!(not_accepted("wrong"), 39);
    assert!(not_accepted("slow") >= 3, "{}", not_accepted("slow"));
    let (sections, cases) = assert_sections_drawn(&files, &html, &report);
    assert_eq!(sections, not_accepted("wrong") + not_accepted("slow"));
    assert!(cases >= 40, "a page per case failed: {cases}");
    assert_links_land(&files);
    assert_eq!(report.cases.len(), 45);
    assert_eq!(matrix_cells(&files[&html]), 3 * report.cases.len());
    for (name, page, style, window) in BUNDLED_SHOTS {
        let shot = Shot { style, window };
        let page = match page {
            "" => html.clone(),
            page => folder.join(page),
        };
        screenshots_of(&chromium, &page, name, &shot);
    }
}

/// The pages of the bundled run's report screenshots show: the top of the
/// index (the matrix, the summary by suite), the first WA of `wrong` (the
/// page of the second submission), `slow`'s page, and a case's page.
const BUNDLED_SHOTS: [(&str, &str, &str, &str); 4] = [
    ("report-bundled-top", "", "", "1200,1500"),
    (
        "report-bundled-wrong",
        "s2.html",
        "table.cases{display:none}",
        "1200,1400",
    ),
    ("report-bundled-slow", "s3.html", "", "1200,1800"),
    ("report-bundled-case", "case-1.html", "", "1200,1400"),
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
    // --html needs the plain protocol: testlib's judge fault (FAIL), not
    // exit 2, which testlib reads as PE.
    let other = mayan(&["--protocol", "testlib"]);
    assert_eq!(
        other.status.code(),
        Some(3),
        "--html needs the plain protocol"
    );
}

/// The ten cases of the contest-scale report: nine of `exactly-n` and a
/// cascade, as (suite, name, text).
fn contest_cases() -> Vec<(String, String, String)> {
    let names = [
        ("exactly-n", "three-001"),
        ("exactly-n", "three-002"),
        ("exactly-n", "three-003"),
        ("exactly-n", "three-004"),
        ("exactly-n", "four-001"),
        ("exactly-n", "four-002"),
        ("exactly-n", "four-003"),
        ("exactly-n", "five-001"),
        ("exactly-n", "five-002"),
        ("rules", "cascade-three-waves"),
    ];
    names
        .iter()
        .map(|&(suite, name)| {
            let path = root().join(format!("cases/{suite}/{name}.in"));
            let text = std::fs::read_to_string(path).unwrap();
            (suite.to_string(), name.to_string(), text)
        })
        .collect()
}

/// A wrong answer to a case: the smallest solution with its last move
/// turned the other way (`turn`), or cut after its first move.
fn wrong_answer(input: &str, turn: bool) -> String {
    let mut lines = smallest(input);
    if !turn {
        lines.truncate(1);
    } else if let Some(last) = lines.last_mut() {
        *last = match last.strip_suffix(" -1") {
            Some(start) => format!("{start} 1"),
            None => format!("{} -1", last.strip_suffix(" 1").unwrap_or(last)),
        };
    }
    lines.join("\n") + "\n"
}

/// A report of `submissions` submissions that each fail all ten
/// [`contest_cases`]: a wrong answer replayed on most, a time limit on
/// every third; names that try markup and paths.
fn contest_report(submissions: usize) -> RunReport {
    let cases = contest_cases();
    let answers: Vec<[String; 2]> = (cases.iter())
        .map(|(_, _, text)| [wrong_answer(text, true), wrong_answer(text, false)])
        .collect();
    let mut report: RunReport = serde_json::from_str(CONTEST_HEAD).unwrap();
    for i in 0..submissions {
        let mut sub = SubmissionReport::new(&format!("../GD-{i}<b>\"x\"</b>"));
        for (j, (suite, name, text)) in cases.iter().enumerate() {
            let tle = (i + j) % 3 == 0;
            sub.push(CaseResult {
                suite: suite.clone(),
                name: name.clone(),
                verdict: if tle { Verdict::TLE } else { Verdict::WA },
                cpu_ms: if tle { 1001 } else { 40 },
                wall_ms: if tle { 1100 } else { 45 },
                peak_memory_kib: 3000,
                score: 0,
                points: 10,
                message: format!("move {} leaves blocks on the board", j + 1),
                details: String::new(),
                received: if tle {
                    String::new()
                } else {
                    answers[j][i % 2].clone()
                },
                stderr: String::new(),
                input: text.clone(),
                judged_again: false,
            });
        }
        report.submissions.push(sub);
    }
    report
}

/// The start of a report: the run's conditions, no submission.
const CONTEST_HEAD: &str = r#"{"version":"0.1.0","started":"2026-01-02T03:04:05Z",
"conditions":{"cpu_ms":1000,"wall_ms":3000,"memory_bytes":134217728,"output_bytes":16777216,
"processes":64,"io":"file","null_swaps":"include","steps":"exact","accept":"lexmin"},
"measured_by":"a test","sandbox":[],"submissions":[]}"#;

#[test]
fn a_contest_of_300_submissions_failing_10_cases_keeps_a_small_index() {
    let report = contest_report(300);
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("report.html");
    let written = write_report(&index, &report).unwrap();
    let folder = folder_of(&index);
    let sizes: BTreeMap<String, u64> = (std::fs::read_dir(&folder).unwrap())
        .map(|e| e.unwrap())
        .map(|e| {
            (
                e.file_name().into_string().unwrap(),
                e.metadata().unwrap().len(),
            )
        })
        .collect();
    let index_bytes = std::fs::metadata(&index).unwrap().len();
    let pages: u64 = sizes.values().sum();
    let (largest, largest_bytes) = sizes.iter().max_by_key(|&(_, b)| *b).unwrap();
    eprintln!(
        "300 x 10 failing cases: index {index_bytes} bytes; {} pages, {pages} bytes in all, \
         the largest {largest} with {largest_bytes} bytes",
        written.pages
    );
    assert!(index_bytes < 5 << 20, "the index is {index_bytes} bytes");
    assert!(
        *largest_bytes < 5 << 20,
        "{largest} is {largest_bytes} bytes"
    );
    assert_eq!(written.index_bytes, index_bytes);
    assert_eq!(written.largest_page_bytes, *largest_bytes);
    // The pages are named by numbers, whatever the submissions' names say.
    let expected: HashSet<String> = (1..=300)
        .map(|i| format!("s{i}.html"))
        .chain((1..=10).map(|k| format!("case-{k}.html")))
        .chain([MARKER.to_string()])
        .collect();
    assert_eq!(sizes.keys().cloned().collect::<HashSet<_>>(), expected);
    assert_eq!(written.pages, 310);
    // Each case's smallest solution is drawn once, on its page.
    let chromium = chromium_or_skip("a_contest_of_300_submissions_failing_10_cases");
    let files = read_report(chromium.as_deref(), &index, Browse::Index);
    assert_eq!(matrix_cells(&files[&index]), 300 * 10);
    assert_links_land(&files);
    let text = all_text(&files);
    assert_eq!(text.matches("<h2>the smallest solution in ").count(), 10);
    assert_eq!(text.matches("<section class=\"case\"").count(), 300 * 10);
    assert!(!text.contains("<b>\"x\"</b>"), "names stay text");
}

#[test]
fn the_judge_refuses_a_link_or_a_folder_not_its_own_where_the_pages_go() {
    let dir = tempfile::tempdir().unwrap();
    let (html, folder) = (dir.path().join("r.html"), dir.path().join("r.files"));
    let judge = || {
        Command::new(env!("CARGO_BIN_EXE_mayan"))
            .current_dir(root())
            .args(["judge", "-q", "--io", "stdio", "--suite", "cases/sample"])
            .arg("--html")
            .arg(&html)
            .args(["--", "echo", "-1"])
            .output()
            .unwrap()
    };
    let refused = |says: &str| {
        let out = judge();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        let told = format!("{}: {says}", folder.display());
        assert!(stderr.contains(&told), "{stderr}");
    };
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &folder).unwrap();
    refused("is a symbolic link");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    std::fs::remove_file(&folder).unwrap();
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("notes.txt"), "mine").unwrap();
    refused("is not a folder of mayan-judge report pages");
    assert_eq!(
        std::fs::read_to_string(folder.join("notes.txt")).unwrap(),
        "mine"
    );
    std::fs::remove_dir_all(&folder).unwrap();
    assert_eq!(judge().status.code(), Some(1), "WA, and the report written");
    let mut names: Vec<String> = (std::fs::read_dir(&folder).unwrap())
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, [MARKER, "case-1.html", "s1.html"]);
    assert_eq!(judge().status.code(), Some(1), "its own folder is replaced");
}
