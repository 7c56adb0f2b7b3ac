//! A whole replay as one standalone SVG document ([`replay_svg`]), for
//! `mayan solve --explain --format svg` and anywhere a single image is
//! wanted. The steps are laid out as the HTML page flows them: left to
//! right, a new row when the next step does not fit, each step's text above
//! its panels and the panels of a row level with each other.
//!
//! SVG does not wrap text, so lines are cut at an estimated width (see
//! `wrap`). Only layout; the panels are drawn by `svg`, what they show is
//! decided in `replay`. Built with maud's `html!` (see `svg` on how it
//! writes SVG), so every text is escaped by construction.

use maud::{Markup, PreEscaped, html};

use super::markup::finish;
use super::svg::{FONTS, PANEL_HEIGHT, PANEL_WIDTH, board};
use super::{Replay, Step, moves_text, step_attributes};

/// Space between panels and steps, around the document, and between lines.
const GAP: i32 = 14;
const STEP_GAP: i32 = 34;
const MARGIN: i32 = 18;
const LINE: i32 = 21;
/// Widest a row may be, in panels, unless one step alone has more.
const ROW_PANELS: usize = 4;
/// Estimated width of a character of 16px bold text, in tenths of a pixel.
const CHAR_TENTHS: i32 = 95;

/// Text cut into lines of at most `width` characters, at spaces where it can
/// be.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            let mut word: Vec<char> = word.chars().collect();
            while word.len() > width {
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                lines.push(word.drain(..width).collect());
            }
            let word: String = word.into_iter().collect();
            let len = line.chars().count();
            if len > 0 && len + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines
}

/// Width of `k` panels side by side.
fn panels_width(k: usize) -> i32 {
    k as i32 * (PANEL_WIDTH + GAP) - GAP
}

/// Characters of text that fit in `width` pixels.
fn chars_in(width: i32) -> usize {
    (width * 10 / CHAR_TENTHS).max(1) as usize
}

/// A step measured for the layout: its width and its lines of text.
struct Measured<'a> {
    step: &'a Step,
    width: i32,
    text: Vec<String>,
    message: Vec<String>,
}

/// A step's width (its panels, two panels' room for a refusal's message)
/// and its text cut to it.
fn measure(step: &Step, row_width: i32) -> Measured<'_> {
    let mut width = panels_width(step.panels.len().max(1));
    if step.message.is_some() {
        width = width.max(panels_width(2)).min(row_width);
    }
    let chars = chars_in(width);
    let message = step
        .message
        .as_ref()
        .map(|m| wrap(&format!("refused: {m}"), chars))
        .unwrap_or_default();
    Measured {
        step,
        width,
        text: wrap(&step.text, chars),
        message,
    }
}

/// `lines` of text from `(x, y)` down, one `LINE` apart.
fn text_lines(class: &str, lines: &[String], (x, y): (i32, i32)) -> Markup {
    let (size, weight, style) = match class {
        "title" => ("21", Some("bold"), None),
        "moves" => ("15", None, None),
        "message" => ("15", None, Some("italic")),
        _ => ("16", Some("bold"), None),
    };
    let below = (1..).map(|k| y + k * LINE);
    html! {
        @for (line, y) in lines.iter().zip(below) {
            text class=(class) x=(x) y=(y) font-size=(size) font-weight=[weight]
                font-style=[style] { (line) }
        }
    }
}

/// One row of steps from `y`: the texts at the top, the panels level below
/// the tallest text. Returns the row and the `y` under it.
fn row_svg(row: &[Measured], y: i32) -> (Markup, i32) {
    let lines = |m: &Measured| (m.text.len() + m.message.len()) as i32;
    let text_height = row.iter().map(lines).max().unwrap_or(0) * LINE;
    let panels_top = y + text_height + 8;
    let any_panel = row.iter().any(|m| !m.step.panels.is_empty());
    let lefts = row.iter().scan(MARGIN, |x, m| {
        let left = *x;
        *x += m.width + STEP_GAP;
        Some(left)
    });
    let markup = html! {
        @for (m, x) in row.iter().zip(lefts) {
            @let a = step_attributes(m.step);
            @let below = y + m.text.len() as i32 * LINE;
            g class=(a.class) data-move=[a.number] data-waves=[a.waves] data-blocks=[a.blocks] {
                (text_lines("step-text", &m.text, (x, y)))
                (text_lines("message", &m.message, (x, below)))
                @for (i, panel) in m.step.panels.iter().enumerate() {
                    (board(panel, Some((x + i as i32 * (PANEL_WIDTH + GAP), panels_top))))
                }
            }
        }
    };
    let under = panels_top + if any_panel { PANEL_HEIGHT } else { 0 } + GAP;
    (markup, under)
}

/// The steps in rows no wider than `row_width`.
fn rows(replay: &Replay, row_width: i32) -> Vec<Vec<Measured<'_>>> {
    let mut rows: Vec<Vec<Measured>> = Vec::new();
    let mut used = row_width;
    for step in &replay.steps {
        let m = measure(step, row_width);
        if used + STEP_GAP + m.width > row_width {
            rows.push(Vec::new());
            used = m.width;
        } else {
            used += STEP_GAP + m.width;
        }
        rows.last_mut().expect("a row was just opened").push(m);
    }
    rows
}

