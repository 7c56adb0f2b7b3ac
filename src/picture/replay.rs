//! Building a [`Replay`] from a starting board and a move list with the
//! rules: what each panel shows, which cells are marked, and the words of
//! each step. A move is refused as the checker refuses it
//! (`rules::check_move_under`: illegal, or under `null-swaps = exclude` a
//! swap of two equal colours), in the checker's words.
//!
//! Only the model; drawing it is `svg`'s and `page`'s business.

use super::{Cell, Drag, Outcome, Panel, Refusal, Replay, Stage, Step, StepKind};
use crate::puzzle::board::{Board, HEIGHT, WIDTH};
use crate::puzzle::dialect::{Dialect, NullSwaps};
use crate::puzzle::rules::{Dir, Illegal, Move, MoveTrace, RawMove, check_move_under, trace};
use crate::text::plural;

/// Longest caller-given text kept, in characters; the rest is cut off.
const MAX_MESSAGE: usize = 2000;

/// At most [`MAX_MESSAGE`] characters of `text`, marked when cut.
fn bounded(text: &str) -> String {
    match text.char_indices().nth(MAX_MESSAGE) {
        Some((i, _)) => format!("{}… (cut)", &text[..i]),
        None => text.to_string(),
    }
}

/// The cells the dragged block and its partner hold after the drag, and the
/// arrow from where the block was to where it went.
fn drag_marks(before: &Board, t: &MoveTrace) -> (Vec<Cell>, Drag) {
    let (x, y, tx) = (usize::from(t.mv.x), usize::from(t.mv.y), t.mv.target_x());
    if before.height(tx) > y {
        (
            vec![(x, y), (tx, y)],
            Drag {
                from: (x, y),
                to: (tx, y),
            },
        )
    } else {
        let landed = (tx, t.shifted.height(tx) - 1);
        (
            vec![landed],
            Drag {
                from: (x, y),
                to: landed,
            },
        )
    }
}

/// "(3, 1) goes left, swaps with (2, 1)" and the like.
fn what_it_does(before: &Board, mv: Move) -> String {
    let (x, y, tx) = (usize::from(mv.x), usize::from(mv.y), mv.target_x());
    let side = if mv.dir == Dir::Right {
        "right"
    } else {
        "left"
    };
    let colour = before.get(x, y);
    let what = match before.get(tx, y) {
        0 => format!("drops into column {tx}"),
        other if other == colour => {
            format!("swaps with ({tx}, {y}), also colour {colour}: nothing changes")
        }
        _ => format!("swaps with ({tx}, {y})"),
    };
    format!("({x}, {y}) goes {side}, {what}")
}

fn waves_text(t: &MoveTrace) -> String {
    let vanished: usize = t.waves.iter().map(|(cells, _)| cells.len()).sum();
    match t.waves.len() {
        0 => "nothing vanishes".to_string(),
        k => format!(
            "{}, {} vanish",
            plural(k, "wave"),
            plural(vanished, "block")
        ),
    }
}

/// One legal move as a step: the board after the drag (the dragged blocks
/// marked, with an arrow, and the first wave's cells marked as vanishing),
/// then the board after each wave (the next wave's cells marked). `number`
/// counts from 1; `before` is the board the move was made on.
pub fn move_step(number: usize, before: &Board, t: &MoveTrace) -> Step {
    let (moved, drag) = drag_marks(before, t);
    let vanishing_in = |wave: usize| t.waves.get(wave).map(|w| w.0.clone()).unwrap_or_default();
    let mut panels = vec![Panel {
        moved,
        drag: Some(drag),
        vanishing: vanishing_in(0),
        ..Panel::plain("after the drag", Stage::Drag, t.shifted)
    }];
    for (i, (_, board)) in t.waves.iter().enumerate() {
        panels.push(Panel {
            vanishing: vanishing_in(i + 1),
            ..Panel::plain(format!("after wave {}", i + 1), Stage::Wave(i + 1), *board)
        });
    }
    let text = format!(
        "move {number}: {} — {}; {}",
        t.mv,
        what_it_does(before, t.mv),
        waves_text(t)
    );
    Step {
        kind: StepKind::Move(number),
        text,
        message: None,
        panels,
    }
}

