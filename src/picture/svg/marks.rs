//! The marks drawn over a panel's blocks (`svg`): the hatching of a block
//! about to vanish, the ring of a dragged block, the arrow of a drag, and
//! the dotted ring, badge and arrow of a move that may not be made. Every
//! mark has a shape, not only a colour, so grey print keeps it. Only
//! geometry and numbers reach this markup, no text from outside.

use std::fmt::Write;

use maud::{Markup, html};

use super::{CELL, RADIUS, SIDE, corner, on_board};
use crate::picture::{Cell, Drag, Refusal};
use crate::puzzle::rules::Dir;

/// Cross-hatching over a block about to vanish, and its dashed outline.
pub(super) fn hatch(bx: i32, by: i32, ink: &str) -> Markup {
    let (a, s) = (bx + 3, SIDE - 6);
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
    html! {
        path.hatch d=(d) stroke=(ink) stroke-width="1.6" stroke-opacity="0.7" fill="none" {}
        rect.vanish-outline x=(bx) y=(by) width=(SIDE) height=(SIDE) rx=(RADIUS) fill="none"
            stroke="#fff" stroke-width="3" {}
        rect x=(bx) y=(by) width=(SIDE) height=(SIDE) rx=(RADIUS) fill="none" stroke="#000"
            stroke-width="3" stroke-dasharray="6 4" {}
    }
}

/// A rounded square `side` wide at `(x, y)`, outlined in `stroke` only.
fn ring(x: i32, y: i32, side: i32, stroke: &str, width: &str, dashes: Option<&str>) -> Markup {
    html! {
        rect x=(x) y=(y) width=(side) height=(side) rx=(RADIUS + 2) fill="none" stroke=(stroke)
            stroke-width=(width) stroke-dasharray=[dashes] {}
    }
}

/// The thick ring around a dragged block: white under black, so it shows on
/// dark and light fills alike.
pub(super) fn moved_ring(cell: Cell) -> Markup {
    let (px, py) = corner(cell);
    let (x, y, side) = (px - 1, py - 1, CELL + 2);
    html! {
        g.moved-ring data-x=(cell.0) data-y=(cell.1) {
            (ring(x, y, side, "#fff", "8", None))
            (ring(x, y, side, "#000", "4", None))
        }
    }
}

/// The low line of a cell, under its number, where arrows run.
fn low(cell: Cell) -> (i32, i32) {
    let (px, py) = corner(cell);
    (px + CELL / 2, py + CELL - 9)
}

/// The arrow of a drag: along the row, then down into the landing cell.
pub(super) fn drag_points(drag: Drag) -> Vec<(i32, i32)> {
    let start = low(drag.from);
    if drag.to.1 == drag.from.1 {
        return vec![start, low(drag.to)];
    }
    let (tx, top) = corner(drag.to);
    vec![start, (tx + CELL / 2, start.1), (tx + CELL / 2, top + 6)]
}

/// A polyline with an arrowhead at its last point, black on a white halo.
pub(super) fn arrow(class: &str, points: &[(i32, i32)]) -> Markup {
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
    html! {
        g class={ "arrow " (class) } {
            polyline points=(line) fill="none" stroke="#fff" stroke-width="8"
                stroke-linejoin="round" {}
            polygon points=(head) fill="#fff" stroke="#fff" stroke-width="4"
                stroke-linejoin="round" {}
            polyline points=(line) fill="none" stroke="#000" stroke-width="3.5"
                stroke-linejoin="round" {}
            polygon points=(head) fill="#000" {}
        }
    }
}

/// The mark of a refused move: a dotted ring and a "!" badge on its cell, and
/// an arrow one cell in its direction (off the board when that is where it
/// goes).
pub(super) fn refusal_mark(refusal: Refusal) -> Markup {
    let Some(cell) = refusal.cell.filter(|&c| on_board(c)) else {
        return Markup::default();
    };
    let (px, py) = corner(cell);
    let (bx, by) = (px + CELL - 4, py + 4);
    let (sx, sy) = low(cell);
    let step = |dir| if dir == Dir::Right { CELL } else { -CELL };
    html! {
        g.illegal-mark data-x=(cell.0) data-y=(cell.1) {
            (ring(px - 1, py - 1, CELL + 2, "#fff", "9", None))
            (ring(px - 1, py - 1, CELL + 2, "#000", "5", Some("2 3")))
            @if let Some(dir) = refusal.dir {
                (arrow("refused", &[(sx, sy), (sx + step(dir) * 4 / 5, sy)]))
            }
            circle cx=(bx) cy=(by) r="10" fill="#000" stroke="#fff" stroke-width="2" {}
            text x=(bx) y=(by + 5) font-size="15" font-weight="bold" text-anchor="middle"
                fill="#fff" { "!" }
        }
    }
}
