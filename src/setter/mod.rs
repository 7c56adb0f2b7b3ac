//! The problem setter's tools: validating cases and their answers (one
//! case `validate`, the whole data `validation`), random boards, boards
//! built backwards from moves that clear them, cases of a kind, cases that
//! repeat one another, suites shaped like the official data, cases written
//! into a folder with their answers (`mayan gen`), stress testing and
//! shrinking a failing case (`mayan stress`), and the reference answer of
//! one case, shown or explained (`mayan solve`).

pub mod backward;
mod draw;
pub mod features;
pub mod kinds;
pub mod random;
pub mod repeats;
pub mod settle;
pub mod solve;
pub mod spec;
pub mod stress;
pub mod suite;
pub mod validate;
pub mod validation;
pub mod write;
