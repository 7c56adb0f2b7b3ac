//! `judge.toml`: the rules dialect, the checker policy, the limits, the
//! sandbox, the I/O mode, the suites of cases, the submissions and the
//! languages. Keys are kebab-case; the defaults are written once, in the
//! embedded `default.toml` (no file means that file, and an empty file means
//! the same, which a test holds to); durations read `"3s"` and sizes
//! `"128MiB"`; an unknown key or a value that cannot work is an error that
//! names the file, the line and the key.
//!
//! Reading and checking the file only, with no OS code; what the keys mean
//! lives with the layers that use them. Flags override the file through
//! [`Overrides`], applied in one place.

pub mod bounds;
mod check;
pub mod languages;
mod locate;
pub mod names;
mod schema;
pub mod units;

use std::path::{Path, PathBuf};

pub use languages::{LanguageConfig, Languages, Preset};
pub use names::{io_names_fault, plain_name_fault};

use crate::check::Accept;
use crate::puzzle::dialect::{NullSwaps, Steps};
pub use check::{answer_extension_fault, problem_name_fault};
pub use schema::{
    CheckerConfig, Config, ContestantsConfig, IoConfig, IoMode, Layout, LimitsConfig, Origin,
    SandboxConfig, SandboxMode, Submission, Suite,
};

/// The built-in configuration, with every key and what it means.
pub const DEFAULT_TOML: &str = include_str!("default.toml");

/// The largest configuration file read.
const MAX_BYTES: u64 = 1 << 20;

/// A configuration file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: larger than {MAX_BYTES} bytes; a configuration is a few dozen lines", path.display())]
    TooLarge { path: PathBuf },
    #[error("{}:{}{message}", path.display(), line.map_or(" ".to_string(), |l| format!(" line {l}: ")))]
    Invalid {
        path: PathBuf,
        line: Option<usize>,
        message: String,
    },
    /// A value of the command line that cannot work, alone or with the
    /// file's: the message names the flag.
    #[error("{message}")]
    Override { message: String },
}

/// Values from the command line that replace the file's.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub time: Option<std::time::Duration>,
    /// The wall-clock limit itself, instead of time x wall-multiple.
    pub wall: Option<std::time::Duration>,
    pub memory: Option<u64>,
    pub output: Option<u64>,
    pub io: Option<IoMode>,
    pub sandbox: Option<SandboxMode>,
    pub null_swaps: Option<NullSwaps>,
    pub steps: Option<Steps>,
    pub accept: Option<Accept>,
    /// The built-in compilers' commands.
    pub preset: Option<Preset>,
    /// Folders of cases judged instead of the configured suites.
    pub suites: Vec<PathBuf>,
    /// The answer files' extension of every suite (these folders, or the
    /// configured suites); the command line refuses what
    /// [`answer_extension_fault`] refuses.
    pub answer_extension: Option<String>,
}

impl Overrides {
    /// How a `[limits]` key was set: by its flag (`--time-limit`) when this
    /// gives it, else by the file (`limits.time`).
    fn flag_or_key(&self, key: &str) -> String {
        let flag = match key {
            "time" => self.time.map(|_| "--time-limit"),
            "wall" => self.wall.map(|_| "--wall-limit"),
            "memory" => self.memory.map(|_| "--memory-limit"),
            "output" => self.output.map(|_| "--output-limit"),
            _ => None,
        };
        flag.map_or_else(|| format!("limits.{key}"), str::to_string)
    }
}

