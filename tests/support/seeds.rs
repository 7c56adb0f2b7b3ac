//! The independent implementations in `../shared/seeds/` (two accepted contest
//! programs published with the statement), built from the text they are stored
//! in, and run the way a judge runs them. Shared by the tests and the benches.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `../shared` beside the checkout, or `$MAYAN_SHARED`.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("MAYAN_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// The official cases `(name, input, answer)`, in numeric order.
pub fn official_cases() -> Vec<(String, PathBuf, PathBuf)> {
    let dir = shared_dir().join("mayan-noip2011");
    (1..=10)
        .map(|i| {
            let name = format!("{i}");
            (
                name,
                dir.join(format!("{i}.in")),
                dir.join(format!("{i}.ans")),
            )
        })
        .collect()
}

fn seed_text(prefix: &str) -> String {
    let dir = shared_dir().join("seeds");
    let entry = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .unwrap_or_else(|| panic!("no seed {prefix}* in {}", dir.display()));
    std::fs::read_to_string(entry.path()).expect("seed text is UTF-8")
}

/// The C++ program of seed 001: from its first `#include` to the closing brace
/// of `main`.
pub fn cpp_source() -> String {
    let text = seed_text("001_");
    let start = text
        .find("#include")
        .expect("the C++ seed has #include lines");
    let end = text
        .rfind("return 0;")
        .expect("the C++ seed ends main with return 0");
    let close = start + text[start..].len() - text[end..].len() + text[end..].find('}').unwrap();
    text[start..=close].to_string()
}

/// The Pascal program of seed 000: from `type` to `end.`.
pub fn pascal_source() -> String {
    let text = seed_text("000_");
    let start = text
        .find("type \n")
        .or_else(|| text.find("type\n"))
        .expect("Pascal starts with type");
    let end = text.rfind("end.").expect("Pascal ends with end.");
    text[start..end + 4].to_string()
}

fn compile(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Builds the C++ seed with `g++ -O2` into `dir`.
pub fn build_cpp(dir: &Path) -> Result<PathBuf, String> {
    build_into(
        dir,
        "seed_cpp",
        "seed_cpp.cpp",
        &cpp_source(),
        |src, exe| {
            let mut cmd = Command::new("g++");
            cmd.arg("-O2").arg("-o").arg(exe).arg(src);
            (cmd, "g++")
        },
    )
}

/// Builds the Pascal seed with `fpc -O2` into `dir`; `Err` when fpc is missing.
pub fn build_pascal(dir: &Path) -> Result<PathBuf, String> {
    build_into(
        dir,
        "seedpas",
        "seedpas.pas",
        &pascal_source(),
        |src, exe| {
            let mut cmd = Command::new("fpc");
            cmd.arg("-O2")
                .arg("-v0")
                .arg(format!("-o{}", exe.display()))
                .arg(src);
            (cmd, "fpc")
        },
    )
}

/// Compiles `source` in a folder of its own below `dir`, then renames the
/// program to `dir/name`: tests that build the same seed at once never run
/// a file another compiler is still writing.
fn build_into(
    dir: &Path,
    name: &str,
    file: &str,
    source: &str,
    command: impl FnOnce(&Path, &Path) -> (Command, &'static str),
) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let scratch = tempfile::tempdir_in(dir).map_err(|e| e.to_string())?;
    let (src, built) = (scratch.path().join(file), scratch.path().join(name));
    std::fs::write(&src, source).map_err(|e| e.to_string())?;
    let (mut cmd, tool) = command(&src, &built);
    compile(&mut cmd, tool)?;
    let exe = dir.join(name);
    std::fs::rename(&built, &exe).map_err(|e| e.to_string())?;
    Ok(exe)
}

/// Runs the C++ seed as the contest did: `mayan.in` in, `mayan.out` out, in `work`.
pub fn run_cpp(exe: &Path, case_text: &str, work: &Path) -> String {
    std::fs::create_dir_all(work).unwrap();
    std::fs::write(work.join("mayan.in"), case_text).unwrap();
    let _ = std::fs::remove_file(work.join("mayan.out"));
    let status = Command::new(exe)
        .current_dir(work)
        .stdin(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "the C++ seed failed: {status}");
    std::fs::read_to_string(work.join("mayan.out")).unwrap()
}

/// Runs the Pascal seed on standard input and output.
pub fn run_pascal(exe: &Path, case_text: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(case_text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the Pascal seed failed: {}",
        out.status
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Answers compared as tokens, the way the official `fc` did not (it compared
/// bytes) but every judge since does.
pub fn same_tokens(a: &str, b: &str) -> bool {
    a.split_whitespace().eq(b.split_whitespace())
}
