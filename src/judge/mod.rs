//! The judging run: the cases of the suites, the submissions compiled, each
//! case run under the limits and graded, the verdicts decided, the reports
//! written.
//!
//! Built on the runner (every OS call), the checker and the configuration;
//! the command line only drives it.

pub mod answer_files;
pub mod compile;
pub mod contestants;
pub mod event;
pub mod fingerprint;
pub mod grade;
pub mod partition;
pub mod plan;
pub mod program;
pub mod report;
pub mod result;
pub mod resume;
pub mod run;
pub mod session;
pub mod submission;
pub mod suite;
pub mod verdict;
