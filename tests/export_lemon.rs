//! `mayan export lemon`: the contest held against the format read from
//! LemonLime's source (no LemonLime runs here: it is a Qt desktop
//! program): `contest.cdf` with exactly the fields its `readFromJson`
//! reads for a contest, a task and a test case, each of the JSON type it
//! asks for, every file it names under `data/`; and the special judge run
//! as LemonLime's `JudgingThread::lemonSpecialJudge` runs it (from the
//! contest folder, `data/` + `specialJudge`, `INPUT OUTPUT ANSWER
//! FULL_SCORE SCORE_FILE MESSAGE_FILE`; exit 0, the score read from the
//! score file). With `--testlib-h`, the testlib checker built against the
//! real testlib.h in comparison mode 5, run as
//! `JudgingThread::testlibSpecialJudge` runs it (`INPUT OUTPUT ANSWER`, its
//! standard error read for `ok`, `FAIL`, `points`).

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

use crate::support::judges::{export_binary, have_gxx, testlib_or_skip};

fn export_lemon(out: &Path, io: &str) -> String {
    export_lemon_with(out, io, &[])
}

fn export_lemon_with(out: &Path, io: &str, extra: &[&std::ffi::OsStr]) -> String {
    let done = Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["export", "lemon", "--io", io, "--binary"])
        .arg(export_binary())
        .args(extra)
        .arg(out)
        .assert()
        .success();
    String::from_utf8_lossy(&done.get_output().stdout).into_owned()
}

/// The JSON type LemonLime's reader asks of a field.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Text,
    Flag,
    Whole,
    Object,
    Array,
}

fn kind(value: &Value) -> Option<Kind> {
    match value {
        Value::String(_) => Some(Kind::Text),
        Value::Bool(_) => Some(Kind::Flag),
        Value::Number(n) if n.as_i64().is_some_and(|n| i32::try_from(n).is_ok()) => {
            Some(Kind::Whole)
        }
        Value::Object(_) => Some(Kind::Object),
        Value::Array(_) => Some(Kind::Array),
        _ => None,
    }
}

/// `object` has exactly `fields`, each of its kind.
fn assert_fields(object: &Value, fields: &[(&str, Kind)]) {
    let map = object.as_object().expect("an object");
    let mut names: Vec<&str> = map.keys().map(String::as_str).collect();
    let mut wanted: Vec<&str> = fields.iter().map(|(n, _)| *n).collect();
    names.sort_unstable();
    wanted.sort_unstable();
    assert_eq!(names, wanted);
    for (name, want) in fields {
        assert_eq!(kind(&map[*name]), Some(*want), "{name}: {}", map[*name]);
    }
}

use Kind::*;
const CONTEST: [(&str, Kind); 4] = [
    ("version", Text),
    ("contestTitle", Text),
    ("tasks", Array),
    ("contestants", Array),
];
const TASK: [(&str, Kind); 15] = [
    ("problemTitle", Text),
    ("sourceFileName", Text),
    ("inputFileName", Text),
    ("outputFileName", Text),
    ("standardInputCheck", Flag),
    ("standardOutputCheck", Flag),
    ("taskType", Whole),
    ("subFolderCheck", Flag),
    ("comparisonMode", Whole),
    ("diffArguments", Text),
    ("realPrecision", Whole),
    ("specialJudge", Text),
    ("compilerConfiguration", Object),
    ("answerFileExtension", Text),
    ("testCases", Array),
];
const TEST_CASE: [(&str, Kind); 5] = [
    ("fullScore", Whole),
    ("timeLimit", Whole),
    ("memoryLimit", Whole),
    ("inputFiles", Array),
    ("outputFiles", Array),
];

