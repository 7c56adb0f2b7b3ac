//! The two real-world readings of the statement that change which answer is
//! expected (SPEC.md, "What a solution is"): whether swaps of two equal colours
//! count as moves, and whether the case asks for exactly `n` or at most `n` moves.
//!
//! Only the names and their text forms live here; the solver and the checker
//! give them meaning.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Whether a swap of two blocks of the same colour ("null swap") is a move.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum NullSwaps {
    /// A null swap is a legal move (the statement's literal rule; the default).
    #[default]
    Include,
    /// Solutions never swap equal colours (what both seed programs do).
    Exclude,
}

/// How many moves a solution has.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Steps {
    /// Exactly `n` moves (the official data's behaviour; the default).
    #[default]
    Exact,
    /// Any `k <= n` moves that clear the board.
    AtMost,
}

/// One complete reading of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Dialect {
    #[serde(default)]
    pub null_swaps: NullSwaps,
    #[serde(default)]
    pub steps: Steps,
}

impl Dialect {
    /// All four dialects, the default first.
    pub const ALL: [Dialect; 4] = [
        Dialect::new(NullSwaps::Include, Steps::Exact),
        Dialect::new(NullSwaps::Exclude, Steps::Exact),
        Dialect::new(NullSwaps::Include, Steps::AtMost),
        Dialect::new(NullSwaps::Exclude, Steps::AtMost),
    ];

    pub const fn new(null_swaps: NullSwaps, steps: Steps) -> Dialect {
        Dialect { null_swaps, steps }
    }
}

impl fmt::Display for NullSwaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NullSwaps::Include => "include",
            NullSwaps::Exclude => "exclude",
        })
    }
}

impl fmt::Display for Steps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Steps::Exact => "exact",
            Steps::AtMost => "at-most",
        })
    }
}

/// `null-swaps = include, steps = exact`, as a config file would say it.
impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "null-swaps = {}, steps = {}",
            self.null_swaps, self.steps
        )
    }
}
