//! Turning a submission into a command: a ready command as it is, or a source
//! file compiled by the command its language (chosen by the file's extension)
//! prescribes. A compiler that fails gives CE with its message; a compiler that
//! cannot be started is a judge error.

use std::path::Path;
use std::time::Duration;

use crate::runner::{Exit, Limits, RunSpec, Runner};

/// A language: its file extensions, how to compile and how to run.
/// `{src}` is the source file, `{exe}` the program to build.
pub struct Language {
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    pub compile: Option<&'static [&'static str]>,
    pub run: &'static [&'static str],
}

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

/// The language of a source file, by its extension.
pub fn language_for(source: &Path) -> Option<&'static Language> {
    let ext = source.extension()?.to_str()?;
    LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
}

fn fill(template: &[&str], src: &Path, exe: &Path) -> Vec<String> {
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
    output: 1 << 20,
};

/// Compiles `source` into `build_dir` when its language needs it. `Err` is a
/// judge error (unknown language, compiler missing).
pub fn prepare(source: &Path, build_dir: &Path, runner: &dyn Runner) -> Result<Prepared, String> {
    let language = language_for(source).ok_or_else(|| {
        let known: Vec<&str> = LANGUAGES
            .iter()
            .flat_map(|l| l.extensions.iter().copied())
            .collect();
        format!(
            "{}: no language for this extension (known: {})",
            source.display(),
            known.join(", ")
        )
    })?;
    let src = std::fs::canonicalize(source).map_err(|e| format!("{}: {e}", source.display()))?;
    let exe = build_dir.join("program");
    let Some(compile) = language.compile else {
        return Ok(Prepared::Ready(fill(language.run, &src, &exe)));
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
        return Ok(Prepared::Ready(fill(language.run, &src, &exe)));
    }
    let mut message = std::fs::read_to_string(&spec.stderr).unwrap_or_default();
    message.push_str(&std::fs::read_to_string(&spec.stdout).unwrap_or_default());
    if outcome.stopped.is_some() {
        message.push_str("\nthe compiler was stopped at its time or memory limit");
    }
    let lines: Vec<&str> = message.lines().take(30).collect();
    Ok(Prepared::CompileError(lines.join("\n")))
}
