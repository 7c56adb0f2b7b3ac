//! `mayan export uoj`: the problem's data held against the format read
//! from UOJ's source (UniversalOJ/UOJ-System; no UOJ runs here: it needs
//! its database and sandbox): `problem.conf` read as the site's
//! `getUOJConf` reads it (words split at spaces and line ends, a key twice
//! a syntax error), only keys UOJ's judger or data sync reads, each value
//! of the type they read it as; every test file UOJ composes from
//! `input_pre`, `input_suf`, `output_pre`, `output_suf` present, the extra
//! and sample tests too; the tests' points adding up to UOJ's 100; and
//! `chk.cpp` compiled as UOJ compiles it (`g++ -o chk chk.cpp -I INCLUDE
//! -lm -O2 -DONLINE_JUDGE`, testlib.h in the include folder, not beside
//! it) and run as UOJ's `run_checker` runs it (`chk INPUT OUTPUT ANSWER`,
//! absolute paths), its score read from the first word of its standard
//! error as `RunCheckerResult::from_file` reads it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::support::judges::{have_gxx, testlib_or_skip};

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

/// `mayan export uoj` of the bundled judge.toml; its output and warnings.
fn export_uoj(out: &Path, extra: &[&str]) -> (String, String) {
    let done = mayan()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["export", "uoj"])
        .args(extra)
        .arg(out)
        .assert()
        .success();
    let output = done.get_output();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// How UOJ reads a key's value.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// `conf_is(key, "on")`.
    On,
    /// `conf_int`/`validateUInt`: digits.
    Whole,
    /// A part of a file name (`input_pre`, ...): letters, digits, `_`.
    Word,
}

/// The keys UOJ reads that a package of this kind may hold, and how:
/// `use_builtin_judger` (`uoj-data-lib.php`, `main_judger_init`), the tests
/// (`n_tests`, `n_ex_tests`, `n_sample_tests`: `judger.cpp`,
/// `uoj-data-lib.php`), the file names (`conf_input_file_name`,
/// `conf_output_file_name`), the limits (`conf_run_limit`), and the points
/// of a test (`point_score_N`, `judger.cpp`).
const KEYS: [(&str, Kind); 11] = [
    ("use_builtin_judger", Kind::On),
    ("n_tests", Kind::Whole),
    ("n_ex_tests", Kind::Whole),
    ("n_sample_tests", Kind::Whole),
    ("input_pre", Kind::Word),
    ("input_suf", Kind::Word),
    ("output_pre", Kind::Word),
    ("output_suf", Kind::Word),
    ("time_limit", Kind::Whole),
    ("memory_limit", Kind::Whole),
    ("output_limit", Kind::Whole),
];

fn kind_of(key: &str) -> Option<Kind> {
    let numbered = key.strip_prefix("point_score_");
    if numbered.is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n >= 1)) {
        return Some(Kind::Whole);
    }
    KEYS.iter().find(|(k, _)| *k == key).map(|(_, kind)| *kind)
}

fn fits(kind: Kind, value: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    match kind {
        Kind::On => value == "on",
        Kind::Whole => !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()),
        Kind::Word => !value.is_empty() && value.chars().all(word),
    }
}

/// `problem.conf` read as UOJ's `getUOJConf` reads it: words split at
/// spaces, `\n` and `\r` only, taken as key and value in turn; a key twice
/// is its syntax error. Each key must be one UOJ reads, its value of the
/// kind it reads.
fn read_conf(text: &str) -> BTreeMap<String, String> {
    assert!(
        !text.contains('\t'),
        "a tab is no separator to UOJ: {text:?}"
    );
    let mut words = text.split([' ', '\n', '\r']).filter(|w| !w.is_empty());
    let mut conf = BTreeMap::new();
    while let Some(key) = words.next() {
        let value = words.next().unwrap_or_else(|| panic!("{key} has no value"));
        let kind = kind_of(key).unwrap_or_else(|| panic!("UOJ reads no key {key}"));
        assert!(fits(kind, value), "{key} {value}: not {kind:?}");
        assert!(
            conf.insert(key.to_string(), value.to_string()).is_none(),
            "{key} twice: UOJ's syntax error"
        );
    }
    for line in text.lines() {
        assert_eq!(line.split(' ').count(), 2, "one KEY VALUE a line: {line:?}");
    }
    conf
}