/// A whole replay as one standalone SVG document: the title and the moves,
/// then the steps in rows, each step's text above its panels.
pub fn replay_svg(replay: &Replay) -> String {
    let most = replay
        .steps
        .iter()
        .map(|s| s.panels.len())
        .max()
        .unwrap_or(1);
    let row_width = panels_width(most.max(ROW_PANELS));
    let width = row_width + 2 * MARGIN;
    let title = wrap(&replay.title, chars_in(row_width) * 3 / 4);
    let moves = format!("moves: {}", moves_text(&replay.moves));
    let moves = wrap(&moves, chars_in(row_width));
    // The title's lines from 4 down, the moves' 6 under them, the steps'
    // 10 under those.
    let moves_top = 4 + title.len() as i32 * LINE + 6;
    let mut y = moves_top + moves.len() as i32 * LINE + 10;
    let mut drawn = Vec::new();
    for row in rows(replay, row_width) {
        let (markup, under) = row_svg(&row, y);
        drawn.push(markup);
        y = under + GAP;
    }
    let height = y + MARGIN;
    finish(html! {
        (PreEscaped("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        svg xmlns="http://www.w3.org/2000/svg" class="replay" data-outcome=(replay.outcome.name())
            data-moves=(replay.moves.len()) width=(width) height=(height)
            viewBox={ "0 0 " (width) " " (height) } font-family=(FONTS) {
            title { (replay.title) }
            rect width="100%" height="100%" fill="#fff" {}
            (text_lines("title", &title, (MARGIN, 4)))
            (text_lines("moves", &moves, (MARGIN, moves_top)))
            @for row in &drawn { (row) }
        }
        "\n"
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::replay;
    use crate::puzzle::board::Board;
    use crate::puzzle::dialect::NullSwaps;
    use crate::puzzle::rules::RawMove;

    fn sample() -> Board {
        Board::from_columns(&[
            vec![1u8],
            vec![2, 1],
            vec![2, 3, 4],
            vec![3, 1],
            vec![2, 4, 3, 4],
        ])
        .unwrap()
    }

    const SAMPLE_ANSWER: [RawMove; 3] = [
        RawMove { x: 2, y: 1, g: 1 },
        RawMove { x: 3, y: 1, g: 1 },
        RawMove { x: 3, y: 0, g: 1 },
    ];

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("x\ny", 10), ["x", "y"]);
    }

    #[test]
    fn short_steps_share_a_row_and_long_ones_start_a_new_one() {
        let r = replay(
            "sample",
            &sample(),
            &SAMPLE_ANSWER,
            NullSwaps::Include,
            None,
        );
        let rows = rows(&r, panels_width(ROW_PANELS));
        let sizes: Vec<usize> = rows.iter().map(Vec::len).collect();
        // start, move 1, move 2 | move 3 (four panels) | the end (text only).
        assert_eq!(sizes, [3, 1, 1]);
        for row in &rows {
            let used: i32 =
                row.iter().map(|m| m.width).sum::<i32>() + STEP_GAP * (row.len() as i32 - 1);
            assert!(used <= panels_width(ROW_PANELS), "{used}");
        }
    }

    #[test]
    fn a_standalone_document_declares_its_namespace_once() {
        let r = replay("t", &sample(), &[], NullSwaps::Include, None);
        let svg = replay_svg(&r);
        assert!(svg.starts_with(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""
        ));
        assert_eq!(svg.matches("xmlns=").count(), 1);
        assert!(svg.contains("moves: none"));
    }

    #[test]
    fn a_move_of_k_waves_draws_k_plus_one_panels_and_marks_them() {
        let r = replay(
            "sample",
            &sample(),
            &SAMPLE_ANSWER,
            NullSwaps::Include,
            None,
        );
        let svg = replay_svg(&r);
        // The start, 1 + 1 + 4 panels of moves; a cleared end has no panel.
        assert_eq!(svg.matches("<svg class=\"board").count(), 1 + 1 + 1 + 4);
        assert_eq!(svg.matches("<svg class=\"board wave\"").count(), 3);
        assert!(svg.contains("<g class=\"step move\" data-move=\"3\" data-waves=\"3\">"));
        assert!(svg.contains("<g class=\"step end\" data-blocks=\"0\">"));
        assert_eq!(svg.matches("<g class=\"arrow drag\">").count(), 3);
        // All three moves are swaps: two rings each.
        assert_eq!(svg.matches("<g class=\"moved-ring\"").count(), 6);
        assert_eq!(svg.matches("<path class=\"hatch\"").count(), 12);
        assert!(svg.contains("data-outcome=\"cleared\""));
    }

    #[test]
    fn an_illegal_move_is_marked_with_the_message() {
        let moves = [SAMPLE_ANSWER[0], RawMove { x: 4, y: 2, g: 1 }];
        let message = Some("move 2 leaves the board");
        let r = replay("theirs", &sample(), &moves, NullSwaps::Include, message);
        let svg = replay_svg(&r);
        assert!(
            svg.contains("<g class=\"step illegal\" data-move=\"2\">"),
            "{svg}"
        );
        assert!(svg.contains("<g class=\"illegal-mark\" data-x=\"4\" data-y=\"2\">"));
        assert!(svg.contains("<g class=\"arrow refused\">"));
        assert!(svg.contains(">refused: move 2 leaves the board</text>"));
        assert!(svg.contains("data-outcome=\"illegal\""));
    }

    #[test]
    fn hostile_text_stays_text() {
        let hostile = "</svg><script>alert(1)</script>\u{1b}";
        let moves = [RawMove { x: 0, y: 0, g: 5 }];
        let r = replay(
            hostile,
            &sample(),
            &moves,
            NullSwaps::Include,
            Some(hostile),
        );
        let svg = replay_svg(&r);
        assert!(!svg.contains("<script"));
        assert!(!svg.contains('\u{1b}'));
        assert!(svg.contains("&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;\u{FFFD}"));
        assert_eq!(svg.matches("</svg>").count(), svg.matches("<svg").count());
    }
}
