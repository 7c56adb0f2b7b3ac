//! Opening pages in a real browser, for the tests of pictures and reports:
//! finding Debian's headless Chromium (or `CHROMIUM`), opening a file and
//! reading the DOM it built and the URLs it asked the network for, taking
//! screenshots (in colour and in grey, as black and white print shows it)
//! to `target/browser/`, and reading the DOM's tags, boards and blocks.
//!
//! Without Chromium a test skips with a note, unless `CI` is set: then it
//! fails.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use mayan_judge::puzzle::board::Board;

/// Requests Chromium makes for itself whatever the page (clock, updates,
/// accounts), by URL prefix. Anything else it fetches is the page's doing.
pub const BROWSER_OWN: [&str; 4] = [
    "http://clients2.google.com/time/",
    "http://update.googleapis.com/service/update2/",
    "https://update.googleapis.com/service/update2/",
    "https://accounts.google.com/ListAccounts",
];

/// Longest a browser run may take before the test gives up on it: a
/// watchdog against a hung browser, not a measurement.
pub const GIVE_UP_AFTER: std::time::Duration = std::time::Duration::from_secs(300);

// ---- finding and running Chromium ----

pub fn find_chromium() -> Option<PathBuf> {
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
pub fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    let found = find_chromium();
    match (&found, std::env::var_os("CI")) {
        (None, Some(_)) => panic!("CI must have Chromium for {test}: apt-get install chromium"),
        (None, None) => eprintln!("SKIPPED {test}: no chromium on PATH (apt-get install chromium)"),
        _ => {}
    }
    found
}

/// What one headless run printed.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
}

/// Runs Chromium headless on `page` with `extra` flags, a fresh profile and
/// its network log on standard error.
pub fn run_chromium(chromium: &Path, page: &Path, extra: &[String]) -> Run {
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
pub fn watch(pid: u32) -> std::sync::mpsc::Sender<()> {
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
pub fn dump_dom(chromium: &Path, page: &Path) -> (String, Vec<String>) {
    let run = run_chromium(chromium, page, &["--dump-dom".to_string()]);
    (run.stdout, fetched(&run.stderr))
}

/// URLs in Chromium's network log that are not its own services'.
pub fn fetched(log: &str) -> Vec<String> {
    log.lines()
        .filter_map(|l| l.split("NotifyBeforeURLRequest: ").nth(1))
        .map(|url| url.trim().to_string())
        .filter(|url| !BROWSER_OWN.iter().any(|own| url.starts_with(own)))
        .collect()
}

/// A 1200x1600 screenshot of `page` at `target/browser/NAME.png`, and one of
/// the page in grey at `NAME-grey.png`, as a black and white print shows it;
/// the page itself is kept beside them as `NAME.html`, to open in any browser.
pub fn screenshots(chromium: &Path, page: &Path, name: &str) {
    let html = std::fs::read_to_string(page).unwrap();
    std::fs::write(shots_dir().join(format!("{name}.html")), &html).unwrap();
    screenshots_of(chromium, page, name, &Shot::default());
}

/// Where screenshots go: `target/browser/`.
pub fn shots_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// How to take a screenshot of a part of a page.
pub struct Shot<'a> {
    /// CSS added to the page, e.g. to hide what comes before the part.
    pub style: &'a str,
    /// The window, `WIDTH,HEIGHT`.
    pub window: &'a str,
}

impl Default for Shot<'_> {
    fn default() -> Self {
        Shot {
            style: "",
            window: "1200,1600",
        }
    }
}

