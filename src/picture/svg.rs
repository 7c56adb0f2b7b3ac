//! Drawing in SVG: one board panel ([`board_svg`]) and a colour's swatch for
//! a legend ([`swatch_svg`]).
//!
//! A panel is a 5x7 grid with its axes labelled as the text pictures are
//! (`x` 0..4 under the grid, `y` 0..6 beside it, `y = 0` at the bottom) and a
//! caption above. Each block is a rounded square in its colour's fill with
//! its colour number and shape mark in the contrasting ink
//! ([`palette`](super::palette)). Dragged blocks get a thick solid ring and an
//! arrow from where the block was to where it went; blocks about to vanish a
//! dashed outline and cross-hatching; a move that may not be made a dotted
//! ring, a "!" badge and an arrow in its direction. Every mark has a shape,
//! not only a colour, so grey print keeps it. Styling is by presentation
//! attributes, so a panel looks the same inline in a page and alone.
//!
//! Only drawing; what a panel shows is decided in `replay`, the layout of a
//! whole replay in `document` (SVG) and `page` (HTML). Built with maud's
//! `html!`, so the caption is escaped by construction; an SVG element
//! without content is written with its end tag (`<rect …></rect>`), as
//! maud writes no `/>`, which XML and HTML read alike. The marks over the
//! blocks are drawn by `marks`.

mod marks;

use std::fmt::Write;
use std::sync::LazyLock;

use maud::{Markup, html};

use super::markup::finish;
use super::palette::{look_of, shape_path};
use super::{Cell, Panel, Stage};
use crate::puzzle::board::{HEIGHT, WIDTH};
use marks::{arrow, drag_points, hatch, moved_ring, refusal_mark};

/// Side of a cell, in pixels.
const CELL: i32 = 44;
/// Room left of the grid (the `y` labels), above it (the caption), right of
/// it (a refused move's arrow) and below it (the `x` labels).
const LEFT: i32 = 30;
const TOP: i32 = 30;
const RIGHT: i32 = 24;
const BOTTOM: i32 = 26;
/// Size of a whole panel.
pub const PANEL_WIDTH: i32 = LEFT + CELL * WIDTH as i32 + RIGHT;
pub const PANEL_HEIGHT: i32 = TOP + CELL * HEIGHT as i32 + BOTTOM;
/// The block inside its cell: inset and corner radius.
const INSET: i32 = 2;
const RADIUS: i32 = 7;

pub(super) const FONTS: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
/// Empty cells and lines: light enough to print as near white.
const EMPTY_FILL: &str = "#f2f2f2";
const GRID_LINE: &str = "#c8c8c8";
const LABEL: &str = "#444444";

/// The top-left corner of cell `(x, y)`.
fn corner((x, y): Cell) -> (i32, i32) {
    (LEFT + CELL * x as i32, TOP + CELL * (HEIGHT - 1 - y) as i32)
}

/// True when `cell` is on the board; marks elsewhere are not drawn.
fn on_board((x, y): Cell) -> bool {
    x < WIDTH && y < HEIGHT
}

/// One panel as an `<svg class="board">` element, for a page.
pub fn board_svg(panel: &Panel) -> String {
    finish(board(panel, None))
}

/// One panel, placed at `at` inside an enclosing SVG when given.
pub(crate) fn board(panel: &Panel, at: Option<(i32, i32)>) -> Markup {
    let blocks = panel.board.block_count();
    let wave = match panel.stage {
        Stage::Wave(k) => Some(k),
        _ => None,
    };
    let drag = panel.drag.filter(|d| on_board(d.from) && on_board(d.to));
    html! {
        svg class={ "board" @if wave.is_some() { " wave" } } data-stage=(panel.stage.name())
            data-wave=[wave] data-blocks=(blocks) x=[at.map(|a| a.0)] y=[at.map(|a| a.1)]
            width=(PANEL_WIDTH) height=(PANEL_HEIGHT)
            viewBox={ "0 0 " (PANEL_WIDTH) " " (PANEL_HEIGHT) } font-family=(FONTS) role="img"
            aria-label={ (panel.caption) ": " (blocks) " blocks" } {
            title { (panel.caption) }
            (*GRID)
            (pieces(panel))
            @for &cell in panel.moved.iter().filter(|&&c| on_board(c)) {
                (moved_ring(cell))
            }
            @if let Some(drag) = drag {
                (arrow("drag", &drag_points(drag)))
            }
            @if let Some(refusal) = panel.refusal {
                (refusal_mark(refusal))
            }
            text.caption x=(LEFT) y="20" font-size="15" font-weight="bold" fill="#000" {
                (panel.caption)
            }
        }
    }
}

