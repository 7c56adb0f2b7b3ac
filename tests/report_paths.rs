//! No command writes a report over what it reads: `--json s/a.ans`,
//! `--csv judge.toml`, `--junit c/alice/mayan.c`, `--html s/a.in`, a report
//! inside a suite or the contest folder, `report merge --csv` over a
//! report it reads, `stress --json` over the configuration, `check --html`
//! over the case, the output or the answer it checks, `export` over the
//! binary it packs: each refused before anything runs (exit 2; `check` 3,
//! its FAIL), naming the
//! report and the input, and the input left as it was.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn mayan(dir: &Path) -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("mayan"));
    cmd.env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .current_dir(dir);
    cmd
}

/// A contest in `dir`: `judge.toml` with suite `s` (the sample case) and
/// the contest folder `c` with alice's C source.
fn contest(dir: &Path) {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/sample");
    std::fs::create_dir_all(dir.join("s")).unwrap();
    for entry in std::fs::read_dir(&sample).unwrap() {
        let entry = entry.unwrap();
        let name = entry
            .file_name()
            .to_string_lossy()
            .replace("statement", "a");
        std::fs::copy(entry.path(), dir.join("s").join(name)).unwrap();
    }
    std::fs::create_dir_all(dir.join("c/alice")).unwrap();
    let source = "#include <stdio.h>\nint main(void){puts(\"-1\");return 0;}\n";
    std::fs::write(dir.join("c/alice/mayan.c"), source).unwrap();
    let config =
        "[io]\nmode = \"stdio\"\n\n[contestants]\npath = \"c\"\n\n[[suite]]\npath = \"s\"\n";
    std::fs::write(dir.join("judge.toml"), config).unwrap();
}

/// Every file under `dir`, with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all: Vec<_> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap()))
        .collect();
    all.sort();
    all
}

/// Runs `args` in `dir` and asserts the refusal: exit 2, standard error
/// naming `report` and `input`, nothing in `dir` changed or added.
fn refused(dir: &Path, args: &[&str], report: &str, input: &str) {
    refused_with(dir, args, report, input, 2);
}

/// [`refused`] with the exit code of the command's protocol: `check`
/// refuses with FAIL (3), as exit 2 is the plain protocol's PE.
fn refused_with(dir: &Path, args: &[&str], report: &str, input: &str, code: i32) {
    let before = snapshot(dir);
    let out = mayan(dir).args(args).output().unwrap();
    // The plain checker says a fault on standard output, the rest on error.
    let said = [out.stdout, out.stderr].concat();
    let stderr = String::from_utf8_lossy(&said);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(stderr.contains(report), "{args:?} names {report}: {stderr}");
    assert!(stderr.contains(input), "{args:?} names {input}: {stderr}");
    assert_eq!(snapshot(dir), before, "{args:?} changed the folder");
}

#[test]
fn judge_writes_no_report_over_or_inside_what_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    contest(d);
    let cases = [
        (
            &["judge", "--json", "s/a.ans"][..],
            "s/a.ans",
            "the cases of suite `s`",
        ),
        (
            &["judge", "--csv", "judge.toml"],
            "judge.toml",
            "the configuration",
        ),
        (
            &["judge", "--json", "./judge.toml"],
            "judge.toml",
            "the configuration",
        ),
        (
            &["judge", "--junit", "c/alice/mayan.c"],
            "c/alice/mayan.c",
            "the contest folder",
        ),
        (
            &["judge", "--html", "s/a.in"],
            "s/a.in",
            "the cases of suite `s`",
        ),
        (
            &["judge", "--csv", "s/new.csv"],
            "s/new.csv",
            "inside the cases of suite `s`",
        ),
        (
            &["judge", "--json", "c/scores.json"],
            "c/scores.json",
            "inside the contest folder",
        ),
    ];
    for (args, report, input) in cases {
        refused(d, args, report, input);
    }
    // A source given by name, and a command's own files.
    refused(
        d,
        &["judge", "--json", "c/alice/mayan.c", "c/alice/mayan.c"],
        "c/alice/mayan.c",
        "the source of",
    );
    std::fs::write(d.join("solve.py"), "print(-1)\n").unwrap();
    refused(
        d,
        &["judge", "--csv", "solve.py", "--", "python3", "solve.py"],
        "solve.py",
        "a file of the command",
    );
}

#[test]
fn a_link_or_a_second_name_of_an_input_is_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    contest(d);
    std::fs::hard_link(d.join("judge.toml"), d.join("other-name.csv")).unwrap();
    refused(
        d,
        &["judge", "--csv", "other-name.csv"],
        "other-name.csv",
        "the configuration",
    );
    std::os::unix::fs::symlink(d.join("s"), d.join("suite-link")).unwrap();
    refused(
        d,
        &["judge", "--json", "suite-link/r.json"],
        "suite-link/r.json",
        "inside the cases of suite `s`",
    );
}

