//! `mayan export cms`: the task held against the format read from CMS's
//! source (no CMS runs here: it needs PostgreSQL and its isolate sandbox).
//! `task.yaml` read strictly, holding only keys that
//! `cmscontrib/loaders/italy_yaml.py` (`YamlLoader.get_task`) reads, each of
//! the type it uses, the score given as the loader takes it as written
//! (`score_type`, `score_type_parameters` and `n_input` together) and
//! adding up to the points `mayan judge` gives; every file the loader opens
//! present (`input/inputI.txt`, `output/outputI.txt` for `I < n_input`,
//! `check/checker`) and none that would change the task type; and the
//! checker run as `cms/grading/steps/trusted.py` runs it (alone in a folder
//! as `checker`, `./checker input.txt correct_output.txt user_output.txt`,
//! the worker's environment kept), its standard output and error read as
//! `extract_outcome_and_text` reads them: every answer 1.0, a wrong output
//! 0.0, a malformed one 0.0 with a message CMS accepts. And what the other
//! exports refuse, this one refuses.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

use crate::support::judges::export_binary;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn export(out: &Path, extra: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("mayan").unwrap();
    cmd.current_dir(root())
        .args(["export", "cms", "--binary"])
        .arg(export_binary())
        .args(extra)
        .arg(out);
    cmd
}

fn export_ok(out: &Path, extra: &[&str]) -> String {
    let done = export(out, extra).assert().success();
    String::from_utf8_lossy(&done.get_output().stdout).into_owned()
}

/// `task.yaml` read strictly: `key: VALUE` lines, or `key:` and then `- VALUE`
/// lines, each VALUE JSON (which YAML reads alike) and perhaps followed by
/// `  # comment`; comment lines; no key twice.
fn read_task_yaml(task: &Path) -> BTreeMap<String, Value> {
    let text = std::fs::read_to_string(task.join("task.yaml")).unwrap();
    let mut map = BTreeMap::new();
    let mut list: Option<(String, Vec<Value>)> = None;
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        if let Some(item) = line.strip_prefix("- ") {
            list.as_mut()
                .expect("an item under a key")
                .1
                .push(json_then_comment(item));
            continue;
        }
        if let Some((key, items)) = list.take() {
            assert!(map.insert(key, Value::Array(items)).is_none());
        }
        let (key, value) = line.split_once(':').expect("key: value");
        assert!(
            key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{line}"
        );
        match value {
            "" => list = Some((key.to_string(), Vec::new())),
            v => {
                let v = json_then_comment(v.strip_prefix(' ').expect("a space after `:`"));
                assert!(map.insert(key.to_string(), v).is_none(), "{key} twice");
            }
        }
    }
    if let Some((key, items)) = list {
        assert!(map.insert(key, Value::Array(items)).is_none());
    }
    map
}

fn json_then_comment(text: &str) -> Value {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let value = values.next().expect("a value").expect("JSON");
    let rest = &text[values.byte_offset()..];
    assert!(rest.is_empty() || rest.starts_with("  # "), "{text}");
    value
}

/// The same file read by PyYAML's `safe_load`, as the loader reads it, when
/// Python has PyYAML; `None` after a note when not.
fn pyyaml(task: &Path) -> Option<Value> {
    let script = "import json, sys, yaml\n\
                  print(json.dumps(yaml.safe_load(open(sys.argv[1], encoding='utf-8'))))";
    let out = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(task.join("task.yaml"))
        .output();
    match out {
        Ok(out) if out.status.success() => Some(serde_json::from_slice(&out.stdout).unwrap()),
        _ => {
            eprintln!("SKIPPED the PyYAML reading of task.yaml: no python3 with PyYAML");
            None
        }
    }
}

/// Every key the loader's `get_task` reads of `task.yaml`, aliases and the
/// deprecated token keys included, with the JSON type it uses it as.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Text,
    Whole,
    Number,
    Any,
}

