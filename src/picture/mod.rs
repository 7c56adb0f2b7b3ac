//! Pictures of boards for people who look rather than read: a replay of a
//! move list (the starting board, every move with the board after the drag
//! and after each wave of eliminations, then the refused move or the final
//! board) drawn as SVG panels, alone or in a self-contained HTML page.
//!
//! Responsible for what a picture shows and how it looks: the model of a
//! replay ([`Replay`], [`Step`], [`Panel`], built by [`replay`]), the palette
//! ([`palette`]), the SVG drawing of a panel ([`svg`]), a replay as one SVG
//! document ([`document`]) and as an HTML page ([`page`]), a program's
//! output replayed against its case ([`answer`]). All
//! pure functions, text out; no I/O. Not responsible for the rules (they come
//! from `rules`), for deciding a verdict (the checker's), for the text
//! pictures of a terminal (`render`), or for writing files.
//!
//! The markup is built with maud's `html!`, so every piece of text that
//! reaches a picture (titles, the caller's messages) is escaped by
//! construction, and every document or fragment handed out as text is
//! finished by `markup::finish`, which replaces the characters XML forbids;
//! the markup carries stable classes and `data-` attributes
//! (`svg.board[data-blocks]`, `g.block[data-x][data-y][data-colour]`,
//! `.step.move`, `.step.illegal`, `svg.board.wave`, `g.illegal-mark`) so
//! tests and tools can count what is drawn.

pub mod answer;
pub mod document;
pub mod explain;
pub(crate) mod markup;
pub mod page;
pub mod palette;
mod replay;
pub mod svg;

pub use replay::{lone_board, move_step, replay, solution_replay};

use crate::puzzle::board::Board;
use crate::puzzle::rules::{Dir, RawMove};

/// A cell of the board as `(x, y)`, `y = 0` the bottom row.
pub type Cell = (usize, usize);

/// What moment of a replay a panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The starting board.
    Start,
    /// Right after a block was dragged, before anything vanished.
    Drag,
    /// After the given wave of eliminations (from 1) and the falls.
    Wave(usize),
    /// The board before a move that may not be made.
    Before,
    /// The board after the last move.
    End,
}

impl Stage {
    /// The value of the panel's `data-stage` attribute.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Start => "start",
            Stage::Drag => "drag",
            Stage::Wave(_) => "wave",
            Stage::Before => "before",
            Stage::End => "end",
        }
    }
}

/// The arrow of a drag: from the dragged block's cell to where it landed
/// (along the row, then down the target column when it fell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drag {
    pub from: Cell,
    pub to: Cell,
}

/// The mark of a move that may not be made: its cell when that is on the
/// board, its direction when `g` is `1` or `-1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal {
    pub cell: Option<Cell>,
    pub dir: Option<Dir>,
}

/// One board drawn with its caption and marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panel {
    /// A few words above the board ("after wave 2").
    pub caption: String,
    pub stage: Stage,
    pub board: Board,
    /// The dragged block and, for a swap, its partner: thick outline.
    pub moved: Vec<Cell>,
    pub drag: Option<Drag>,
    /// Blocks about to vanish: dashed outline and hatching.
    pub vanishing: Vec<Cell>,
    pub refusal: Option<Refusal>,
}

impl Panel {
    /// A board with a caption and no marks.
    pub fn plain(caption: impl Into<String>, stage: Stage, board: Board) -> Panel {
        Panel {
            caption: caption.into(),
            stage,
            board,
            moved: Vec::new(),
            drag: None,
            vanishing: Vec::new(),
            refusal: None,
        }
    }
}

/// What a step of a replay is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// The starting board.
    Start,
    /// A legal move, numbered from 1.
    Move(usize),
    /// The first move that may not be made, numbered from 1.
    Refused(usize),
    /// The board the moves leave.
    End,
}

/// One line of text and the panels beneath it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub kind: StepKind,
    /// "move 2: 3 1 -1 — (3, 1) goes left, swaps with (2, 1); 2 waves, 6
    /// blocks vanish".
    pub text: String,
    /// Why a refused move may not be made (the caller's words or ours).
    pub message: Option<String>,
    pub panels: Vec<Panel>,
}

/// How a replay ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every move was made and the board is empty.
    Cleared,
    /// Every move was made; this many blocks remain.
    Remain(usize),
    /// The move with this number (from 1) may not be made.
    Refused(usize),
    /// No move was replayed (a lone board, e.g. when there is no solution).
    NotReplayed,
}

impl Outcome {
    /// The value of the replay's `data-outcome` attribute.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Cleared => "cleared",
            Outcome::Remain(_) => "blocks-remain",
            Outcome::Refused(_) => "illegal",
            Outcome::NotReplayed => "not-replayed",
        }
    }
}

/// A whole replay: a title, the moves as given, and the steps in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub title: String,
    pub moves: Vec<RawMove>,
    pub steps: Vec<Step>,
    pub outcome: Outcome,
}

impl Replay {
    /// Every panel of every step, in order.
    pub fn panels(&self) -> impl Iterator<Item = &Panel> {
        self.steps.iter().flat_map(|s| s.panels.iter())
    }
}

/// The `class` and `data-` attributes of a step's element, in SVG and HTML
/// alike: `step start`, `step move` (`data-move`, `data-waves`), `step
/// illegal` (`data-move`), `step end` (`data-blocks`).
struct StepAttributes {
    class: &'static str,
    number: Option<usize>,
    waves: Option<usize>,
    blocks: Option<usize>,
}

fn step_attributes(step: &Step) -> StepAttributes {
    let none = StepAttributes {
        class: "step start",
        number: None,
        waves: None,
        blocks: None,
    };
    match step.kind {
        StepKind::Start => none,
        StepKind::Move(n) => StepAttributes {
            class: "step move",
            number: Some(n),
            waves: Some(step.panels.len().saturating_sub(1)),
            ..none
        },
        StepKind::Refused(n) => StepAttributes {
            class: "step illegal",
            number: Some(n),
            ..none
        },
        StepKind::End => StepAttributes {
            class: "step end",
            blocks: Some(step.panels.first().map_or(0, |p| p.board.block_count())),
            ..none
        },
    }
}

/// The moves of a replay as its pictures list them: `2 1 1 / 3 1 1`, or
/// `none`.
fn moves_text(moves: &[RawMove]) -> String {
    let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
    match moves.is_empty() {
        true => "none".to_string(),
        false => moves.join(" / "),
    }
}
