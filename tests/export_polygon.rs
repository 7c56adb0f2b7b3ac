//! `mayan export polygon`: the package's layout and `problem.xml`; and the
//! package converted by Polygon2DOMjudge (`p2d`, pinned by `.ci/run`) and
//! the result checked by Kattis's `verifyproblem`: the testlib checker
//! built by the tools against DOMjudge's testlib.h, the reference solution
//! AC on every case, the wrong one WA. p2d converts neither a statement in
//! LaTeX (only a PDF) nor an input validator, so the test puts the
//! package's English statement where verifyproblem looks for it, and the
//! one error left is the missing input validator.
//!
//! That error stays, and the test asserts it exactly: p2d cannot carry an
//! input validator. Its conversion (`Polygon2DOMjudge.process` in 0.4.0)
//! writes `domjudge-problem.ini`, `problem.yaml` with the checker or
//! interactor under `output_validators/`, the tests, the solutions, a PDF
//! statement and attachments, and reads nothing else of `problem.xml` (no
//! `<validators>`); neither its flags nor its `config.toml` (languages,
//! checker flags, solution tags, sample names, comment marks) name a
//! validator, and its repository's newest source (cn-xcpc-tools/
//! Polygon2DOMjudge at 8b0919a, after 0.4.0) has none either. So the
//! Polygon package ships no validator for p2d to drop.

use std::path::Path;

use assert_cmd::Command;

use crate::support::judges::tool_or_skip;

fn export_polygon(out: &Path) -> String {
    let done = Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["export", "polygon"])
        .arg(out)
        .assert()
        .success();
    String::from_utf8_lossy(&done.get_output().stdout).into_owned()
}

#[test]
fn the_package_holds_the_tests_the_checker_the_solutions_and_both_statements() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    let summary = export_polygon(&package);
    assert!(
        summary.contains("exported 45 cases in 7 suites (450 points"),
        "{summary}"
    );
    let xml = std::fs::read_to_string(package.join("problem.xml")).unwrap();
    for part in [
        "<problem revision=\"1\" short-name=\"mayan\"",
        "<name language=\"chinese\" value=\"玛雅游戏\"/>",
        "<test-count>45</test-count>",
        "<input-path-pattern>tests/%02d</input-path-pattern>",
        "<test method=\"manual\" group=\"sample\" points=\"10\" sample=\"true\"/>",
        "<checker name=\"checker.cpp\" type=\"testlib\">",
        "<solution tag=\"main\">",
        "<solution tag=\"wrong-answer\">",
    ] {
        assert!(xml.contains(part), "{part} in {xml}");
    }
    assert!(!xml.contains("<!-- Made by `mayan export polygon` from judge.toml; the rules: --"));
    for file in [
        "tests/01",
        "tests/01.a",
        "tests/45",
        "tests/45.a",
        "files/checker.cpp",
        "solutions/reference.cpp",
        "statements/chinese/problem.tex",
    ] {
        assert!(package.join(file).is_file(), "{file}");
    }
    let answer = std::fs::read_to_string(package.join("tests/01.a")).unwrap();
    assert_eq!(answer, "2 1 1\n3 1 1\n3 0 1\n", "the sample's answer first");
    let checker = std::fs::read_to_string(package.join("files/checker.cpp")).unwrap();
    assert!(checker.contains("const bool NULL_SWAPS = true;"));
}

#[test]
fn p2d_then_verifyproblem_judge_the_package() {
    let test = "p2d_then_verifyproblem_judge_the_package";
    let how = "pip install -r .ci/requirements-p2d.txt and problemtools; .ci/run does";
    let (Some(p2d), Some(verifyproblem)) = (
        tool_or_skip(test, "MAYAN_P2D", "p2d", how),
        tool_or_skip(test, "MAYAN_VERIFYPROBLEM", "verifyproblem", how),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_polygon(&package);
    let zip = dir.path().join("mayan-domjudge.zip");
    let out = std::process::Command::new(p2d)
        .args(["--code", "mayan", "-y", "-o"])
        .arg(&zip)
        .arg(&package)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "p2d: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Named as a short name: verifyproblem takes the folder's name for one.
    let converted = dir.path().join("domjudge/mayan");
    std::fs::create_dir_all(&converted).unwrap();
    let unzip = std::process::Command::new("unzip")
        .args(["-q", "-d"])
        .arg(&converted)
        .arg(&zip)
        .status()
        .unwrap();
    assert!(unzip.success());
    assert!(
        converted
            .join("output_validators/checker/checker.cpp")
            .is_file()
    );
    std::fs::create_dir(converted.join("problem_statement")).unwrap();
    std::fs::copy(
        package.join("statements/english/problem.tex"),
        converted.join("problem_statement/problem.en.tex"),
    )
    .unwrap();
    let out = std::process::Command::new(verifyproblem)
        .arg(&converted)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    eprintln!("--- verifyproblem {} ---\n{text}", converted.display());
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("ERROR")).collect();
    // The one error p2d leaves (module comment): it converts no validator.
    assert_eq!(errors, ["ERROR No input format validators found"], "{text}");
    assert!(
        text.contains("accepted/reference.cpp (C++) OK: AC"),
        "{text}"
    );
    assert!(
        text.contains("wrong_answer/illegal_moves.cpp (C++) OK: WA"),
        "{text}"
    );
}
