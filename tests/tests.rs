//! The integration tests, one binary (as ripgrep's `tests/tests.rs`): each
//! module is one concern, and `support` holds the helpers they share. Run
//! one concern with a filter, e.g. `cargo test --test integration sandbox::`.

mod support;

mod answer_files;
mod browser;
mod cases;
mod check_fuzz;
mod check_protocols;
mod cli;
mod config_faults;
mod contest;
mod data_hidden;
mod differential;
mod export_cms;
mod export_dmoj;
mod export_hydro;
mod export_kattis;
mod export_lemon;
mod export_polygon;
mod export_uoj;
mod file_io;
mod gen_cases;
mod hard_links;
mod judge;
mod kept_groups;
mod killed_judge;
mod linking;
mod links;
mod manual;
mod many_machines;
mod mutants;
mod newcomer;
mod official;
mod partition;
mod properties;
mod regression;
mod report_html;
mod report_paths;
mod resume;
mod runner;
mod sandbox;
mod sandbox_cli;
mod seeds;
mod snapshots;
mod stress;
mod testlib_checker;
mod trust;
mod walks;
