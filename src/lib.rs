//! mayan-judge: a grading harness for the NOIP 2011 "Mayan puzzle".
//!
//! The library holds everything; `src/main.rs` only parses arguments and maps
//! results to exit codes. Modules, by concern:
//! - [`board`]: the packed 5x7 board.
//! - [`case`]: the case file format (`*.in`) and its validation.
//! - [`config`]: the `judge.toml` configuration.
//! - [`answer`]: the answer format (`*.ans`, `*.out`).
//! - [`rules`]: moves, their legality and the board's resolution.
//! - [`check`]: the checker (special judge) and the judges' protocols.
//! - [`dialect`]: the readings of the statement that change the answer.
//! - [`solver`]: the reference solver.
//! - [`generate`]: deterministic random boards.
//! - [`render`]: boards drawn for people.
//! - [`validate`]: checking case files and their answers.
//! - [`cli`]: the command line.

pub mod answer;
pub mod board;
pub mod case;
pub mod casegen;
pub mod check;
pub mod cli;
pub mod compile;
pub mod config;
pub mod contestants;
pub mod dialect;
pub mod generate;
pub mod judge;
pub mod picture;
pub mod render;
pub mod report;
pub mod rules;
pub mod runner;
pub mod solver;
pub mod stress;
pub mod suite;
pub mod validate;
pub mod verdict;
