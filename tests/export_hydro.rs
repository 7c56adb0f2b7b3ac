//! `mayan export hydro`: the problem held against the format read from
//! HydroOJ's source (no Hydro runs here: it needs MongoDB and its own
//! sandbox): `testdata/config.yaml` with only the keys Hydro's
//! `ProblemConfigFile` has, limits its parsers read, one subtask per suite
//! with its score, every case file in the flat `testdata/`; and
//! `testdata/chk.cc` compiled against testlib.h and run as Hydro's
//! `checkers.testlib` runs it (`chk /w/in /w/user_out /w/answer`, the
//! verdict read from the start of standard error: `ok ` accepted, `wrong
//! answer `, `wrong output format ` rejected).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::support::judges::{have_gxx, testlib_or_skip};

fn export_hydro(out: &Path, extra: &[&str]) -> String {
    let done = Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["export", "hydro"])
        .args(extra)
        .arg(out)
        .assert()
        .success();
    String::from_utf8_lossy(&done.get_output().stdout).into_owned()
}

/// The keys of Hydro's `ProblemConfigFile`, `SubtaskConfig` and
/// `TestCaseConfig` (`packages/common/types.ts`).
const CONFIG_KEYS: [&str; 23] = [
    "type",
    "subType",
    "target",
    "score",
    "time",
    "memory",
    "filename",
    "checker_type",
    "num_processes",
    "user_extra_files",
    "judge_extra_files",
    "detail",
    "answers",
    "redirect",
    "cases",
    "subtasks",
    "langs",
    "multi_pass",
    "checker",
    "interactor",
    "manager",
    "validator",
    "time_limit_rate",
];
const SUBTASK_KEYS: [&str; 7] = ["time", "memory", "score", "if", "id", "type", "cases"];
const CASE_KEYS: [&str; 5] = ["input", "output", "time", "memory", "score"];

/// One subtask of `config.yaml`: its keys and values, and its cases'.
#[derive(Default, Debug)]
struct Subtask {
    keys: BTreeMap<String, String>,
    cases: Vec<BTreeMap<String, String>>,
}

/// The top-level keys and the subtasks of the block YAML the export writes
/// (a mapping of scalars, `subtasks` a list of mappings each with a list of
/// case mappings); a line of any other shape fails the test.
fn read_config(text: &str) -> (BTreeMap<String, String>, Vec<Subtask>) {
    let (mut top, mut subtasks) = (BTreeMap::new(), Vec::<Subtask>::new());
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        let rest = line.trim_start().trim_start_matches("- ");
        let (key, value) = rest.split_once(':').unwrap_or_else(|| panic!("{line:?}"));
        let (key, value) = (key.to_string(), value.trim().to_string());
        let indent = line.len() - line.trim_start().len();
        if line.starts_with("- ") {
            subtasks.push(Subtask::default());
        } else if line.starts_with("  - ") {
            subtasks.last_mut().unwrap().cases.push(BTreeMap::new());
        }
        let map = match (indent, line.trim_start().starts_with("- ")) {
            (0, false) => &mut top,
            (0, true) | (2, false) => &mut subtasks.last_mut().unwrap().keys,
            (2, true) | (4, false) => subtasks.last_mut().unwrap().cases.last_mut().unwrap(),
            _ => panic!("a line of another shape: {line:?}"),
        };
        assert!(map.insert(key, value).is_none(), "a key twice: {line:?}");
    }
    (top, subtasks)
}

