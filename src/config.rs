//! `judge.toml`: the rules dialect and the suites of cases. Keys are
//! kebab-case, every key has a default (written once, in the `Default` impls),
//! and an unknown key is an error that names it.
//!
//! Reading and checking the file only; what the keys mean lives with the
//! commands that use them.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::dialect::Dialect;

/// The whole file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Config {
    /// The rules dialect of the problem (`[rules]`).
    #[serde(default)]
    pub rules: Dialect,
    /// Named folders of cases (`[[suite]]`), judged in the order written.
    #[serde(default, rename = "suite")]
    pub suites: Vec<Suite>,
}

/// A folder of cases, walked recursively.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Suite {
    pub name: String,
    /// Relative to the folder holding `judge.toml`.
    pub path: PathBuf,
}

impl Default for Config {
    /// The rules of SPEC.md's defaults and one suite, `cases/`.
    fn default() -> Config {
        Config {
            rules: Dialect::default(),
            suites: vec![Suite {
                name: "cases".to_string(),
                path: PathBuf::from("cases"),
            }],
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
    use crate::dialect::{NullSwaps, Steps};

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
    fn duplicate_suite_names_are_an_error() {
        let text = "[[suite]]\nname = \"a\"\npath = \"x\"\n[[suite]]\nname = \"a\"\npath = \"y\"\n";
        let e = Config::parse(text, Path::new("judge.toml")).unwrap_err();
        assert!(e.to_string().contains("two suites are named `a`"));
    }
}
