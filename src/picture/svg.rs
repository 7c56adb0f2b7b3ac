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
//! whole replay in `document` (SVG) and `page` (HTML).

use std::fmt::Write;

use super::palette::{look_of, shape_path};
use super::{Cell, Drag, Panel, Refusal, Stage, escape};
use crate::puzzle::board::{HEIGHT, WIDTH};
use crate::puzzle::rules::Dir;

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
    board_svg_at(panel, None)
}

/// One panel, placed at `at` inside an enclosing SVG when given.
pub(super) fn board_svg_at(panel: &Panel, at: Option<(i32, i32)>) -> String {
    let blocks = panel.board.block_count();
    let (class, wave) = match panel.stage {
        Stage::Wave(k) => (" wave", format!(" data-wave=\"{k}\"")),
        _ => ("", String::new()),
    };
    let place = at.map_or(String::new(), |(x, y)| format!(" x=\"{x}\" y=\"{y}\""));
    let caption = escape(&panel.caption);
    let mut out = format!(
        "<svg class=\"board{class}\" data-stage=\"{}\"{wave} data-blocks=\"{blocks}\"{place} \
         width=\"{PANEL_WIDTH}\" height=\"{PANEL_HEIGHT}\" viewBox=\"0 0 {PANEL_WIDTH} {PANEL_HEIGHT}\" \
         font-family=\"{FONTS}\" role=\"img\" aria-label=\"{caption}: {blocks} blocks\">\
         <title>{caption}</title>",
        panel.stage.name()
    );
    grid(&mut out);
    for x in 0..WIDTH {
        for y in 0..panel.board.height(x) {
            block(&mut out, panel, (x, y));
        }
    }
    for &cell in panel.moved.iter().filter(|&&c| on_board(c)) {
        moved_ring(&mut out, cell);
    }
    if let Some(drag) = panel.drag.filter(|d| on_board(d.from) && on_board(d.to)) {
        arrow(&mut out, "drag", &drag_points(drag));
    }
    if let Some(refusal) = panel.refusal {
        refusal_mark(&mut out, refusal);
    }
    let _ = write!(
        out,
        "<text class=\"caption\" x=\"{LEFT}\" y=\"20\" font-size=\"15\" font-weight=\"bold\" fill=\"#000\">{caption}</text></svg>"
    );
    out
}

/// The empty cells, the frame and the axis labels.
fn grid(out: &mut String) {
    let (w, h) = (CELL * WIDTH as i32, CELL * HEIGHT as i32);
    let _ = write!(
        out,
        "<g class=\"grid\"><rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{w}\" height=\"{h}\" fill=\"{EMPTY_FILL}\" stroke=\"#888\" stroke-width=\"1.5\"/>"
    );
    for x in 1..WIDTH as i32 {
        let gx = LEFT + CELL * x;
        let _ = write!(
            out,
            "<line x1=\"{gx}\" y1=\"{TOP}\" x2=\"{gx}\" y2=\"{}\" stroke=\"{GRID_LINE}\"/>",
            TOP + h
        );
    }
    for y in 1..HEIGHT as i32 {
        let gy = TOP + CELL * y;
        let _ = write!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{gy}\" x2=\"{}\" y2=\"{gy}\" stroke=\"{GRID_LINE}\"/>",
            LEFT + w
        );
    }
    let label = format!("font-size=\"13\" fill=\"{LABEL}\" text-anchor=\"middle\"");
    for x in 0..WIDTH {
        let (px, _) = corner((x, 0));
        let _ = write!(
            out,
            "<text class=\"axis-x\" x=\"{}\" y=\"{}\" {label}>{x}</text>",
            px + CELL / 2,
            TOP + h + 18
        );
    }
    for y in 0..HEIGHT {
        let (_, py) = corner((0, y));
        let _ = write!(
            out,
            "<text class=\"axis-y\" x=\"{}\" y=\"{}\" {label}>{y}</text>",
            LEFT - 13,
            py + CELL / 2 + 5
        );
    }
    out.push_str("</g>");
}

