//! `mayan judge` end to end: the bundled configuration, a command after `--`,
//! stdio mode, the JSON report, compile errors, and the two seed programs over
//! the official cases (C++ with file I/O, Pascal with standard I/O).

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A configuration in a temporary folder that judges `submissions` (TOML
/// text) over the given case folders.
fn config(dir: &Path, extra: &str, suites: &[&Path]) -> PathBuf {
    let mut text = String::from("[limits]\ntime = \"2s\"\n");
    text.push_str(extra);
    for (i, s) in suites.iter().enumerate() {
        text.push_str(&format!(
            "[[suite]]\nname = \"s{i}\"\npath = \"{}\"\n",
            s.display()
        ));
    }
    let path = dir.join("judge.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_bundled_configuration_grades_the_bundled_submissions() {
    let out = mayan().current_dir(root()).arg("judge").assert().code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("== correct"), "{stdout}");
    assert!(
        stdout.contains("total: 450/450 points, 45/45 accepted"),
        "{stdout}"
    );
    assert!(stdout.contains("-1, but a solution exists"), "{stdout}");
    let rows = |who: &str| -> Vec<&str> { stdout.lines().filter(|l| l.starts_with(who)).collect() };
    assert!(rows("slow ").iter().any(|l| l.contains("TLE")), "{stdout}");
    assert!(rows("wrong ").iter().any(|l| l.contains(" WA")), "{stdout}");
    // The ranking: by score, then by name, each with its rank.
    let ranked: Vec<&str> = ["correct ", "slow ", "wrong "]
        .iter()
        .map(|who| {
            let line = stdout
                .lines()
                .find(|l| l.trim_start().contains(&format!("  {who}")));
            line.unwrap_or_else(|| panic!("no ranking line for {who}:\n{stdout}"))
        })
        .collect();
    assert!(
        ranked[0].trim_start().starts_with("1  correct "),
        "{stdout}"
    );
    assert!(
        ranked[0].contains("450/450") && ranked[2].contains("60/450"),
        "{stdout}"
    );
    let at = |line: &str| stdout.find(line).unwrap();
    assert!(
        at(ranked[0]) < at(ranked[1]) && at(ranked[1]) < at(ranked[2]),
        "{stdout}"
    );
}

#[test]
fn a_command_after_dashes_in_stdio_mode_with_a_json_report() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("cat-answer");
    // Prints -1 whatever the input: AC exactly on the cases without solution.
    std::fs::write(dir.path().join("p.c"), "#include <stdio.h>\nint main(void){ int c; while((c = getchar()) != EOF); puts(\"-1\"); return 0; }\n").unwrap();
    assert!(
        std::process::Command::new("gcc")
            .arg("-o")
            .arg(&exe)
            .arg(dir.path().join("p.c"))
            .status()
            .unwrap()
            .success()
    );
    let json = dir.path().join("report.json");
    let cfg = config(dir.path(), "", &[&root().join("cases/rules")]);
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .args(["--io", "stdio", "--json"])
        .arg(&json)
        .arg("--")
        .arg(&exe)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "total: 20/130 points, 2/13 accepted",
        ));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let cases = report["submissions"][0]["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 13);
    for case in cases {
        for key in [
            "suite",
            "name",
            "verdict",
            "cpu_ms",
            "wall_ms",
            "peak_memory_kib",
            "score",
            "message",
        ] {
            assert!(case.get(key).is_some(), "{key} missing in {case}");
        }
    }
    assert!(report["measured_by"].as_str().unwrap().contains("rusage"));
}

#[test]
fn a_compile_error_is_ce_on_every_case_with_the_compilers_message() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.cpp"), "int main( { return 0; }\n").unwrap();
    let cfg = config(
        dir.path(),
        "[[submission]]\nname = \"bad\"\nsource = \"bad.cpp\"\n",
        &[&root().join("cases/sample")],
    );
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("CE: compilation failed:"))
        .stdout(predicate::str::contains("s0/statement  CE"));
}

