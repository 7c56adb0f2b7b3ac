//! What the export tests need from outside: the judges' own tools (Kattis's
//! `verifyproblem`, DMOJ's `dmoj-cli`), named by an environment variable
//! (`.ci/run` installs them in a virtual environment and sets it) or found
//! on the PATH; and the binary to export, the static build named by
//! `MAYAN_EXPORT_BINARY` (`.ci/run` makes it) or else this build's own.
//! Without a tool a test is skipped with a note, unless `CI` is set: then
//! it fails, as CI must prove the packages with the real judges.

use std::path::PathBuf;

/// A judge's tool: `$var`, else `program` on the PATH; `None` after a note
/// when absent (a failure on CI). `how` says how to install it.
pub fn tool_or_skip(test: &str, var: &str, program: &str, how: &str) -> Option<PathBuf> {
    let found = match std::env::var_os(var) {
        Some(p) => Some(PathBuf::from(p)).filter(|p| p.is_file()),
        None => std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(program))
                .find(|candidate| candidate.is_file())
        }),
    };
    match (&found, std::env::var_os("CI")) {
        (None, Some(_)) => panic!("CI must have {program} for {test} (set {var}): {how}"),
        (None, None) => eprintln!("SKIPPED {test}: no {program} (set {var}; {how})"),
        _ => {}
    }
    found
}

/// The binary the packages carry: `MAYAN_EXPORT_BINARY` (the `dist` build;
/// CI must give it), else the `mayan` of this build.
pub fn export_binary() -> PathBuf {
    match std::env::var_os("MAYAN_EXPORT_BINARY") {
        Some(p) => PathBuf::from(p),
        None if std::env::var_os("CI").is_some() => {
            panic!("CI must export the dist build: set MAYAN_EXPORT_BINARY (see .ci/run)")
        }
        None => PathBuf::from(env!("CARGO_BIN_EXE_mayan")),
    }
}

/// Whether g++ is on the PATH; `false` after a note when not (a failure on
/// CI).
pub fn have_gxx(test: &str) -> bool {
    let found = std::process::Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    match (found, std::env::var_os("CI")) {
        (false, Some(_)) => panic!("CI must have g++ for {test}"),
        (false, None) => eprintln!("SKIPPED {test}: no g++"),
        _ => {}
    }
    found
}

/// testlib.h, the header the judges give testlib checkers: the file
/// `MAYAN_TESTLIB_H` names (`.ci/run` installs the pinned one); `None`
/// after a note when unset (a failure on CI).
pub fn testlib_or_skip(test: &str) -> Option<PathBuf> {
    let found = std::env::var_os("MAYAN_TESTLIB_H")
        .map(PathBuf::from)
        .filter(|p| p.is_file());
    let how = "pip install rbx.cp==2.3.3 --no-deps and name its rbx/resources/predownloaded/testlib.h; .ci/run does";
    match (&found, std::env::var_os("CI")) {
        (None, Some(_)) => panic!("CI must have testlib.h for {test} (set MAYAN_TESTLIB_H): {how}"),
        (None, None) => eprintln!("SKIPPED {test}: no testlib.h (set MAYAN_TESTLIB_H; {how})"),
        _ => {}
    }
    found
}