#[test]
fn the_config_is_what_hydro_reads_and_names_every_case() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    let summary = export_hydro(&package, &[]);
    assert!(
        summary.contains("exported 45 cases in 7 suites (450 points"),
        "{summary}"
    );
    let text = std::fs::read_to_string(package.join("testdata/config.yaml")).unwrap();
    let (top, subtasks) = read_config(&text);
    for key in top.keys() {
        assert!(
            CONFIG_KEYS.contains(&key.as_str()),
            "{key} is no key of Hydro's config"
        );
    }
    let expected = [
        ("type", "default"),
        ("time", "1000ms"),
        ("memory", "128m"),
        ("filename", "mayan"),
        ("checker_type", "testlib"),
        ("checker", "chk.cc"),
        ("subtasks", ""),
    ];
    let expected: BTreeMap<String, String> = (expected.iter())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    assert_eq!(top, expected, "{text}");
    assert!(package.join("testdata/chk.cc").is_file());
    let mut cases = 0;
    let mut score = 0;
    for (i, s) in subtasks.iter().enumerate() {
        assert!(
            s.keys.keys().all(|k| SUBTASK_KEYS.contains(&k.as_str())),
            "{s:?}"
        );
        assert_eq!(s.keys["id"], (i + 1).to_string());
        assert_eq!(s.keys["type"], "sum");
        score += s.keys["score"].parse::<u32>().unwrap();
        for case in &s.cases {
            assert!(
                case.keys().all(|k| CASE_KEYS.contains(&k.as_str())),
                "{case:?}"
            );
            for file in [&case["input"], &case["output"]] {
                assert!(!file.contains('/'), "Hydro's test data is flat: {file}");
                assert!(package.join("testdata").join(file).is_file(), "{file}");
            }
            cases += 1;
        }
    }
    assert_eq!((subtasks.len(), cases, score), (7, 45, 450));
    assert_eq!(subtasks[0].keys["score"], "10", "the sample's one case");
    let files = std::fs::read_dir(package.join("testdata")).unwrap().count();
    assert_eq!(files, 2 * 45 + 2, "the cases, the config and the checker");
}

#[test]
fn the_problem_has_hydros_yaml_and_both_statements() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_hydro(&package, &["--io", "stdio"]);
    let yaml = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("\npid: mayan\ntitle: 玛雅游戏 (Mayan Puzzle)\ntag:\n- NOIP 2011\n"),
        "{yaml}"
    );
    let zh = std::fs::read_to_string(package.join("problem_zh.md")).unwrap();
    assert!(zh.contains("从标准输入读入"), "{zh}");
    assert!(zh.contains("恰好 $n$ 步"), "KaTeX math: {zh}");
    assert!(
        zh.contains("```input1\n3\n1 0\n"),
        "Hydro's sample blocks: {zh}"
    );
    assert!(zh.contains("```output1\n2 1 1\n"), "{zh}");
    let en = std::fs::read_to_string(package.join("problem_en.md")).unwrap();
    assert!(en.contains("## Sample Input 1\n\n```input1\n"), "{en}");
    let config = std::fs::read_to_string(package.join("testdata/config.yaml")).unwrap();
    assert!(!config.contains("filename"), "standard I/O: {config}");
}

/// `mayan export hydro` with `extra` flags: its warnings (standard error).
fn export_hydro_warnings(out: &Path, extra: &[&str]) -> String {
    let done = Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["export", "hydro"])
        .args(extra)
        .arg(out)
        .assert()
        .success();
    String::from_utf8_lossy(&done.get_output().stderr).into_owned()
}

// hydrojudge refuses every submission to a problem whose cases' time
// limits add up past its `total_time_limit` (60 s by default): 45 cases of
// 3 s were exported without a word.
#[test]
fn time_limits_past_hydrojudges_total_are_warned_of_with_the_setting_that_fits() {
    let dir = tempfile::tempdir().unwrap();
    let said = export_hydro_warnings(&dir.path().join("mayan"), &["--time-limit", "3s"]);
    for part in [
        "warning: the 45 cases' time limits add up to 135 s, past the 60 s",
        "(\"Total time limit longer than 60s. Cancelled.\")",
        "hydrojudge's `total_time_limit` (seconds) to 135 or more (270 for",
        "`total_time_limit: 135` under `hydrojudge:` in its YAML system configuration (the \
         control panel's System Configurations, /manage/config)",
        "`total_time_limit: 135` in its ~/.hydro/judge.yaml",
    ] {
        assert!(said.contains(part), "{part} in {said}");
    }
    let config = std::fs::read_to_string(dir.path().join("mayan/testdata/config.yaml")).unwrap();
    assert!(config.contains("\ntime: 3000ms\n"), "{config}");
    // 45 cases of 1.4 s: 63 s, past; of 1.3 s: 58.5 s, within.
    let said = export_hydro_warnings(&dir.path().join("over"), &["--time-limit", "1400ms"]);
    assert!(
        said.contains("add up to 63 s") && said.contains("to 63 or more (126 for"),
        "{said}"
    );
    for (name, limit) in [("within", "1300ms"), ("default", "1s")] {
        let said = export_hydro_warnings(&dir.path().join(name), &["--time-limit", limit]);
        assert!(!said.contains("total_time_limit"), "{limit}: {said}");
    }
}

