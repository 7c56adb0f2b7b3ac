//! The puzzle itself, pure: the board, the rules (a move, its legality, the
//! board's resolution), the two dialects of the statement, the case and
//! answer file formats, and boards drawn as text.
//!
//! No I/O beyond reading a case (a named file, or standard input), no
//! clock, no process: the solver, the checker and every tool build on this
//! layer, and it imports none of them.

pub mod answer;
pub mod board;
pub mod case;
pub mod dialect;
pub mod render;
pub mod rules;
