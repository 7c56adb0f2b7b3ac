//! `mayan judge`: its flags, settled into the library's request; the run
//! is the library's (`judge::run`), which also shows and writes its
//! reports.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::args::{ContestFlags, DisplayFlags, ReportFlags, overrides};
use super::{AnswerArgs, RuleArgs, RunArgs};
use crate::judge::partition::Partition;
use crate::judge::run::{self, Request};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct JudgeArgs {
    /// Source files to judge instead of the configured submissions (the
    /// language by the extension: .c .cpp .pas .rs .py, and judge.toml's)
    #[arg(value_name = "SOURCE")]
    pub sources: Vec<PathBuf>,
    /// The configuration [default: judge.toml in the current folder when it
    /// exists, else the built-in one]
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// A folder of cases to judge instead of the configured suites
    /// (repeatable)
    #[arg(long = "suite", value_name = "DIR")]
    pub suites: Vec<PathBuf>,
    #[command(flatten)]
    pub answers: AnswerArgs,
    /// Judge only the cases whose `suite/name` (or name) matches, as
    /// "rules/*" or "*-00?" (repeatable)
    #[arg(long = "case", value_name = "GLOB")]
    pub cases: Vec<String>,
    /// Judge only the submissions or contestants whose name matches
    /// (repeatable)
    #[arg(long = "submission", value_name = "NAME")]
    pub submissions: Vec<String>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub reports: ReportFlags,
    /// Go on from the --json FILE of an earlier run (and its journal, when
    /// it did not finish): keep each result whose submission, case files
    /// and conditions are unchanged, and judge the rest
    #[arg(long, requires = "json")]
    pub resume: bool,
    #[command(flatten)]
    pub contest: ContestFlags,
    /// Judge only shard K of N of the (submission, case) pairs, as 2/3, to
    /// spread a run over machines; `mayan report merge` puts the shards'
    /// --json reports together (merge them before folding a re-judge in)
    #[arg(long, value_name = "K/N", conflicts_with_all = ["csv", "html"])]
    pub partition: Option<Partition>,
    /// Cases run at once (CPU times stay per process; wall times get
    /// noisier)
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    #[command(flatten)]
    pub shown: DisplayFlags,
    /// Judge this command (a program and its arguments, as you would run it
    /// here) instead of the configured submissions
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

impl JudgeArgs {
    /// The flags as the library's request.
    fn request(&self) -> Request {
        let mut overrides = overrides(Some(&self.run), &self.rules);
        overrides.suites = self.suites.clone();
        overrides.answer_extension = self.answers.answer_extension.clone();
        Request {
            config: self.config.clone(),
            overrides,
            cases: self.cases.clone(),
            submissions: self.submissions.clone(),
            sources: self.sources.clone(),
            command: self.command.clone(),
            contest: self.contest.request(),
            partition: self.partition,
            jobs: usize::from(self.jobs),
            resume: self.resume,
            outputs: self.reports.outputs(),
            display: self.shown.display(),
        }
    }
}

pub(super) fn judge_command(args: &JudgeArgs) -> Result<u8> {
    let outcome = run::judge(args.request())?;
    outcome.written?;
    Ok(outcome.report.exit_code())
}
