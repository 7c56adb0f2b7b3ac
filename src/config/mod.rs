//! `judge.toml`: the rules dialect, the checker policy, the limits, the I/O
//! mode, the suites of cases and the submissions. Keys are kebab-case, every
//! key has a default (written once, in the `Default` impls), durations read
//! `"3s"` and sizes `"128MiB"`, and an unknown key is an error that names it.
//!
//! Reading and checking the file only; what the keys mean lives with the
//! commands that use them.

pub mod units;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::check::Accept;
use crate::puzzle::dialect::Dialect;
pub use crate::runner::sandbox::Mode as SandboxMode;
use units::serde_units;

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
    /// Named folders of cases (`[[suite]]`), judged in the order written.
    #[serde(default, rename = "suite")]
    pub suites: Vec<Suite>,
    /// Programs to judge (`[[submission]]`), in the order written.
    #[serde(default, rename = "submission")]
    pub submissions: Vec<Submission>,
    /// A folder of contestants, one subfolder each (`[contestants]`).
    #[serde(default)]
    pub contestants: Option<ContestantsConfig>,
    /// Languages added or replaced (`[language.NAME]`), found by extension
    /// before the built-in ones.
    #[serde(default, rename = "language")]
    pub languages: std::collections::BTreeMap<String, LanguageConfig>,
    /// What confines a run (`[sandbox]`).
    #[serde(default)]
    pub sandbox: SandboxConfig,
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

/// How to compile and run one language. `{src}` is the source file, `{exe}`
/// the program to build.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LanguageConfig {
    pub extensions: Vec<String>,
    /// Absent for interpreted languages.
    #[serde(default)]
    pub compile: Option<Vec<String>>,
    pub run: Vec<String>,
}

/// A contest laid out as LemonLime does: `PATH/<contestant>/<problem>.<ext>`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ContestantsConfig {
    /// Relative to the folder holding `judge.toml`.
    pub path: PathBuf,
    /// The source file's name without its extension.
    #[serde(default = "default_problem")]
    pub problem: String,
}

fn default_problem() -> String {
    "mayan".to_string()
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
    /// Processes (threads included) a run may have at once.
    pub processes: u32,
}

impl Default for LimitsConfig {
    /// The contest's limits (SPEC.md): 3 s, 128 MiB.
    fn default() -> LimitsConfig {
        LimitsConfig {
            time: Duration::from_secs(3),
            memory: 128 << 20,
            output: 16 << 20,
            wall_multiple: 3,
            processes: 64,
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
    pub name: String,
    /// Relative to the folder holding `judge.toml`.
    pub path: PathBuf,
    /// Points of each case of the suite.
    #[serde(default = "default_points")]
    pub points: u32,
}

fn default_points() -> u32 {
    10
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
}

impl Default for Config {
    /// The rules of SPEC.md's defaults and one suite, `cases/`.
    fn default() -> Config {
        Config {
            rules: Dialect::default(),
            checker: CheckerConfig::default(),
            limits: LimitsConfig::default(),
            io: IoConfig::default(),
            suites: vec![Suite {
                name: "cases".to_string(),
                path: PathBuf::from("cases"),
                points: default_points(),
            }],
            submissions: Vec::new(),
            contestants: None,
            languages: Default::default(),
            sandbox: SandboxConfig::default(),
        }
    }
}

/// A configuration file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {message}", path.display())]
    Invalid { path: PathBuf, message: String },
}

impl Config {
    /// Parses the text of a configuration file; `origin` names it in errors
    /// and is the folder suite paths are relative to.
    pub fn parse(text: &str, origin: &Path) -> Result<Config, ConfigError> {
        let mut config: Config = toml::from_str(text).map_err(|e| ConfigError::Invalid {
            path: origin.to_path_buf(),
            message: describe_toml_error(text, &e),
        })?;
        let base = origin.parent().unwrap_or(Path::new(""));
        for suite in &mut config.suites {
            suite.path = base.join(&suite.path);
        }
        for sub in &mut config.submissions {
            if sub.command.is_some() == sub.source.is_some() {
                return Err(ConfigError::Invalid {
                    path: origin.to_path_buf(),
                    message: format!(
                        "submission `{}` needs exactly one of `command` and `source`",
                        sub.name
                    ),
                });
            }
            if sub.command.as_ref().is_some_and(Vec::is_empty) {
                return Err(ConfigError::Invalid {
                    path: origin.to_path_buf(),
                    message: format!("submission `{}` has an empty command", sub.name),
                });
            }
            if let Some(source) = &mut sub.source {
                *source = base.join(&*source);
            }
        }
        if let Some(c) = &mut config.contestants {
            c.path = base.join(&c.path);
        }
        for path in &mut config.sandbox.readable {
            *path = base.join(&*path);
        }
        if config.limits.processes == 0 {
            return Err(ConfigError::Invalid {
                path: origin.to_path_buf(),
                message: "limits.processes must be at least 1".to_string(),
            });
        }
        for (name, language) in &config.languages {
            if language.run.is_empty() || language.extensions.is_empty() {
                return Err(ConfigError::Invalid {
                    path: origin.to_path_buf(),
                    message: format!("language `{name}` needs `extensions` and a non-empty `run`"),
                });
            }
        }
        if config.limits.wall_multiple == 0 {
            return Err(ConfigError::Invalid {
                path: origin.to_path_buf(),
                message: "limits.wall-multiple must be at least 1".to_string(),
            });
        }
        let mut names: Vec<&str> = config.suites.iter().map(|s| s.name.as_str()).collect();
        names.sort_unstable();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(ConfigError::Invalid {
                path: origin.to_path_buf(),
                message: format!("two suites are named `{}`", w[0]),
            });
        }
        Ok(config)
    }

