//! The shape of `judge.toml`, and its values when not written (each equal
//! to `default.toml`'s, which a test holds to). What the shape alone cannot
//! say is checked in `check`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::languages::Languages;
use super::units::serde_units;
use crate::check::Accept;
use crate::puzzle::dialect::Dialect;

/// The whole file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Config {
    /// The rules dialect of the problem (`[rules]`).
    #[serde(default)]
    pub rules: Dialect,
    /// How outputs are judged (`[checker]`).
    #[serde(default)]
    pub checker: CheckerConfig,
    /// Limits of every run (`[limits]`).
    #[serde(default)]
    pub limits: LimitsConfig,
    /// How the program gets its input and gives its output (`[io]`).
    #[serde(default)]
    pub io: IoConfig,
    /// Named folders of cases (`[[suite]]`), judged in the order written;
    /// the folder `cases` when none is written.
    #[serde(default = "Suite::defaults", rename = "suite")]
    pub suites: Vec<Suite>,
    /// Programs to judge (`[[submission]]`), in the order written.
    #[serde(default, rename = "submission")]
    pub submissions: Vec<Submission>,
    /// A folder of contestants, one subfolder each (`[contestants]`).
    #[serde(default)]
    pub contestants: Option<ContestantsConfig>,
    /// The built-in compilers' preset (`[language] preset`), and languages
    /// added or replaced (`[language.NAME]`), found by extension before the
    /// built-in ones.
    #[serde(default, rename = "language")]
    pub languages: Languages,
    /// What confines a run (`[sandbox]`).
    #[serde(default)]
    pub sandbox: SandboxConfig,
}

/// How much isolation a judging run asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum SandboxMode {
    /// Every protection this machine offers; the report says which.
    #[default]
    Auto,
    /// Every protection, or refuse to run.
    Strict,
    /// None: programs run as the judge's user with its files and network.
    Off,
}

/// `[sandbox]`: how much isolation, and what runs may read besides the
/// system folders.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct SandboxConfig {
    pub mode: SandboxMode,
    /// Folders (or files) every run may read and execute: an interpreter
    /// installed outside the system folders, say. Relative to the folder
    /// holding `judge.toml`.
    pub readable: Vec<PathBuf>,
}

/// A folder of contestants (`[contestants]`), in one of the [`Layout`]s.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ContestantsConfig {
    /// Relative to the folder holding `judge.toml`.
    pub path: PathBuf,
    /// The source file's name without its extension (and the nested
    /// folder's name).
    #[serde(default = "ContestantsConfig::default_problem")]
    pub problem: String,
    #[serde(default)]
    pub layout: Layout,
}

impl ContestantsConfig {
    pub fn default_problem() -> String {
        "mayan".to_string()
    }
}