#[test]
fn file_names_hydro_cannot_express_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    let root = env!("CARGO_MANIFEST_DIR");
    std::fs::write(
        &config,
        format!("[io]\nmode = \"file\"\ninput-file = \"in.txt\"\n\n[[suite]]\nname = \"rules\"\npath = \"{root}/cases/rules\"\n"),
    )
    .unwrap();
    Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(dir.path())
        .args(["export", "hydro", "-c", "judge.toml", "out/mayan"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Hydro's file I/O is NAME.in and NAME.out",
        ));
    assert!(!dir.path().join("out/mayan").exists());
}

/// `chk.cc` built as Hydro builds a testlib checker: beside testlib.h.
fn build_checker(package: &Path, testlib: &Path, dir: &Path) -> PathBuf {
    std::fs::copy(package.join("testdata/chk.cc"), dir.join("chk.cc")).unwrap();
    std::fs::copy(testlib, dir.join("testlib.h")).unwrap();
    let exe = dir.join("chk");
    let out = std::process::Command::new("g++")
        .args(["-std=c++14", "-O2", "-o"])
        .arg(&exe)
        .arg(dir.join("chk.cc"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Hydro's reading of a testlib checker's standard error
/// (`hydrojudge/src/testlib.ts`): accepted, rejected, or rejected as a
/// presentation error.
fn hydro_verdict(chk: &Path, w: &Path, input: &str, user_out: &str, answer: &str) -> &'static str {
    for (name, text) in [("in", input), ("user_out", user_out), ("answer", answer)] {
        std::fs::write(w.join(name), text).unwrap();
    }
    let out = std::process::Command::new(chk)
        .arg(w.join("in"))
        .arg(w.join("user_out"))
        .arg(w.join("answer"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    match () {
        _ if stderr.starts_with("ok ") => "AC",
        _ if stderr.starts_with("wrong output format ") => "PE",
        _ if stderr.starts_with("wrong answer ") => "WA",
        _ => panic!("Hydro would read {stderr:?} as a plain wrong answer"),
    }
}

#[test]
fn the_checker_judges_the_problems_own_answers_as_hydro_calls_it() {
    let test = "the_checker_judges_the_problems_own_answers_as_hydro_calls_it";
    let Some(testlib) = testlib_or_skip(test) else {
        return;
    };
    if !have_gxx(test) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_hydro(&package, &[]);
    let (build, w) = (dir.path().join("build"), dir.path().join("w"));
    std::fs::create_dir_all(&build).unwrap();
    std::fs::create_dir_all(&w).unwrap();
    let chk = build_checker(&package, &testlib, &build);
    let (_, subtasks) =
        read_config(&std::fs::read_to_string(package.join("testdata/config.yaml")).unwrap());
    let read = |file: &str| std::fs::read_to_string(package.join("testdata").join(file)).unwrap();
    let mut judged = 0;
    for case in subtasks.iter().flat_map(|s| &s.cases) {
        let (input, answer) = (read(&case["input"]), read(&case["output"]));
        assert_eq!(
            hydro_verdict(&chk, &w, &input, &answer, &answer),
            "AC",
            "{case:?}"
        );
        let wrong = if answer == "-1\n" { "0 0 1\n" } else { "-1\n" };
        assert_eq!(
            hydro_verdict(&chk, &w, &input, wrong, &answer),
            "WA",
            "{case:?}"
        );
        judged += 1;
    }
    assert_eq!(judged, 45);
    let (input, answer) = (read("01.in"), read("01.ans"));
    assert_eq!(hydro_verdict(&chk, &w, &input, "2 1 one\n", &answer), "PE");
}
