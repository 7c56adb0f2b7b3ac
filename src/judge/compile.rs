//! Turning a submission into a command: a ready command as it is, or a source
//! file compiled by the command its language (chosen by the file's extension,
//! see `config::languages`) prescribes. A compiler that fails gives CE with
//! its message, one stopped at a limit of `[limits]` (`compile-time`,
//! `compile-memory`) CE saying which; a compiler that cannot be started is a
//! judge error. How a source is built is kept for the record ([`Build`]:
//! the command and the compiler's version), so an appeal can be answered.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::config::languages::{Recipe, known_extensions, recipe_for};
use crate::config::units::{show_duration, show_size};
use crate::config::{Config, Languages, LimitsConfig, Origin};
use crate::inputs::Inputs;
use crate::runner::{Exit, Limits, RunSpec, Runner, Stop};
use crate::untrusted::{Refusal, open_beneath, open_source, read_prefix};

/// What preparing a submission gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prepared {
    /// The command to run.
    Ready(Vec<String>),
    /// The compiler's complaint (CE).
    CompileError(String),
    /// The source is empty or white space only: nothing was compiled (CE,
    /// said before any compiler runs).
    EmptySource(String),
}

/// The limits of a compilation: `[limits] compile-time` of CPU, that x
/// `wall-multiple` of wall clock, `compile-memory`; the compiler's output
/// (the program among it) to 64 MiB, and 64 processes, whatever the runs'.
pub fn compile_limits(limits: &LimitsConfig) -> Limits {
    Limits {
        cpu: limits.compile_time,
        wall: limits.compile_wall_clock(),
        memory: limits.compile_memory,
        output: 64 << 20,
        processes: 64,
    }
}

/// Why a submission could not be prepared: the judge's fault, or its
/// configuration's, never the contestant's.
#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    #[error("no command and no source")]
    NoProgram,
    #[error("copying the files the command names for its runs: {0}")]
    Stage(std::io::Error),
    #[error("{}: no language for this extension (known: {})", path.display(), known.join(", "))]
    UnknownLanguage { path: PathBuf, known: Vec<String> },
    #[error("{}: no such file", path.display())]
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

/// What compiling needs besides the source: the languages, the largest
/// source compiled and the limits of a compilation.
#[derive(Debug, Clone, Copy)]
pub struct Toolchain<'a> {
    pub languages: &'a Languages,
    /// Bytes; a larger source is CE.
    pub source_limit: u64,
    /// See [`compile_limits`]; a compiler stopped at one is CE.
    pub limits: Limits,
    /// What no run may read: never staged from beside a source.
    pub guarded: &'a Inputs,
}

impl<'a> Toolchain<'a> {
    /// The toolchain of a configuration, keeping `guarded` from the runs.
    pub fn of(config: &'a Config, guarded: &'a Inputs) -> Toolchain<'a> {
        Toolchain {
            languages: &config.languages,
            source_limit: config.limits.source,
            limits: compile_limits(&config.limits),
            guarded,
        }
    }
}

/// The most of a compiler's output kept for the CE message.
const COMPILER_OUTPUT: u64 = 64 << 10;

/// Copies `source` into `build_dir` and compiles it there when its language
/// needs it (the compiler runs like a submission, in the sandbox, with
/// `build_dir` as its working folder). The source is read as a contestant's
/// file is (`untrusted::open`): a link, a pipe, a device, a hard link its
/// maker could not read (`untrusted::links`) or a file over the limit is
/// CE saying so; nothing is copied from elsewhere. The user's own
/// source (not a contestant's, [`Origin`]) is followed through a link
/// first; a configured one brings the files beside it (`stage_siblings`:
/// its modules, headers, data).
pub fn prepare(
    (source, origin): (&Path, Origin),
    build_dir: &Path,
    runner: &dyn Runner,
    tools: Toolchain,
) -> Result<Prepared, PrepareError> {
    let language =
        recipe_for(source, tools.languages).ok_or_else(|| PrepareError::UnknownLanguage {
            path: source.to_path_buf(),
            known: known_extensions(tools.languages),
        })?;
    // The compiler and the program see the copy beside them, never the
    // contestant's folder.
    let name = source.file_name().ok_or_else(|| PrepareError::NotAFile {
        path: source.to_path_buf(),
    })?;
    let src = build_dir.join(name);
    // The user's own link is followed to its file; the name (and so the
    // language) stays the one the user gave.
    let at = match origin {
        Origin::Contestant => source.to_path_buf(),
        _ => std::fs::canonicalize(source).unwrap_or_else(|_| source.to_path_buf()),
    };
    if origin == Origin::Configured {
        stage_beside(&at, build_dir, tools.guarded)?;
    }
    match copy_source((&at, source), &src, tools.source_limit)? {
        Copied::Refused(empty @ SourceRefused::Empty { .. }) => {
            return Ok(Prepared::EmptySource(empty.to_string()));
        }
        Copied::Refused(refused) => return Ok(Prepared::CompileError(refused.to_string())),
        Copied::Done => {}
    }
    let exe = build_dir.join("program");
    match &language.compile {
        None => Ok(Prepared::Ready(Recipe::fill(&language.run, &src, &exe))),
        Some(compile) => {
            let argv = Recipe::fill(compile, &src, &exe);
            let files = (&language, source, src.as_path());
            compile_in(build_dir, (argv, tools.limits), files, runner)
        }
    }
}