/// The move's trace when it may be made, else why the checker refuses it.
fn refuse_or_trace(
    board: &Board,
    raw: RawMove,
    null_swaps: NullSwaps,
) -> Result<MoveTrace, Illegal> {
    check_move_under(board, raw, null_swaps)?;
    trace(board, raw)
}

/// The step of a refused move: the board before it with the move marked.
fn refused_step(number: usize, before: &Board, raw: RawMove, message: String) -> Step {
    let on_board = (0..WIDTH as i64).contains(&raw.x) && (0..HEIGHT as i64).contains(&raw.y);
    let dir = match raw.g {
        1 => Some(Dir::Right),
        -1 => Some(Dir::Left),
        _ => None,
    };
    let refusal = Refusal {
        cell: on_board.then_some((raw.x as usize, raw.y as usize)),
        dir,
    };
    Step {
        kind: StepKind::Refused(number),
        text: format!("move {number}: {raw} — may not be made"),
        message: Some(message),
        panels: vec![Panel {
            refusal: Some(refusal),
            ..Panel::plain(format!("before move {number}"), Stage::Before, *before)
        }],
    }
}

fn start_step(board: &Board, text: String) -> Step {
    Step {
        kind: StepKind::Start,
        text,
        message: None,
        panels: vec![Panel::plain("start", Stage::Start, *board)],
    }
}

fn end_step(moves: usize, board: &Board) -> Step {
    let left = board.block_count();
    let text = match (moves, left) {
        (_, 0) => format!("after {}: cleared", plural(moves, "move")),
        (0, _) => format!("no move: {} remain", plural(left, "block")),
        _ => format!(
            "after {}: {} remain",
            plural(moves, "move"),
            plural(left, "block")
        ),
    };
    // An empty board says nothing the words do not.
    let panels = match left {
        0 => Vec::new(),
        _ => vec![Panel::plain(
            format!("end: {left} left"),
            Stage::End,
            *board,
        )],
    };
    Step {
        kind: StepKind::End,
        text,
        message: None,
        panels,
    }
}

/// Replays `moves` from `start`: the starting board, each legal move's step
/// ([`move_step`]), then either the first move that may not be made (the
/// board before it, the move marked, and `message` when the caller gives one,
/// else the checker's words) or how many blocks remain, with the final board
/// unless it is empty.
/// `title` heads the picture. Text is kept as given; drawing escapes it.
pub fn replay(
    title: &str,
    start: &Board,
    moves: &[RawMove],
    null_swaps: NullSwaps,
    message: Option<&str>,
) -> Replay {
    let mut steps = vec![start_step(
        start,
        format!("start: {}", plural(start.block_count(), "block")),
    )];
    let mut board = *start;
    for (i, &raw) in moves.iter().enumerate() {
        match refuse_or_trace(&board, raw, null_swaps) {
            Ok(t) => {
                steps.push(move_step(i + 1, &board, &t));
                board = *t.after();
            }
            Err(illegal) => {
                let ours = format!("move {} ({raw}): {illegal}", i + 1);
                let why = message.map_or(ours, bounded);
                steps.push(refused_step(i + 1, &board, raw, why));
                return finish(title, moves, steps, Outcome::Refused(i + 1));
            }
        }
    }
    steps.push(end_step(moves.len(), &board));
    let outcome = match board.block_count() {
        0 => Outcome::Cleared,
        left => Outcome::Remain(left),
    };
    finish(title, moves, steps, outcome)
}

fn finish(title: &str, moves: &[RawMove], steps: Vec<Step>, outcome: Outcome) -> Replay {
    Replay {
        title: bounded(title),
        moves: moves.to_vec(),
        steps,
        outcome,
    }
}

/// A board alone, with a line of text under the title (e.g. "the output
/// says -1"): no move is replayed.
pub fn lone_board(title: &str, board: &Board, text: &str) -> Replay {
    finish(
        title,
        &[],
        vec![start_step(board, bounded(text))],
        Outcome::NotReplayed,
    )
}