fn number(conf: &BTreeMap<String, String>, key: &str) -> usize {
    conf[key].parse().unwrap()
}

/// Test `n`'s input and answer file, as UOJ names them (`ex_` before an
/// extra test's, which UOJ numbers negative).
fn test_files(conf: &BTreeMap<String, String>, n: usize, extra: bool) -> (String, String) {
    let ex = if extra { "ex_" } else { "" };
    (
        format!("{ex}{}{n}.{}", conf["input_pre"], conf["input_suf"]),
        format!("{ex}{}{n}.{}", conf["output_pre"], conf["output_suf"]),
    )
}

#[test]
fn the_conf_is_what_uoj_reads_and_names_every_test() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    let (summary, warnings) = export_uoj(&package, &[]);
    assert!(
        summary.contains("exported 45 cases in 7 suites (450 points")
            && summary.contains("as a UOJ problem's data `mayan`")
            && summary.contains("checker: the testlib checker (C++), chk.cpp"),
        "{summary}"
    );
    let conf = read_conf(&std::fs::read_to_string(package.join("problem.conf")).unwrap());
    let expected = [
        ("use_builtin_judger", "on"),
        ("n_tests", "45"),
        ("n_ex_tests", "1"),
        ("n_sample_tests", "1"),
        ("input_pre", "mayan"),
        ("input_suf", "in"),
        ("output_pre", "mayan"),
        ("output_suf", "ans"),
        ("time_limit", "1"),
        ("memory_limit", "128"),
        ("output_limit", "16"),
    ];
    for (key, value) in expected {
        assert_eq!(conf[key], value, "{key}");
    }
    assert!(
        !conf.contains_key("use_builtin_checker"),
        "UOJ then runs chk"
    );
    let (n, ex) = (number(&conf, "n_tests"), number(&conf, "n_ex_tests"));
    assert!(
        number(&conf, "n_sample_tests") <= ex,
        "else UOJ refuses the data"
    );
    let scores: Vec<u32> = (1..=n)
        .map(|i| conf[&format!("point_score_{i}")].parse().unwrap())
        .collect();
    assert_eq!(
        conf.len(),
        KEYS.len() + n,
        "a point_score_N for each test only"
    );
    assert_eq!(
        scores.iter().sum::<u32>(),
        100,
        "UOJ gives 100 when all pass"
    );
    assert!(
        scores.iter().all(|&s| s == 2 || s == 3),
        "10 of 450: {scores:?}"
    );
    for (i, extra) in (1..=n)
        .map(|i| (i, false))
        .chain((1..=ex).map(|i| (i, true)))
    {
        for file in <[String; 2]>::from(test_files(&conf, i, extra)) {
            assert!(package.join(&file).is_file(), "{file}");
        }
    }
    let read = |file: &str| std::fs::read(package.join(file)).unwrap();
    assert_eq!(read("ex_mayan1.in"), read("mayan1.in"), "the sample first");
    assert_eq!(read("ex_mayan1.ans"), read("mayan1.ans"));
    for file in ["chk.cpp", "std.cpp", "val.cpp"] {
        assert!(package.join(file).is_file(), "{file}");
    }
    let files = std::fs::read_dir(&package).unwrap().count();
    assert_eq!(
        files,
        2 * n + 2 * ex + 4,
        "the tests, the conf and three sources"
    );
    assert!(
        warnings.contains("UOJ runs programs on standard input and output")
            && warnings.contains("judge.toml's 450 points are scaled to 100"),
        "{warnings}"
    );
}

/// UOJ's `scale_score`: a checker's score out of 100 as a share of `full`.
fn scale_score(score: u32, full: u32) -> u32 {
    score * full / 100
}

/// UOJ's score of a submission with `accepted[i]` on test `i + 1`, when it
/// has no subtasks (`ordinary_test` in `judger.cpp`): the tests' scaled
/// scores added up, and 100 when every test is accepted, whatever they add
/// up to.
fn uoj_score(scores: &[u32], accepted: &[bool]) -> u32 {
    if accepted.iter().all(|&a| a) {
        return 100;
    }
    (scores.iter().zip(accepted))
        .map(|(&full, &a)| scale_score(if a { 100 } else { 0 }, full))
        .sum()
}

