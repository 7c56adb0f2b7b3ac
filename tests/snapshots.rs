//! Snapshot tests (insta) of what people read: the judge's tables, the
//! checker's messages with their boards and diffs, `solve --explain` and
//! `validate`. Times are the fake runner's fixed ones and paths are
//! redacted, so a snapshot changes only when the words or the drawing do;
//! review a change with `cargo insta review` (or `INSTA_UPDATE=always`).

use std::path::Path;

use assert_cmd::Command;
use mayan_judge::check::{CheckResult, Output, Policy, check};
use mayan_judge::config::{IoConfig, IoMode, Submission};
use mayan_judge::judge::compile::Toolchain;
use mayan_judge::judge::event::Quiet;
use mayan_judge::judge::plan::Plan;
use mayan_judge::judge::report::table::{ranking, score_table, submission_table};
use mayan_judge::judge::session::Session;
use mayan_judge::judge::submission::Entry;
use mayan_judge::judge::suite::CaseFile;
use mayan_judge::puzzle::case::parse_case;
use mayan_judge::runner::Limits;
use mayan_judge::runner::fake::{FakeRun, FakeRunner, Scripted};
use mayan_judge::solver::Solver;

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

fn checked(case: &str, output: &str) -> String {
    let case = parse_case(case).unwrap();
    let CheckResult {
        verdict,
        summary,
        details,
    } = check(
        &case,
        Output::Text(output),
        None,
        Policy::default(),
        &mut Solver::new(),
    );
    format!("{verdict}: {summary}\n{details}")
}

#[test]
fn checker_shows_the_board_before_an_illegal_move() {
    insta::assert_snapshot!(checked(SAMPLE, "2 1 1\n4 6 1\n3 0 1\n"));
}

#[test]
fn checker_shows_the_blocks_that_remain() {
    insta::assert_snapshot!(checked(SAMPLE, "2 1 1\n3 1 1\n0 0 1\n"));
}

#[test]
fn checker_diffs_a_valid_solution_against_the_smallest() {
    // SPEC's first dialect example: `1 0 1 / 0 0 1` is valid, `0 0 1 / 3 0 -1` smaller.
    insta::assert_snapshot!(checked("2\n1 0\n1 0\n0\n1 0\n0\n", "1 0 1\n0 0 1\n"));
}

#[test]
fn checker_counts_moves_that_clear_too_early() {
    insta::assert_snapshot!(checked("2\n0\n1 0\n1 0\n0\n1 0\n", "4 0 -1\n"));
}

/// Two submissions over three cases under the fake runner: one right, one
/// that answers -1 and crashes on the last case.
fn tables() -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    for (i, text) in [SAMPLE, "1\n1 2 0\n2 1 0\n0\n0\n0\n", SAMPLE]
        .into_iter()
        .enumerate()
    {
        let input = dir.path().join(format!("{i}.in"));
        std::fs::write(&input, text).unwrap();
        cases.push(CaseFile {
            suite: "sample".into(),
            name: format!("case-{i}"),
            input,
            answer: None,
            points: 10,
        });
    }
    let runner = FakeRunner::new(|run: &FakeRun| {
        let right = if run.input == SAMPLE {
            "2 1 1\n3 1 1\n3 0 1\n"
        } else {
            "-1\n"
        };
        Ok(match run.spec.argv[0].as_str() {
            "./right" => Scripted::answer(right),
            _ if run.spec.workdir.ends_with("work") && run.input.starts_with("3\n1 0") => {
                Scripted::answer("-1\n")
            }
            _ => Scripted::exit(139, ""),
        })
    });
    let plan = Plan {
        limits: Limits {
            cpu: std::time::Duration::from_secs(1),
            wall: std::time::Duration::from_secs(3),
            memory: 128 << 20,
            output: 16 << 20,
            processes: 64,
        },
        io: IoConfig {
            mode: IoMode::Stdio,
            ..IoConfig::default()
        },
        policy: Policy::default(),
        jobs: 1,
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
    let languages = mayan_judge::config::Languages::default();
    let session = Session {
        base: Path::new("."),
        cases: &cases,
        plan: &plan,
        runner: &runner,
        tools: Toolchain {
            languages: &languages,
            source_limit: 1 << 20,
            limits: mayan_judge::judge::compile::compile_limits(&Default::default()),
            guarded: mayan_judge::inputs::Inputs::none(),
        },
    };
    let report = session
        .judge(&[program("right"), program("wrong")], &mut Quiet)
        .unwrap();
    let mut text: String = report
        .submissions
        .iter()
        .map(|s| submission_table(s) + "\n")
        .collect();
    text.push_str(&ranking(&report.submissions));
    text.push_str(&score_table(&report.submissions, 80));
    text
}

#[test]
fn judge_tables_per_submission_and_scores() {
    insta::assert_snapshot!(tables());
}

fn mayan(args: &[&str]) -> String {
    let out = Command::cargo_bin("mayan")
        .unwrap()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn solve_explain_draws_every_stage_of_the_sample() {
    insta::assert_snapshot!(mayan(&["solve", "--explain", "cases/sample/statement.in"]));
}

#[test]
fn validate_reports_the_official_cases_cosmetic_points() {
    let shared = crate::support::seeds::shared_dir().join("mayan-noip2011");
    let text = mayan(&["validate", &shared.to_string_lossy()]);
    insta::with_settings!({filters => vec![(r"\S*mayan-noip2011/", "[OFFICIAL]/")]}, {
        insta::assert_snapshot!(text);
    });
}
