//! Turning a submission into a command: a ready command as it is, or a source
//! file compiled by the command its language (chosen by the file's extension)
//! prescribes. A compiler that fails gives CE with its message; a compiler that
//! cannot be started is a judge error.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use crate::config::LanguageConfig;
use crate::runner::{Exit, Limits, RunSpec, Runner};

/// A built-in language: its file extensions, how to compile and how to run.
/// `{src}` is the source file, `{exe}` the program to build.
pub struct Language {
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    pub compile: Option<&'static [&'static str]>,
    pub run: &'static [&'static str],
}

/// The built-in languages; `[language.NAME]` in the configuration adds to
/// them or replaces them.
pub const LANGUAGES: &[Language] = &[
    Language {
        name: "C",
        extensions: &["c"],
        compile: Some(&["gcc", "-O2", "-std=gnu11", "-o", "{exe}", "{src}", "-lm"]),
        run: &["{exe}"],
    },
    Language {
        name: "C++",
        extensions: &["cpp", "cc", "cxx"],
        compile: Some(&["g++", "-O2", "-std=gnu++17", "-o", "{exe}", "{src}"]),
        run: &["{exe}"],
    },
    Language {
        name: "Pascal",
        extensions: &["pas", "pp"],
        compile: Some(&["fpc", "-O2", "-v0", "-o{exe}", "{src}"]),
        run: &["{exe}"],
    },
    Language {
        name: "Rust",
        extensions: &["rs"],
        compile: Some(&["rustc", "-O", "-o", "{exe}", "{src}"]),
        run: &["{exe}"],
    },
    Language {
        name: "Python",
        extensions: &["py"],
        compile: None,
        run: &["python3", "{src}"],
    },
];

/// The built-in language of a source file, by its extension.
pub fn language_for(source: &Path) -> Option<&'static Language> {
    let ext = source.extension()?.to_str()?;
    LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
}

/// A language as compilation needs it, built in or configured.
struct Recipe {
    name: String,
    compile: Option<Vec<String>>,
    run: Vec<String>,
}

/// The recipe for `source`: a configured language first, then a built-in one.
fn recipe(source: &Path, configured: &BTreeMap<String, LanguageConfig>) -> Option<Recipe> {
    let ext = source.extension()?.to_str()?;
    if let Some((name, l)) = configured
        .iter()
        .find(|(_, l)| l.extensions.iter().any(|e| e == ext))
    {
        return Some(Recipe {
            name: name.clone(),
            compile: l.compile.clone(),
            run: l.run.clone(),
        });
    }
    let own = |parts: &[&str]| parts.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    language_for(source).map(|l| Recipe {
        name: l.name.to_string(),
        compile: l.compile.map(own),
        run: own(l.run),
    })
}

fn fill(template: &[String], src: &Path, exe: &Path) -> Vec<String> {
    template
        .iter()
        .map(|part| {
            part.replace("{src}", &src.to_string_lossy())
                .replace("{exe}", &exe.to_string_lossy())
        })
        .collect()
}

/// What preparing a submission gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prepared {
    /// The command to run.
    Ready(Vec<String>),
    /// The compiler's complaint (CE).
    CompileError(String),
}

/// Limits of a compilation.
const COMPILE_LIMITS: Limits = Limits {
    cpu: Duration::from_secs(60),
    wall: Duration::from_secs(120),
    memory: 2 << 30,
    output: 64 << 20,
    processes: 64,
};

/// Copies `source` into `build_dir` and compiles it there when its language
/// needs it (the compiler runs like a submission, in the sandbox, with
/// `build_dir` as its working folder). `Err` is a judge error (unknown
/// language, compiler missing).
pub fn prepare(
    source: &Path,
    build_dir: &Path,
    runner: &dyn Runner,
    configured: &BTreeMap<String, LanguageConfig>,
) -> Result<Prepared, String> {
    let language = recipe(source, configured).ok_or_else(|| {
        let mut known: Vec<String> = LANGUAGES
            .iter()
            .flat_map(|l| l.extensions.iter().map(|e| e.to_string()))
            .collect();
        known.extend(
            configured
                .values()
                .flat_map(|l| l.extensions.iter().cloned()),
        );
        format!(
            "{}: no language for this extension (known: {})",
            source.display(),
            known.join(", ")
        )
    })?;
    // The compiler and the program see the copy beside them, never the
    // contestant's folder.
    let name = source
        .file_name()
        .ok_or_else(|| format!("{}: not a file", source.display()))?;
    let src = build_dir.join(name);
    std::fs::copy(source, &src).map_err(|e| format!("{}: {e}", source.display()))?;
    let exe = build_dir.join("program");
    let Some(compile) = &language.compile else {
        return Ok(Prepared::Ready(fill(&language.run, &src, &exe)));
    };
    let spec = RunSpec {
        argv: fill(compile, &src, &exe),
        workdir: build_dir.to_path_buf(),
        stdin: None,
        stdout: build_dir.join("compile.out"),
        stderr: build_dir.join("compile.err"),
        limits: COMPILE_LIMITS,
    };
    let outcome = runner.run(&spec).map_err(|e| {
        format!(
            "cannot run the {} compiler `{}`: {e}",
            language.name, spec.argv[0]
        )
    })?;
    if outcome.exit == Exit::Code(0) && outcome.stopped.is_none() && exe.exists() {
        return Ok(Prepared::Ready(fill(&language.run, &src, &exe)));
    }
    let mut message = std::fs::read_to_string(&spec.stderr).unwrap_or_default();
    message.push_str(&std::fs::read_to_string(&spec.stdout).unwrap_or_default());
    if outcome.stopped.is_some() {
        message.push_str("\nthe compiler was stopped at its time or memory limit");
    }
    let lines: Vec<&str> = message.lines().take(30).collect();
    Ok(Prepared::CompileError(lines.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configured_languages_come_before_built_in_ones() {
        let mut configured = BTreeMap::new();
        configured.insert(
            "old-c++".to_string(),
            LanguageConfig {
                extensions: vec!["cpp".into()],
                compile: Some(vec![
                    "g++".into(),
                    "-std=c++11".into(),
                    "-o".into(),
                    "{exe}".into(),
                    "{src}".into(),
                ]),
                run: vec!["{exe}".into()],
            },
        );
        let r = recipe(Path::new("a.cpp"), &configured).unwrap();
        assert_eq!(r.name, "old-c++");
        assert_eq!(
            fill(
                r.compile.as_deref().unwrap(),
                Path::new("/s/a.cpp"),
                Path::new("/b/p")
            )[1],
            "-std=c++11"
        );
        let r = recipe(Path::new("a.pas"), &configured).unwrap();
        assert_eq!(r.name, "Pascal");
        assert!(recipe(Path::new("a.cob"), &configured).is_none());
        assert!(recipe(Path::new("noext"), &configured).is_none());
    }
}