impl Config {
    /// Parses the text of a configuration file; `origin` names it in errors
    /// and its folder is where relative paths start.
    pub fn parse(text: &str, origin: &Path) -> Result<Config, ConfigError> {
        let mut config: Config = toml::from_str(text).map_err(|e| ConfigError::Invalid {
            path: origin.to_path_buf(),
            line: e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1),
            message: e.message().trim_end().to_string(),
        })?;
        let base = origin.parent().unwrap_or(Path::new(""));
        config.resolve_paths(base);
        check::check(&config, &Located { text, origin })?;
        Ok(config)
    }

    /// Reads a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let io = |source| ConfigError::Io {
            path: path.to_path_buf(),
            source,
        };
        let bytes = crate::untrusted::read_file_bounded(path, MAX_BYTES)
            .map_err(io)?
            .ok_or_else(|| ConfigError::TooLarge {
                path: path.to_path_buf(),
            })?;
        Config::parse(&String::from_utf8_lossy(&bytes), path)
    }

    /// The configuration named, else `judge.toml` in the current folder when
    /// there is one, else the built-in one; and the file read, if any.
    pub fn find(path: Option<&Path>) -> Result<(Config, Option<PathBuf>), ConfigError> {
        let path = path
            .map(Path::to_path_buf)
            .or_else(|| Some(PathBuf::from("judge.toml")).filter(|p| p.exists()));
        match path {
            Some(p) => Ok((Config::load(&p)?, Some(p))),
            None => Ok((Config::builtin(), None)),
        }
    }

    /// The built-in configuration, relative to the current folder.
    pub fn builtin() -> Config {
        Config::parse(DEFAULT_TOML, Path::new("judge.toml"))
            .expect("the embedded default.toml is valid (a unit test holds to it)")
    }

    /// Replaces the file's values by the command line's, and checks the
    /// limits again as they now are: a flag's value that cannot work with
    /// the file's (a time limit over the written wall-clock limit, say) is
    /// refused, naming the flag.
    pub fn apply(&mut self, o: &Overrides) -> Result<(), ConfigError> {
        fn set<T>(slot: &mut T, value: Option<T>) {
            if let Some(v) = value {
                *slot = v;
            }
        }
        set(&mut self.limits.time, o.time);
        set(&mut self.limits.memory, o.memory);
        set(&mut self.limits.output, o.output);
        if o.wall.is_some() {
            self.limits.wall = o.wall;
        }
        set(&mut self.io.mode, o.io);
        set(&mut self.sandbox.mode, o.sandbox);
        set(&mut self.rules.null_swaps, o.null_swaps);
        set(&mut self.rules.steps, o.steps);
        set(&mut self.checker.accept, o.accept);
        set(&mut self.languages.preset, o.preset);
        if !o.suites.is_empty() {
            self.suites = suites_of_folders(&o.suites)?;
        }
        if let Some(ext) = &o.answer_extension {
            for suite in &mut self.suites {
                suite.answer_extension.clone_from(ext);
            }
        }
        match bounds::limits_fault(&self.limits, &|key| o.flag_or_key(key)) {
            Some((_, message)) => Err(ConfigError::Override { message }),
            None => Ok(()),
        }
    }

    /// Relative paths made relative to `base`, the folder of the file (an
    /// empty one left empty, which the checks refuse); suites without a
    /// name named after their folder.
    fn resolve_paths(&mut self, base: &Path) {
        let from_base = |path: &mut PathBuf| {
            if !path.as_os_str().is_empty() {
                *path = base.join(&*path);
            }
        };
        for suite in &mut self.suites {
            from_base(&mut suite.path);
            if suite.name.is_empty() {
                suite.name = Suite::of_folder(&suite.path).name;
            }
        }
        for sub in &mut self.submissions {
            if let Some(source) = &mut sub.source {
                from_base(source);
            }
        }
        if let Some(c) = &mut self.contestants {
            from_base(&mut c.path);
        }
        self.sandbox.readable.iter_mut().for_each(from_base);
    }
}

/// The suites of the folders named by `--suite`, each named after its
/// folder; an empty path, or two folders of one name (cases are told apart
/// by suite and name in every report), refused.
fn suites_of_folders(folders: &[PathBuf]) -> Result<Vec<Suite>, ConfigError> {
    let mut suites: Vec<Suite> = Vec::with_capacity(folders.len());
    for folder in folders {
        let suite = Suite::of_folder(folder);
        let twin = suites.iter().find(|s| s.name == suite.name);
        let message = match twin {
            _ if folder.as_os_str().is_empty() => {
                "--suite \"\": an empty path; name the folder of the cases".to_string()
            }
            Some(twin) => format!(
                "--suite {} and --suite {} are both named `{}` after their folders, and cases \
                 are told apart by suite and name: give folders of different names",
                twin.path.display(),
                folder.display(),
                suite.name
            ),
            None => {
                suites.push(suite);
                continue;
            }
        };
        return Err(ConfigError::Override { message });
    }
    Ok(suites)
}

/// A configuration's text and name, to say where a fault was written.
pub(crate) struct Located<'a> {
    text: &'a str,
    origin: &'a Path,
}

impl Located<'_> {
    /// An error at the `nth` table `table` (its `key` line when written).
    fn error(&self, table: &str, nth: usize, key: Option<&str>, message: String) -> ConfigError {
        let line = match key {
            Some(key) => locate::key_line(self.text, table, nth, key),
            None => locate::table_line(self.text, table, nth),
        };
        ConfigError::Invalid {
            path: self.origin.to_path_buf(),
            line,
            message,
        }
    }
}

#[cfg(test)]
mod tests;