/// One block: its square, shape mark and number, hatched when it is about
/// to vanish.
fn block(out: &mut String, panel: &Panel, cell: Cell) {
    let colour = panel.board.get(cell.0, cell.1);
    let look = look_of(colour);
    let vanishing = panel.vanishing.contains(&cell);
    let moved = panel.moved.contains(&cell);
    let class = match (moved, vanishing) {
        (true, true) => "block moved vanishing",
        (true, false) => "block moved",
        (false, true) => "block vanishing",
        (false, false) => "block",
    };
    let (px, py) = corner(cell);
    let (bx, by, side) = (px + INSET, py + INSET, CELL - 2 * INSET);
    let _ = write!(
        out,
        "<g class=\"{class}\" data-x=\"{}\" data-y=\"{}\" data-colour=\"{colour}\">\
         <title>colour {colour} ({}) at ({}, {}){}</title>\
         <rect x=\"{bx}\" y=\"{by}\" width=\"{side}\" height=\"{side}\" rx=\"{RADIUS}\" fill=\"{}\" stroke=\"#333\" stroke-width=\"1\"/>\
         <path d=\"{}\" fill=\"{}\" fill-rule=\"evenodd\"/>",
        cell.0,
        cell.1,
        look.name,
        cell.0,
        cell.1,
        if vanishing { ", about to vanish" } else { "" },
        look.fill,
        shape_path(look.shape, f64::from(bx + 4), f64::from(by + 4), 10.0),
        look.ink,
    );
    if vanishing {
        hatch(out, bx, by, side, look.ink);
    }
    // A halo of the fill keeps the number readable over the hatching.
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"21\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\" \
         stroke=\"{}\" stroke-width=\"{}\" paint-order=\"stroke\">{colour}</text></g>",
        px + CELL / 2 + 3,
        py + CELL / 2 + 9,
        look.ink,
        look.fill,
        if vanishing { 5 } else { 0 },
    );
}

/// Cross-hatching over a block about to vanish, and its dashed outline.
fn hatch(out: &mut String, bx: i32, by: i32, side: i32, ink: &str) {
    let (a, s) = (bx + 3, side - 6);
    let mut d = String::new();
    for c in (6..2 * s).step_by(9) {
        // Lines u + v = c ("/") and u - v = c - s ("\") in the inner square.
        let (u1, u2) = ((c - s).max(0), c.min(s));
        let _ = write!(
            d,
            "M{} {}L{} {}",
            a + u1,
            by + 3 + c - u1,
            a + u2,
            by + 3 + c - u2
        );
        let k = c - s;
        let (v1, v2) = ((-k).max(0), (s - k).min(s));
        let _ = write!(
            d,
            "M{} {}L{} {}",
            a + v1 + k,
            by + 3 + v1,
            a + v2 + k,
            by + 3 + v2
        );
    }
    let _ = write!(
        out,
        "<path class=\"hatch\" d=\"{d}\" stroke=\"{ink}\" stroke-width=\"1.6\" stroke-opacity=\"0.7\" fill=\"none\"/>\
         <rect class=\"vanish-outline\" x=\"{bx}\" y=\"{by}\" width=\"{side}\" height=\"{side}\" rx=\"{RADIUS}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3\"/>\
         <rect x=\"{bx}\" y=\"{by}\" width=\"{side}\" height=\"{side}\" rx=\"{RADIUS}\" fill=\"none\" stroke=\"#000\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>"
    );
}

/// The thick ring around a dragged block: white under black, so it shows on
/// dark and light fills alike.
fn moved_ring(out: &mut String, cell: Cell) {
    let (px, py) = corner(cell);
    let (x, y, side) = (px - 1, py - 1, CELL + 2);
    let _ = write!(
        out,
        "<g class=\"moved-ring\" data-x=\"{}\" data-y=\"{}\">\
         <rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" rx=\"{}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"8\"/>\
         <rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" rx=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"4\"/></g>",
        cell.0,
        cell.1,
        RADIUS + 2,
        RADIUS + 2
    );
}

/// The low line of a cell, under its number, where arrows run.
fn low(cell: Cell) -> (i32, i32) {
    let (px, py) = corner(cell);
    (px + CELL / 2, py + CELL - 9)
}

