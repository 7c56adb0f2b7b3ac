//! What the shape of `judge.toml` cannot say, checked once when it is read,
//! so that a configuration that cannot work is refused before anything
//! runs (exit 2, naming the file, the line and the key), never charged to
//! the contestants as a CE, RE or JE on every case: limits out of bounds
//! (`bounds`), I/O files that are not plain names (`names`), suites,
//! contestants, readable folders, languages and submissions that cannot
//! work.
//!
//! Reads no file but to tell a folder from a file where a configured source
//! or program should be, and to find the readable folders and what they
//! hold.

use std::collections::BTreeMap;
use std::path::Path;

use super::bounds::limits_fault;
use super::languages::{LanguageConfig, Languages, known_extensions, recipe_for};
use super::names::{io_names_fault, plain_name_fault};
use super::schema::{Config, ContestantsConfig, IoConfig, LimitsConfig, Submission, Suite};
use super::{ConfigError, Located};
use crate::inputs::Inputs;
use crate::text::visible;

/// Every check, in the file's order; the first fault found.
pub(super) fn check(config: &Config, at: &Located) -> Result<(), ConfigError> {
    check_limits(&config.limits, at)?;
    check_sandbox(config, at)?;
    check_io(&config.io, at)?;
    check_suites(&config.suites, at)?;
    check_contestants(config.contestants.as_ref(), at)?;
    check_languages(&config.languages.custom, at)?;
    check_submissions(&config.submissions, &config.languages, at)
}

/// The limits within their floors and ceilings, and the wall-clock limit
/// at least the time limit (see `bounds`).
fn check_limits(limits: &LimitsConfig, at: &Located) -> Result<(), ConfigError> {
    match limits_fault(limits, &|key| format!("limits.{key}")) {
        Some((key, message)) => Err(at.error("limits", 0, Some(key), message)),
        None => Ok(()),
    }
}

/// Each readable folder: not empty (it would be the folder of
/// `judge.toml`), there, not `/`, and neither holding nor inside what no
/// run may read that this file names (itself, a suite, the contest folder):
/// every run may read all of it.
fn check_sandbox(config: &Config, at: &Located) -> Result<(), ConfigError> {
    let fault = |message: String| Err(at.error("sandbox", 0, Some("readable"), message));
    if config
        .sandbox
        .readable
        .iter()
        .any(|p| p.as_os_str().is_empty())
    {
        return fault(
            "sandbox.readable holds an empty path, which would open the folder of this file \
             (and the answers in it) to every run: name the folder"
                .to_string(),
        );
    }
    let guarded = guarded(config, at.origin);
    for folder in &config.sandbox.readable {
        let shown = visible(&folder.display().to_string());
        match std::fs::canonicalize(folder) {
            Err(e) => {
                return fault(format!(
                    "sandbox.readable names {shown}, which cannot be opened ({e}): name a \
                     folder that is there, or remove it"
                ));
            }
            Ok(real) if real == Path::new("/") => {
                return fault(format!(
                    "sandbox.readable names {shown}, the whole file system: every run could \
                     read every file, the answers and this file among them; name the folders \
                     the programs need"
                ));
            }
            Ok(_) => {}
        }
        if let Some(exposure) = guarded.exposed_by(folder) {
            return fault(format!(
                "sandbox.readable: {exposure}, which no run may read; move it out, or name a \
                 folder that holds only what the programs need"
            ));
        }
    }
    Ok(())
}

/// What this configuration (read from `origin`) names that no run may
/// read: itself, its suites, its contest folder.
fn guarded(config: &Config, origin: &Path) -> Inputs {
    let mut inputs = Inputs::default();
    inputs.file("the configuration", origin);
    for suite in &config.suites {
        let what = format!("the cases of suite `{}`", visible(&suite.name));
        inputs.folder(what, &suite.path);
    }
    if let Some(contestants) = &config.contestants {
        inputs.folder("the contest folder", &contestants.path);
    }
    inputs
}

/// The I/O files' names, checked whatever the mode (`--io file` may set
/// it later): plain names, not the same (see [`io_names_fault`]).
fn check_io(io: &IoConfig, at: &Located) -> Result<(), ConfigError> {
    match io_names_fault(&io.input_file, &io.output_file) {
        Some((key, message)) => Err(at.error("io", 0, Some(key), message)),
        None => Ok(()),
    }
}

