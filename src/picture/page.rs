//! The HTML around the panels: a replay as a `<section>` ([`replay_html`]),
//! replays side by side ([`side_by_side`]), a legend of the colours
//! ([`legend_html`]) and a whole self-contained page ([`page`]), each also
//! as maud markup for the crate's own pages (the judge's report).
//!
//! A page needs nothing outside itself: the style is inline, there is no
//! script, no font or image to fetch, and its Content-Security-Policy forbids
//! fetching anything should something slip in. Its `@media print` rules keep
//! a step on one sheet and black text on white. Built with maud's `html!`,
//! so every text is escaped by construction; only the fixed style and
//! markup maud made are written as they are. Not responsible for what the
//! panels show (`replay`) or how they are drawn (`svg`).

use maud::{DOCTYPE, Markup, PreEscaped, Render, html};

use super::markup::finish;
use super::svg::{board, swatch};
use super::{Replay, Stage, moves_text, step_attributes};
use crate::puzzle::board::MAX_COLOUR;

/// The page's style. Steps flow in rows, their boards level at the bottom;
/// a step is as wide as its boards (`width: max-content`) and its heading
/// wraps within them (`width: 0; min-width: 100%`), but for the end's words,
/// which may stand alone. Print: the same in black on white, a step never
/// split between sheets.
const STYLE: &str = "\
:root{color-scheme:light}\
body{font-family:'DejaVu Sans',Verdana,Arial,Helvetica,sans-serif;color:#000;background:#fff;margin:1.5em;line-height:1.35}\
h1{font-size:1.5em;margin:0 0 .4em}\
h2{font-size:1.25em;margin:.2em 0 .3em}\
h3{font-size:1.05em;margin:.9em 0 .3em}\
.moves{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;margin:.2em 0 .6em}\
.steps{display:flex;flex-wrap:wrap;gap:.4em 2.2em;align-items:flex-end}\
.step{width:max-content;max-width:100%}\
.step h3{width:0;min-width:100%}\
.step.end h3{width:auto}\
.step.illegal{max-width:min(100%,40em)}\
.step.illegal h3::before{content:'\\2715\\00a0'}\
.panels{display:flex;flex-wrap:wrap;gap:10px}\
.panels svg{max-width:100%;height:auto}\
.message{margin:.2em 0 .5em;padding:.4em .7em;border:2px dashed #000;font-style:italic;white-space:pre-wrap;overflow-wrap:anywhere}\
.side-by-side{display:flex;flex-wrap:wrap;gap:2.5em;align-items:flex-start}\
.side-by-side>.replay{flex:1 1 30em;min-width:0}\
.side-by-side .panels svg{width:200px}\
.legend{display:flex;flex-wrap:wrap;gap:.4em 1.1em;margin:.3em 0 1em;padding:0;list-style:none}\
.legend li{display:flex;align-items:center;gap:.4em}\
.legend svg{width:28px;height:28px}\
@media print{\
@page{margin:12mm}\
body{margin:0;font-size:10pt}\
h3{font-size:10pt}\
*{print-color-adjust:exact;-webkit-print-color-adjust:exact}\
.step{break-inside:avoid;page-break-inside:avoid}\
h2,h3,.moves{break-after:avoid;page-break-after:avoid}\
.side-by-side{display:block}\
.panels svg,.side-by-side .panels svg{width:42mm;height:auto}\
}";

/// What `<meta http-equiv="Content-Security-Policy">` allows: inline style,
/// nothing fetched, nothing run.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";

/// A whole page: `title` (escaped) and `body`, markup made by this
/// module's functions ([`replay_html`], [`legend_html`], [`side_by_side`])
/// and what the caller wraps them in; it is written as it is. The crate's
/// own pages use [`document`], which takes maud markup.
pub fn page(title: &str, body: &str) -> String {
    document(title, "", PreEscaped(body))
}

/// A whole page: `title` (escaped) and `body`, with `style` (the caller's
/// own fixed CSS, never text from others) after this module's, finished
/// (`markup::finish`).
pub fn document(title: &str, style: &'static str, body: impl Render) -> String {
    finish(html! {
        (DOCTYPE) "\n"
        html lang="en" {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(POLICY);
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(STYLE)) (PreEscaped(style)) }
            }
            body { (body) }
        }
        "\n"
    })
}

/// One replay as a `<section class="replay">`: title, moves, then each step's
/// text over its panels, the steps side by side as far as the width allows.
pub fn replay_html(replay: &Replay) -> String {
    finish(section(replay, true))
}

/// [`replay_html`], as markup.
pub fn replay_section(replay: &Replay) -> Markup {
    section(replay, true)
}

