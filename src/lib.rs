//! mayan-judge: a grading harness for the NOIP 2011 "Mayan puzzle".
//!
//! The library holds everything; `src/main.rs` only hands the command line
//! to [`cli::main`] and returns its exit code. The layers, each importing
//! only those below it:
//! - [`puzzle`]: the board, the rules, the dialects, the case and answer
//!   formats, boards drawn as text. Pure.
//! - [`solver`]: the reference solver. Pure.
//! - [`picture`]: boards and replays of moves drawn as SVG and as
//!   self-contained HTML. Pure.
//! - [`check`]: the checker (special judge), pure, and the judges' protocols
//!   around it.
//! - [`config`]: the `judge.toml` configuration.
//! - [`runner`]: running one program under limits, in the sandbox: every OS
//!   call.
//! - [`judge`]: the judging run ([`judge::run::Run`]): cases, compilation,
//!   grading, verdicts, and the reports, observers of the run's events.
//! - [`setter`]: validation, random boards, case kinds, stress and shrink.
//! - [`export`]: problem packages for other judges (Kattis/DOMjudge, DMOJ,
//!   Polygon, HydroOJ, LemonLime, CMS, UOJ).
//! - [`cli`]: the command line, flags in and exit code out; [`exit`] names
//!   every exit code.
//! - [`text`], [`terminal`], [`untrusted`] and [`inputs`]: wording and
//!   escaping shared by reports, the terminal's width, bounded reading of
//!   what others made, and what a command reads, which nothing it writes
//!   may replace.

pub mod check;
pub mod cli;
pub mod config;
pub mod exit;
pub mod export;
pub mod inputs;
pub mod judge;
pub mod picture;
pub mod puzzle;
pub mod runner;
pub mod setter;
pub mod solver;
pub mod terminal;
pub mod text;
pub mod untrusted;
