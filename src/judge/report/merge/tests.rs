//! Merging shards, on reports made by hand: the merge of a run split in any
//! number of shards is the run, and every way shards can fail to fit is
//! refused with the file named.

use super::*;
use crate::judge::report::json::write_json;
use crate::judge::result::fixture;
use crate::judge::verdict::Verdict;

fn protection(name: &'static str, active: bool) -> Protection {
    Protection {
        name,
        active,
        how: format!("{name} how"),
    }
}

/// Two submissions over five cases, the second one a compile error.
fn whole() -> RunReport {
    let verdicts = [
        Verdict::AC,
        Verdict::WA,
        Verdict::AC,
        Verdict::TLE,
        Verdict::AC,
    ];
    let cases: Vec<CaseResult> = (verdicts.iter().enumerate())
        .map(|(i, &v)| fixture(&format!("c{i}"), v))
        .collect();
    let mut good = SubmissionReport::new("good");
    cases.iter().cloned().for_each(|c| good.push(c));
    let mut broken = SubmissionReport::new("broken");
    broken.compile_error = Some("error: expected `;`".into());
    for c in &cases {
        let mut c = c.clone();
        (c.verdict, c.score) = (Verdict::CE, 0);
        broken.push(c);
    }
    let plan = crate::judge::plan::Plan::of(&crate::config::Config::builtin(), 1);
    let sandbox = vec![protection("files", true), protection("user", false)];
    let mut report = RunReport::new(&plan, "cgroup v2".into(), sandbox);
    report.started = "2026-12-01T10:00:00Z".into();
    report.cases = (cases.iter())
        .map(|c| CaseId {
            suite: c.suite.clone(),
            name: c.name.clone(),
            points: c.points,
            hash: None,
        })
        .collect();
    report.submissions = vec![good, broken];
    report
}

/// The whole run cut into the shards `mayan judge --partition K/N` gives.
fn split(whole: &RunReport, of: u32) -> Vec<Shard> {
    (1..=of)
        .map(|k| {
            let p = Partition::new(k, of).unwrap();
            let mut report = whole.clone();
            report.partition = Some(p);
            for (e, sub) in report.submissions.iter_mut().enumerate() {
                let n = sub.cases.len();
                let mut share = SubmissionReport::new(&sub.name);
                (sub.cases.iter().enumerate())
                    .filter(|&(c, _)| p.holds(e, c, n))
                    .for_each(|(_, c)| share.push(c.clone()));
                share.compile_error = sub
                    .compile_error
                    .clone()
                    .filter(|_| !share.cases.is_empty());
                *sub = share;
            }
            Shard {
                path: PathBuf::from(format!("shard-{k}.json")),
                report,
            }
        })
        .collect()
}

fn json(report: &RunReport) -> serde_json::Value {
    serde_json::to_value(report).unwrap()
}

#[test]
fn the_merge_of_the_shards_is_the_whole_run_in_any_order() {
    let whole = whole();
    for of in 1..=12 {
        let mut shards = split(&whole, of);
        shards.reverse();
        assert_eq!(json(&merge(shards).unwrap()), json(&whole), "{of} shards");
    }
}

#[test]
fn a_report_read_back_is_the_report_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shard.json");
    let shard = split(&whole(), 3).remove(1).report;
    write_json(&path, &shard).unwrap();
    let read = read_report(&path).unwrap();
    assert_eq!(json(&read), json(&shard));
    assert_eq!(read.partition, Partition::new(2, 3).ok());
    assert_eq!(read.sandbox, shard.sandbox);
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"measured_by\": 3}").unwrap();
    let e = read_report(&bad).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("{}: not a report", bad.display())),
        "{e}"
    );
}

#[test]
fn a_missing_or_repeated_shard_is_named() {
    let mut shards = split(&whole(), 3);
    shards.remove(1);
    let e = merge(shards).unwrap_err().to_string();
    assert_eq!(e, "shard 2/3 missing: merge the JSON report of every shard");
    let mut shards = split(&whole(), 3);
    let again = split(&whole(), 3).remove(0);
    shards.push(again);
    let e = merge(shards).unwrap_err().to_string();
    assert_eq!(e, "shard-1.json and shard-1.json are both shard 1/3");
    let mut shards = split(&whole(), 2);
    shards.extend(split(&whole(), 3).into_iter().take(1));
    assert!(matches!(
        merge(shards),
        Err(MergeError::OtherPartition { .. })
    ));
    assert!(matches!(merge(Vec::new()), Err(MergeError::NoReports)));
}

#[test]
fn a_report_without_the_case_list_is_refused() {
    let mut shards = split(&whole(), 2);
    for s in &mut shards {
        s.report.cases.clear();
    }
    let e = merge(shards).unwrap_err().to_string();
    assert_eq!(
        e,
        "shard-1.json: lists no cases of the run (written by an older mayan?): judge that shard again"
    );
}

#[test]
fn an_interrupted_shard_is_refused_with_the_missing_case() {
    let mut shards = split(&whole(), 2);
    shards[1].report.submissions[0].cases.pop();
    let e = merge(shards).unwrap_err().to_string();
    assert_eq!(
        e,
        "shard-2.json (shard 2/2) has no result for `good` on s/c3: was its run interrupted? \
         Judge that shard again"
    );
    let mut shards = split(&whole(), 2);
    let extra = shards[0].report.submissions[0].cases[0].clone();
    shards[0].report.submissions[0].cases.push(extra);
    assert!(matches!(merge(shards), Err(MergeError::ResultStray { .. })));
}

#[test]
fn shards_of_different_runs_are_refused() {
    let mut shards = split(&whole(), 2);
    shards[1].report.cases[0].points = 5;
    let e = merge(shards).unwrap_err().to_string();
    assert!(
        e.starts_with("shard-2.json: its cases differ from those of shard-1.json"),
        "{e}"
    );
    let mut shards = split(&whole(), 2);
    shards[0].report.submissions[1].name = "other".into();
    assert!(matches!(
        merge(shards),
        Err(MergeError::OtherRun {
            what: "submissions",
            ..
        })
    ));
}

#[test]
fn the_merged_sandbox_is_the_weakest_of_the_shards() {
    let mut shards = split(&whole(), 2);
    shards[1].report.measured_by = "rusage".into();
    shards[1].report.sandbox[0].active = false;
    shards[1].report.sandbox[0].how = "no Landlock".into();
    shards[1].report.sandbox.push(protection("disk", true));
    let merged = merge(shards).unwrap();
    assert_eq!(merged.measured_by, "cgroup v2; rusage");
    let seen: Vec<(&str, bool, &str)> = (merged.sandbox.iter())
        .map(|p| (p.name, p.active, p.how.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            ("files", false, "no Landlock"),
            ("user", false, "user how"),
            ("disk", false, "not reported by shard-1.json"),
        ]
    );
}