const LOADER_KEYS: [(&str, Kind); 41] = [
    ("name", Kind::Text),
    ("nome_breve", Kind::Text),
    ("title", Kind::Text),
    ("nome", Kind::Text),
    ("primary_language", Kind::Text),
    ("feedback_level", Kind::Text),
    ("score_mode", Kind::Text),
    ("token_mode", Kind::Text),
    ("token_max_number", Kind::Whole),
    ("token_min_interval", Kind::Number),
    ("token_gen_initial", Kind::Whole),
    ("token_gen_number", Kind::Whole),
    ("token_gen_interval", Kind::Number),
    ("token_gen_max", Kind::Whole),
    ("max_submission_number", Kind::Whole),
    ("max_user_test_number", Kind::Whole),
    ("min_submission_interval", Kind::Number),
    ("min_user_test_interval", Kind::Number),
    ("score_precision", Kind::Whole),
    ("version", Kind::Text),
    ("time_limit", Kind::Number),
    ("memory_limit", Kind::Whole),
    ("infile", Kind::Text),
    ("outfile", Kind::Text),
    ("n_input", Kind::Whole),
    ("score_type", Kind::Text),
    ("score_type_parameters", Kind::Any),
    ("total_value", Kind::Number),
    ("output_only", Kind::Any),
    ("public_testcases", Kind::Text),
    ("risultati", Kind::Text),
    ("timeout", Kind::Number),
    ("memlimit", Kind::Whole),
    ("num_processes", Kind::Whole),
    ("user_io", Kind::Text),
    ("output_only_testcases", Kind::Text),
    ("output_optional_testcases", Kind::Text),
    ("token_total", Kind::Whole),
    ("token_initial", Kind::Whole),
    ("token_gen_time", Kind::Number),
    ("token_max", Kind::Whole),
];

/// The keys the export writes.
const WRITTEN: [&str; 13] = [
    "infile",
    "memory_limit",
    "n_input",
    "name",
    "outfile",
    "primary_language",
    "public_testcases",
    "score_type",
    "score_type_parameters",
    "time_limit",
    "title",
    "token_mode",
    "version",
];

fn assert_loader_keys(yaml: &BTreeMap<String, Value>) {
    let keys: Vec<&str> = yaml.keys().map(String::as_str).collect();
    assert_eq!(keys, WRITTEN);
    for (key, value) in yaml {
        let (_, kind) = (LOADER_KEYS.iter().find(|(k, _)| k == key))
            .unwrap_or_else(|| panic!("the loader does not read `{key}`"));
        let fits = match kind {
            Kind::Text => value.is_string(),
            Kind::Whole => value.is_u64(),
            Kind::Number => value.is_number(),
            Kind::Any => true,
        };
        assert!(fits, "{key}: {value} is not {kind:?}");
    }
    assert_eq!(yaml["token_mode"], "disabled");
    assert_eq!(yaml["primary_language"], "en");
}

/// The test cases' names as the loader makes them (`"%03d" % i`), and the
/// points of each as the score type gives them.
fn points_per_case(yaml: &BTreeMap<String, Value>) -> BTreeMap<String, u64> {
    let n = yaml["n_input"].as_u64().unwrap();
    let names: Vec<String> = (0..n).map(|i| format!("{i:03}")).collect();
    let params = &yaml["score_type_parameters"];
    match yaml["score_type"].as_str().unwrap() {
        "Sum" => (names.into_iter())
            .map(|c| (c, params.as_u64().unwrap()))
            .collect(),
        "GroupMin" => {
            let mut points = BTreeMap::new();
            for group in params.as_array().unwrap() {
                let [max, cases] = group.as_array().unwrap().as_slice() else {
                    panic!("[points, testcases]: {group}")
                };
                let [case] = cases.as_array().unwrap().as_slice() else {
                    panic!("one case a group: {group}")
                };
                let case = case.as_str().unwrap().to_string();
                assert!(names.contains(&case), "{case}");
                assert!(points.insert(case, max.as_u64().unwrap()).is_none());
            }
            points
        }
        other => panic!("score type {other}"),
    }
}