#[test]
fn uoj_scores_each_suite_as_its_share_of_judge_tomls_points() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_uoj(
        &package,
        &["--time-limit", "1500ms", "--memory-limit", "100.5MiB"],
    );
    let conf = read_conf(&std::fs::read_to_string(package.join("problem.conf")).unwrap());
    assert_eq!(
        (conf["time_limit"].as_str(), conf["memory_limit"].as_str()),
        ("2", "101")
    );
    let n = number(&conf, "n_tests");
    let scores: Vec<u32> = (1..=n)
        .map(|i| conf[&format!("point_score_{i}")].parse().unwrap())
        .collect();
    // The bundled suites' sizes, in order (the sample first); 10 points a case.
    let sizes = [1, 13, 4, 8, 9, 7, 3];
    assert_eq!(sizes.iter().sum::<usize>(), n);
    let mut start = 0;
    for size in sizes {
        let accepted: Vec<bool> = (0..n).map(|i| (start..start + size).contains(&i)).collect();
        let share = 100.0 * (10 * size) as f64 / 450.0;
        let score = f64::from(uoj_score(&scores, &accepted));
        assert!((score - share).abs() < size as f64, "{score} for {share}");
        start += size;
    }
    assert_eq!(
        uoj_score(&scores, &vec![true; n]),
        scores.iter().sum::<u32>()
    );
}

#[test]
fn without_a_sample_uoj_is_told_there_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_uoj(&package, &["--sample", "nosuch"]);
    let conf = read_conf(&std::fs::read_to_string(package.join("problem.conf")).unwrap());
    // UOJ takes n_sample_tests as n_tests when unset, then refuses it for
    // being more than n_ex_tests.
    assert_eq!(
        (conf["n_ex_tests"].as_str(), conf["n_sample_tests"].as_str()),
        ("0", "0")
    );
    assert!(!package.join("ex_mayan1.in").exists());
}

#[test]
fn an_export_over_what_is_no_uoj_export_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let uoj = |out: &Path| {
        let mut cmd = mayan();
        cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["export", "uoj"])
            .arg(out);
        cmd
    };
    uoj(&dir.path().join("mayan-uoj"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("name the folder `mayanuoj`"));
    let hydro = dir.path().join("hydro");
    mayan()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["export", "hydro"])
        .arg(&hydro)
        .assert()
        .success();
    uoj(&hydro)
        .arg("--force")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds no problem.conf"));
    assert!(hydro.join("testdata/config.yaml").is_file(), "left alone");
    uoj(Path::new("cases/rules/pkg"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "lies inside the cases of suite `rules`",
        ));
    let pkg = dir.path().join("pkg");
    uoj(&pkg).assert().success();
    uoj(&pkg)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give --force"));
    uoj(&pkg).arg("--force").assert().success();
}

/// `NAME.cpp` of the package built in `dir` as UOJ's data sync builds it
/// (`compile_at_prepare`): `g++ -o NAME NAME.cpp -lm -O2 -DONLINE_JUDGE`,
/// no `-std`; with `testlib`, the header in an include folder (`-I`), not
/// beside the source (`need_include_header`, for chk and val).
fn build(package: &Path, name: &str, testlib: Option<&Path>, dir: &Path) -> PathBuf {
    let source = format!("{name}.cpp");
    std::fs::copy(package.join(&source), dir.join(&source)).unwrap();
    let mut gxx = std::process::Command::new("g++");
    gxx.current_dir(dir).args(["-o", name, &source]);
    if let Some(testlib) = testlib {
        let include = dir.join("include");
        std::fs::create_dir_all(&include).unwrap();
        std::fs::copy(testlib, include.join("testlib.h")).unwrap();
        gxx.arg(format!("-I{}", include.display()));
    }
    let out = gxx.args(["-lm", "-O2", "-DONLINE_JUDGE"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}.cpp: {stderr}");
    dir.join(name)
}

/// The checker run as UOJ runs it on an output: its score (0 to 100) and
/// standard error. UOJ reads the first word: `ok` 100, `points D` D x 100
/// rounded, any other 0; none at all is the judgement failing.
fn uoj_check(chk: &Path, input: &Path, output: &str, answer: &Path, w: &Path) -> (u32, String) {
    let out_file = w.join("output1.txt");
    std::fs::write(&out_file, output).unwrap();
    let done = std::process::Command::new(chk)
        .arg(input.canonicalize().unwrap())
        .arg(out_file.canonicalize().unwrap())
        .arg(answer.canonicalize().unwrap())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr).into_owned();
    let mut words = stderr.split_ascii_whitespace();
    let score = match words.next() {
        Some("ok") => 100,
        Some("points") => {
            let share: f64 = words.next().unwrap().parse().unwrap();
            (100.0 * share + 0.5).floor() as u32
        }
        Some(_) => 0,
        None => panic!("no verdict: UOJ's Judgement Failed"),
    };
    (score, stderr)
}