/// Each suite: a folder written, a name no other suite has and without
/// control characters (it names the cases in every report), an answer
/// extension that can work.
fn check_suites(suites: &[Suite], at: &Located) -> Result<(), ConfigError> {
    for (i, suite) in suites.iter().enumerate() {
        let fault = if suite.path.as_os_str().is_empty() {
            Some((
                "path",
                "suite path is empty: name the folder of its cases (\".\" for this file's)"
                    .to_string(),
            ))
        } else if suites[..i].iter().any(|s| s.name == suite.name) {
            Some(("name", format!("two suites are named `{}`", suite.name)))
        } else if suite.name.chars().any(char::is_control) {
            let why = "holds a control character; it names the suite's cases in every report";
            Some(("name", format!("suite name {:?} {why}", suite.name)))
        } else {
            answer_extension_fault(&suite.answer_extension).map(|why| {
                let (name, ext) = (&suite.name, &suite.answer_extension);
                let message = format!("suite `{name}`: answer-extension = {ext:?} {why}");
                ("answer-extension", message)
            })
        };
        if let Some((key, message)) = fault {
            return Err(at.error("suite", i, Some(key), message));
        }
    }
    Ok(())
}

/// Why `ext` cannot be the extension of a suite's answer files, if it
/// cannot: the answer files must lie beside their cases, be told apart from
/// them, and be named `X.<ext>` for the case `X.in`, a plain file name.
pub fn answer_extension_fault(ext: &str) -> Option<&'static str> {
    if ext.is_empty() {
        Some("is empty: write the extension the answer files have, as \"ans\" or \"out\"")
    } else if ext.contains('/') {
        Some("holds `/`: an answer file lies beside its case, X.<ext> for X.in")
    } else if ext.starts_with('.') {
        Some("starts with `.`: write it without the dot, as \"out\"")
    } else if ext == "in" || ext.ends_with(".in") {
        Some("would name the answer files as cases (X.in)")
    } else {
        plain_name_fault(ext)
    }
}

/// The contest folder written, and the problem's name a plain file name:
/// contestants' sources are `<problem>.<ext>`, in `<problem>/` when nested.
fn check_contestants(
    contestants: Option<&ContestantsConfig>,
    at: &Located,
) -> Result<(), ConfigError> {
    let Some(c) = contestants else {
        return Ok(());
    };
    let fault = if c.path.as_os_str().is_empty() {
        Some((
            "path",
            "contestants.path is empty: name the contest folder".to_string(),
        ))
    } else {
        problem_name_fault(&c.problem).map(|why| {
            (
                "problem",
                format!("contestants.problem = {:?} {why}", c.problem),
            )
        })
    };
    match fault {
        Some((key, message)) => Err(at.error("contestants", 0, Some(key), message)),
        None => Ok(()),
    }
}

/// Why `name` cannot be the problem's name, if it cannot: it names the
/// contestants' source files and folders, so it is a plain file name
/// (`--problem` holds to the same rule).
pub fn problem_name_fault(name: &str) -> Option<String> {
    plain_name_fault(name).map(|why| {
        format!(
            "{why}: contestants' sources are named <problem>.<ext>, as \"mayan\" gives mayan.cpp"
        )
    })
}

fn check_languages(
    languages: &BTreeMap<String, LanguageConfig>,
    at: &Located,
) -> Result<(), ConfigError> {
    for (name, language) in languages {
        if let Some((key, why)) = language_fault(language) {
            let message = format!("language `{name}` {why}");
            return Err(at.error(&format!("language.{name}"), 0, Some(key), message));
        }
    }
    Ok(())
}

/// What makes a language unable to work, if anything: the key and why. A
/// compile step must name the source (`{src}`) and the program it writes
/// (`{exe}`, the file the judge runs); without one, `run` must name the
/// source and cannot name a program nothing builds; no other `{word}` is a
/// placeholder (a shell's `${VAR}` is left alone), which is said first, as a
/// misspelt `{src}` would otherwise be missed.
fn language_fault(language: &LanguageConfig) -> Option<(&'static str, String)> {
    let names = |argv: &[String], what: &str| argv.iter().any(|a| a.contains(what));
    let fault = match &language.compile {
        _ if language.extensions.is_empty() => ("extensions", "needs at least one extension"),
        _ if language.run.is_empty() => ("run", "needs a non-empty `run`"),
        Some(compile) if compile.is_empty() => (
            "compile",
            "has an empty `compile`; leave it out for an interpreted language",
        ),
        _ if placeholder_fault(language).is_some() => return placeholder_fault(language),
        Some(compile) if !names(compile, "{exe}") => (
            "compile",
            "has a `compile` that never names {exe}, the program the judge runs: write it where \
             the compiler puts its output (\"-o\", \"{exe}\")",
        ),
        Some(compile) if !names(compile, "{src}") => (
            "compile",
            "has a `compile` that never names {src}, the source to compile",
        ),
        None if names(&language.run, "{exe}") => (
            "run",
            "has a `run` naming {exe}, but no `compile` builds it: add the compile step, or run \
             the source, {src}",
        ),
        None if !names(&language.run, "{src}") => (
            "run",
            "has no `compile` and a `run` that never names {src}: every source would run the \
             same command",
        ),
        _ => return None,
    };
    Some((fault.0, fault.1.to_string()))
}

