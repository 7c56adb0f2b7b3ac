//! The pictures in a real browser. Pages made by `mayan solve --explain
//! --format html` and by the library (a replay stopped by an illegal move
//! beside the smallest solution, hostile text in the message), and the SVG
//! document of `--format svg`, are opened from files in headless Chromium;
//! the DOM it builds is checked (how many boards, which blocks where, the
//! illegal move marked, no script) and so is what it fetched (nothing: its
//! network log names no URL but Chromium's own services). Screenshots, in
//! colour and in grey, go to `target/browser/` for people to look at.
//!
//! Needs Chromium (Debian: `apt-get install chromium`; `CHROMIUM` names
//! another binary). Without it the tests skip with a note, unless `CI` is
//! set: then they fail.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use mayan_judge::board::Board;
use mayan_judge::case::parse_case;
use mayan_judge::dialect::NullSwaps;
use mayan_judge::picture::page::{legend_html, page, replay_html, side_by_side};
use mayan_judge::picture::{replay, solution_replay};
use mayan_judge::rules::RawMove;

/// Requests Chromium makes for itself whatever the page (clock, updates,
/// accounts), by URL prefix. Anything else it fetches is the page's doing.
const BROWSER_OWN: [&str; 4] = [
    "http://clients2.google.com/time/",
    "http://update.googleapis.com/service/update2/",
    "https://update.googleapis.com/service/update2/",
    "https://accounts.google.com/ListAccounts",
];

/// Longest a browser run may take before the test gives up on it: a
/// watchdog against a hung browser, not a measurement.
const GIVE_UP_AFTER: std::time::Duration = std::time::Duration::from_secs(300);

// ---- finding and running Chromium ----

fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The browser, or `None` after a note when there is none (a failure on CI).
fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    let found = find_chromium();
    match (&found, std::env::var_os("CI")) {
        (None, Some(_)) => panic!("CI must have Chromium for {test}: apt-get install chromium"),
        (None, None) => eprintln!("SKIPPED {test}: no chromium on PATH (apt-get install chromium)"),
        _ => {}
    }
    found
}

/// What one headless run printed.
struct Run {
    stdout: String,
    stderr: String,
}

/// Runs Chromium headless on `page` with `extra` flags, a fresh profile and
/// its network log on standard error.
fn run_chromium(chromium: &Path, page: &Path, extra: &[String]) -> Run {
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--enable-logging=stderr",
            "--vmodule=network_delegate=1",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let watchdog = watch(child.id());
    let mut stdout = String::new();
    out.read_to_string(&mut stdout).unwrap();
    let status = child.wait().unwrap();
    drop(watchdog);
    let stderr = reader.join().unwrap();
    assert!(status.success(), "chromium failed ({status}):\n{stderr}");
    Run { stdout, stderr }
}

/// Kills process `pid` if it still runs [`GIVE_UP_AFTER`] from now, unless
/// the returned sender is dropped first.
fn watch(pid: u32) -> std::sync::mpsc::Sender<()> {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(GIVE_UP_AFTER) {
            eprintln!("chromium ({pid}) hung; killing it");
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
    });
    tx
}

/// The DOM Chromium built from `page`, and the URLs it asked the network for.
fn dump_dom(chromium: &Path, page: &Path) -> (String, Vec<String>) {
    let run = run_chromium(chromium, page, &["--dump-dom".to_string()]);
    (run.stdout, fetched(&run.stderr))
}

/// URLs in Chromium's network log that are not its own services'.
fn fetched(log: &str) -> Vec<String> {
    log.lines()
        .filter_map(|l| l.split("NotifyBeforeURLRequest: ").nth(1))
        .map(|url| url.trim().to_string())
        .filter(|url| !BROWSER_OWN.iter().any(|own| url.starts_with(own)))
        .collect()
}

