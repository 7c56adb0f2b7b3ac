//! An export as `mayan export` asks for it, before anything is settled: the
//! configuration file named (or `./judge.toml`, or the built-in one) with
//! the command line's overrides applied, the binary named (or the running
//! one), then the export itself ([`super::export`]).
//!
//! Not the flags' syntax (the command line's), nor the package (the rest of
//! `export`).

use std::path::Path;

use super::{ExportError, Exported, Request, Target, export};
use crate::config::{Config, Overrides};

/// What to export, as asked.
#[derive(Debug, Clone)]
pub struct Order<'a> {
    pub target: Target,
    /// The configuration file; `None`: `judge.toml` in the current folder
    /// when it exists, the built-in configuration otherwise.
    pub config: Option<&'a Path>,
    /// What the command line sets over the configuration (limits, I/O, the
    /// answer files' extension).
    pub overrides: Overrides,
    /// The binary to put inside; `None`: the running one.
    pub binary: Option<&'a Path>,
    /// The package's folder; its name is the problem's short name.
    pub out: &'a Path,
    /// The suite the statement shows.
    pub sample: &'a str,
    /// Replace an earlier export in `out`.
    pub force: bool,
    /// testlib.h to build the testlib checker against (LemonLime's testlib
    /// mode).
    pub testlib_h: Option<&'a Path>,
}

/// Settles the order and makes its package.
pub fn export_order(order: &Order) -> Result<Exported, ExportError> {
    let (mut config, config_path) = Config::find(order.config)?;
    config.apply(&order.overrides)?;
    let binary = match order.binary {
        Some(path) => path.to_path_buf(),
        None => std::env::current_exe().map_err(ExportError::RunningBinary)?,
    };
    let request = Request {
        config: &config,
        config_path: config_path.as_deref(),
        out: order.out,
        binary: &binary,
        sample: order.sample,
        force: order.force,
        testlib_h: order.testlib_h,
    };
    export(order.target, &request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_configuration_that_cannot_be_read_stops_the_order_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("none.toml");
        let order = Order {
            target: Target::Kattis,
            config: Some(&missing),
            overrides: Overrides::default(),
            binary: None,
            out: &dir.path().join("mayan"),
            sample: "sample",
            force: false,
            testlib_h: None,
        };
        let Err(e) = export_order(&order) else {
            panic!("exported with a configuration that is not there");
        };
        assert!(matches!(e, ExportError::Config(_)), "{e}");
        assert!(e.to_string().contains("none.toml"), "{e}");
        assert!(!dir.path().join("mayan").exists());
    }

    #[test]
    fn an_order_makes_the_package_and_its_summary_says_what_next() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("mayan");
        let order = Order {
            target: Target::Polygon,
            config: Some(Path::new("judge.toml")),
            overrides: Overrides::default(),
            binary: None,
            out: &out,
            sample: "sample",
            force: false,
            testlib_h: None,
        };
        let exported = export_order(&order).unwrap_or_else(|e| panic!("{e}"));
        assert!(out.join("problem.xml").is_file());
        let summary = exported.summary();
        let made = format!(
            " to {} as a Polygon problem package `mayan`\n\
             checker: the testlib checker (C++), files/checker.cpp\n\
             next: zip the folder's contents and upload them to Polygon",
            out.display()
        );
        assert!(summary.starts_with("exported "), "{summary}");
        assert!(summary.contains(&made), "{summary}");
    }
}