/// The files beside the user's own source staged in `build_dir`, which is
/// opened for listing (as a Python import needs).
fn stage_beside(source: &Path, build_dir: &Path, guarded: &Inputs) -> Result<(), PrepareError> {
    use std::os::unix::fs::PermissionsExt;
    let own = source.file_name().map(|n| n.to_string_lossy().into_owned());
    let own = own.unwrap_or_default();
    let reserved = [own.as_str(), "program", "compile.out", "compile.err"];
    crate::judge::submission::stage_siblings(source, build_dir, (&reserved, guarded));
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(build_dir, open).map_err(|e| PrepareError::Copy {
        path: build_dir.to_path_buf(),
        source: e,
    })
}

/// Runs the compile command `argv` in `build_dir` under `limits`: the
/// program ready to run, or CE with what the compiler said (naming the
/// user's own path `source`, not the copy `src`) and the limit it was
/// stopped at, if it was.
fn compile_in(
    build_dir: &Path,
    (argv, limits): (Vec<String>, Limits),
    (language, source, src): (&Recipe, &Path, &Path),
    runner: &dyn Runner,
) -> Result<Prepared, PrepareError> {
    let exe = build_dir.join("program");
    let spec = RunSpec {
        argv,
        workdir: build_dir.to_path_buf(),
        stdin: None,
        stdout: build_dir.join("compile.out"),
        stderr: build_dir.join("compile.err"),
        limits,
        readable: Vec::new(),
        own_files: Vec::new(),
    };
    let outcome = runner.run(&spec).map_err(|e| PrepareError::Compiler {
        language: language.name.clone(),
        program: spec.argv[0].clone(),
        source: e,
    })?;
    if outcome.exit == Exit::Code(0) && outcome.stopped.is_none() && exe.exists() {
        return Ok(Prepared::Ready(Recipe::fill(&language.run, src, &exe)));
    }
    let mut message =
        compiler_said(build_dir, "compile.err") + &compiler_said(build_dir, "compile.out");
    if let Some(stop) = outcome.stopped {
        message.push_str(&format!("\n{}", stopped_at(stop, &limits)));
    }
    // The compiler names the copy; the contestant knows their own path.
    let message = message.replace(
        &src.to_string_lossy().into_owned(),
        &source.to_string_lossy(),
    );
    let lines: Vec<&str> = message.lines().take(30).collect();
    Ok(Prepared::CompileError(lines.join("\n")))
}

/// What a compilation stopped by the judge is told: the limit it reached.
fn stopped_at(stop: Stop, limits: &Limits) -> String {
    let limit = match stop {
        Stop::CpuTime => format!(
            "the compile-time limit of {} of CPU",
            show_duration(limits.cpu)
        ),
        Stop::WallTime => format!(
            "its wall-clock limit of {} (compile-time x wall-multiple)",
            show_duration(limits.wall)
        ),
        Stop::Memory => format!("the compile-memory limit of {}", show_size(limits.memory)),
        Stop::Disk => format!("its output limit of {}", show_size(limits.output)),
        Stop::Interrupted => return "the compiler was stopped: the judge was interrupted".into(),
    };
    format!("the compiler was stopped at {limit}")
}

/// A contestant's source the judge will not compile: CE, with this as its
/// message.
#[derive(Debug, thiserror::Error)]
enum SourceRefused {
    #[error("{} {refusal}; a source must be a regular file", path.display())]
    NotRegular { path: PathBuf, refusal: Refusal },
    #[error("{} {foreign}", path.display())]
    ForeignLink {
        path: PathBuf,
        foreign: crate::untrusted::links::Foreign,
    },
    #[error(
        "{} holds {size} bytes, over the source limit of {limit} bytes",
        path.display()
    )]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("{} grew past the source limit of {limit} bytes", path.display())]
    Grew { path: PathBuf, limit: u64 },
    #[error(
        "{} is empty{}: nothing to compile (was the right file handed in?)",
        path.display(),
        if *blank { " but for white space" } else { "" }
    )]
    Empty { path: PathBuf, blank: bool },
}