/// The headers to build against: testlib 0.9.44 (`MAYAN_TESTLIB_H`), and
/// UOJ's own (0.9.5, from its repository's
/// `judger/uoj_judger/include/testlib.h`) when `MAYAN_UOJ_TESTLIB_H` names
/// it.
fn headers(test: &str) -> Vec<PathBuf> {
    let mut all: Vec<PathBuf> = testlib_or_skip(test).into_iter().collect();
    let uoj = std::env::var_os("MAYAN_UOJ_TESTLIB_H").map(PathBuf::from);
    all.extend(uoj.filter(|p| p.is_file()));
    all
}

#[test]
fn the_checker_judges_every_test_as_uoj_runs_it() {
    let test = "the_checker_judges_every_test_as_uoj_runs_it";
    let headers = headers(test);
    if headers.is_empty() || !have_gxx(test) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_uoj(&package, &[]);
    let conf = read_conf(&std::fs::read_to_string(package.join("problem.conf")).unwrap());
    let n = number(&conf, "n_tests");
    let ex = number(&conf, "n_ex_tests");
    for (h, header) in headers.iter().enumerate() {
        let work = dir.path().join(format!("build{h}"));
        std::fs::create_dir_all(&work).unwrap();
        let chk = build(&package, "chk", Some(header), &work);
        let all = (1..=n)
            .map(|i| (i, false))
            .chain((1..=ex).map(|i| (i, true)));
        for (i, extra) in all {
            let (input, answer) = test_files(&conf, i, extra);
            let (input, answer) = (package.join(input), package.join(answer));
            let reference = std::fs::read_to_string(&answer).unwrap();
            let (score, stderr) = uoj_check(&chk, &input, &reference, &answer, &work);
            assert_eq!(score, 100, "{}: {stderr}", input.display());
            let wrong = if reference == "-1\n" {
                "0 0 1\n"
            } else {
                "-1\n"
            };
            let (score, stderr) = uoj_check(&chk, &input, wrong, &answer, &work);
            assert!(
                score == 0 && stderr.starts_with("wrong answer "),
                "{stderr}"
            );
            let (score, stderr) = uoj_check(&chk, &input, "2 1 one\n", &answer, &work);
            assert!(
                score == 0 && stderr.starts_with("wrong output format "),
                "{stderr}"
            );
        }
        // A judge fault: an answer file of -1 on a case the output clears.
        // UOJ shows it as a wrong answer of 0 points, the message FAIL.
        let (input, answer) = test_files(&conf, 1, false);
        let reference = std::fs::read_to_string(package.join(&answer)).unwrap();
        let lying = work.join("lying.ans");
        std::fs::write(&lying, "-1\n").unwrap();
        let (score, stderr) = uoj_check(&chk, &package.join(input), &reference, &lying, &work);
        assert!(score == 0 && stderr.starts_with("FAIL "), "{stderr}");
    }
}