/// The empty cells, the frame and the axis labels: the inner lines as one
/// path, the labels in one group that holds their style. The same for
/// every panel, so made once.
static GRID: LazyLock<Markup> = LazyLock::new(|| {
    let (w, h) = (CELL * WIDTH as i32, CELL * HEIGHT as i32);
    let mut lines = String::new();
    for x in 1..WIDTH as i32 {
        let _ = write!(lines, "M{} {TOP}V{}", LEFT + CELL * x, TOP + h);
    }
    for y in 1..HEIGHT as i32 {
        let _ = write!(lines, "M{LEFT} {}H{}", TOP + CELL * y, LEFT + w);
    }
    html! {
        g.grid {
            rect x=(LEFT) y=(TOP) width=(w) height=(h) fill=(EMPTY_FILL) stroke="#888"
                stroke-width="1.5" {}
            path d=(lines) stroke=(GRID_LINE) fill="none" {}
            g font-size="13" fill=(LABEL) text-anchor="middle" {
                @for x in 0..WIDTH {
                    text.axis-x x=(corner((x, 0)).0 + CELL / 2) y=(TOP + h + 18) { (x) }
                }
                @for y in 0..HEIGHT {
                    text.axis-y x=(LEFT - 13) y=(corner((0, y)).1 + CELL / 2 + 5) { (y) }
                }
            }
        }
    }
});

/// Side of a block, inside its cell.
const SIDE: i32 = CELL - 2 * INSET;

/// The blocks: each its square, shape mark and number, hatched when it is
/// about to vanish. What every block's number shares is said once, on
/// their group.
fn pieces(panel: &Panel) -> Markup {
    let cells = (0..WIDTH).flat_map(|x| (0..panel.board.height(x)).map(move |y| (x, y)));
    html! {
        g.pieces font-size="21" font-weight="bold" text-anchor="middle" {
            @for cell in cells {
                @let colour = panel.board.get(cell.0, cell.1);
                @let look = look_of(colour);
                @let vanishing = panel.vanishing.contains(&cell);
                @let (px, py) = corner(cell);
                @let (bx, by) = (px + INSET, py + INSET);
                // A halo of the fill keeps the number readable over the
                // hatching.
                @let halo = vanishing.then_some(look.fill);
                g class=(block_class(panel.moved.contains(&cell), vanishing))
                    data-x=(cell.0) data-y=(cell.1) data-colour=(colour) {
                    title {
                        "colour " (colour) " (" (look.name) ") at (" (cell.0) ", " (cell.1) ")"
                        @if vanishing { ", about to vanish" }
                    }
                    rect x=(bx) y=(by) width=(SIDE) height=(SIDE) rx=(RADIUS) fill=(look.fill)
                        stroke="#333" {}
                    path d=(shape_path(look.shape, f64::from(bx + 4), f64::from(by + 4), 10.0))
                        fill=(look.ink) fill-rule="evenodd" {}
                    @if vanishing {
                        (hatch(bx, by, look.ink))
                    }
                    text x=(px + CELL / 2 + 3) y=(py + CELL / 2 + 9) fill=(look.ink) stroke=[halo]
                        stroke-width=[halo.map(|_| "5")] paint-order=[halo.map(|_| "stroke")] {
                        (colour)
                    }
                }
            }
        }
    }
}

/// The class of a block's group.
fn block_class(moved: bool, vanishing: bool) -> &'static str {
    match (moved, vanishing) {
        (true, true) => "block moved vanishing",
        (true, false) => "block moved",
        (false, true) => "block vanishing",
        (false, false) => "block",
    }
}

/// A lone block of `colour` with its number and mark, for a legend.
pub fn swatch_svg(colour: u8) -> String {
    finish(swatch(colour))
}

/// [`swatch_svg`], as markup.
pub(super) fn swatch(colour: u8) -> Markup {
    let look = look_of(colour);
    html! {
        svg.swatch data-colour=(colour) width=(SIDE) height=(SIDE)
            viewBox={ "0 0 " (SIDE) " " (SIDE) } font-family=(FONTS) aria-hidden="true" {
            rect x="0.5" y="0.5" width=(SIDE - 1) height=(SIDE - 1) rx=(RADIUS) fill=(look.fill)
                stroke="#333" {}
            path d=(shape_path(look.shape, 4.0, 4.0, 10.0)) fill=(look.ink)
                fill-rule="evenodd" {}
            text x=(SIDE / 2 + 3) y=(SIDE / 2 + 7) font-size="21" font-weight="bold"
                text-anchor="middle" fill=(look.ink) { (colour) }
        }
    }
}

#[cfg(test)]
mod tests;