/// What copying a source gave.
enum Copied {
    /// The copy is in place.
    Done,
    /// The source is not one the judge compiles.
    Refused(SourceRefused),
}

/// Copies a source that is a regular file of at most `limit` bytes, or
/// says why it is CE. A missing source is the configuration's fault, not
/// the contestant's: an error.
fn copy_source(
    (at, source): (&Path, &Path),
    to: &Path,
    limit: u64,
) -> Result<Copied, PrepareError> {
    let path = source.to_path_buf();
    let opened = match open_source(at) {
        Ok((opened, _)) => opened,
        Err(Refusal::Missing) => return Err(PrepareError::NotAFile { path }),
        Err(Refusal::ForeignLink(foreign)) => {
            return Ok(Copied::Refused(SourceRefused::ForeignLink {
                path,
                foreign,
            }));
        }
        Err(refusal) => return Ok(Copied::Refused(SourceRefused::NotRegular { path, refusal })),
    };
    if opened.size > limit {
        let size = opened.size;
        return Ok(Copied::Refused(SourceRefused::TooLarge {
            path,
            size,
            limit,
        }));
    }
    let copy_error = |e| PrepareError::Copy {
        path: source.to_path_buf(),
        source: e,
    };
    let prefix = read_prefix(opened.file, limit).map_err(copy_error)?;
    if prefix.truncated {
        return Ok(Copied::Refused(SourceRefused::Grew { path, limit }));
    }
    if prefix.bytes.iter().all(u8::is_ascii_whitespace) {
        let blank = !prefix.bytes.is_empty();
        return Ok(Copied::Refused(SourceRefused::Empty { path, blank }));
    }
    std::fs::write(to, &prefix.bytes).map_err(copy_error)?;
    Ok(Copied::Done)
}

/// What the compiler wrote to one of its streams, bounded.
fn compiler_said(build_dir: &Path, name: &str) -> String {
    open_beneath(build_dir, Path::new(name))
        .ok()
        .and_then(|o| read_prefix(o.file, COMPILER_OUTPUT).ok())
        .map_or(String::new(), |p| {
            String::from_utf8_lossy(&p.bytes).into_owned()
        })
}

/// How a source was built, for the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Build {
    /// The language, as `C++`.
    pub language: String,
    /// The compile command as run in the build folder, the source and the
    /// program named by their file names (`g++ -std=c++14 -O2 -o program
    /// mayan.cpp -lm`); for an interpreted language, the run command.
    pub command: String,
    /// The first line the compiler (or interpreter) gives for its version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// How `source` is built under `tools`, when its language is known.
pub fn build_of(source: &Path, tools: Toolchain) -> Option<Build> {
    let name = Path::new(source.file_name()?);
    describe(source, tools, (name, Path::new("program")))
}

/// How sources of `source`'s language are built, the command with its
/// `{src}` and `{exe}` as written.
pub fn language_build(source: &Path, tools: Toolchain) -> Option<Build> {
    describe(source, tools, (Path::new("{src}"), Path::new("{exe}")))
}

fn describe(source: &Path, tools: Toolchain, (src, exe): (&Path, &Path)) -> Option<Build> {
    let recipe = recipe_for(source, tools.languages)?;
    let template = recipe.compile.as_ref().unwrap_or(&recipe.run);
    let argv = Recipe::fill(template, src, exe);
    Some(Build {
        language: recipe.name,
        command: argv.join(" "),
        version: argv.first().and_then(|program| version_of(program)),
    })
}

/// The longest a compiler is given to tell its version.
const VERSION_TIME: Duration = Duration::from_secs(10);

/// The first line of a known compiler's or interpreter's version (`g++
/// --version`, `fpc -iV`, `python3 --version`), asked once per program in a
/// run; `None` for a program not known to answer such a question (a
/// configured script is never run with arguments it does not expect).
pub fn version_of(program: &str) -> Option<String> {
    static SEEN: Mutex<Option<HashMap<String, Option<String>>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let seen = seen.get_or_insert_with(HashMap::new);
    if let Some(known) = seen.get(program) {
        return known.clone();
    }
    let version = ask_version(program);
    seen.insert(program.to_string(), version.clone());
    version
}