/// A `{word}` in a command that is neither `{src}` nor `{exe}` (`{sorce}`),
/// which would reach the compiler as it is written.
fn placeholder_fault(language: &LanguageConfig) -> Option<(&'static str, String)> {
    let commands = [
        ("compile", language.compile.as_deref()),
        ("run", Some(&language.run[..])),
    ];
    for (key, argv) in commands {
        for arg in argv.into_iter().flatten() {
            if let Some(word) = unknown_placeholder(arg) {
                let why = format!(
                    "has `{word}` in `{key}`, which is not a placeholder: {{src}} is the source, \
                     {{exe}} the program"
                );
                return Some((key, why));
            }
        }
    }
    None
}

/// The first `{word}` of `arg` (a letter or `_`, then letters, digits, `_`
/// and `-`) that is not `{src}` or `{exe}` and does not follow a `$`.
fn unknown_placeholder(arg: &str) -> Option<&str> {
    let mut from = 0;
    while let Some(open) = arg[from..].find('{').map(|i| from + i) {
        from = open + 1;
        let close = open + arg[open..].find('}')?;
        let word = &arg[open + 1..close];
        let is_word = word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if is_word && !arg[..open].ends_with('$') && word != "src" && word != "exe" {
            return Some(&arg[open..=close]);
        }
    }
    None
}

fn check_submissions(
    submissions: &[Submission],
    languages: &Languages,
    at: &Located,
) -> Result<(), ConfigError> {
    let base = at.origin.parent().unwrap_or(Path::new(""));
    for (i, sub) in submissions.iter().enumerate() {
        let named_before = submissions[..i].iter().any(|s| s.name == sub.name);
        let fault = submission_fault(sub, languages, base, named_before);
        if let Some((key, message)) = fault {
            return Err(at.error("submission", i, key, message));
        }
    }
    Ok(())
}

/// What makes a configured submission unable to work, if anything: the key
/// (none for the table itself) and why.
fn submission_fault(
    sub: &Submission,
    languages: &Languages,
    base: &Path,
    named_before: bool,
) -> Option<(Option<&'static str>, String)> {
    let name = &sub.name;
    if name.is_empty() || name.chars().any(char::is_control) {
        let why = "a submission's name is shown in every report: write one without control \
                   characters";
        return Some((Some("name"), format!("submission name {name:?}: {why}")));
    }
    if named_before {
        return Some((Some("name"), format!("two submissions are named `{name}`")));
    }
    if let Some(source) = &sub.source {
        if recipe_for(source, languages).is_none() {
            let message = format!(
                "submission `{name}`: no language for the extension of {} (known: {})",
                source.display(),
                known_extensions(languages).join(", ")
            );
            return Some((Some("source"), message));
        }
        if source.is_dir() {
            let message = format!(
                "submission `{name}`: its source {} is a folder; name the source file",
                source.display()
            );
            return Some((Some("source"), message));
        }
    }
    command_fault(sub, base)
}

/// A submission's command: there instead of a source, not empty, and its
/// program (when named by a path) not a folder.
fn command_fault(sub: &Submission, base: &Path) -> Option<(Option<&'static str>, String)> {
    let name = &sub.name;
    if sub.command.is_some() == sub.source.is_some() {
        let message = format!("submission `{name}` needs exactly one of `command` and `source`");
        return Some((None, message));
    }
    let program = sub.command.as_ref()?.first();
    let Some(program) = program else {
        return Some((
            Some("command"),
            format!("submission `{name}` has an empty command"),
        ));
    };
    if program.contains('/') && base.join(program).is_dir() {
        let message = format!(
            "submission `{name}`: its program {program} is a folder; name the program to run"
        );
        return Some((Some("command"), message));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unknown_words_in_braces_are_placeholder_faults() {
        for (arg, want) in [
            ("{src}", None),
            ("-o{exe}", None),
            ("{sorce}", Some("{sorce}")),
            ("{src}{exee}", Some("{exee}")),
            ("{SRC}", Some("{SRC}")),
            ("${HOME}/bin", None),
            ("$X{y}", Some("{y}")),
            ("awk {print $1}", None),
            ("find -exec {} ;", None),
            ("{src", None),
            ("}{", None),
            ("a{b-c}d", Some("{b-c}")),
        ] {
            assert_eq!(unknown_placeholder(arg), want, "{arg:?}");
        }
    }

    #[test]
    fn problem_names_are_plain_file_names() {
        assert_eq!(problem_name_fault("mayan"), None);
        assert_eq!(problem_name_fault("Mayan_2011"), None);
        for bad in ["", "..", "a/b", "a\nb", "my problem"] {
            let why = problem_name_fault(bad).unwrap_or_else(|| panic!("{bad:?}"));
            assert!(why.ends_with("as \"mayan\" gives mayan.cpp"), "{why}");
        }
    }
}