/// [`replay_html`], with the title as its heading or without it (when the
/// page's heading says it).
fn section(replay: &Replay, titled: bool) -> Markup {
    html! {
        section.replay data-outcome=(replay.outcome.name()) data-moves=(replay.moves.len()) {
            @if titled {
                h2 { (replay.title) }
            }
            p.moves { "moves: " (moves_text(&replay.moves)) }
            div.steps {
                @for step in &replay.steps {
                    @let a = step_attributes(step);
                    div class=(a.class) data-move=[a.number] data-waves=[a.waves]
                        data-blocks=[a.blocks] {
                        h3 { (step.text) }
                        @if let Some(message) = &step.message {
                            p.message { (message) }
                        }
                        div.panels {
                            @for panel in &step.panels {
                                (board(panel, None))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Replay sections (from [`replay_html`]) next to each other where the
/// page is wide enough, one under the other where not and in print.
pub fn side_by_side(sections: &[String]) -> String {
    let sections: Vec<PreEscaped<&str>> = sections.iter().map(|s| PreEscaped(s.as_str())).collect();
    finish(side_by_side_markup(&sections))
}

/// [`side_by_side`], of markup.
pub fn side_by_side_markup(sections: &[impl Render]) -> Markup {
    html! {
        div.side-by-side {
            @for section in sections {
                (section)
            }
        }
    }
}

/// The colours on the starting boards of `replays`, in order.
pub fn colours_used(replays: &[&Replay]) -> Vec<u8> {
    let mut seen = [false; MAX_COLOUR as usize + 1];
    for panel in replays
        .iter()
        .flat_map(|r| r.panels())
        .filter(|p| p.stage == Stage::Start)
    {
        for (c, &count) in panel.board.colour_counts().iter().enumerate() {
            seen[c] |= count > 0;
        }
    }
    (1..=MAX_COLOUR).filter(|&c| seen[usize::from(c)]).collect()
}

/// A key to the colours: each one's block, number and name.
pub fn legend_html(colours: &[u8]) -> String {
    finish(legend(colours))
}

/// [`legend_html`], as markup.
pub fn legend(colours: &[u8]) -> Markup {
    html! {
        ul.legend aria-label="colours" {
            @for &c in colours {
                li { (swatch(c)) span { (c) " " (super::palette::look_of(c).name) } }
            }
        }
    }
}

/// A page holding one replay and the legend of its colours.
pub fn replay_page(replay: &Replay) -> String {
    let body = html! {
        h1 { (replay.title) }
        (legend(&colours_used(&[replay])))
        (section(replay, false))
    };
    document(&replay.title, "", body)
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

    const HOSTILE: &str = "</svg><script>alert(1)</script><img src=\"http://x/\">";

    #[test]
    fn a_page_is_self_contained() {
        let r = replay(
            "t",
            &sample(),
            &[RawMove { x: 2, y: 1, g: 1 }],
            NullSwaps::Include,
            None,
        );
        let html = replay_page(&r);
        assert!(
            html.starts_with("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        );
        for banned in [
            "<script", "<link", "<img", "url(", "@import", "src=", "href=",
        ] {
            assert!(!html.contains(banned), "{banned}");
        }
        assert!(html.contains("@media print"));
        assert!(html.contains("default-src 'none'"));
    }

    #[test]
    fn hostile_text_is_escaped_everywhere() {
        let moves = [RawMove { x: 0, y: 6, g: 1 }];
        let r = replay(
            HOSTILE,
            &sample(),
            &moves,
            NullSwaps::Include,
            Some(HOSTILE),
        );
        let html = replay_page(&r);
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;/svg&gt;&lt;script&gt;"));
        assert_eq!(html.matches("</svg>").count(), html.matches("<svg").count());
    }

    #[test]
    fn a_section_has_a_div_per_step_and_an_svg_per_panel() {
        let moves = [RawMove { x: 2, y: 1, g: 1 }, RawMove { x: 9, y: 0, g: 1 }];
        let r = replay("t", &sample(), &moves, NullSwaps::Include, None);
        let html = replay_html(&r);
        assert_eq!(html.matches("<div class=\"step ").count(), r.steps.len());
        assert_eq!(
            html.matches("<svg class=\"board").count(),
            r.panels().count()
        );
        assert!(html.contains("<div class=\"step illegal\" data-move=\"2\">"));
        assert!(html.contains("data-outcome=\"illegal\""));
    }

    #[test]
    fn the_legend_lists_the_start_colours() {
        let r = replay("t", &sample(), &[], NullSwaps::Include, None);
        assert_eq!(colours_used(&[&r]), [1, 2, 3, 4]);
        let legend = legend_html(&[1, 4]);
        assert_eq!(legend.matches("class=\"swatch\"").count(), 2);
        assert!(legend.contains("4 dark blue"));
    }
}
