use super::*;
use crate::picture::{Drag, Panel, Refusal, replay};
use crate::puzzle::board::Board;
use crate::puzzle::dialect::NullSwaps;
use crate::puzzle::rules::Dir;
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

/// The `(x, y, colour)` of every `<g class="block…">` in `svg`.
fn drawn_blocks(svg: &str) -> Vec<(usize, usize, u8)> {
    let attr = |tag: &str, name: &str| -> String {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[start..].split('"').next().unwrap().to_string()
    };
    svg.split("<g class=\"block")
        .skip(1)
        .map(|rest| {
            let tag = rest.split('>').next().unwrap();
            (
                attr(tag, "data-x").parse().unwrap(),
                attr(tag, "data-y").parse().unwrap(),
                attr(tag, "data-colour").parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_blocks_drawn_are_the_boards() {
    let board = sample();
    let svg = board_svg(&Panel::plain("start", Stage::Start, board));
    let mut expected = Vec::new();
    for (x, column) in board.columns().iter().enumerate() {
        for (y, &c) in column.iter().enumerate() {
            expected.push((x, y, c));
        }
    }
    assert_eq!(drawn_blocks(&svg), expected);
    assert!(
        svg.starts_with("<svg class=\"board\" data-stage=\"start\" data-blocks=\"12\""),
        "{svg}"
    );
    assert_eq!(svg.matches("<text class=\"axis-x\"").count(), 5);
    assert_eq!(svg.matches("<text class=\"axis-y\"").count(), 7);
}

#[test]
fn the_bottom_row_is_drawn_lowest() {
    let svg = board_svg(&Panel::plain("", Stage::Start, sample()));
    let y_of = |cell: &str| {
        let at = svg.find(cell).unwrap();
        let rect = &svg[at..];
        let y = rect.find(" y=\"").unwrap() + 4;
        rect[y..].split('"').next().unwrap().parse::<i32>().unwrap()
    };
    assert!(y_of("data-x=\"4\" data-y=\"0\"") > y_of("data-x=\"4\" data-y=\"3\""));
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
    for panel in r.panels() {
        let svg = board_svg(panel);
        assert!(!svg.contains("<script"), "{svg}");
        assert_eq!(svg.matches("</svg>").count(), 1);
    }
    let panel = board_svg(&Panel::plain(hostile, Stage::End, sample()));
    assert!(!panel.contains("<script"), "{panel}");
}

#[test]
fn each_mark_is_drawn_where_the_panel_says() {
    let panel = Panel {
        moved: vec![(0, 0), (1, 0)],
        drag: Some(Drag {
            from: (0, 0),
            to: (1, 0),
        }),
        vanishing: vec![(1, 0), (4, 3)],
        refusal: Some(Refusal {
            cell: Some((2, 2)),
            dir: Some(Dir::Left),
        }),
        ..Panel::plain("marks", Stage::Drag, sample())
    };
    let svg = board_svg(&panel);
    assert!(svg.contains("<g class=\"block moved\" data-x=\"0\" data-y=\"0\""));
    assert!(svg.contains("<g class=\"block moved vanishing\" data-x=\"1\" data-y=\"0\""));
    assert!(svg.contains("<g class=\"block vanishing\" data-x=\"4\" data-y=\"3\""));
    assert_eq!(svg.matches("<g class=\"moved-ring\"").count(), 2);
    assert_eq!(svg.matches("<path class=\"hatch\"").count(), 2);
    assert_eq!(svg.matches("<g class=\"arrow drag\">").count(), 1);
    assert!(svg.contains("<g class=\"illegal-mark\" data-x=\"2\" data-y=\"2\">"));
    assert_eq!(svg.matches("<g class=\"arrow refused\">").count(), 1);
    let plain = board_svg(&Panel::plain("plain", Stage::Start, sample()));
    for mark in ["moved", "vanishing", "hatch", "arrow", "illegal-mark"] {
        assert!(!plain.contains(mark), "{mark}");
    }
}

#[test]
fn a_refusal_off_the_board_marks_no_cell() {
    let panel = Panel {
        refusal: Some(Refusal {
            cell: None,
            dir: Some(Dir::Right),
        }),
        ..Panel::plain("off", Stage::Before, sample())
    };
    assert!(!board_svg(&panel).contains("illegal-mark"));
}

#[test]
fn marks_off_the_board_are_left_out() {
    let panel = Panel {
        moved: vec![(5, 0), (0, 7)],
        drag: Some(Drag {
            from: (4, 0),
            to: (5, 0),
        }),
        vanishing: vec![(9, 9)],
        refusal: Some(Refusal {
            cell: Some((0, 99)),
            dir: Some(Dir::Left),
        }),
        ..Panel::plain("outside", Stage::Drag, sample())
    };
    let svg = board_svg(&panel);
    for mark in ["moved-ring", "arrow", "illegal-mark", "hatch"] {
        assert!(!svg.contains(mark), "{mark}");
    }
}
