//! What a generated case must be, in words every part of the setter's
//! generation shares: its kind ([`Kind`]) and the knobs of generation
//! ([`Options`], [`Size`]). Only the words: drawing candidates is `draw`'s,
//! checking a kind's property `kinds`'. Both read these, and neither the
//! other's, so the two stay apart.

/// What kind of case to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// All blocks on the bottom row (the statement's 30% subtask), solvable.
    BottomRow,
    /// A random board of the given size and colours.
    Random,
    /// Solvable in exactly n moves and not fewer.
    ExactlyN,
    /// Solvable in fewer than n moves (padding needed).
    FewerThanN,
    /// The answer changes with the dialect.
    DialectSensitive,
    /// Dense, every colour at least three times, no solution: a full search.
    Hard,
    /// The answer needs a left move.
    LeftMove,
    /// The answer has a move whose eliminations come in at least `waves` waves.
    Cascade,
    /// The answer makes a row and a column vanish together through a shared block.
    Cross,
    /// Solvable, with a tall tower: a full column of 7 blocks, or one of 6
    /// that a drop fills; the other columns uneven.
    Tower,
}

/// The kind's name on the command line (`exactly-n`).
pub fn kind_name(kind: Kind) -> String {
    clap::ValueEnum::to_possible_value(&kind).map_or("case".into(), |v| v.get_name().to_string())
}

/// The knobs of generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Moves the case asks for; `None` picks per kind.
    pub n: Option<u8>,
    /// Colours used at most.
    pub colours: u8,
    /// The tallest a column may start (1..=7).
    pub density: u8,
    /// Waves a cascade must reach.
    pub waves: u32,
    /// Keep only cases whose answer is the same in every dialect.
    pub robust: bool,
    /// How many blocks the boards hold.
    pub size: Size,
}

impl Default for Options {
    /// Dense boards of up to 4 colours and columns up to 7 high.
    fn default() -> Options {
        Options {
            n: None,
            colours: 4,
            density: 7,
            waves: 2,
            robust: false,
            size: Size::Dense,
        }
    }
}

/// How many blocks a case's board holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// As dense as the official data: for the kinds that need a solution, 4
    /// to 5 blocks for each move that clears the board (fewer when the
    /// density leaves no room: 3 to 4 per unit of density); `hard` columns of
    /// `density - 3` to `density`; `random` columns of 0 to `density`.
    Dense,
    /// From `min` to `max` blocks.
    Blocks { min: u8, max: u8 },
    /// Small boards of a few colours of 3 to 5 blocks dropped at random
    /// (`hard`: columns of 4 to 7): what stress testing draws, since a small
    /// failing case shrinks fast.
    Planted,
}

impl Size {
    /// The fewest and the most blocks of a board cleared in `moves` moves
    /// from columns at most `density` high.
    pub fn blocks(self, moves: u8, density: u8) -> (u8, u8) {
        match self {
            Size::Blocks { min, max } => (min, max),
            _ => ((4 * moves).min(3 * density), (5 * moves).min(4 * density)),
        }
    }
}