fn ask_version(program: &str) -> Option<String> {
    let base = Path::new(program).file_name()?.to_str()?;
    let (flag, prefix) = match base {
        "fpc" | "ppcx64" | "ppc386" => ("-iV", "Free Pascal "),
        b if [
            "gcc", "g++", "cc", "c++", "clang", "rustc", "python", "pypy",
        ]
        .iter()
        .any(|known| b.starts_with(known)) =>
        {
            ("--version", "")
        }
        _ => return None,
    };
    let out = tempfile::tempfile().ok()?;
    // The program the compile runs: found as the sandbox finds it.
    let program = crate::runner::sandbox::resolve(program);
    let mut child = std::process::Command::new(&program)
        .arg(flag)
        .stdin(std::process::Stdio::null())
        .stdout(out.try_clone().ok()?)
        .stderr(out.try_clone().ok()?)
        .spawn()
        .ok()?;
    let start = Instant::now();
    while !matches!(child.try_wait(), Ok(Some(_))) {
        if start.elapsed() > VERSION_TIME {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut out = out;
    std::io::Seek::rewind(&mut out).ok()?;
    let text = read_prefix(out, 4096).ok()?;
    let text = String::from_utf8_lossy(&text.bytes);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(format!("{prefix}{first}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Languages, Preset};

    #[test]
    fn a_build_is_recorded_with_its_command_and_version() {
        let noi = Languages {
            preset: Preset::Noi,
            ..Languages::default()
        };
        let tools = Toolchain {
            languages: &noi,
            source_limit: 1 << 20,
            limits: compile_limits(&LimitsConfig::default()),
            guarded: crate::inputs::Inputs::none(),
        };
        let build = build_of(Path::new("contest/amy/mayan.cpp"), tools).unwrap();
        assert_eq!(build.language, "C++");
        assert_eq!(build.command, "g++ -std=c++14 -O2 -o program mayan.cpp -lm");
        if std::process::Command::new("g++")
            .arg("--version")
            .output()
            .is_ok()
        {
            let version = build.version.unwrap();
            assert!(version.starts_with("g++"), "{version}");
        }
        let python = build_of(Path::new("a.py"), tools).unwrap();
        assert_eq!(python.command, "python3 a.py");
        assert_eq!(
            version_of("./my-script"),
            None,
            "unknown programs are not asked"
        );
    }

    /// Regression: compilation had a fixed 60 s CPU, 120 s wall, so a
    /// source that kept the compiler busy held the judge two minutes.
    #[test]
    fn a_compiler_stopped_at_the_configured_limit_is_ce_saying_which() {
        use crate::runner::fake::{FakeRunner, Scripted};
        let limits = LimitsConfig {
            compile_time: Duration::from_secs(2),
            compile_memory: 256 << 20,
            ..LimitsConfig::default()
        };
        let seen = std::sync::Arc::new(Mutex::new(None));
        let saw = std::sync::Arc::clone(&seen);
        let runner = FakeRunner::new(move |run| {
            *saw.lock().unwrap() = Some(run.spec.limits);
            Ok(Scripted::stopped(Stop::CpuTime, Duration::from_secs(2)))
        });
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("slow.cpp");
        std::fs::write(&source, "int main() {}\n").unwrap();
        let build = dir.path().join("build");
        std::fs::create_dir(&build).unwrap();
        let languages = Languages::default();
        let tools = Toolchain {
            languages: &languages,
            source_limit: 1 << 20,
            limits: compile_limits(&limits),
            guarded: crate::inputs::Inputs::none(),
        };
        let prepared = prepare((&source, Origin::Named), &build, &runner, tools).unwrap();
        let Prepared::CompileError(message) = prepared else {
            panic!("{prepared:?}")
        };
        assert!(
            message.ends_with("the compiler was stopped at the compile-time limit of 2 s of CPU"),
            "{message}"
        );
        let given = seen.lock().unwrap().unwrap();
        assert_eq!(
            (given.cpu, given.wall, given.memory),
            (Duration::from_secs(2), Duration::from_secs(6), 256 << 20)
        );
        let memory = stopped_at(Stop::Memory, &given);
        assert_eq!(
            memory,
            "the compiler was stopped at the compile-memory limit of 256 MiB"
        );
        let wall = stopped_at(Stop::WallTime, &given);
        assert!(wall.contains("wall-clock limit of 6 s (compile-time x wall-multiple)"));
    }
}
