//! `mayan links`: the protocol-named checkers made beside the binary, as
//! links or copies, that answer `--help` and `--version` and check a case.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn links(dir: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("mayan")
        .unwrap()
        .arg("links")
        .args(extra)
        .arg(dir)
        .assert()
}

const NAMES: [&str; 5] = [
    "mayan-check",
    "mayan-testlib",
    "mayan-kattis",
    "mayan-lemon",
    "mayan-cms",
];

#[test]
fn links_answer_help_and_version_and_check_a_case() {
    let dir = tempfile::tempdir().unwrap();
    links(dir.path(), &[]).success();
    // Made twice: the links already there are kept.
    links(dir.path(), &[]).success();
    for name in NAMES {
        let path = dir.path().join(name);
        assert!(path.symlink_metadata().unwrap().file_type().is_symlink());
        Command::new(&path)
            .arg("--help")
            .assert()
            .code(0)
            .stdout(predicate::str::contains(format!("Usage: {name} ")))
            .stdout(predicate::str::contains("FAIL").not());
        Command::new(&path)
            .arg("-V")
            .assert()
            .code(0)
            .stdout(format!("{name} {}\n", env!("CARGO_PKG_VERSION")));
    }
    // Through its link, mayan-testlib is the testlib checker: OK is 0.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let case = root.join("cases/sample/statement.in");
    let answer = root.join("cases/sample/statement.ans");
    Command::new(dir.path().join("mayan-testlib"))
        .arg(&case)
        .arg(&answer)
        .arg(&answer)
        .assert()
        .code(0);
}

#[test]
fn other_files_are_replaced_only_when_forced_and_copies_work() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mayan-lemon"), "mine").unwrap();
    links(dir.path(), &[])
        .code(2)
        .stderr(predicate::str::contains(
            "mayan-lemon already exists; --force replaces it",
        ));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mayan-lemon")).unwrap(),
        "mine"
    );
    links(dir.path(), &["--copy", "--force"]).success();
    let copy = dir.path().join("mayan-lemon");
    assert!(copy.symlink_metadata().unwrap().is_file());
    Command::new(&copy)
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("lemon protocol"));
}

#[test]
fn a_name_in_the_way_stops_the_links_before_any_is_made() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("mayan-kattis")).unwrap();
    links(dir.path(), &[])
        .code(2)
        .stderr(predicate::str::contains("mayan-kattis already exists"));
    links(dir.path(), &["--force"])
        .code(2)
        .stderr(predicate::str::contains("mayan-kattis is a folder"));
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["mayan-kattis"], "nothing half made");
}