/// How a folder of contestants is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Each contestant's folder as it is: nested when it holds a folder
    /// named after the problem, else flat; sources at the top are students'
    #[default]
    Auto,
    /// `DIR/<contestant>/mayan.<ext>` (LemonLime)
    Flat,
    /// `DIR/<contestant>/mayan/mayan.<ext>` (CCF NOI/NOIP, Arbiter, NOI
    /// Linux; LemonLime's sub-folder option)
    Nested,
    /// `DIR/<student>.<ext>` (a class folder of files named after students)
    Files,
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Layout::Auto => "auto",
            Layout::Flat => "flat",
            Layout::Nested => "nested",
            Layout::Files => "files",
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CheckerConfig {
    #[serde(default)]
    pub accept: Accept,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct LimitsConfig {
    /// CPU time per case.
    #[serde(deserialize_with = "serde_units::duration")]
    pub time: Duration,
    /// Peak memory per case.
    #[serde(deserialize_with = "serde_units::size")]
    pub memory: u64,
    /// Bytes of output per case.
    #[serde(deserialize_with = "serde_units::size")]
    pub output: u64,
    /// The wall-clock limit, as a multiple of the time limit.
    pub wall_multiple: u32,
    /// The wall-clock limit itself, when written: it wins over
    /// `wall-multiple`.
    #[serde(deserialize_with = "serde_units::optional_duration")]
    pub wall: Option<Duration>,
    /// Processes (threads included) a run may have at once.
    pub processes: u32,
    /// The largest source file compiled.
    #[serde(deserialize_with = "serde_units::size")]
    pub source: u64,
    /// CPU time of one compilation; its wall-clock limit is this x
    /// `wall-multiple`.
    #[serde(deserialize_with = "serde_units::duration")]
    pub compile_time: Duration,
    /// Peak memory of one compilation.
    #[serde(deserialize_with = "serde_units::size")]
    pub compile_memory: u64,
}

impl LimitsConfig {
    /// The wall-clock limit: `wall` when written, else time x wall-multiple.
    pub fn wall_clock(&self) -> Duration {
        self.wall.unwrap_or(self.time * self.wall_multiple)
    }

    /// The wall-clock limit of a compilation: compile-time x wall-multiple.
    pub fn compile_wall_clock(&self) -> Duration {
        self.compile_time * self.wall_multiple
    }
}

impl Default for LimitsConfig {
    /// The contest's limits (SPEC.md): 3 s, 128 MiB; a compilation gets
    /// 10 s of CPU, as contests commonly give it.
    fn default() -> LimitsConfig {
        LimitsConfig {
            time: Duration::from_secs(3),
            memory: 128 << 20,
            output: 16 << 20,
            wall_multiple: 3,
            wall: None,
            processes: 64,
            source: 1 << 20,
            compile_time: Duration::from_secs(10),
            compile_memory: 2 << 30,
        }
    }
}

/// File I/O as in the contest, or standard streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum IoMode {
    /// Read `mayan.in` and write `mayan.out` in the working folder.
    #[default]
    File,
    /// Read standard input and write standard output.
    Stdio,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct IoConfig {
    pub mode: IoMode,
    /// File names of file I/O.
    pub input_file: String,
    pub output_file: String,
}

impl Default for IoConfig {
    fn default() -> IoConfig {
        IoConfig {
            mode: IoMode::File,
            input_file: "mayan.in".to_string(),
            output_file: "mayan.out".to_string(),
        }
    }
}

/// A folder of cases, walked recursively.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Suite {
    /// The folder's own name when not written.
    #[serde(default)]
    pub name: String,
    /// Relative to the folder holding `judge.toml`.
    pub path: PathBuf,
    /// Points of each case of the suite.
    #[serde(default = "Suite::default_points")]
    pub points: u32,
    /// The extension of its answer files, without the dot: `ans` (`X.ans`,
    /// `X.exclude.ans`, ...), or `out` for data kept as LemonLime and Cena
    /// keep it (`X.out`).
    #[serde(default = "Suite::default_answer_extension")]
    pub answer_extension: String,
}

impl Suite {
    fn default_points() -> u32 {
        10
    }

    /// `ans`: `X.ans` holds the answer of `X.in`.
    pub fn default_answer_extension() -> String {
        "ans".to_string()
    }

    /// The suites when none is written: the folder `cases`.
    fn defaults() -> Vec<Suite> {
        vec![Suite::of_folder(Path::new("cases"))]
    }

    /// A suite of a folder, named after it, with the default points.
    pub fn of_folder(path: &Path) -> Suite {
        Suite {
            name: path
                .file_name()
                .map_or("cases".into(), |n| n.to_string_lossy().into_owned()),
            path: path.to_path_buf(),
            points: Suite::default_points(),
            answer_extension: Suite::default_answer_extension(),
        }
    }
}

/// A program to judge: a ready command, or a source file compiled by the
/// command its extension selects.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Submission {
    pub name: String,
    #[serde(default)]
    pub command: Option<Vec<String>>,
    /// Relative to the folder holding `judge.toml`.
    #[serde(default)]
    pub source: Option<PathBuf>,
    /// Whose source it is, which says how far it is trusted.
    #[serde(skip)]
    pub origin: Origin,
}

/// Where a submission's source comes from, which says how far it is
/// trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Origin {
    /// A `[[submission]]` of the configuration: the user's own. A link is
    /// followed, and the files beside the source are staged with it.
    #[default]
    Configured,
    /// Named on the command line: a link is followed, but the source is
    /// staged alone (it may be a student's, beside other students').
    Named,
    /// A contestant's (found under `--contestants`, or named on the command
    /// line after the problem): opened with no link followed, staged alone.
    Contestant,
}