/// The files the loader opens are there, and only those: no `statement/`
/// (without a PDF it stops the import), no grader, no manager.
fn assert_files(task: &Path, n: u64) {
    for i in 0..n {
        assert!(task.join(format!("input/input{i}.txt")).is_file(), "{i}");
        assert!(task.join(format!("output/output{i}.txt")).is_file(), "{i}");
    }
    for folder in ["input", "output"] {
        let count = std::fs::read_dir(task.join(folder)).unwrap().count();
        assert_eq!(count as u64, n, "{folder}/ holds n_input files");
    }
    let mut top: Vec<String> = (std::fs::read_dir(task).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    assert_eq!(top, ["check", "input", "output", "task.yaml"]);
    let check: Vec<_> = std::fs::read_dir(task.join("check")).unwrap().collect();
    assert_eq!(check.len(), 1, "check/ holds the checker alone");
    let mode = std::fs::metadata(task.join("check/checker"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o111, 0o111);
}

#[test]
fn task_yaml_has_the_keys_cms_reads_and_the_files_it_opens() {
    let dir = tempfile::tempdir().unwrap();
    let task = dir.path().join("mayan");
    let summary = export_ok(&task, &["--io", "file"]);
    assert!(summary.contains("(450 points;"), "{summary}");
    assert!(summary.contains("as a CMS task `mayan`"), "{summary}");
    let yaml = read_task_yaml(&task);
    assert_loader_keys(&yaml);
    if let Some(py) = pyyaml(&task) {
        assert_eq!(py, Value::Object(yaml.clone().into_iter().collect()));
    }
    let expected = [
        ("name", Value::from("mayan")),
        ("infile", "mayan.in".into()),
        ("outfile", "mayan.out".into()),
        ("time_limit", 1.0.into()),
        ("memory_limit", 128.into()),
        ("n_input", 45.into()),
        ("public_testcases", "0".into()),
        ("score_type", "Sum".into()),
    ];
    for (key, value) in expected {
        assert_eq!(yaml[key], value, "{key}");
    }
    assert_ne!(
        yaml["title"], yaml["name"],
        "the loader warns when they are equal"
    );
    let points = points_per_case(&yaml);
    assert_eq!(points.values().sum::<u64>(), 450);
    assert_files(&task, 45);
}

#[test]
fn suites_of_other_points_are_one_group_a_case_and_standard_io_is_empty_names() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    let text = format!(
        "[[suite]]\nname = \"sample\"\npath = \"{r}/cases/sample\"\n\
         [[suite]]\nname = \"règles / rules\"\npath = \"{r}/cases/rules\"\npoints = 3\n",
        r = root().display()
    );
    std::fs::write(&config, text).unwrap();
    let task = dir.path().join("mayan");
    let config = config.to_string_lossy().into_owned();
    let summary = export_ok(&task, &["--io", "stdio", "--config", &config]);
    assert!(
        summary.contains("exported 14 cases in 2 suites (49 points"),
        "{summary}"
    );
    let yaml = read_task_yaml(&task);
    assert_loader_keys(&yaml);
    if let Some(py) = pyyaml(&task) {
        assert_eq!(py, Value::Object(yaml.clone().into_iter().collect()));
    }
    assert_eq!(yaml["infile"], "");
    assert_eq!(yaml["outfile"], "");
    assert_eq!(yaml["score_type"], "GroupMin");
    let points = points_per_case(&yaml);
    assert_eq!(points.len(), 14);
    assert_eq!(points["000"], 10, "the sample's case");
    assert!(points.iter().skip(1).all(|(_, &p)| p == 3), "{points:?}");
    let text = std::fs::read_to_string(task.join("task.yaml")).unwrap();
    assert!(
        text.contains("- [3, [\"001\"]]  # 01-r-gles-rules/"),
        "{text}"
    );
    assert_files(&task, 14);
}

/// A sandbox as CMS's checker step makes it: the checker alone, copied in.
struct Sandbox(tempfile::TempDir);

impl Sandbox {
    fn with_checker(task: &Path) -> Sandbox {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(task.join("check/checker"), dir.path().join("checker")).unwrap();
        Sandbox(dir)
    }

    /// Runs the checker as `checker_step` does, with a worker environment
    /// that names other settings; the outcome and the message as
    /// `extract_outcome_and_text` reads them, or the exit code of a failed
    /// step.
    fn check(&self, input: &str, answer: &str, output: &str) -> Result<(f64, String), i32> {
        let dir = self.0.path();
        for (name, text) in [
            ("input.txt", input),
            ("correct_output.txt", answer),
            ("user_output.txt", output),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let out = std::process::Command::new("./checker")
            .args(["input.txt", "correct_output.txt", "user_output.txt"])
            .current_dir(dir)
            .env("MAYAN_PROTOCOL", "testlib")
            .env("MAYAN_NULL_SWAPS", "exclude")
            .env("MAYAN_ACCEPT", "any-valid")
            .output()
            .unwrap();
        if !out.status.success() {
            return Err(out.status.code().unwrap_or(-1));
        }
        Ok(cms_reads(&out.stdout, &out.stderr))
    }
}

/// `extract_outcome_and_text`: the first line of standard output, stripped,
/// a float; the first line of standard error, stripped, without a character
/// `_sanitize_message` refuses; any other line of it empty (or
/// `ADMIN_MESSAGE:`, which the checker never writes).
fn cms_reads(stdout: &[u8], stderr: &[u8]) -> (f64, String) {
    let stdout = std::str::from_utf8(stdout).expect("UTF-8, or CMS cannot decode it");
    let outcome = stdout.lines().next().unwrap_or("").trim();
    let outcome: f64 = outcome
        .parse()
        .unwrap_or_else(|_| panic!("a float: {outcome:?}"));
    let stderr = std::str::from_utf8(stderr).expect("UTF-8");
    let mut lines = stderr.lines();
    let text = lines.next().unwrap_or("").trim().to_string();
    let refused = |c: char| matches!(c, '\0'..='\u{8}' | '\u{a}'..='\u{1f}' | '\u{7f}'..='\u{bf}');
    assert!(!text.contains(refused), "CMS refuses the message {text:?}");
    assert!(lines.all(|l| l.trim().is_empty()), "{stderr}");
    (outcome, text)
}

#[test]
fn the_checker_scores_every_case_as_cms_runs_it() {
    let dir = tempfile::tempdir().unwrap();
    let task = dir.path().join("mayan");
    export_ok(&task, &[]);
    let n = read_task_yaml(&task)["n_input"].as_u64().unwrap();
    let sandbox = Sandbox::with_checker(&task);
    for i in 0..n {
        let input = std::fs::read_to_string(task.join(format!("input/input{i}.txt"))).unwrap();
        let answer = std::fs::read_to_string(task.join(format!("output/output{i}.txt"))).unwrap();
        let (outcome, text) = sandbox.check(&input, &answer, &answer).unwrap();
        assert_eq!(outcome, 1.0, "case {i}: {text}");
        assert!(!text.is_empty());
        let wrong = if answer == "-1\n" { "0 0 1\n" } else { "-1\n" };
        let (outcome, text) = sandbox.check(&input, &answer, wrong).unwrap();
        assert_eq!(outcome, 0.0, "case {i}: {text}");
        assert!(!text.is_empty());
        let (outcome, text) = sandbox.check(&input, &answer, "1° «x»\n").unwrap();
        assert_eq!(outcome, 0.0, "case {i}: {text}");
        assert_eq!(text, "line 1: `1\\u{b0}` is not an integer", "case {i}");
    }
}

#[test]
fn a_wrong_answer_file_fails_the_checker_step_rather_than_the_contestant() {
    let dir = tempfile::tempdir().unwrap();
    let task = dir.path().join("mayan");
    export_ok(&task, &[]);
    let sandbox = Sandbox::with_checker(&task);
    // Case 0, the sample, has a solution; an answer file of -1 is the jury's
    // error, and a non-zero exit is how CMS's trusted step hears of one.
    let input = std::fs::read_to_string(task.join("input/input0.txt")).unwrap();
    let answer = std::fs::read_to_string(task.join("output/output0.txt")).unwrap();
    assert_ne!(answer, "-1\n");
    assert_eq!(sandbox.check(&input, "-1\n", &answer), Err(1));
}

#[test]
fn a_binary_named_checker_without_a_carried_call_is_plain_mayan() {
    let dir = tempfile::tempdir().unwrap();
    let checker = dir.path().join("checker");
    std::fs::copy(export_binary(), &checker).unwrap();
    let out = std::process::Command::new(&checker)
        .arg("--version")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("mayan "));
}

#[test]
fn cms_exports_refuse_what_every_export_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let refused = |out: &Path, extra: &[&str], said: &str| {
        export(out, extra)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(said));
    };
    refused(
        &dir.path().join("mayan-judge"),
        &[],
        "name the folder `mayanjudge`",
    );
    let busy = dir.path().join("busy");
    std::fs::create_dir(&busy).unwrap();
    std::fs::write(busy.join("notes.txt"), "mine").unwrap();
    refused(&busy, &[], "give --force");
    refused(&busy, &["--force"], "no earlier export");
    assert_eq!(
        std::fs::read_to_string(busy.join("notes.txt")).unwrap(),
        "mine"
    );
    refused(
        Path::new("cases/rules/pkg"),
        &[],
        "lies inside the cases of suite `rules`",
    );
    assert!(!root().join("cases/rules/pkg").exists());
    let other = dir.path().join("other");
    let mut cmd = Command::cargo_bin("mayan").unwrap();
    cmd.current_dir(root())
        .args(["export", "cms", "--binary", "/bin/true"]);
    cmd.arg(&other)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not the mayan binary"));
    let config = dir.path().join("judge.toml");
    let suite = format!(
        "[[suite]]\nname = \"rules\"\npath = \"{}/cases/rules\"\n",
        root().display()
    );
    std::fs::write(
        &config,
        format!("[io]\ninput-file = \"../mayan.in\"\n{suite}"),
    )
    .unwrap();
    let config = config.to_string_lossy().into_owned();
    refused(
        &other,
        &["--config", &config],
        "input-file = \"../mayan.in\"",
    );
    assert!(!other.exists());
    let pkg = dir.path().join("pkg");
    export_ok(&pkg, &[]);
    refused(&pkg, &[], "give --force");
    export_ok(&pkg, &["--force"]);
}

/// A mayan that passes the other exports' trial but reads no carried call
/// (as every mayan before `export cms` did): CMS would fail every check.
#[test]
fn a_binary_that_reads_no_carried_call_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old-mayan");
    std::fs::write(
        &old,
        "#!/bin/sh\ncase \"$1\" in\n--version) echo 'mayan 0.0.9'; exit 0;;\n\
         validate|check) cat >/dev/null; exit 42;;\nesac\n\
         echo \"error: unrecognized subcommand '$1'\" >&2\nexit 2\n",
    )
    .unwrap();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out: PathBuf = dir.path().join("mayan");
    Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(root())
        .args(["export", "cms", "--binary"])
        .arg(&old)
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the checker exited 2 and printed \"\", not 1.0: error: unrecognized subcommand \
             'input.txt'; is it an older mayan",
        ));
    assert!(!out.exists());
}