    /// Reads a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Config::parse(&text, path)
    }
}

/// "line L: message", from toml's error and its byte span.
fn describe_toml_error(text: &str, e: &toml::de::Error) -> String {
    let message = e.message().trim_end().to_string();
    match e.span() {
        Some(span) => {
            let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
            format!("line {line}: {message}")
        }
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::dialect::{NullSwaps, Steps};

    #[test]
    fn reads_rules_and_suites_relative_to_the_file() {
        let text = "[rules]\nnull-swaps = \"exclude\"\nsteps = \"at-most\"\n\n[[suite]]\nname = \"a\"\npath = \"cases/a\"\n";
        let config = Config::parse(text, Path::new("/x/judge.toml")).unwrap();
        assert_eq!(
            config.rules,
            Dialect::new(NullSwaps::Exclude, Steps::AtMost)
        );
        assert_eq!(config.suites[0].path, PathBuf::from("/x/cases/a"));
    }

    #[test]
    fn sandbox_mode_readable_folders_and_process_limit() {
        let text = "[sandbox]\nmode = \"strict\"\nreadable = [\"/opt/pypy\", \"tools\"]\n[limits]\nprocesses = 8\n";
        let config = Config::parse(text, Path::new("/j/judge.toml")).unwrap();
        assert_eq!(config.sandbox.mode, SandboxMode::Strict);
        assert_eq!(
            config.sandbox.readable,
            vec![PathBuf::from("/opt/pypy"), PathBuf::from("/j/tools")]
        );
        assert_eq!(config.limits.processes, 8);
        assert_eq!(Config::default().sandbox.mode, SandboxMode::Auto);
        assert_eq!(Config::default().limits.processes, 64);
        let e = Config::parse("[sandbox]\nmode = \"loose\"\n", Path::new("j.toml")).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = Config::parse("[limits]\nprocesses = 0\n", Path::new("j.toml")).unwrap_err();
        assert!(e.to_string().contains("processes"), "{e}");
    }

    #[test]
    fn every_key_has_a_default() {
        let config = Config::parse("", Path::new("judge.toml")).unwrap();
        assert_eq!(config.rules, Dialect::default());
        assert!(config.suites.is_empty());
    }

    #[test]
    fn unknown_keys_are_named_with_their_line() {
        let e = Config::parse(
            "[rules]\nnull-swap = \"include\"\n",
            Path::new("judge.toml"),
        )
        .unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with("judge.toml: line 2: unknown field `null-swap`"),
            "{text}"
        );
        let e = Config::parse("[rules]\nsteps = \"fewest\"\n", Path::new("j.toml")).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        assert!(e.to_string().contains("fewest"), "{e}");
    }

    #[test]
    fn limits_io_checker_and_submissions() {
        let text = "[limits]\ntime = \"1s\"\nmemory = \"256MiB\"\n[io]\nmode = \"stdio\"\n[checker]\naccept = \"any-valid\"\n\
                    [[submission]]\nname = \"a\"\nsource = \"a.cpp\"\n[[submission]]\nname = \"b\"\ncommand = [\"python3\", \"b.py\"]\n";
        let config = Config::parse(text, Path::new("/j/judge.toml")).unwrap();
        assert_eq!(config.limits.time, Duration::from_secs(1));
        assert_eq!(config.limits.memory, 256 << 20);
        assert_eq!(config.limits.output, 16 << 20);
        assert_eq!(config.io.mode, IoMode::Stdio);
        assert_eq!(config.checker.accept, Accept::AnyValid);
        assert_eq!(
            config.submissions[0].source,
            Some(PathBuf::from("/j/a.cpp"))
        );
        let e = Config::parse("[limits]\ntime = \"3\"\n", Path::new("judge.toml")).unwrap_err();
        assert!(
            e.to_string().contains("line 2") && e.to_string().contains("not a duration"),
            "{e}"
        );
        let e =
            Config::parse("[[submission]]\nname = \"x\"\n", Path::new("judge.toml")).unwrap_err();
        assert!(
            e.to_string()
                .contains("exactly one of `command` and `source`"),
            "{e}"
        );
    }

    #[test]
    fn duplicate_suite_names_are_an_error() {
        let text = "[[suite]]\nname = \"a\"\npath = \"x\"\n[[suite]]\nname = \"a\"\npath = \"y\"\n";
        let e = Config::parse(text, Path::new("judge.toml")).unwrap_err();
        assert!(e.to_string().contains("two suites are named `a`"));
    }
}