#[test]
fn merge_stress_check_and_export_refuse_it_too() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    contest(d);
    let judged = mayan(d)
        .args(["judge", "--json", "r.json"])
        .output()
        .unwrap();
    assert_eq!(judged.status.code(), Some(1), "{judged:?}");
    refused(
        d,
        &["report", "merge", "r.json", "--csv", "r.json"],
        "r.json",
        "a report read",
    );
    // Not its temporary file, which would be removed first.
    std::fs::copy(d.join("r.json"), d.join("m.json.tmp")).unwrap();
    refused(
        d,
        &["report", "merge", "m.json.tmp", "--json", "m.json"],
        "m.json.tmp",
        "a report read",
    );
    std::fs::remove_file(d.join("m.json.tmp")).unwrap();
    // --json may name the report read: the merged one replaces it.
    let merged = mayan(d)
        .args(["report", "merge", "r.json", "--json", "r.json"])
        .output();
    assert_eq!(merged.unwrap().status.code(), Some(1));
    refused(
        d,
        &[
            "stress",
            "--cases",
            "1",
            "--json",
            "judge.toml",
            "--",
            "true",
        ],
        "judge.toml",
        "the configuration",
    );
    std::fs::write(d.join("a.out"), "-1\n").unwrap();
    for (file, input) in [
        ("s/a.in", "the case"),
        ("a.out", "the output checked"),
        ("s/a.ans", "the answer"),
    ] {
        refused_with(
            d,
            &["check", "--html", file, "s/a.in", "a.out", "s/a.ans"],
            file,
            input,
            3,
        );
    }
    let binary = assert_cmd::cargo::cargo_bin("mayan");
    std::fs::create_dir(d.join("pkg")).unwrap();
    std::fs::copy(&binary, d.join("pkg/mayan")).unwrap();
    let before = snapshot(d);
    let out = mayan(d)
        .args(["export", "dmoj", "--binary", "pkg/mayan", "pkg"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the binary packed"), "{stderr}");
    assert_eq!(snapshot(d), before);
}

#[test]
fn a_report_path_with_another_name_or_inside_the_pages_is_refused() {
    // Regression: `--html hl.ans`, hl.ans a hard link of a suite's answer,
    // wrote the HTML index into the answer; and `--csv p.files/x.csv
    // --html p.html` wrote the CSV where the pages replaced it.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    contest(d);
    std::fs::hard_link(d.join("s/a.ans"), d.join("hl.ans")).unwrap();
    for flag in ["--html", "--json", "--csv", "--junit"] {
        refused(
            d,
            &["judge", flag, "hl.ans"],
            "hl.ans",
            "a file with 2 names (hard links)",
        );
    }
    std::fs::write(d.join("a.out"), "-1\n").unwrap();
    refused_with(
        d,
        &["check", "--html", "hl.ans", "s/a.in", "a.out", "s/a.ans"],
        "hl.ans",
        "the answer",
        3,
    );
    // The suite's answer with a second name is refused when judged.
    std::fs::remove_file(d.join("hl.ans")).unwrap();
    let out = mayan(d)
        .args(["judge", "--html", "p.html"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    refused(
        d,
        &["judge", "--csv", "p.files/x.csv", "--html", "p.html"],
        "--csv p.files/x.csv lies inside p.files",
        "the folder of --html's pages",
    );
}

#[test]
fn a_report_is_never_written_into_a_file_left_beside_it() {
    // A `.tmp` beside the report (left by a run that was killed, or put
    // there as a second name of an answer) is replaced, never written
    // into; the HTML index and the journal too.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    contest(d);
    // A file of the user's, outside what the run reads (an answer with a
    // second name would be refused: see data_hidden::aliases).
    std::fs::copy(d.join("s/a.ans"), d.join("precious")).unwrap();
    let answer = std::fs::read(d.join("precious")).unwrap();
    for left in [
        "r.json.tmp",
        "r.json.journal.tmp",
        "r.html.tmp",
        "r.csv.tmp",
    ] {
        std::fs::hard_link(d.join("precious"), d.join(left)).unwrap();
    }
    let out = mayan(d)
        .args([
            "judge", "--json", "r.json", "--html", "r.html", "--csv", "r.csv",
        ])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert_eq!(std::fs::read(d.join("precious")).unwrap(), answer, "{said}");
    for report in ["r.json", "r.html", "r.csv"] {
        assert!(std::fs::metadata(d.join(report)).unwrap().len() > 0);
    }
}

#[test]
fn a_reports_temporary_file_is_neither_an_input_nor_another_report() {
    // Regression: a report is written to FILE.tmp first, and a .tmp there
    // before is removed: the configuration named r.json.tmp was deleted by
    // `--json r.json`, and `--csv a --json a.tmp` lost the JSON report.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    contest(d);
    std::fs::copy(d.join("judge.toml"), d.join("r.json.tmp")).unwrap();
    refused(
        d,
        &["judge", "--config", "r.json.tmp", "--json", "r.json"],
        "the temporary file of a report r.json.tmp",
        "the configuration",
    );
    let out = mayan(d)
        .args(["judge", "--csv", "a", "--json", "a.tmp"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("a.tmp is also the file of"), "{said}");
}
