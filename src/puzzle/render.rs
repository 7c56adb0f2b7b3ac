//! Drawing boards for people: `mayan solve --explain` and the checker's
//! messages. A move is drawn as a row of grids: the board after the block was
//! dragged, then after each wave of eliminations. Cells about to vanish are
//! shown in parentheses, the dragged blocks in brackets; in colour mode each
//! colour also gets its own background.
//!
//! Formatting only: deciding whether to use colour (terminal, `NO_COLOR`) is the
//! caller's business.

use crate::puzzle::board::{Board, HEIGHT, WIDTH};
use crate::puzzle::rules::{Dir, MoveTrace};

/// One grid of a row, with its caption and marked cells.
pub struct Panel<'a> {
    pub title: String,
    pub board: &'a Board,
    /// Cells drawn as `[c]`.
    pub moved: Vec<(usize, usize)>,
    /// Cells drawn as `(c)`.
    pub vanishing: Vec<(usize, usize)>,
}

/// Width of one drawn grid in columns of text: "y |" and four per cell.
const PANEL_WIDTH: usize = 3 + 4 * WIDTH;
const GAP: &str = "    ";

/// ANSI background for each colour 1..=10 (index 0 unused).
const BACKGROUND: [&str; 11] = [
    "", "41", "42", "43", "44", "45", "46", "101", "102", "104", "105",
];

fn cell(board: &Board, x: usize, y: usize, panel: &Panel, colour: bool) -> String {
    let c = board.get(x, y);
    if c == 0 {
        return "   .".to_string();
    }
    let text = if panel.vanishing.contains(&(x, y)) {
        format!("({c})")
    } else if panel.moved.contains(&(x, y)) {
        format!("[{c}]")
    } else {
        format!("{c}")
    };
    let text = format!("{text:>4}");
    if colour {
        format!("\x1b[30;{}m{text}\x1b[0m", BACKGROUND[c as usize])
    } else {
        text
    }
}

/// Draws panels side by side, top row first, with captions above.
pub fn draw_row(panels: &[Panel], colour: bool) -> String {
    let mut lines: Vec<String> = vec![String::new(); HEIGHT + 3];
    for (i, panel) in panels.iter().enumerate() {
        let gap = if i == 0 { "" } else { GAP };
        let title: String = panel.title.chars().take(PANEL_WIDTH).collect();
        lines[0].push_str(&format!("{gap}{title:<PANEL_WIDTH$}"));
        for (row, y) in (0..HEIGHT).rev().enumerate() {
            let cells: String = (0..WIDTH)
                .map(|x| cell(panel.board, x, y, panel, colour))
                .collect();
            lines[row + 1].push_str(&format!("{gap}{y} |{cells}"));
        }
        lines[HEIGHT + 1].push_str(&format!("{gap}  +{}", "-".repeat(4 * WIDTH)));
        let axis: String = (0..WIDTH).map(|x| format!("{x:>4}")).collect();
        lines[HEIGHT + 2].push_str(&format!("{gap}   {axis}"));
    }
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The cells a dragged block and its partner occupy after the drag.
fn moved_cells(trace: &MoveTrace, before: &Board) -> Vec<(usize, usize)> {
    let mv = trace.mv;
    let (x, y, tx) = (mv.x as usize, mv.y as usize, mv.target_x());
    if before.height(tx) > y {
        vec![(x, y), (tx, y)]
    } else {
        vec![(tx, trace.shifted.height(tx) - 1)]
    }
}

/// Draws one move: what it does in words, then the board at each stage.
pub fn draw_move(number: usize, before: &Board, trace: &MoveTrace, colour: bool) -> String {
    let mv = trace.mv;
    let (x, y, tx) = (mv.x as usize, mv.y as usize, mv.target_x());
    let side = if mv.dir == Dir::Right {
        "right"
    } else {
        "left"
    };
    let what = if before.height(tx) > y {
        format!("swaps with ({tx}, {y})")
    } else {
        format!("drops into column {tx}")
    };
    let waves = match trace.waves.len() {
        0 => "nothing vanishes".to_string(),
        1 => format!("{} blocks vanish", trace.waves[0].0.len()),
        k => format!("{k} waves of eliminations"),
    };
    let mut out = format!("move {number}: {mv}  ({x}, {y}) goes {side}, {what}; {waves}\n");
    let mut panels = vec![Panel {
        title: "after the drag".to_string(),
        board: &trace.shifted,
        moved: moved_cells(trace, before),
        vanishing: trace.waves.first().map(|w| w.0.clone()).unwrap_or_default(),
    }];
    for (i, (_, board)) in trace.waves.iter().enumerate() {
        panels.push(Panel {
            title: format!("after wave {}", i + 1),
            board,
            moved: Vec::new(),
            vanishing: trace
                .waves
                .get(i + 1)
                .map(|w| w.0.clone())
                .unwrap_or_default(),
        });
    }
    out.push_str(&draw_row(&panels, colour));
    out
}

/// Draws a lone board with a caption.
pub fn draw_board(title: &str, board: &Board, colour: bool) -> String {
    let panel = Panel {
        title: title.to_string(),
        board,
        moved: Vec::new(),
        vanishing: Vec::new(),
    };
    draw_row(&[panel], colour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rules::{RawMove, trace};

    #[test]
    fn draws_a_move_with_its_waves_side_by_side() {
        let before = Board::from_columns(&[
            vec![1u8],
            vec![2, 1],
            vec![2, 3, 4],
            vec![3, 1],
            vec![2, 4, 3, 4],
        ])
        .unwrap();
        let t = trace(&before, RawMove { x: 2, y: 1, g: 1 }).unwrap();
        let text = draw_move(1, &before, &t, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "move 1: 2 1 1  (2, 1) goes right, swaps with (3, 1); nothing vanishes"
        );
        assert_eq!(lines[1].trim_end(), "after the drag");
        assert_eq!(lines[6], "2 |   .   .   4   .   3");
        assert_eq!(lines[7], "1 |   .   1 [1] [3]   4");
        assert_eq!(lines[8], "0 |   1   2   2   3   2");
        assert_eq!(lines[10], "      0   1   2   3   4");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn colour_mode_uses_ansi_backgrounds() {
        let board = Board::from_columns(&[vec![3u8], vec![], vec![], vec![], vec![]]).unwrap();
        let text = draw_board("start", &board, true);
        assert!(text.contains("\x1b[30;43m   3\x1b[0m"), "{text}");
    }
}