#[test]
fn bad_configuration_and_missing_suites_are_harness_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("judge.toml");
    std::fs::write(&cfg, "[limits]\ntime = \"fast\"\n").unwrap();
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a duration"));
    let cfg = config(dir.path(), "", &[&dir.path().join("nowhere")]);
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .args(["--", "true"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a folder"));
    let cfg = config(dir.path(), "", &[&root().join("cases/sample")]);
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nothing to judge"));
}

#[test]
fn the_seed_programs_pass_the_official_cases() {
    let official = crate::support::seeds::shared_dir().join("mayan-noip2011");
    let dir = tempfile::tempdir().unwrap();
    let cpp = crate::support::seeds::build_cpp(dir.path()).expect("g++ builds the C++ seed");
    let cfg_path = config(dir.path(), "", &[&official]);
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg_path)
        .arg("--")
        .arg(&cpp)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "total: 100/100 points, 10/10 accepted",
        ));
    match crate::support::seeds::build_pascal(dir.path()) {
        Ok(pas) => {
            mayan()
                .arg("judge")
                .arg("--config")
                .arg(&cfg_path)
                .args(["--io", "stdio", "--"])
                .arg(&pas)
                .assert()
                .code(0)
                .stdout(predicate::str::contains("10/10 accepted"));
        }
        Err(e) if std::env::var_os("CI").is_none() => eprintln!("SKIPPED the Pascal seed: {e}"),
        Err(e) => panic!("CI must build the Pascal seed: {e}"),
    }
}

#[test]
fn jobs_give_the_same_verdicts_and_every_report_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(
        dir.path(),
        &format!(
            "[[submission]]\nname = \"correct\"\nsource = \"{}\"\n",
            root().join("submissions/correct.cpp").display()
        ),
        &[&root().join("cases/rules"), &root().join("cases/dialect")],
    );
    let (junit, csv, html) = (
        dir.path().join("r.xml"),
        dir.path().join("s.csv"),
        dir.path().join("s.html"),
    );
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .args(["--jobs", "4", "--junit"])
        .arg(&junit)
        .arg("--csv")
        .arg(&csv)
        .arg("--html")
        .arg(&html)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "total: 170/170 points, 17/17 accepted",
        ));
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("tests=\"17\"") && xml.contains("failures=\"0\""),
        "{xml}"
    );
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert!(
        csv.starts_with("\u{feff}rank,submission,total,max,not_judged,status,source,note,s0/cascade-three-waves,"),
        "{csv}"
    );
    assert!(csv.contains("\n1,correct,170,170,0,judged,"), "{csv}");
    assert!(
        std::fs::read_to_string(&html)
            .unwrap()
            .contains("<td class=\"v AC\"")
    );
}

#[test]
fn a_folder_of_contestants_is_judged_in_one_go() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("contest");
    for (who, file, text) in [
        (
            "ann",
            "mayan.cpp",
            std::fs::read_to_string(root().join("submissions/correct.cpp")).unwrap(),
        ),
        (
            "ben",
            "mayan.py",
            std::fs::read_to_string(root().join("submissions/wrong.py")).unwrap(),
        ),
        ("cy", "readme.txt", String::new()),
    ] {
        std::fs::create_dir_all(folder.join(who)).unwrap();
        std::fs::write(folder.join(who).join(file), text).unwrap();
    }
    let cfg = config(dir.path(), "", &[&root().join("cases/sample")]);
    let out = mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .arg("--contestants")
        .arg(&folder)
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let rows = |who: &str| -> String {
        let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with(who)).collect();
        assert!(!rows.is_empty(), "no row for {who}:\n{stdout}");
        rows.join("\n")
    };
    assert!(
        stdout.contains("   1  ann             10/10       1/1") && rows("ann ").contains(" AC"),
        "{stdout}"
    );
    assert!(rows("ben ").contains(" WA"), "{stdout}");
    assert!(rows("cy ").contains(" CE"), "{stdout}");
    assert!(
        stdout.contains("CE: no source to compile:\n    no mayan.<ext>: it holds readme.txt"),
        "{stdout}"
    );
}

#[test]
fn a_language_added_in_the_configuration_is_used() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("answer.sh"),
        "cat mayan.in > /dev/null; echo -1 > mayan.out\n",
    )
    .unwrap();
    let extra = "[language.shell]\nextensions = [\"sh\"]\nrun = [\"sh\", \"{src}\"]\n[[submission]]\nname = \"sh\"\nsource = \"answer.sh\"\n";
    let cfg = config(dir.path(), extra, &[&root().join("cases/rules")]);
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "total: 20/130 points, 2/13 accepted",
        ));
    let cfg = config(
        dir.path(),
        "[language.bad]\nextensions = []\nrun = []\n",
        &[&root().join("cases/rules")],
    );
    mayan()
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("language `bad` needs"));
}
