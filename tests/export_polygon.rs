//! `mayan export polygon`: the package's layout and `problem.xml`; the
//! statement built to PDF where pdflatex is (CI's TeX), and said to be
//! missing where it is not; and the package converted by Polygon2DOMjudge
//! (`p2d --with-statement`, pinned by `.ci/run`) and the result checked by
//! Kattis's `verifyproblem`: the PDF statement carried, the testlib checker
//! built by the tools against DOMjudge's testlib.h, the reference solution
//! AC on every case, the wrong one WA.
//!
//! verifyproblem reports three errors, and the test asserts exactly those:
//! none of them can be avoided by a Polygon package, as converting a real
//! one shows: p2d's own test package `little-h-reboot`, converted with
//! `--with-statement`, gets the same three (and a fourth of its own: p2d
//! puts its solution of several verdicts in `submissions/mixed/`, a folder
//! verifyproblem does not know).
//!
//! - No input validator: p2d cannot carry one. Its conversion
//!   (`Polygon2DOMjudge.process` in 0.4.0) writes `domjudge-problem.ini`,
//!   `problem.yaml` with the checker or interactor under
//!   `output_validators/`, the tests, the solutions, a PDF statement and
//!   attachments, and reads nothing else of `problem.xml` (no
//!   `<validators>`); neither its flags nor its `config.toml` (languages,
//!   checker flags, solution tags, sample names, comment marks) name a
//!   validator, and its repository's newest source (cn-xcpc-tools/
//!   Polygon2DOMjudge at 8b0919a, after 0.4.0) has none either. So the
//!   Polygon package ships no validator for p2d to drop.
//! - No statement, and a name without one: p2d carries a statement only as
//!   `problem_statement/problem.pdf` (the `statement[@type=
//!   "application/pdf"]` in the language of the name it takes, English
//!   first), which DOMjudge shows; verifyproblem (1.20260907) reads only
//!   `problem_statement/problem[.LANG].tex`, so it finds no statement and
//!   then an English name without one. The statement it would build is the
//!   Kattis package's, checked by `export_kattis`.

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

/// Whether pdflatex is on the PATH; `false` after a note when not (a
/// failure on CI, where `.ci/run` installs TeX).
fn have_pdflatex(test: &str) -> bool {
    let found = std::process::Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    match (found, std::env::var_os("CI")) {
        (false, Some(_)) => panic!("CI must have pdflatex for {test} (texlive-latex-base)"),
        (false, None) => eprintln!("SKIPPED the PDF part of {test}: no pdflatex"),
        _ => {}
    }
    found
}

/// The statements `problem.xml` lists, as Polygon lists them.
const TEX_STATEMENTS: [&str; 2] = [
    "<statement charset=\"UTF-8\" language=\"chinese\" mathjax=\"true\" path=\"statements/chinese/problem.tex\" type=\"application/x-tex\"/>",
    "<statement charset=\"UTF-8\" language=\"english\" mathjax=\"true\" path=\"statements/english/problem.tex\" type=\"application/x-tex\"/>",
];
const PDF_STATEMENT: &str = "<statement language=\"english\" path=\"statements/.pdf/english/problem.pdf\" type=\"application/pdf\"/>";

#[test]
fn the_package_holds_the_tests_the_checker_the_solutions_and_both_statements() {
    let test = "the_package_holds_the_tests_the_checker_the_solutions_and_both_statements";
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
        "</names>\n    <statements>\n",
        TEX_STATEMENTS[0],
        TEX_STATEMENTS[1],
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
        "statements/english/problem.tex",
    ] {
        assert!(package.join(file).is_file(), "{file}");
    }
    let answer = std::fs::read_to_string(package.join("tests/01.a")).unwrap();
    assert_eq!(answer, "2 1 1\n3 1 1\n3 0 1\n", "the sample's answer first");
    let checker = std::fs::read_to_string(package.join("files/checker.cpp")).unwrap();
    assert!(checker.contains("const bool NULL_SWAPS = true;"));
    if have_pdflatex(test) {
        assert!(xml.contains(PDF_STATEMENT), "{xml}");
        let pdf = std::fs::read(package.join("statements/.pdf/english/problem.pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    }
}

// The package listed no statement, so converters carried none.
#[test]
fn without_tex_the_package_lists_its_latex_statements_and_says_the_pdf_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    let empty_path = dir.path().join("bin");
    std::fs::create_dir(&empty_path).unwrap();
    let done = Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", &empty_path)
        .args(["export", "polygon"])
        .arg(&package)
        .assert()
        .success();
    let said = String::from_utf8_lossy(&done.get_output().stderr);
    assert!(
        said.contains(
            "warning: no pdflatex on the PATH: the package has its statements in LaTeX only, \
             without statements/.pdf/english/problem.pdf, the one Polygon2DOMjudge (p2d \
             --with-statement) carries to DOMjudge; install TeX"
        ),
        "{said}"
    );
    let xml = std::fs::read_to_string(package.join("problem.xml")).unwrap();
    assert!(
        xml.contains(TEX_STATEMENTS[0]) && xml.contains(TEX_STATEMENTS[1]),
        "{xml}"
    );
    assert!(!xml.contains("application/pdf"), "{xml}");
    assert!(!package.join("statements/.pdf").exists());
    let stdout = String::from_utf8_lossy(&done.get_output().stdout);
    assert!(!stdout.contains("--with-statement"), "{stdout}");
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
    if !have_pdflatex(test) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_polygon(&package);
    let zip = dir.path().join("mayan-domjudge.zip");
    let out = std::process::Command::new(p2d)
        .args(["--code", "mayan", "-y", "--with-statement", "-o"])
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
    let pdf = std::fs::read(package.join("statements/.pdf/english/problem.pdf")).unwrap();
    let carried = std::fs::read(converted.join("problem_statement/problem.pdf")).unwrap();
    assert!(carried == pdf, "p2d carries the package's PDF statement");
    let out = std::process::Command::new(verifyproblem)
        .arg(&converted)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    eprintln!("--- verifyproblem {} ---\n{text}", converted.display());
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("ERROR")).collect();
    // The errors no Polygon package avoids (module comment).
    assert_eq!(
        errors,
        [
            "ERROR Names exist for languages without problem statements: en",
            "ERROR No problem statements found (expected file of one of following forms in \
             directory problem_statement/: problem.tex, problem.<language>.tex)",
            "ERROR No input format validators found",
        ],
        "{text}"
    );
    assert!(
        text.contains("accepted/reference.cpp (C++) OK: AC"),
        "{text}"
    );
    assert!(
        text.contains("wrong_answer/illegal_moves.cpp (C++) OK: WA"),
        "{text}"
    );
}