/// The arrow of a drag: along the row, then down into the landing cell.
fn drag_points(drag: Drag) -> Vec<(i32, i32)> {
    let start = low(drag.from);
    if drag.to.1 == drag.from.1 {
        return vec![start, low(drag.to)];
    }
    let (tx, top) = corner(drag.to);
    vec![start, (tx + CELL / 2, start.1), (tx + CELL / 2, top + 6)]
}

/// A polyline with an arrowhead at its last point, black on a white halo.
fn arrow(out: &mut String, class: &str, points: &[(i32, i32)]) {
    let line: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let line = line.join(" ");
    let (&(ex, ey), &(sx, sy)) = (
        points.last().unwrap_or(&(0, 0)),
        points.iter().rev().nth(1).unwrap_or(&(0, 0)),
    );
    // Unit direction of the last segment (axis-aligned), and its normal.
    let (dx, dy) = ((ex - sx).signum(), (ey - sy).signum());
    let (nx, ny) = (-dy, dx);
    let head = format!(
        "{},{} {},{} {},{}",
        ex + 4 * dx,
        ey + 4 * dy,
        ex - 9 * dx + 7 * nx,
        ey - 9 * dy + 7 * ny,
        ex - 9 * dx - 7 * nx,
        ey - 9 * dy - 7 * ny
    );
    let _ = write!(
        out,
        "<g class=\"arrow {class}\"><polyline points=\"{line}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"8\" stroke-linejoin=\"round\"/>\
         <polygon points=\"{head}\" fill=\"#fff\" stroke=\"#fff\" stroke-width=\"4\" stroke-linejoin=\"round\"/>\
         <polyline points=\"{line}\" fill=\"none\" stroke=\"#000\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>\
         <polygon points=\"{head}\" fill=\"#000\"/></g>"
    );
}

/// The mark of a refused move: a dotted ring and a "!" badge on its cell, and
/// an arrow one cell in its direction (off the board when that is where it
/// goes).
fn refusal_mark(out: &mut String, refusal: Refusal) {
    let Some(cell) = refusal.cell.filter(|&c| on_board(c)) else {
        return;
    };
    let (px, py) = corner(cell);
    let _ = write!(
        out,
        "<g class=\"illegal-mark\" data-x=\"{}\" data-y=\"{}\">\
         <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"9\"/>\
         <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"5\" stroke-dasharray=\"2 3\"/>",
        cell.0,
        cell.1,
        px - 1,
        py - 1,
        CELL + 2,
        CELL + 2,
        RADIUS + 2,
        px - 1,
        py - 1,
        CELL + 2,
        CELL + 2,
        RADIUS + 2
    );
    if let Some(dir) = refusal.dir {
        let (sx, sy) = low(cell);
        let step = if dir == Dir::Right { CELL } else { -CELL };
        arrow(out, "refused", &[(sx, sy), (sx + step * 4 / 5, sy)]);
    }
    let (bx, by) = (px + CELL - 4, py + 4);
    let _ = write!(
        out,
        "<circle cx=\"{bx}\" cy=\"{by}\" r=\"10\" fill=\"#000\" stroke=\"#fff\" stroke-width=\"2\"/>\
         <text x=\"{bx}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">!</text></g>",
        by + 5
    );
}

/// A lone block of `colour` with its number and mark, for a legend.
pub fn swatch_svg(colour: u8) -> String {
    let look = look_of(colour);
    let side = CELL - 2 * INSET;
    format!(
        "<svg class=\"swatch\" data-colour=\"{colour}\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\" \
         font-family=\"{FONTS}\" aria-hidden=\"true\"><rect x=\"0.5\" y=\"0.5\" width=\"{}\" height=\"{}\" rx=\"{RADIUS}\" fill=\"{}\" stroke=\"#333\"/>\
         <path d=\"{}\" fill=\"{}\" fill-rule=\"evenodd\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"21\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{colour}</text></svg>",
        side - 1,
        side - 1,
        look.fill,
        shape_path(look.shape, 4.0, 4.0, 10.0),
        look.ink,
        side / 2 + 3,
        side / 2 + 7,
        look.ink
    )
}

#[cfg(test)]
mod tests;