/// Screenshots of `page` as `shot` says, at `target/browser/NAME.png` and,
/// in grey, `NAME-grey.png`.
pub fn screenshots_of(chromium: &Path, page: &Path, name: &str, shot: &Shot) {
    let html = std::fs::read_to_string(page).unwrap();
    for (grey, png) in [
        ("", format!("{name}.png")),
        ("html{filter:grayscale(1)}", format!("{name}-grey.png")),
    ] {
        let styled = page.with_extension(format!("shot{}.html", grey.len()));
        let style = format!("<style>{}{grey}</style></head>", shot.style);
        std::fs::write(&styled, html.replacen("</head>", &style, 1)).unwrap();
        let file = shots_dir().join(png);
        let _ = std::fs::remove_file(&file);
        let flags = [
            format!("--screenshot={}", file.display()),
            format!("--window-size={}", shot.window),
            "--hide-scrollbars".to_string(),
        ];
        run_chromium(chromium, &styled, &flags);
        assert!(
            std::fs::metadata(&file).is_ok_and(|m| m.len() > 0),
            "no screenshot at {}",
            file.display()
        );
        eprintln!("screenshot: {}", file.display());
    }
}

// ---- reading the DOM ----

/// A start tag: its name and attributes (entities left as they are).
pub struct Tag {
    pub name: String,
    pub attrs: Vec<(String, String)>,
}

impl Tag {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split_whitespace().any(|w| w == class))
    }

    pub fn number(&self, name: &str) -> usize {
        let value = self
            .attr(name)
            .unwrap_or_else(|| panic!("<{}> has no {name}", self.name));
        value.parse().unwrap_or_else(|_| panic!("{name}={value:?}"))
    }
}

/// Every start tag of a serialised DOM, in order. The serialiser escapes `<`
/// in text, so a `<` followed by a letter opens a tag.
pub fn tags(dom: &str) -> Vec<Tag> {
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
pub type Block = (usize, usize, u8);

/// Each board of the DOM with the blocks in it.
pub fn boards(tags: &[Tag]) -> Vec<(&Tag, Vec<Block>)> {
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
pub fn blocks_of(board: &Board) -> Vec<Block> {
    let mut out = Vec::new();
    for (x, column) in board.columns().iter().enumerate() {
        out.extend(column.iter().enumerate().map(|(y, &c)| (x, y, c)));
    }
    out
}

/// No script, no linked resource, no external URL anywhere in the DOM, and
/// nothing fetched.
pub fn assert_self_contained(dom: &str, tags: &[Tag], fetched: &[String]) {
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

// ---- opening pages ----

/// A page the browser opened: its DOM and the start tags in it.
pub struct Opened {
    pub dom: String,
    pub tags: Vec<Tag>,
}

impl Opened {
    /// The tags with `class`.
    pub fn classed(&self, class: &str) -> Vec<&Tag> {
        self.tags.iter().filter(|t| t.has_class(class)).collect()
    }

    /// The `(data-x, data-y)` of the tags with `class`.
    pub fn cells(&self, class: &str) -> Vec<(usize, usize)> {
        let cell = |t: &&Tag| (t.number("data-x"), t.number("data-y"));
        self.classed(class).iter().map(cell).collect()
    }

    /// An attribute of each tag with `class`.
    pub fn values(&self, class: &str, attr: &str) -> Vec<&str> {
        let tags = self.tags.iter().filter(|t| t.has_class(class));
        tags.map(|t| t.attr(attr).unwrap_or("")).collect()
    }
}

/// Writes `text` to a file named `name`, opens it in Chromium and checks that
/// it is self-contained; `shots` also takes its screenshots.
pub fn open(chromium: &Path, name: &str, text: &str, shots: bool) -> Opened {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    let opened = open_file(chromium, &file);
    if shots {
        let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
        screenshots(chromium, &file, stem);
    }
    opened
}

/// Opens the page `file` in Chromium and checks that it is self-contained.
pub fn open_file(chromium: &Path, file: &Path) -> Opened {
    let (dom, fetched) = dump_dom(chromium, file);
    let tags = tags(&dom);
    assert_self_contained(&dom, &tags, &fetched);
    Opened { dom, tags }
}

/// The browser for `test`, or return from it (see [`chromium_or_skip`]).
macro_rules! chromium_or_return {
    ($test:expr) => {
        match $crate::support::browser::chromium_or_skip($test) {
            Some(chromium) => chromium,
            None => return,
        }
    };
}

pub(crate) use chromium_or_return;
