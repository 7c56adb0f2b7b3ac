//! The problem read from a configuration and its case folders.

use std::path::Path;

use super::*;
use crate::export::ExportError;

const SAMPLE_CASE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
/// SPEC's first example: include `0 0 1 / 3 0 -1`, exclude `1 0 1 / 0 0 1`.
const PADS: &str = "2\n1 0\n1 0\n0\n1 0\n0\n";

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn config(dir: &Path, toml: &str) -> Config {
    Config::parse(toml, &dir.join("judge.toml")).unwrap()
}

const TWO_SUITES: &str = r#"
[[suite]]
name = "sample"
path = "s"
points = 5
[[suite]]
name = "bottom row / 样例"
path = "b"
points = 7
"#;

#[test]
fn cases_are_canonical_answers_are_the_dialects_and_names_are_valid() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "s/statement.in", SAMPLE_CASE);
    write(dir.path(), "s/statement.ans", "2 1 1\n3 1 1\n3 0 1\n");
    // A trailing space and CRLF (the official case 3 has `1 0 `), no answer file.
    write(
        dir.path(),
        "b/deep/my case.in",
        "2\r\n1 0 \r\n1 0\n0\n1 0\n0",
    );
    write(dir.path(), "b/deep-my-case.in", PADS);
    let (problem, notes) = Problem::gather(&config(dir.path(), TWO_SUITES), "sample").unwrap();
    let sample = problem.sample.as_ref().unwrap();
    assert_eq!((sample.name.as_str(), sample.total()), ("sample", 5));
    let [group] = &problem.secret[..] else {
        panic!("one secret group")
    };
    assert_eq!(group.name, "01-bottom-row");
    let names: Vec<&str> = group.cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["deep-my-case", "deep-my-case-2"]);
    assert_eq!(group.cases[0].input, PADS);
    assert_eq!(group.cases[0].answer, "0 0 1\n3 0 -1\n");
    assert_eq!((problem.total_points(), problem.case_count()), (19, 3));
    assert_eq!(
        problem.checker_flags(),
        "--null-swaps include --steps exact --accept lexmin"
    );
    assert!(
        notes.iter().any(|n| n
            == "1 case rewritten in canonical form (single spaces, LF line ends, a final newline)"),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|n| n.starts_with(
            "01-bottom-row/deep-my-case-2 is the same case as 01-bottom-row/deep-my-case"
        )),
        "{notes:?}"
    );
}

#[test]
fn the_configured_dialect_decides_the_answers() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "b/pads.in", PADS);
    let toml = "[rules]\nnull-swaps = \"exclude\"\n[checker]\naccept = \"any-valid\"\n[[suite]]\npath = \"b\"\n";
    let (problem, notes) = Problem::gather(&config(dir.path(), toml), "sample").unwrap();
    assert_eq!(problem.secret[0].cases[0].answer, "1 0 1\n0 0 1\n");
    assert_eq!(
        problem.checker_flags(),
        "--null-swaps exclude --steps exact --accept any-valid"
    );
    assert_eq!(problem.secret[0].name, "01-b");
    assert_eq!(
        notes,
        ["no suite named `sample`: the statement shows no sample (name one with --sample)"]
    );
}

#[test]
fn an_answer_file_of_another_dialect_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "b/pads.in", PADS);
    write(dir.path(), "b/pads.ans", "1 0 1\n0 0 1\n");
    let e =
        Problem::gather(&config(dir.path(), "[[suite]]\npath = \"b\"\n"), "sample").unwrap_err();
    // The test data is checked once, as for judging, before anything else.
    assert!(matches!(e, ExportError::Cases(_)), "{e}");
    let text = e.to_string();
    assert!(
        text.contains("pads.ans: the answer file says 1 0 1 / 0 0 1"),
        "{text}"
    );
    assert!(
        text.contains("it is the answer under null-swaps = exclude"),
        "{text}"
    );
}

#[test]
fn a_broken_case_or_a_sample_alone_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "s/a.in", SAMPLE_CASE);
    write(dir.path(), "b/bad.in", "2\n1 1 1 0\n0\n0\n0\n0\n");
    let e = Problem::gather(&config(dir.path(), TWO_SUITES), "sample").unwrap_err();
    assert!(e.to_string().contains("bad.in: line 2: the starting board already holds a run of three or more: colour 1 at (0, 0) (0, 1) (0, 2)"), "{e}");
    std::fs::remove_file(dir.path().join("b/bad.in")).unwrap();
    let e = Problem::gather(&config(dir.path(), TWO_SUITES), "sample").unwrap_err();
    assert!(
        matches!(e, ExportError::Cases(_) | ExportError::NoSecretCases),
        "{e}"
    );
}
