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

use std::path::Path;
use std::process::Command;

use crate::support::browser::{Tag, blocks_of, boards, chromium_or_return, dump_dom, open};
use mayan_judge::picture::page::{legend_html, page, replay_html, side_by_side};
use mayan_judge::picture::{replay, solution_replay};
use mayan_judge::puzzle::board::Board;
use mayan_judge::puzzle::case::parse_case;
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps};
use mayan_judge::puzzle::rules::RawMove;

// ---- making pages ----

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
