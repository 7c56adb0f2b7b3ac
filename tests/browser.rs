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

use mayan_judge::picture::page::{legend_html, page, replay_html, side_by_side};
use mayan_judge::picture::{replay, solution_replay};
use mayan_judge::puzzle::board::Board;
use mayan_judge::puzzle::case::parse_case;
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps};
use mayan_judge::puzzle::rules::RawMove;

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
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
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

// ---- making and opening pages ----

fn mayan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mayan"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// What `mayan ARGS` printed; it must succeed.
fn mayan_ok(args: &[&str]) -> String {
    let out = mayan(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "mayan {args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

fn sample() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample/statement.in");
    parse_case(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .board
}

/// A page the browser opened: its DOM and the start tags in it.
struct Opened {
    dom: String,
    tags: Vec<Tag>,
}

impl Opened {
    /// The tags with `class`.
    fn classed(&self, class: &str) -> Vec<&Tag> {
        self.tags.iter().filter(|t| t.has_class(class)).collect()
    }

    /// The `(data-x, data-y)` of the tags with `class`.
    fn cells(&self, class: &str) -> Vec<(usize, usize)> {
        let cell = |t: &&Tag| (t.number("data-x"), t.number("data-y"));
        self.classed(class).iter().map(cell).collect()
    }

    /// An attribute of each tag with `class`.
    fn values(&self, class: &str, attr: &str) -> Vec<&str> {
        let tags = self.tags.iter().filter(|t| t.has_class(class));
        tags.map(|t| t.attr(attr).unwrap_or("")).collect()
    }
}

/// Writes `text` to a file named `name`, opens it in Chromium and checks that
/// it is self-contained; `shots` also takes its screenshots.
fn open(chromium: &Path, name: &str, text: &str, shots: bool) -> Opened {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    let (dom, fetched) = dump_dom(chromium, &file);
    let tags = tags(&dom);
    assert_self_contained(&dom, &tags, &fetched);
    if shots {
        let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
        screenshots(chromium, &file, stem);
    }
    Opened { dom, tags }
}

/// The browser for `test`, or return from it (see [`chromium_or_skip`]).
macro_rules! chromium_or_return {
    ($test:expr) => {
        match chromium_or_skip($test) {
            Some(chromium) => chromium,
            None => return,
        }
    };
}

// ---- the tests ----

#[test]
fn the_solve_page_draws_every_stage_of_the_sample() {
    let chromium = chromium_or_return!("the_solve_page_draws_every_stage_of_the_sample");
    let html = mayan_ok(&[
        "solve",
        "--explain",
        "--format",
        "html",
        "cases/sample/statement.in",
    ]);
    let page = open(&chromium, "solve-sample.html", &html, true);
    // The start; three moves of 0, 0 and 3 waves (a panel after the drag and
    // one per wave); the end, cleared, has words and no board.
    let boards = boards(&page.tags);
    assert_eq!(boards.len(), 1 + 1 + 1 + 4, "{}", page.dom);
    assert_eq!(
        page.values("board", "data-stage"),
        ["start", "drag", "drag", "drag", "wave", "wave", "wave"]
    );
    assert_eq!(page.values("move", "data-waves"), ["0", "0", "3"]);
    assert_eq!(page.values("end", "data-blocks"), ["0"]);
    assert_eq!(page.values("replay", "data-outcome"), ["cleared"]);
    assert!(page.classed("illegal").is_empty());
    // Every board the browser shows is the library's, block for block.
    let answer = [(2, 1, 1), (3, 1, 1), (3, 0, 1)].map(|(x, y, g)| RawMove { x, y, g });
    let expected = replay("", &sample(), &answer, NullSwaps::Include, None);
    assert_eq!(boards.len(), expected.panels().count());
    for ((board, blocks), panel) in boards.iter().zip(expected.panels()) {
        assert_eq!(blocks, &blocks_of(&panel.board), "{}", panel.caption);
        assert_eq!(board.number("data-blocks"), blocks.len());
    }
    assert_eq!(boards[0].1, blocks_of(&sample()));
}

#[test]
fn an_illegal_move_is_marked_beside_the_smallest_solution() {
    let chromium = chromium_or_return!("an_illegal_move_is_marked_beside_the_smallest_solution");
    let start = sample();
    // The first move is the answer's; the second takes (4, 2) right, off the
    // board. The checker's message comes with hostile text in it.
    let theirs = [RawMove { x: 2, y: 1, g: 1 }, RawMove { x: 4, y: 2, g: 1 }];
    let message = "move 2 (4 2 1): moving the block at (4, 2) right leaves the board \
                   </p></svg><script>document.title='owned'</script>";
    let contestant = replay(
        "your output",
        &start,
        &theirs,
        NullSwaps::Include,
        Some(message),
    );
    let smallest = mayan_judge::solver::solve(&start, 3, Dialect::default());
    let best = solution_replay(&start, 3, smallest.as_deref(), Dialect::default());
    let sections = side_by_side(&[replay_html(&contestant), replay_html(&best)]);
    let body = format!(
        "<h1>case statement: WA</h1>\n{}{sections}",
        legend_html(&[1, 2, 3, 4])
    );
    let page = open(
        &chromium,
        "illegal-beside-smallest.html",
        &page("case <statement> & WA", &body),
        true,
    );
    assert!(
        page.dom
            .contains("<title>case &lt;statement&gt; &amp; WA</title>")
    );
    let inert = "&lt;/p&gt;&lt;/svg&gt;&lt;script&gt;document.title='owned'&lt;/script&gt;";
    assert!(page.dom.contains(inert), "{}", page.dom);
    assert_eq!(
        page.values("replay", "data-outcome"),
        ["illegal", "cleared"]
    );
    assert_eq!(page.values("illegal", "data-move"), ["2"]);
    assert_eq!(page.cells("illegal-mark"), [(4, 2)]);
    // Contestant: start, move 1 (no wave), the board before move 2. Then the
    // smallest solution: start, 1 + 1 + 4 panels of moves (its end, cleared,
    // has no board).
    let boards = boards(&page.tags);
    assert_eq!(boards.len(), 3 + 7);
    assert_eq!(boards[2].0.attr("data-stage"), Some("before"));
    assert_eq!(
        boards[2].1, boards[1].1,
        "the board before move 2 is the one move 1 left"
    );
    assert_eq!(boards[0].1, boards[3].1, "both replays start from the case");
    assert_eq!(page.classed("swatch").len(), 4);
}

#[test]
fn every_colour_has_its_own_fill_and_keeps_its_number() {
    let chromium = chromium_or_return!("every_colour_has_its_own_fill_and_keeps_its_number");
    // All ten colours, no run of three; a swap that makes none leaves all 35.
    let columns = [
        [1u8, 2, 3, 4, 5, 6, 7],
        [8, 9, 10, 1, 2, 3, 4],
        [5, 6, 7, 8, 9, 10, 1],
        [2, 3, 4, 5, 6, 7, 8],
        [9, 10, 1, 2, 3, 4, 5],
    ];
    let full = Board::from_columns(&columns).unwrap();
    let r = replay(
        "ten colours",
        &full,
        &[RawMove { x: 0, y: 6, g: 1 }],
        NullSwaps::Include,
        None,
    );
    let legend = legend_html(&(1..=10).collect::<Vec<u8>>());
    let body = format!("<h1>all colours</h1>\n{legend}{}", replay_html(&r));
    let page = open(
        &chromium,
        "all-colours.html",
        &page("all colours", &body),
        true,
    );
    let fills = fills_by_colour(&page.tags);
    let distinct: std::collections::BTreeSet<&&str> = fills.values().collect();
    assert_eq!((fills.len(), distinct.len()), (10, 10), "{fills:?}");
    // Each block is written with its own number.
    for piece in page.dom.split("data-colour=\"").skip(1) {
        let (colour, rest) = piece.split_once('"').unwrap();
        let block = rest.split("</g>").next().unwrap();
        assert!(
            block.contains(&format!(">{colour}</text>")),
            "colour {colour}: {block}"
        );
    }
    assert_eq!(page.values("replay", "data-outcome"), ["blocks-remain"]);
    assert_eq!(page.values("end", "data-blocks"), ["35"]);
    assert_eq!(page.cells("moved-ring"), [(0, 6), (1, 6)]);
}

#[test]
fn drops_land_marked_and_a_move_from_an_empty_cell_is_refused_there() {
    let chromium =
        chromium_or_return!("drops_land_marked_and_a_move_from_an_empty_cell_is_refused_there");
    // A drop that makes a row of three 1s, a drop into an empty column, then
    // a move of a block that is not there.
    let start = Board::from_columns(&[vec![2u8, 1], vec![], vec![1], vec![1], vec![]]).unwrap();
    let moves = [(0, 1, 1), (0, 0, 1), (3, 0, -1)].map(|(x, y, g)| RawMove { x, y, g });
    let r = replay("drops", &start, &moves, NullSwaps::Include, None);
    let page = open(&chromium, "drops.html", &page_of(&r), true);
    assert_eq!(
        page.cells("moved-ring"),
        [(1, 0), (1, 0)],
        "each drop's landed block"
    );
    assert_eq!(page.cells("vanishing"), [(1, 0), (2, 0), (3, 0)]);
    assert_eq!(page.values("move", "data-waves"), ["1", "0"]);
    assert_eq!(
        page.cells("illegal-mark"),
        [(3, 0)],
        "the empty cell is marked"
    );
    let message = "move 3 (3 0 -1): there is no block at (3, 0)";
    assert!(
        page.dom
            .contains(&format!("<p class=\"message\">{message}</p>")),
        "{}",
        page.dom
    );
}

/// The fill of each colour's blocks (the rect after a block's tag is its
/// square); a colour drawn in two fills fails.
fn fills_by_colour(tags: &[Tag]) -> std::collections::BTreeMap<usize, &str> {
    let mut fills = std::collections::BTreeMap::new();
    for (i, tag) in tags
        .iter()
        .enumerate()
        .filter(|(_, t)| t.has_class("block"))
    {
        let rect = tags[i + 1..].iter().find(|t| t.name == "rect").unwrap();
        let fill = rect.attr("fill").unwrap();
        let colour = tag.number("data-colour");
        let before = fills.insert(colour, fill);
        assert!(
            before.is_none_or(|b| b == fill),
            "colour {colour} in two fills"
        );
    }
    fills
}

/// A page of one replay, as `solve --format html` makes.
fn page_of(r: &mayan_judge::picture::Replay) -> String {
    mayan_judge::picture::page::replay_page(r)
}

#[test]
fn the_svg_document_is_well_formed_and_complete() {
    let chromium = chromium_or_return!("the_svg_document_is_well_formed_and_complete");
    let svg = mayan_ok(&[
        "solve",
        "--explain",
        "--format",
        "svg",
        "cases/rules/cascade-three-waves.in",
    ]);
    let page = open(&chromium, "cascade.svg", &svg, false);
    // An XML document that does not parse is shown as a parser error.
    assert!(!page.dom.contains("parsererror"), "{}", page.dom);
    assert_eq!(page.tags[0].name, "svg");
    assert_eq!(
        page.values("move", "data-waves"),
        ["3"],
        "the case's one move makes three waves"
    );
    assert_eq!(boards(&page.tags).len(), 1 + 4);
}

#[test]
fn the_network_check_sees_a_page_that_fetches() {
    // A control: were Chromium's log to stop naming requests, the checks
    // above would pass without looking.
    let chromium = chromium_or_return!("the_network_check_sees_a_page_that_fetches");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fetches.html");
    std::fs::write(
        &file,
        "<!DOCTYPE html><img src=\"http://127.0.0.1:9/control.png\">",
    )
    .unwrap();
    let (_, fetched) = dump_dom(&chromium, &file);
    assert_eq!(fetched, ["http://127.0.0.1:9/control.png"]);
}

#[test]
fn format_is_text_by_default_and_needs_explain() {
    // No browser needed: the flag's plumbing.
    let text = mayan_ok(&["solve", "--explain", "cases/sample/statement.in"]);
    let same = mayan_ok(&[
        "solve",
        "--explain",
        "--format",
        "text",
        "cases/sample/statement.in",
    ]);
    assert_eq!(text, same);
    assert!(
        text.starts_with("2 1 1\n3 1 1\n3 0 1\n\nstart, n = 3"),
        "{text}"
    );
    let alone = mayan(&["solve", "--format", "svg", "cases/sample/statement.in"]);
    assert_eq!(
        alone.status.code(),
        Some(2),
        "--format without --explain is a usage error"
    );
    let none = mayan_ok(&[
        "solve",
        "--explain",
        "--format",
        "html",
        "cases/rules/no-solution.in",
    ]);
    assert!(none.contains("data-outcome=\"not-replayed\""));
    assert!(none.contains("no sequence of 3 moves clears this board: the answer is -1"));
}
