//! A run spread over shards (`mayan judge --partition K/N`) and merged
//! (`mayan report merge`) gives what the whole run gives: through the
//! library with the fake runner (every field of the report, times
//! included), and through the binary (the CSV and the JUnit XML, times
//! left out). A re-judge folded into a whole run's report by the binary
//! replaces that submission's results and nothing else. Reports that were
//! edited or are not reports are `tampered`'s.

mod tampered;

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;
use mayan_judge::check::Policy;
use mayan_judge::config::{IoConfig, IoMode, Submission};
use mayan_judge::judge::contestants::Missing;
use mayan_judge::judge::event::Quiet;
use mayan_judge::judge::partition::Partition;
use mayan_judge::judge::plan::Plan;
use mayan_judge::judge::report::RunReport;
use mayan_judge::judge::report::html::folder_name;
use mayan_judge::judge::report::merge::{Shard, merge};
use mayan_judge::judge::session::Session;
use mayan_judge::judge::submission::Entry;
use mayan_judge::judge::suite::CaseFile;
use mayan_judge::runner::Limits;
use mayan_judge::runner::fake::{FakeRun, FakeRunner, Scripted};

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Seven cases of the bundled suites, their answers from the files.
fn cases() -> Vec<CaseFile> {
    let dir = root().join("cases/rules");
    [
        "cross",
        "left-drop",
        "no-solution",
        "run-of-four",
        "swap",
        "two-runs-at-once",
        "cross-in-three",
    ]
    .iter()
    .map(|name| CaseFile {
        suite: "rules".into(),
        name: name.to_string(),
        input: dir.join(format!("{name}.in")),
        answer: Some(dir.join(format!("{name}.ans"))),
        points: 10,
    })
    .collect()
}

/// Answers from the answer files for `./right`; `-1` for `./minus-one`; a
/// time that depends on the case, so a result in the wrong place shows.
fn script(run: &FakeRun) -> std::io::Result<Scripted> {
    let case = cases()
        .into_iter()
        .find(|c| std::fs::read_to_string(&c.input).unwrap() == run.input)
        .expect("a known case");
    let mut s = match run.spec.argv[0].as_str() {
        "./right" => Scripted::answer(&std::fs::read_to_string(case.answer.unwrap()).unwrap()),
        _ => Scripted::answer("-1\n"),
    };
    s.outcome.cpu = Duration::from_millis(case.name.len() as u64);
    Ok(s)
}

fn judge(partition: Option<Partition>) -> RunReport {
    let cases = cases();
    let plan = Plan {
        limits: Limits {
            cpu: Duration::from_secs(1),
            wall: Duration::from_secs(3),
            memory: 64 << 20,
            output: 1 << 20,
            processes: 8,
        },
        io: IoConfig {
            mode: IoMode::Stdio,
            ..IoConfig::default()
        },
        policy: Policy::default(),
        jobs: 2,
        readable: Vec::new(),
        interrupt: Default::default(),
    };
    let program = |name: &str| {
        Entry::Program(Submission {
            name: name.into(),
            command: Some(vec![format!("./{name}")]),
            source: None,
            origin: mayan_judge::config::Origin::Configured,
        })
    };
    let entries = [
        program("right"),
        Entry::Absent(Missing {
            name: "absent".into(),
            why: "no mayan.cpp".into(),
            judge_fault: false,
            kind: Default::default(),
        }),
        program("minus-one"),
    ];
    let runner = FakeRunner::new(script);
    let languages = mayan_judge::config::Languages::default();
    let session = Session {
        base: Path::new("."),
        cases: &cases,
        plan: &plan,
        runner: &runner,
        tools: mayan_judge::judge::compile::Toolchain {
            languages: &languages,
            source_limit: 1 << 20,
            limits: mayan_judge::judge::compile::compile_limits(&Default::default()),
            guarded: mayan_judge::inputs::Inputs::none(),
        },
    };
    session.judge_part(&entries, partition, &mut Quiet).unwrap()
}

/// A report as JSON, without when it started (the runs are made one after
/// the other, seconds apart).
fn without_start(report: RunReport) -> serde_json::Value {
    let mut value = serde_json::to_value(report).unwrap();
    value["started"] = serde_json::Value::Null;
    value
}