/// The replay of the reference solver's answer for a case of `n` moves under
/// `dialect`; when there is no solution, the board alone saying so.
pub fn solution_replay(
    start: &Board,
    n: u8,
    solution: Option<&[Move]>,
    dialect: Dialect,
) -> Replay {
    match solution {
        Some(moves) => {
            let raw: Vec<RawMove> = moves.iter().map(|&m| RawMove::from(m)).collect();
            let title = format!(
                "the smallest solution in {} ({dialect})",
                plural(usize::from(n), "move")
            );
            replay(&title, start, &raw, dialect.null_swaps, None)
        }
        None => lone_board(
            &format!(
                "no solution in {} ({dialect})",
                plural(usize::from(n), "move")
            ),
            start,
            &format!("no sequence of {n} moves clears this board: the answer is -1"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::dialect::Steps;

    fn board(cols: [&[u8]; 5]) -> Board {
        Board::from_columns(&cols).unwrap()
    }

    fn mv(x: i64, y: i64, g: i64) -> RawMove {
        RawMove { x, y, g }
    }

    /// The statement's sample: two swaps, then a cascade of three waves.
    fn sample() -> Board {
        board([&[1], &[2, 1], &[2, 3, 4], &[3, 1], &[2, 4, 3, 4]])
    }

    const SAMPLE_ANSWER: [RawMove; 3] = [
        RawMove { x: 2, y: 1, g: 1 },
        RawMove { x: 3, y: 1, g: 1 },
        RawMove { x: 3, y: 0, g: 1 },
    ];

    #[test]
    fn a_move_of_k_waves_has_k_plus_one_panels() {
        // Row 0 is 1 2 1 1: swapping the first two makes three 1s.
        let before = board([&[1], &[2], &[1], &[1], &[]]);
        for (raw, waves) in [(mv(3, 0, 1), 0), (mv(0, 0, 1), 1)] {
            let t = trace(&before, raw).unwrap();
            let step = move_step(1, &before, &t);
            assert_eq!(t.waves.len(), waves, "{raw}");
            assert_eq!(step.panels.len(), waves + 1, "{raw}");
            assert_eq!(step.panels[0].stage, Stage::Drag);
        }
        let r = replay(
            "sample",
            &sample(),
            &SAMPLE_ANSWER,
            NullSwaps::Include,
            None,
        );
        let last_move = &r.steps[3];
        assert_eq!(last_move.kind, StepKind::Move(3));
        assert_eq!(last_move.panels.len(), 4, "three waves after the drag");
        assert_eq!(last_move.panels[3].stage, Stage::Wave(3));
        assert!(
            last_move.text.ends_with("3 waves, 12 blocks vanish"),
            "{}",
            last_move.text
        );
    }

    #[test]
    fn the_sample_replays_to_a_cleared_board() {
        let r = replay(
            "sample",
            &sample(),
            &SAMPLE_ANSWER,
            NullSwaps::Include,
            None,
        );
        assert_eq!(r.outcome, Outcome::Cleared);
        let kinds: Vec<StepKind> = r.steps.iter().map(|s| s.kind).collect();
        use StepKind::*;
        assert_eq!(kinds, [Start, Move(1), Move(2), Move(3), End]);
        assert_eq!(
            r.panels().count(),
            1 + 1 + 1 + 4,
            "no panel for a cleared end"
        );
        assert_eq!(r.steps[0].panels[0].board, sample());
        assert!(r.steps[4].panels.is_empty());
        assert_eq!(r.steps[4].text, "after 3 moves: cleared");
        assert_eq!(
            r.steps[1].text,
            "move 1: 2 1 1 — (2, 1) goes right, swaps with (3, 1); nothing vanishes"
        );
    }

    #[test]
    fn a_swap_marks_both_blocks_and_a_drop_the_landed_one() {
        let before = board([&[1, 2, 3], &[4], &[], &[], &[]]);
        let swap = move_step(1, &before, &trace(&before, mv(0, 0, 1)).unwrap());
        assert_eq!(swap.panels[0].moved, [(0, 0), (1, 0)]);
        assert_eq!(
            swap.panels[0].drag,
            Some(Drag {
                from: (0, 0),
                to: (1, 0)
            })
        );
        let drop = move_step(1, &before, &trace(&before, mv(0, 2, 1)).unwrap());
        assert_eq!(drop.panels[0].moved, [(1, 1)]);
        assert_eq!(
            drop.panels[0].drag,
            Some(Drag {
                from: (0, 2),
                to: (1, 1)
            })
        );
        assert!(
            drop.text.contains("(0, 2) goes right, drops into column 1"),
            "{}",
            drop.text
        );
    }

    #[test]
    fn vanishing_cells_are_those_of_the_next_wave() {
        let r = replay(
            "sample",
            &sample(),
            &SAMPLE_ANSWER,
            NullSwaps::Include,
            None,
        );
        let last = &r.steps[3];
        let t = trace(&r.steps[2].panels.last().unwrap().board, SAMPLE_ANSWER[2]).unwrap();
        assert_eq!(last.panels[0].vanishing, t.waves[0].0);
        assert_eq!(last.panels[1].vanishing, t.waves[1].0);
        assert!(last.panels[3].vanishing.is_empty());
    }

    #[test]
    fn an_illegal_move_stops_the_replay_marked_on_the_board_before_it() {
        let moves = [SAMPLE_ANSWER[0], mv(0, 5, 1), SAMPLE_ANSWER[2]];
        let r = replay("theirs", &sample(), &moves, NullSwaps::Include, None);
        assert_eq!(r.outcome, Outcome::Refused(2));
        let last = r.steps.last().unwrap();
        assert_eq!(last.kind, StepKind::Refused(2));
        assert_eq!(
            last.message.as_deref(),
            Some("move 2 (0 5 1): there is no block at (0, 5)")
        );
        let panel = &last.panels[0];
        assert_eq!(panel.stage, Stage::Before);
        assert_eq!(panel.board, r.steps[1].panels.last().unwrap().board);
        assert_eq!(
            panel.refusal,
            Some(Refusal {
                cell: Some((0, 5)),
                dir: Some(Dir::Right)
            })
        );
    }

    #[test]
    fn the_callers_message_replaces_ours_and_off_board_cells_are_not_marked() {
        let r = replay(
            "theirs",
            &sample(),
            &[mv(7, -1, 3)],
            NullSwaps::Include,
            Some("WA: bad"),
        );
        let last = r.steps.last().unwrap();
        assert_eq!(last.message.as_deref(), Some("WA: bad"));
        assert_eq!(
            last.panels[0].refusal,
            Some(Refusal {
                cell: None,
                dir: None
            })
        );
    }

    #[test]
    fn exclude_refuses_a_null_swap_in_the_checkers_words() {
        let null_swap = mv(1, 0, 1);
        let start = board([&[1], &[2, 1, 2], &[2], &[1, 2, 2], &[2]]);
        let t = replay("", &start, &[null_swap], NullSwaps::Include, None);
        assert!(
            t.steps[1].text.contains("also colour 2: nothing changes"),
            "{}",
            t.steps[1].text
        );
        let r = replay("", &start, &[null_swap], NullSwaps::Exclude, None);
        assert_eq!(r.outcome, Outcome::Refused(1));
        assert_eq!(
            r.steps[1].message.as_deref(),
            Some(
                "move 1 (1 0 1): it swaps two blocks of colour 2; under null-swaps = exclude that is not a move"
            )
        );
    }

    #[test]
    fn remaining_blocks_are_counted_at_the_end() {
        let r = replay("", &sample(), &SAMPLE_ANSWER[..1], NullSwaps::Include, None);
        assert_eq!(r.outcome, Outcome::Remain(12));
        let end = r.steps.last().unwrap();
        assert_eq!(end.text, "after 1 move: 12 blocks remain");
        assert_eq!(end.panels[0].board.block_count(), 12);
        assert_eq!(end.panels[0].stage, Stage::End);
    }

    #[test]
    fn no_solution_is_the_board_alone() {
        let dialect = Dialect::new(NullSwaps::Include, Steps::Exact);
        let r = solution_replay(&sample(), 2, None, dialect);
        assert_eq!(r.outcome, Outcome::NotReplayed);
        assert_eq!(r.steps.len(), 1);
        assert!(r.steps[0].text.contains("the answer is -1"));
    }

    #[test]
    fn long_caller_text_is_cut() {
        let long = "x".repeat(MAX_MESSAGE + 10);
        let r = replay(
            &long,
            &sample(),
            &[mv(9, 9, 9)],
            NullSwaps::Include,
            Some(&long),
        );
        assert_eq!(
            r.title.chars().count(),
            MAX_MESSAGE + "… (cut)".chars().count()
        );
        assert!(r.steps[1].message.as_ref().unwrap().ends_with("… (cut)"));
    }
}