/// A 1200x1600 screenshot of `page` at `target/browser/NAME.png`, and one of
/// the page in grey at `NAME-grey.png`, as a black and white print shows it;
/// the page itself is kept beside them as `NAME.html`, to open in any browser.
fn screenshots(chromium: &Path, page: &Path, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    let html = std::fs::read_to_string(page).unwrap();
    std::fs::write(dir.join(format!("{name}.html")), &html).unwrap();
    let grey_page = page.with_extension("grey.html");
    let grey = html.replacen(
        "</head>",
        "<style>html{filter:grayscale(1)}</style></head>",
        1,
    );
    std::fs::write(&grey_page, grey).unwrap();
    for (source, png) in [
        (page, format!("{name}.png")),
        (&grey_page, format!("{name}-grey.png")),
    ] {
        let shot = dir.join(png);
        let _ = std::fs::remove_file(&shot);
        let flags = [
            format!("--screenshot={}", shot.display()),
            "--window-size=1200,1600".to_string(),
        ];
        run_chromium(chromium, source, &flags);
        assert!(
            std::fs::metadata(&shot).is_ok_and(|m| m.len() > 0),
            "no screenshot at {}",
            shot.display()
        );
        eprintln!("screenshot: {}", shot.display());
    }
}

// ---- reading the DOM ----

/// A start tag: its name and attributes (entities left as they are).
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
}

impl Tag {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split_whitespace().any(|w| w == class))
    }

    fn number(&self, name: &str) -> usize {
        let value = self
            .attr(name)
            .unwrap_or_else(|| panic!("<{}> has no {name}", self.name));
        value.parse().unwrap_or_else(|_| panic!("{name}={value:?}"))
    }
}

/// Every start tag of a serialised DOM, in order. The serialiser escapes `<`
/// in text, so a `<` followed by a letter opens a tag.
fn tags(dom: &str) -> Vec<Tag> {
    let mut found = Vec::new();
    let mut rest = dom;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        if !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .unwrap_or(rest.len());
        let name = rest[..end].to_ascii_lowercase();
        rest = &rest[end..];
        let mut attrs = Vec::new();
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
            if rest.is_empty() || rest.starts_with('>') {
                break;
            }
            let n = rest
                .find(|c: char| c == '=' || c == '>' || c.is_whitespace())
                .unwrap_or(rest.len());
            let attr = rest[..n].to_string();
            rest = &rest[n..];
            let value = if let Some(quoted) = rest.strip_prefix("=\"") {
                let close = quoted.find('"').unwrap_or(quoted.len());
                rest = &quoted[(close + 1).min(quoted.len())..];
                quoted[..close].to_string()
            } else {
                String::new()
            };
            attrs.push((attr, value));
        }
        found.push(Tag { name, attrs });
    }
    found
}

/// A block as `(x, y, colour)`.
type Block = (usize, usize, u8);

/// Each board of the DOM with the blocks in it.
fn boards(tags: &[Tag]) -> Vec<(&Tag, Vec<Block>)> {
    let mut out: Vec<(&Tag, Vec<Block>)> = Vec::new();
    for tag in tags {
        if tag.name == "svg" && tag.has_class("board") {
            out.push((tag, Vec::new()));
        } else if tag.name == "g" && tag.has_class("block") {
            let block = (
                tag.number("data-x"),
                tag.number("data-y"),
                tag.number("data-colour") as u8,
            );
            out.last_mut()
                .expect("a block outside a board")
                .1
                .push(block);
        }
    }
    out
}

/// Every block of `board`, column by column.
fn blocks_of(board: &Board) -> Vec<Block> {
    let mut out = Vec::new();
    for (x, column) in board.columns().iter().enumerate() {
        out.extend(column.iter().enumerate().map(|(y, &c)| (x, y, c)));
    }
    out
}

/// No script, no linked resource, no external URL anywhere in the DOM, and
/// nothing fetched.
fn assert_self_contained(dom: &str, tags: &[Tag], fetched: &[String]) {
    for tag in tags {
        assert!(
            !["script", "link", "iframe", "object", "embed", "img"].contains(&tag.name.as_str()),
            "<{}> in the page",
            tag.name
        );
        for (name, value) in &tag.attrs {
            let v = value.trim().to_ascii_lowercase();
            let external = ["http:", "https:", "//", "ftp:", "ws:", "wss:"]
                .iter()
                .any(|p| v.starts_with(p));
            let fetches = [
                "src",
                "href",
                "xlink:href",
                "action",
                "srcset",
                "poster",
                "data",
                "background",
            ];
            assert!(
                !(fetches.contains(&name.as_str()) && external),
                "<{} {name}={value:?}>",
                tag.name
            );
            assert!(
                !name.starts_with("on"),
                "<{} {name}>: an event handler",
                tag.name
            );
        }
    }
    assert!(!dom.contains("url("), "the style refers to a URL");
    assert!(!dom.contains("@import"), "the style imports another");
    assert!(fetched.is_empty(), "the page made requests: {fetched:?}");
}