#[test]
fn the_merged_shards_are_the_whole_run_for_any_number_of_shards() {
    let whole = without_start(judge(None));
    for of in 1..=8 {
        let shards: Vec<Shard> = (1..=of)
            .map(|k| Shard {
                path: PathBuf::from(format!("{k}.json")),
                report: judge(Some(Partition::new(k, of).unwrap())),
            })
            .collect();
        let merged = merge(shards).unwrap();
        assert_eq!(without_start(merged), whole, "{of} shards");
    }
}

#[test]
fn a_shard_judges_only_its_pairs_and_lists_every_entry_and_case() {
    let shard = judge(Some(Partition::new(2, 3).unwrap()));
    assert_eq!(shard.cases.len(), 7);
    let judged: Vec<usize> = shard.submissions.iter().map(|s| s.cases.len()).collect();
    assert_eq!(judged, [2, 3, 2], "21 pairs dealt out to 3 shards");
    let first: Vec<&str> = shard.submissions[0]
        .cases
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(first, ["left-drop", "swap"]);
    assert_eq!(
        shard.submissions[1].compile_error.as_deref(),
        Some("no mayan.cpp")
    );
}

/// A configuration judging the correct C++ program and the wrong Python
/// one over two bundled suites.
fn config(dir: &Path) -> PathBuf {
    let text = format!(
        "[limits]\ntime = \"2s\"\n\
         [[suite]]\nname = \"rules\"\npath = \"{root}/cases/rules\"\n\
         [[suite]]\nname = \"dialect\"\npath = \"{root}/cases/dialect\"\npoints = 5\n\
         [[submission]]\nname = \"correct\"\nsource = \"{root}/submissions/correct.cpp\"\n\
         [[submission]]\nname = \"wrong\"\nsource = \"{root}/submissions/wrong.py\"\n",
        root = root().display()
    );
    let path = dir.join("judge.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// JUnit XML without its times.
fn timeless(xml: &str) -> String {
    let mut out = String::new();
    for part in xml.split(" time=\"").enumerate() {
        match part {
            (0, text) => out.push_str(text),
            (_, text) => out.push_str(text.split_once('"').map_or(text, |(_, rest)| rest)),
        }
    }
    out.lines()
        .filter(|l| !l.contains("timestamp"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn report_merge_of_the_shards_writes_the_whole_runs_csv_junit_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path());
    let file = |name: &str| dir.path().join(name);
    mayan()
        .args(["judge", "--config"])
        .arg(&cfg)
        .arg("--csv")
        .arg(file("whole.csv"))
        .arg("--junit")
        .arg(file("whole.xml"))
        .arg("--html")
        .arg(file("whole.html"))
        .assert()
        .code(1);
    let mut merge_cmd = mayan();
    merge_cmd.args(["report", "merge"]);
    for k in [3, 1, 2] {
        let json = file(&format!("shard{k}.json"));
        let out = mayan()
            .args(["judge", "--config"])
            .arg(&cfg)
            .args(["--partition", &format!("{k}/3"), "--json"])
            .arg(&json)
            .assert()
            .code(1);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains(&format!("judging shard {k}/3")), "{stderr}");
        merge_cmd.arg(json);
    }
    let merged = merge_cmd
        .arg("--csv")
        .arg(file("merged.csv"))
        .arg("--junit")
        .arg(file("merged.xml"))
        .arg("--html")
        .arg(file("merged.html"))
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&merged.get_output().stdout).into_owned();
    assert!(
        stdout.contains("total: 150/150 points, 17/17 accepted"),
        "{stdout}"
    );
    let read = |name: &str| std::fs::read_to_string(file(name)).unwrap();
    assert_eq!(read("merged.csv"), read("whole.csv"));
    assert!(read("whole.csv").starts_with(
        "\u{feff}rank,submission,total,max,not_judged,status,source,note,rules/cascade-three-waves,"
    ));
    assert_eq!(timeless(&read("merged.xml")), timeless(&read("whole.xml")));
    // The merged HTML report replays the same cases on the same boards.
    let drawn = html_report(&file("whole.html"));
    assert_eq!(replays(&html_report(&file("merged.html"))), replays(&drawn));
    let sections = drawn.matches("<section class=\"case\"").count();
    assert_eq!(
        sections,
        17 - 2,
        "wrong fails all but the 2 with no solution"
    );
}

/// An HTML report's index and then its pages (in the folder beside it, see
/// `html::links`), by name, as one text.
fn html_report(index: &Path) -> String {
    let folder = index.with_file_name(folder_name(index.file_name().unwrap()));
    let mut pages: Vec<PathBuf> = (std::fs::read_dir(folder).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    pages.sort();
    let mut text = std::fs::read_to_string(index).unwrap();
    for page in pages {
        text.push_str(&std::fs::read_to_string(page).unwrap());
    }
    text
}

/// The start tags of an HTML report's case sections and boards, which say
/// the case, its verdict, and each board's stage and blocks.
fn replays(html: &str) -> Vec<&str> {
    let tags = ["<section class=\"case\"", "<svg class=\"board\""];
    let starts = html.match_indices('<').map(|(at, _)| &html[at..]);
    starts
        .filter(|rest| tags.iter().any(|t| rest.starts_with(t)))
        .map(|rest| &rest[..=rest.find('>').unwrap()])
        .collect()
}

#[test]
fn shards_that_do_not_fit_and_bad_partitions_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path());
    let json = dir.path().join("one.json");
    // One case, two submissions: shard 1/2 holds only the correct one's.
    mayan()
        .args(["judge", "--config"])
        .arg(&cfg)
        .args(["--partition", "1/2", "--json"])
        .arg(&json)
        .args(["--suite"])
        .arg(root().join("cases/sample"))
        .assert()
        .code(0);
    mayan()
        .args(["report", "merge"])
        .arg(&json)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "shard 2/2 missing: merge the JSON report of every shard",
        ));
    mayan()
        .args(["judge", "--partition", "0/2"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("shard 0 of 2 does not exist"));
    mayan()
        .args(["judge", "--partition", "1/2", "--csv", "x.csv"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot be used with"));
}

#[test]
fn report_merge_folds_a_rejudge_into_the_whole_run_and_may_write_over_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name);
    let judge = |json: &Path, only: &[&str]| {
        mayan()
            .args(["judge", "-q", "--config"])
            .arg(root().join("judge.toml"))
            .args(only)
            .arg("--json")
            .arg(json)
            .assert()
            .code(1);
    };
    judge(&file("full.json"), &[]);
    judge(&file("re.json"), &["--submission", "wrong"]);
    let merged = mayan()
        .args(["report", "merge"])
        .arg(file("full.json"))
        .arg(file("re.json"))
        .arg("--json")
        .arg(file("merged.json"))
        .assert()
        .code(1);
    let read = |name: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(file(name)).unwrap()).unwrap()
    };
    let (full, re) = (read("full.json"), read("re.json"));
    let cases = full["cases"].as_array().unwrap().len();
    let stderr = String::from_utf8_lossy(&merged.get_output().stderr).into_owned();
    let note = format!(
        "{}: replaced {cases} results of 1 submission (wrong), added 0\n",
        file("re.json").display()
    );
    assert_eq!(stderr, note);
    // The whole run's report, but for wrong's results and the note.
    let mut expected = full.clone();
    let names = full["submissions"].as_array().unwrap();
    let wrong = names.iter().position(|s| s["name"] == "wrong").unwrap();
    assert_eq!(re["submissions"].as_array().unwrap().len(), 1);
    expected["submissions"][wrong] = re["submissions"][0].clone();
    expected["rejudged"] = serde_json::json!([{
        "report": file("re.json").display().to_string(),
        "started": re["started"],
        "results": cases,
        "replaced": ["wrong"],
        "added": [],
    }]);
    assert_eq!(read("merged.json"), expected);
    // Asked to write over its first report, it does, whole.
    mayan()
        .args(["report", "merge"])
        .arg(file("full.json"))
        .arg(file("re.json"))
        .arg("--json")
        .arg(file("full.json"))
        .assert()
        .code(1);
    assert_eq!(read("full.json"), expected);
    assert!(!file("full.json.tmp").exists());
}