/// A program run on `input` as its standard input: its exit status and
/// standard output.
fn run_on(program: &mut std::process::Command, input: &[u8]) -> (Option<i32>, String) {
    use std::io::Write as _;
    let mut child = (program.stdin(std::process::Stdio::piped()))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Inputs a validator must judge: every case file of the bundled suites as
/// written (some not canonical), and cases broken one way each.
fn validator_inputs() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut files = vec![root];
    let mut inputs = Vec::new();
    while let Some(path) = files.pop() {
        match std::fs::read_dir(&path) {
            Ok(entries) => files.extend(entries.map(|e| e.unwrap().path())),
            Err(_) if path.extension().is_some_and(|e| e == "in") => {
                inputs.push(std::fs::read(&path).unwrap());
            }
            Err(_) => {}
        }
    }
    let broken = [
        "1\n1 0\n0\n0\n0\n0\n",
        "5\n1 2 1 2 1 2 1 0\n0\n0\n0\n0\n",
        "0\n1 0\n0\n0\n0\n0\n",
        "6\n1 0\n0\n0\n0\n0\n",
        "1\n11 0\n0\n0\n0\n0\n",
        "1\n1 2 1 2 1 2 1 2 0\n0\n0\n0\n0\n",
        "1\n1 1 1 0\n0\n0\n0\n0\n",
        "1\n1 0\n1 0\n1 0\n0\n0\n",
        "1\n2 1 0\n0 \n1 0\n1 0\n0\n",
        "1\n1  0\n0\n0\n0\n0\n",
        "01\n1 0\n0\n0\n0\n0\n",
        "1\n1 0\n0\n0\n0\n0",
        "1\n1 0\n\n0\n0\n0\n0\n",
        "1\r\n1 0\r\n0\r\n0\r\n0\r\n0\r\n",
        "1\n1 0\n0\n0\n0\n",
        "1\n1 0\n0\n0\n0\n0\n0\n",
        "1\n1 0 \n0\n0\n0\n0\n",
        "1\n-1 0\n0\n0\n0\n0\n",
        "1\n+1 0\n0\n0\n0\n0\n",
        "1\n1 x 0\n0\n0\n0\n0\n",
        "",
    ];
    inputs.extend(broken.iter().map(|b| b.as_bytes().to_vec()));
    inputs
}

#[test]
fn the_validator_accepts_what_mayans_strict_validator_accepts() {
    let test = "the_validator_accepts_what_mayans_strict_validator_accepts";
    let headers = headers(test);
    if headers.is_empty() || !have_gxx(test) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_uoj(&package, &[]);
    let conf = read_conf(&std::fs::read_to_string(package.join("problem.conf")).unwrap());
    let mut inputs = validator_inputs();
    for i in 1..=number(&conf, "n_tests") {
        inputs.push(std::fs::read(package.join(test_files(&conf, i, false).0)).unwrap());
    }
    for (h, header) in headers.iter().enumerate() {
        let build_dir = dir.path().join(format!("build{h}"));
        std::fs::create_dir_all(&build_dir).unwrap();
        let val = build(&package, "val", Some(header), &build_dir);
        let (mut valid, mut invalid) = (0, 0);
        for input in &inputs {
            let mut strict = std::process::Command::new(env!("CARGO_BIN_EXE_mayan"));
            strict.args(["validate", "--kattis", "--strict"]);
            let expected = run_on(&mut strict, input).0 == Some(42);
            let (code, _) = run_on(&mut std::process::Command::new(&val), input);
            let text = String::from_utf8_lossy(input);
            assert_eq!(code == Some(0), expected, "{text:?} ({})", header.display());
            if expected { valid += 1 } else { invalid += 1 }
        }
        assert!(
            valid > 45 && invalid > 15,
            "{valid} valid, {invalid} invalid"
        );
    }
}

#[test]
fn the_reference_solution_answers_every_test_as_its_answer_file() {
    let test = "the_reference_solution_answers_every_test_as_its_answer_file";
    if !have_gxx(test) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mayan");
    export_uoj(&package, &[]);
    let conf = read_conf(&std::fs::read_to_string(package.join("problem.conf")).unwrap());
    let reference = build(&package, "std", None, dir.path());
    for i in 1..=number(&conf, "n_tests") {
        let (input, answer) = test_files(&conf, i, false);
        let input = std::fs::read(package.join(input)).unwrap();
        let (code, output) = run_on(&mut std::process::Command::new(&reference), &input);
        assert_eq!(code, Some(0));
        let answer = std::fs::read_to_string(package.join(answer)).unwrap();
        assert_eq!(
            output, answer,
            "test {i}: UOJ makes a hack's answer with std"
        );
    }
}