// ---- making pages ----

fn mayan(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mayan"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "mayan {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn write_page(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn sample() -> Board {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample/statement.in"),
    )
    .unwrap();
    parse_case(&text).unwrap().board
}

// ---- the tests ----

#[test]
fn the_solve_page_draws_every_stage_of_the_sample() {
    let Some(chromium) = chromium_or_skip("the_solve_page_draws_every_stage_of_the_sample") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let html = mayan(&[
        "solve",
        "--explain",
        "--format",
        "html",
        "cases/sample/statement.in",
    ]);
    let file = write_page(dir.path(), "sample.html", &html);
    let (dom, fetched) = dump_dom(&chromium, &file);
    let tags = tags(&dom);
    assert_self_contained(&dom, &tags, &fetched);
    // The start; three moves of 0, 0 and 3 waves (a panel after the drag and
    // one per wave); the end, cleared, has words and no board.
    let boards = boards(&tags);
    assert_eq!(boards.len(), 1 + 1 + 1 + 4, "{dom}");
    assert_eq!(boards[0].0.attr("data-stage"), Some("start"));
    assert_eq!(boards[0].1, blocks_of(&sample()));
    assert_eq!(boards[0].0.number("data-blocks"), 12);
    let waves: Vec<&Tag> = tags
        .iter()
        .filter(|t| t.name == "svg" && t.has_class("wave"))
        .collect();
    assert_eq!(waves.len(), 3);
    let moves: Vec<&Tag> = tags.iter().filter(|t| t.has_class("move")).collect();
    assert_eq!(
        moves
            .iter()
            .map(|t| t.number("data-waves"))
            .collect::<Vec<_>>(),
        [0, 0, 3]
    );
    let end = tags.iter().find(|t| t.has_class("end")).unwrap();
    assert_eq!(end.number("data-blocks"), 0);
    // Every board the browser shows is the library's, block for block.
    let answer = [(2, 1, 1), (3, 1, 1), (3, 0, 1)].map(|(x, y, g)| RawMove { x, y, g });
    let expected = replay("", &sample(), &answer, NullSwaps::Include, None);
    assert_eq!(boards.len(), expected.panels().count());
    for ((board, blocks), panel) in boards.iter().zip(expected.panels()) {
        assert_eq!(blocks, &blocks_of(&panel.board), "{}", panel.caption);
        assert_eq!(board.number("data-blocks"), blocks.len());
    }
    assert!(
        boards.last().unwrap().1.is_empty(),
        "the last wave clears the board"
    );
    let section = tags.iter().find(|t| t.has_class("replay")).unwrap();
    assert_eq!(section.attr("data-outcome"), Some("cleared"));
    assert!(!tags.iter().any(|t| t.has_class("illegal")));
    screenshots(&chromium, &file, "solve-sample");
}

#[test]
fn an_illegal_move_is_marked_beside_the_smallest_solution() {
    let Some(chromium) = chromium_or_skip("an_illegal_move_is_marked_beside_the_smallest_solution")
    else {
        return;
    };
    let start = sample();
    // The first move is the answer's; the second takes (4, 2) right, off the
    // board. The checker's message comes with hostile text in it.
    let theirs = [RawMove { x: 2, y: 1, g: 1 }, RawMove { x: 4, y: 2, g: 1 }];
    let message = "move 2 (4 2 1): moving the block at (4, 2) right leaves the board </p></svg><script>document.title='owned'</script>";
    let contestant = replay(
        "your output",
        &start,
        &theirs,
        NullSwaps::Include,
        Some(message),
    );
    let best = solution_replay(
        &start,
        3,
        mayan_judge::solver::solve(&start, 3, Default::default()).as_deref(),
        Default::default(),
    );
    let body = format!(
        "<h1>case sample/statement: WA</h1>\n{}{}",
        legend_html(&[1, 2, 3, 4]),
        side_by_side(&[replay_html(&contestant), replay_html(&best)])
    );
    let dir = tempfile::tempdir().unwrap();
    let file = write_page(
        dir.path(),
        "illegal.html",
        &page("case <statement> & WA", &body),
    );
    let (dom, fetched) = dump_dom(&chromium, &file);
    let tags = tags(&dom);
    assert_self_contained(&dom, &tags, &fetched);
    assert!(
        dom.contains("<title>case &lt;statement&gt; &amp; WA</title>"),
        "{dom}"
    );
    assert!(
        dom.contains("&lt;/p&gt;&lt;/svg&gt;&lt;script&gt;document.title='owned'&lt;/script&gt;"),
        "{dom}"
    );
    let sections: Vec<&Tag> = tags.iter().filter(|t| t.has_class("replay")).collect();
    assert_eq!(
        sections
            .iter()
            .map(|t| t.attr("data-outcome").unwrap())
            .collect::<Vec<_>>(),
        ["illegal", "cleared"]
    );
    let illegal: Vec<&Tag> = tags.iter().filter(|t| t.has_class("illegal")).collect();
    assert_eq!(illegal.len(), 1);
    assert_eq!(illegal[0].number("data-move"), 2);
    let marks: Vec<&Tag> = tags
        .iter()
        .filter(|t| t.has_class("illegal-mark"))
        .collect();
    assert_eq!(marks.len(), 1);
    assert_eq!(
        (marks[0].number("data-x"), marks[0].number("data-y")),
        (4, 2)
    );
    // Contestant: start, move 1 (no wave), the board before move 2. Then the
    // smallest solution: start, 1 + 1 + 4 panels of moves (its end, cleared,
    // has no board).
    let boards = boards(&tags);
    assert_eq!(boards.len(), 3 + 7);
    assert_eq!(boards[2].0.attr("data-stage"), Some("before"));
    assert_eq!(
        boards[2].1, boards[1].1,
        "the board before move 2 is the one move 1 left"
    );
    assert_eq!(boards[0].1, boards[3].1, "both replays start from the case");
    assert_eq!(tags.iter().filter(|t| t.has_class("swatch")).count(), 4);
    screenshots(&chromium, &file, "illegal-beside-smallest");
}

#[test]
fn the_svg_document_is_well_formed_and_complete() {
    let Some(chromium) = chromium_or_skip("the_svg_document_is_well_formed_and_complete") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let svg = mayan(&[
        "solve",
        "--explain",
        "--format",
        "svg",
        "cases/rules/cascade-three-waves.in",
    ]);
    let file = write_page(dir.path(), "cascade.svg", &svg);
    let (dom, fetched) = dump_dom(&chromium, &file);
    // An XML document that does not parse is shown as a parser error.
    assert!(!dom.contains("parsererror"), "{dom}");
    let tags = tags(&dom);
    assert_eq!(tags[0].name, "svg");
    assert_self_contained(&dom, &tags, &fetched);
    let boards = boards(&tags);
    let waves = tags
        .iter()
        .filter(|t| t.has_class("move"))
        .map(|t| t.number("data-waves"))
        .collect::<Vec<_>>();
    assert_eq!(waves, [3], "the case's one move makes three waves");
    assert_eq!(boards.len(), 1 + 4);
}

#[test]
fn the_network_check_sees_a_page_that_fetches() {
    // A control: were Chromium's log to stop naming requests, the checks
    // above would pass without looking.
    let Some(chromium) = chromium_or_skip("the_network_check_sees_a_page_that_fetches") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = write_page(
        dir.path(),
        "fetches.html",
        "<!DOCTYPE html><img src=\"http://127.0.0.1:9/control.png\">",
    );
    let (_, fetched) = dump_dom(&chromium, &file);
    assert_eq!(fetched, ["http://127.0.0.1:9/control.png"]);
}
