//! The argument groups several commands share: the run's limits and
//! isolation, the rules and the checker's policy and the answer files'
//! extension as overrides of `judge.toml`, the report files to write, the
//! contest folder, the dialect of the commands that need no configuration,
//! and whether to use colour. Each flag is defined here once.

use std::io::IsTerminal;
use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::check::Accept;
use crate::config::languages::Preset;
use crate::config::units::{UnitError, parse_duration, parse_size};
use crate::config::{IoMode, Overrides, SandboxMode, answer_extension_fault, bounds};
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

mod judging;
mod setting;

pub use judging::{ContestFlags, DisplayFlags, ReportFlags};
pub use setting::{Lenient, Setting};

/// Overrides of the configuration's run limits, I/O mode and isolation,
/// shared by the commands that run submissions.
#[derive(Args, Debug, Clone, Copy)]
pub struct RunArgs {
    /// CPU time limit per case: "1s", "500ms", or a number of seconds
    /// [default: judge.toml's, else 3s]
    #[arg(short = 't', long, value_name = "TIME", value_parser = time_limit)]
    pub time_limit: Option<Duration>,
    /// Memory limit per case: "256MiB", "256M", "1GiB", or a number of MiB
    /// [default: judge.toml's, else 128MiB]
    #[arg(short = 'm', long, value_name = "SIZE", value_parser = memory_limit)]
    pub memory_limit: Option<u64>,
    /// Wall-clock limit per case [default: time limit x wall-multiple, 3]
    #[arg(long, value_name = "TIME", value_parser = wall_limit)]
    pub wall_limit: Option<Duration>,
    /// Output limit per case, and what a run may write to its folder
    /// [default: judge.toml's, else 16MiB]
    #[arg(long, value_name = "SIZE", value_parser = output_limit)]
    pub output_limit: Option<u64>,
    /// File I/O (mayan.in / mayan.out) or standard streams [default:
    /// judge.toml's, else file]
    #[arg(long, value_enum, value_name = "MODE")]
    pub io: Option<IoMode>,
    /// Isolation of the programs run: every protection the machine offers
    /// (auto), all of them or refuse to run (strict), or none (off)
    /// [default: judge.toml's, else auto]
    #[arg(long, value_enum, value_name = "MODE")]
    pub sandbox: Option<SandboxMode>,
    /// The built-in compilers' commands: default (gnu++17) or noi (NOI
    /// Linux 2.0: g++ -std=c++14 -O2 -lm, gcc -std=c99 -O2 -lm, fpc -O2)
    /// [default: judge.toml's `preset` of its language table, else default]
    #[arg(long, value_enum, value_name = "PRESET")]
    pub preset: Option<Preset>,
}

/// The rules and the checker's policy, as overrides of `judge.toml`.
#[derive(Args, Debug, Clone, Copy)]
pub struct RuleArgs {
    /// Whether a swap of two equal colours counts as a move [default:
    /// judge.toml's, else include]
    #[arg(long, value_enum, value_name = "HOW")]
    pub null_swaps: Option<NullSwaps>,
    /// Exactly n moves, or at most n [default: judge.toml's, else exact]
    #[arg(long, value_enum, value_name = "HOW")]
    pub steps: Option<Steps>,
    /// Accept only the smallest solution, or any valid one [default:
    /// judge.toml's, else lexmin]
    #[arg(long, value_enum, value_name = "POLICY")]
    pub accept: Option<Accept>,
}

/// The answer files' extension, as an override of `judge.toml`'s suites.
#[derive(Args, Debug, Clone)]
pub struct AnswerArgs {
    /// The extension of the answer files of every suite read: `out` when
    /// X.out holds X.in's answer (and X.exclude.out and so on), as
    /// LemonLime and Cena keep data [default: each suite's
    /// `answer-extension` in judge.toml, else ans]
    #[arg(long, value_name = "EXT", value_parser = answer_extension)]
    pub answer_extension: Option<String>,
}

/// A value of `--answer-extension`: what `[[suite]] answer-extension`
/// accepts.
pub(super) fn answer_extension(text: &str) -> Result<String, String> {
    match answer_extension_fault(text) {
        None => Ok(text.to_string()),
        Some(why) => Err(format!("{text:?} {why}")),
    }
}

/// A value of `--time-limit`: a duration within `[limits] time`'s bounds.
pub(super) fn time_limit(text: &str) -> Result<Duration, String> {
    within_time(text, bounds::TIME)
}

/// A value of `--wall-limit`: a duration within `[limits] wall`'s bounds.
pub(super) fn wall_limit(text: &str) -> Result<Duration, String> {
    within_time(text, bounds::WALL)
}

/// A value of `--memory-limit`: a size within `[limits] memory`'s bounds.
pub(super) fn memory_limit(text: &str) -> Result<u64, String> {
    within_size(text, bounds::MEMORY)
}

/// A value of `--output-limit`: a size within `[limits] output`'s bounds.
pub(super) fn output_limit(text: &str) -> Result<u64, String> {
    within_size(text, bounds::OUTPUT)
}

fn within_time(text: &str, bound: bounds::TimeBound) -> Result<Duration, String> {
    let value = match parse_duration(text) {
        // No time at all: said as the floor says it (the least it can be).
        Err(UnitError::Zero(_)) => Duration::ZERO,
        parsed => parsed.map_err(|e| e.to_string())?,
    };
    bound.fault(value).map_or(Ok(value), Err)
}

fn within_size(text: &str, bound: bounds::SizeBound) -> Result<u64, String> {
    let value = parse_size(text).map_err(|e| e.to_string())?;
    bound.fault(value).map_or(Ok(value), Err)
}

/// These flags as overrides of the configuration.
pub fn overrides(run: Option<&RunArgs>, rules: &RuleArgs) -> Overrides {
    let mut o = Overrides {
        null_swaps: rules.null_swaps,
        steps: rules.steps,
        accept: rules.accept,
        ..Overrides::default()
    };
    if let Some(run) = run {
        o.time = run.time_limit;
        o.memory = run.memory_limit;
        o.wall = run.wall_limit;
        o.output = run.output_limit;
        o.io = run.io;
        o.sandbox = run.sandbox;
        o.preset = run.preset;
    }
    o
}

/// The two dialect switches of SPEC.md, for the commands that read no
/// configuration.
#[derive(Args, Debug, Clone, Copy)]
pub struct DialectArgs {
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_enum, value_name = "HOW", default_value_t)]
    pub null_swaps: NullSwaps,
    /// Exactly n moves, or at most n.
    #[arg(long, value_enum, value_name = "HOW", default_value_t)]
    pub steps: Steps,
}

impl DialectArgs {
    pub fn dialect(&self) -> Dialect {
        Dialect::new(self.null_swaps, self.steps)
    }
}

/// When to draw in colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set or TERM is dumb.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether standard output gets colour.
    pub fn stdout(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
                std::io::stdout().is_terminal() && !no_color && !dumb
            }
        }
    }
}
