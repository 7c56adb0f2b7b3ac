//! The shipped suites reject each class of wrong solution that passes the 10
//! official cases: for each, a mutant of the bundled correct program (built
//! here) gets a verdict other than AC and TLE on at least one case; the
//! correct program passes every suite; the seed C++ program passes every case
//! that is not dialect-sensitive.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn build(dir: &Path, name: &str, source: &str) -> PathBuf {
    crate::support::compile(dir, "g++", name, source)
}

/// The correct program with each `(from, to)` applied; every one must apply.
fn mutant(edits: &[(&str, &str)]) -> String {
    let mut source = std::fs::read_to_string(root().join("submissions/correct.cpp")).unwrap();
    for (from, to) in edits {
        assert!(source.contains(from), "the mutation does not apply: {from}");
        source = source.replacen(from, to, 1);
    }
    source
}

/// Verdicts of `exe` over the suites of the bundled configuration (all of
/// them, or all but `cases/dialect`), as (case, verdict). `contest` judges
/// one case at a time under the contest's 3 s instead of the bundled 1 s.
fn verdicts(exe: &Path, dir: &Path, skip_dialect: bool, contest: bool) -> Vec<(String, String)> {
    let json = dir.join(format!(
        "{}.json",
        exe.file_name().unwrap().to_string_lossy()
    ));
    let mut cmd = Command::cargo_bin("mayan").unwrap();
    cmd.current_dir(root())
        .arg("judge")
        .arg("--json")
        .arg(&json);
    if contest {
        cmd.args(["--time-limit", "3s", "--jobs", "1"]);
    } else {
        cmd.args(["--jobs", "2"]);
    }
    if skip_dialect {
        for suite in [
            "sample",
            "rules",
            "subtask-bottom-row",
            "exactly-n",
            "tower",
            "hard",
        ] {
            cmd.arg("--suite").arg(root().join("cases").join(suite));
        }
    }
    cmd.arg("--").arg(exe);
    // Exit 1 (not every case accepted) or 0; never a harness error.
    let code = cmd.assert().get_output().status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "mayan judge failed on {}",
        exe.display()
    );
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    report["submissions"][0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                format!(
                    "{}/{}",
                    c["suite"].as_str().unwrap(),
                    c["name"].as_str().unwrap()
                ),
                c["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

const CLASSES: &[(&str, &[(&str, &str)])] = &[
    (
        "tries -1 before +1",
        &[(
            "for (int g = 1; g >= -1; g -= 2)",
            "for (int g = -1; g <= 1; g += 2)",
        )],
    ),
    (
        "skips swaps of equal colours",
        &[(
            "if (g == -1 && b.g[tx][y]) continue;",
            "if (g == -1 && b.g[tx][y]) continue;\n                if (b.g[tx][y] == b.g[x][y]) continue;",
        )],
    ),
    (
        "accepts fewer than n moves",
        &[(
            "if (depth == n) return empty(b);",
            "if (empty(b)) { n = depth; return true; }\n    if (depth == n) return false;",
        )],
    ),
    (
        "pads unused lines with junk",
        &[(
            "if (depth == n) return empty(b);",
            "if (empty(b)) return true;\n    if (depth == n) return false;",
        )],
    ),
    (
        "prints something after -1",
        &[(
            "std::fprintf(out, \"-1\\n\");",
            "std::fprintf(out, \"-1\\n0 0 0\\n\");",
        )],
    ),
    (
        "lets blocks vanish while they fall",
        &[(
            "next.g[x][y] = 0;\n                    fall(next);",
            "next.g[x][y] = 0;",
        )],
    ),
    (
        "moves an empty cell",
        &[(
            "for (int y = 0; y < 7 && b.g[x][y]; y++)",
            "for (int y = 0; y < 7; y++)",
        )],
    ),
    (
        "misses a cross",
        &[(
            "if (y + 2 < 7 && b.g[x][y + 1] == c",
            "if (y + 2 < 7 && !mark[x][y] && b.g[x][y + 1] == c",
        )],
    ),
    (
        "misses a run of 4 or 5",
        &[
            (
                "if (x + 2 < 5 && b.g[x + 1][y] == c",
                "if (x + 2 < 5 && !(x > 0 && b.g[x - 1][y] == c) && b.g[x + 1][y] == c",
            ),
            (
                "if (y + 2 < 7 && b.g[x][y + 1] == c",
                "if (y + 2 < 7 && !(y > 0 && b.g[x][y - 1] == c) && b.g[x][y + 1] == c",
            ),
        ],
    ),
    (
        // Regression: no shipped case had a solvable full column, so this
        // passed all 38 of them and 3000 stress cases.
        "misreads a full column (keeps 6 blocks of 7)",
        &[("if (y < 7) b.g[x][y] = c;", "if (y < 6) b.g[x][y] = c;")],
    ),
    (
        "misses a cascade wave",
        &[(
            "    for (;;) {\n        bool mark[5][7] = {};",
            "    for (int wave = 0; wave < 1; wave++) {\n        bool mark[5][7] = {};",
        )],
    ),
];

#[test]
fn every_class_of_wrong_solution_is_rejected_on_some_case() {
    let dir = tempfile::tempdir().unwrap();
    let mut missed = Vec::new();
    for (i, (class, edits)) in CLASSES.iter().enumerate() {
        let exe = build(dir.path(), &format!("mutant{i}"), &mutant(edits));
        let caught: Vec<String> = verdicts(&exe, dir.path(), false, false)
            .into_iter()
            .filter(|(_, v)| v != "AC" && v != "TLE")
            .map(|(case, v)| format!("{case} {v}"))
            .collect();
        eprintln!(
            "{class}: caught by {}",
            if caught.is_empty() {
                "nothing".to_string()
            } else {
                caught.join(", ")
            }
        );
        if caught.is_empty() {
            missed.push(*class);
        }
    }
    assert!(
        missed.is_empty(),
        "the suites let these wrong solutions through: {missed:?}"
    );
}

#[test]
fn the_reference_passes_every_suite_and_the_seed_every_robust_case() {
    let dir = tempfile::tempdir().unwrap();
    let correct = build(dir.path(), "correct", &mutant(&[]));
    let all = verdicts(&correct, dir.path(), false, false);
    assert!(all.len() >= 45);
    assert!(all.iter().all(|(_, v)| v == "AC"), "{all:?}");
    let seed = crate::support::seeds::build_cpp(dir.path()).expect("g++ builds the C++ seed");
    // The seed takes about a second on a hard case: the contest's limit.
    let robust = verdicts(&seed, dir.path(), true, true);
    assert!(robust.iter().all(|(_, v)| v == "AC"), "{robust:?}");
}