fn read_cdf(contest: &Path) -> Value {
    let text = std::fs::read_to_string(contest.join("contest.cdf")).unwrap();
    assert!(
        text.starts_with('{'),
        "LemonLime reads JSON when it starts so"
    );
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_contest_file_has_the_fields_lemonlime_reads() {
    let dir = tempfile::tempdir().unwrap();
    let contest = dir.path().join("mayan");
    let summary = export_lemon(&contest, "file");
    assert!(
        summary.contains("special judge: data/mayan/checker"),
        "{summary}"
    );
    let cdf = read_cdf(&contest);
    assert_fields(&cdf, &CONTEST);
    assert_eq!(cdf["version"], "1.0");
    let [task] = cdf["tasks"].as_array().unwrap().as_slice() else {
        panic!("one task: {cdf}")
    };
    assert_fields(task, &TASK);
    let expected = [
        ("sourceFileName", Value::from("mayan")),
        ("inputFileName", "mayan.in".into()),
        ("outputFileName", "mayan.out".into()),
        ("standardInputCheck", false.into()),
        ("taskType", 0.into()),
        ("comparisonMode", 4.into()),
        ("specialJudge", "mayan/checker".into()),
    ];
    for (field, value) in expected {
        assert_eq!(task[field], value, "{field}");
    }
    let cases = task["testCases"].as_array().unwrap();
    let mut points = 0;
    for case in cases {
        assert_fields(case, &TEST_CASE);
        assert_eq!(
            (case["timeLimit"].as_i64(), case["memoryLimit"].as_i64()),
            (Some(1000), Some(128))
        );
        for files in [&case["inputFiles"], &case["outputFiles"]] {
            let [file] = files.as_array().unwrap().as_slice() else {
                panic!("{case}")
            };
            assert!(
                contest.join("data").join(file.as_str().unwrap()).is_file(),
                "{file}"
            );
        }
        points += case["fullScore"].as_i64().unwrap();
    }
    assert_eq!((cases.len(), points), (45, 450));
}

#[test]
fn standard_io_is_lemonlimes_standard_input_and_output_check() {
    let dir = tempfile::tempdir().unwrap();
    let contest = dir.path().join("mayan");
    export_lemon(&contest, "stdio");
    let task = &read_cdf(&contest)["tasks"][0];
    assert_eq!(task["standardInputCheck"], true);
    assert_eq!(task["standardOutputCheck"], true);
    assert_eq!(task["inputFileName"], "");
}

/// The special judge run as LemonLime runs it: the score it leaves, and
/// the message.
fn lemon_judge(contest: &Path, judge: &str, case: &Value, output: &str) -> (i64, String) {
    let work = contest.join("work");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::write(work.join("mayan.out"), output).unwrap();
    let full = case["fullScore"].as_i64().unwrap().to_string();
    let status = std::process::Command::new(format!("data/{judge}"))
        .current_dir(contest)
        .arg(format!("data/{}", case["inputFiles"][0].as_str().unwrap()))
        .arg("work/mayan.out")
        .arg(format!("data/{}", case["outputFiles"][0].as_str().unwrap()))
        .args([full.as_str(), "work/_score", "work/_message"])
        .status()
        .unwrap();
    assert!(
        status.success(),
        "LemonLime reads a non-zero exit as the judge's own error"
    );
    let score = std::fs::read_to_string(work.join("_score")).unwrap();
    let message = std::fs::read_to_string(work.join("_message")).unwrap();
    (score.trim().parse().unwrap(), message)
}

#[test]
fn the_special_judge_scores_the_answers_as_lemonlime_calls_it() {
    let dir = tempfile::tempdir().unwrap();
    let contest = dir.path().join("mayan");
    export_lemon(&contest, "file");
    let task = read_cdf(&contest)["tasks"][0].clone();
    let judge = task["specialJudge"].as_str().unwrap();
    for case in task["testCases"].as_array().unwrap() {
        let answer = contest
            .join("data")
            .join(case["outputFiles"][0].as_str().unwrap());
        let answer = std::fs::read_to_string(answer).unwrap();
        let (score, message) = lemon_judge(&contest, judge, case, &answer);
        assert_eq!(score, case["fullScore"].as_i64().unwrap(), "{message}");
        let wrong = if answer == "-1\n" { "0 0 1\n" } else { "-1\n" };
        let (score, message) = lemon_judge(&contest, judge, case, wrong);
        assert_eq!(score, 0, "{message}");
        assert!(message.starts_with("WA: "), "{message}");
    }
}

#[test]
fn both_modes_carry_the_testlib_checkers_source() {
    let dir = tempfile::tempdir().unwrap();
    let contest = dir.path().join("mayan");
    export_lemon(&contest, "file");
    let source = std::fs::read_to_string(contest.join("data/mayan/checker.cpp")).unwrap();
    assert!(source.contains("registerTestlibCmd"), "{source}");
    assert!(
        source.contains("NULL_SWAPS = true"),
        "the configured dialect"
    );
}

/// The testlib checker run as LemonLime's mode 5 runs it: the score it
/// gives (`None` for LemonLime's "invalid special judge"), and what it said.
fn testlib_judge(contest: &Path, judge: &str, case: &Value, output: &str) -> (Option<i64>, String) {
    let work = contest.join("work");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::write(work.join("mayan.out"), output).unwrap();
    let full = case["fullScore"].as_i64().unwrap();
    let run = std::process::Command::new(format!("data/{judge}"))
        .current_dir(contest)
        .arg(format!("data/{}", case["inputFiles"][0].as_str().unwrap()))
        .arg("work/mayan.out")
        .arg(format!("data/{}", case["outputFiles"][0].as_str().unwrap()))
        .output()
        .unwrap();
    // LemonLime reads standard error alone; the exit code it ignores.
    let message = String::from_utf8(run.stderr).unwrap();
    let score = if message.starts_with("FAIL") {
        None
    } else if message.starts_with("ok") {
        Some(full)
    } else if let Some(points) = message.strip_prefix("points ") {
        let value: f64 = points.split_whitespace().next().unwrap().parse().unwrap();
        Some((value * full as f64) as i64)
    } else {
        Some(0)
    };
    (score, message)
}

#[test]
fn with_testlib_h_the_special_judge_is_the_testlib_checker_in_mode_5() {
    let test = "with_testlib_h_the_special_judge_is_the_testlib_checker_in_mode_5";
    let Some(header) = testlib_or_skip(test) else {
        return;
    };
    if !have_gxx(test) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let contest = dir.path().join("mayan");
    let summary = export_lemon_with(
        &contest,
        "stdio",
        &["--testlib-h".as_ref(), header.as_os_str()],
    );
    assert!(summary.contains("mode 5"), "{summary}");
    let task = read_cdf(&contest)["tasks"][0].clone();
    assert_fields(&task, &TASK);
    assert_eq!(task["comparisonMode"], 5);
    assert!(
        !contest.join("data/mayan/mayan").exists(),
        "no binary in mode 5"
    );
    let judge = task["specialJudge"].as_str().unwrap();
    for case in task["testCases"].as_array().unwrap() {
        let answer = contest
            .join("data")
            .join(case["outputFiles"][0].as_str().unwrap());
        let answer = std::fs::read_to_string(answer).unwrap();
        let (score, message) = testlib_judge(&contest, judge, case, &answer);
        assert_eq!(score, case["fullScore"].as_i64(), "{message}");
        let wrong = if answer == "-1\n" { "0 0 1\n" } else { "-1\n" };
        let (score, message) = testlib_judge(&contest, judge, case, wrong);
        assert_eq!(score, Some(0), "{message}");
        assert!(message.starts_with("wrong answer"), "{message}");
        let (score, message) = testlib_judge(&contest, judge, case, "1 2\n");
        assert_eq!(score, Some(0), "{message}");
    }
}

#[test]
fn a_testlib_h_that_does_not_build_stops_the_export_and_leaves_nothing() {
    if !have_gxx("a_testlib_h_that_does_not_build_stops_the_export_and_leaves_nothing") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let contest = dir.path().join("mayan");
    let fake = dir.path().join("testlib.h");
    std::fs::write(&fake, "#error this is no testlib\n").unwrap();
    for (header, said) in [
        (fake.clone(), "#error this is no testlib"),
        (dir.path().join("missing.h"), "cannot read testlib.h"),
        (dir.path().to_path_buf(), "not a regular file"),
    ] {
        let failed = Command::cargo_bin("mayan")
            .unwrap()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["export", "lemon", "--binary"])
            .arg(export_binary())
            .arg("--testlib-h")
            .arg(&header)
            .arg(&contest)
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&failed.get_output().stderr).into_owned();
        assert!(stderr.contains(said), "{stderr}");
        assert!(stderr.contains(&header.display().to_string()), "{stderr}");
        assert!(!contest.exists(), "a failed export leaves nothing");
    }
}
