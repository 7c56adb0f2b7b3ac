//! Turning a submission into a command: a ready command as it is, or a source
//! file compiled by the command its language (chosen by the file's extension,
//! see `config::languages`) prescribes. A compiler that fails gives CE with
//! its message; a compiler that cannot be started is a judge error.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::config::LanguageConfig;
use crate::config::languages::{Recipe, known_extensions, recipe_for};
use crate::runner::{Exit, Limits, RunSpec, Runner};

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

/// Why a submission could not be prepared: the judge's fault, or its
/// configuration's, never the contestant's.
#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    #[error("no command and no source")]
    NoProgram,
    #[error("{}: no language for this extension (known: {})", path.display(), known.join(", "))]
    UnknownLanguage { path: PathBuf, known: Vec<String> },
    #[error("{}: not a file", path.display())]
    NotAFile { path: PathBuf },
    #[error("{}: {source}", path.display())]
    Copy {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot run the {language} compiler `{program}`: {source}")]
    Compiler {
        language: String,
        program: String,
        source: std::io::Error,
    },
}

/// Copies `source` into `build_dir` and compiles it there when its language
/// needs it (the compiler runs like a submission, in the sandbox, with
/// `build_dir` as its working folder).
pub fn prepare(
    source: &Path,
    build_dir: &Path,
    runner: &dyn Runner,
    configured: &BTreeMap<String, LanguageConfig>,
) -> Result<Prepared, PrepareError> {
    let language = recipe_for(source, configured).ok_or_else(|| PrepareError::UnknownLanguage {
        path: source.to_path_buf(),
        known: known_extensions(configured),
    })?;
    // The compiler and the program see the copy beside them, never the
    // contestant's folder.
    let name = source.file_name().ok_or_else(|| PrepareError::NotAFile {
        path: source.to_path_buf(),
    })?;
    let src = build_dir.join(name);
    std::fs::copy(source, &src).map_err(|e| PrepareError::Copy {
        path: source.to_path_buf(),
        source: e,
    })?;
    let exe = build_dir.join("program");
    let Some(compile) = &language.compile else {
        return Ok(Prepared::Ready(Recipe::fill(&language.run, &src, &exe)));
    };
    let spec = RunSpec {
        argv: Recipe::fill(compile, &src, &exe),
        workdir: build_dir.to_path_buf(),
        stdin: None,
        stdout: build_dir.join("compile.out"),
        stderr: build_dir.join("compile.err"),
        limits: COMPILE_LIMITS,
    };
    let outcome = runner.run(&spec).map_err(|e| PrepareError::Compiler {
        language: language.name.clone(),
        program: spec.argv[0].clone(),
        source: e,
    })?;
    if outcome.exit == Exit::Code(0) && outcome.stopped.is_none() && exe.exists() {
        return Ok(Prepared::Ready(Recipe::fill(&language.run, &src, &exe)));
    }
    let mut message = std::fs::read_to_string(&spec.stderr).unwrap_or_default();
    message.push_str(&std::fs::read_to_string(&spec.stdout).unwrap_or_default());
    if outcome.stopped.is_some() {
        message.push_str("\nthe compiler was stopped at its time or memory limit");
    }
    let lines: Vec<&str> = message.lines().take(30).collect();
    Ok(Prepared::CompileError(lines.join("\n")))
}
