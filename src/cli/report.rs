//! `mayan report merge`: the JSON reports of a run's shards (`mayan judge
//! --partition K/N --json FILE`) put together, or a whole run's report with
//! later re-judges folded in, printed and written as one run's, with a line
//! on standard error per re-judge saying what it replaced. The merge itself
//! is the library's (`judge::report::merge`).

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Subcommand};

use super::args::{DisplayFlags, ReportFlags};
use crate::judge::report::merge;

#[derive(Args, Debug)]
pub struct ReportArgs {
    #[command(subcommand)]
    pub command: ReportCommand,
}

#[derive(Subcommand, Debug)]
pub enum ReportCommand {
    /// Put together the JSON reports of one run and print the tables the
    /// whole run prints and write its reports: the shards of a partitioned
    /// run (`mayan judge --partition K/N --json FILE`), in any order; or a
    /// whole run's report followed by re-judges under the same judge.toml
    /// (`mayan judge --submission NAME --case GLOB --json FILE`), whose
    /// results replace the earlier ones of the same submission and case, the
    /// last file winning. --json may name one of the reports read. A
    /// report is taken on no trust: one with a result that does not score
    /// what its case and verdict give (an edited report) is refused, and
    /// the totals are counted again from the results. Exit 0 when every case of every
    /// submission is AC, 1 when not.
    #[command(after_help = crate::exit::HELP)]
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' JSON reports, in any order, every shard once; or a whole
    /// run's report, then the re-judges to fold into it, in order.
    #[arg(required = true, value_name = "REPORT")]
    pub reports: Vec<PathBuf>,
    #[command(flatten)]
    pub write: ReportFlags,
    #[command(flatten)]
    pub shown: DisplayFlags,
}

pub(super) fn report_command(args: &ReportArgs) -> Result<u8> {
    match &args.command {
        ReportCommand::Merge(merge_args) => merge_command(merge_args),
    }
}

fn merge_command(args: &MergeArgs) -> Result<u8> {
    let outcome = merge::write_merged(&args.reports, &args.write.outputs(), args.shown.display())?;
    outcome.written?;
    Ok(outcome.report.exit_code())
}
