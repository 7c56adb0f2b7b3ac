//! Merging, on reports made by hand: the merge of a run split in any number
//! of shards is the run; a whole run's report with re-judges folded in has
//! the later results in place of the earlier ones; and every way reports
//! can fail to fit is refused with the file named.

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

fn json(report: &impl serde::Serialize) -> serde_json::Value {
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
    for sub in &mut shards[1].report.submissions {
        let on_c0 = sub.cases.iter_mut().filter(|r| r.name == "c0");
        on_c0.for_each(|r| (r.points, r.score) = (5, r.score.min(5)));
    }
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

/// The whole run's report, as `full.json`.
fn full() -> Shard {
    Shard {
        path: PathBuf::from("full.json"),
        report: whole(),
    }
}

/// A later run of the same judge.toml, written to `path`: the submissions
/// `names` judged again on the cases numbered `cases` (in that order), each
/// result `verdict` with `path` as its message, and nothing else.
fn rejudge(path: &str, names: &[&str], cases: &[usize], verdict: Verdict) -> Shard {
    let mut report = whole();
    report.started = "2026-12-02T09:00:00Z".into();
    let run = report.cases.clone();
    report.cases = cases.iter().map(|&c| run[c].clone()).collect();
    report.submissions = (names.iter())
        .map(|name| {
            let mut sub = SubmissionReport::new(name);
            for &c in cases {
                let mut result = fixture(&format!("c{c}"), verdict);
                result.message = path.into();
                sub.push(result);
            }
            sub
        })
        .collect();
    Shard {
        path: PathBuf::from(path),
        report,
    }
}

/// Where each result of submission `name` came from: its message.
fn sources(report: &RunReport, name: &str) -> Vec<String> {
    let sub = report.submissions.iter().find(|s| s.name == name).unwrap();
    sub.cases.iter().map(|c| c.message.clone()).collect()
}

fn rejudge_error(reports: Vec<Shard>) -> String {
    match merge(reports) {
        Ok(_) => panic!("merged"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_rejudge_replaces_the_results_of_its_submission_and_counts_again() {
    let all = [0, 1, 2, 3, 4];
    let amy = rejudge("amy.json", &["good"], &all, Verdict::AC);
    let merged = merge_noting(vec![full(), amy]).unwrap();
    let notes: Vec<String> = merged.rejudged.iter().map(ToString::to_string).collect();
    assert_eq!(
        notes,
        ["amy.json: replaced 5 results of 1 submission (good), added 0"]
    );
    let report = merged.report;
    assert_eq!(report.rejudged, merged.rejudged);
    assert_eq!(report.rejudged[0].started, "2026-12-02T09:00:00Z");
    assert_eq!(sources(&report, "good"), ["amy.json"; 5]);
    let good = &report.submissions[0];
    assert_eq!((good.score, good.accepted, good.max_score), (50, 5, 50));
    // Everything else is the whole run's, the start included.
    let mut expected = json(&whole());
    expected["submissions"][0] = serde_json::to_value(good).unwrap();
    expected["rejudged"] = serde_json::to_value(&report.rejudged).unwrap();
    assert_eq!(json(&report), expected);
}

#[test]
fn a_rejudge_of_some_cases_replaces_only_those() {
    let amy = rejudge("amy.json", &["good"], &[3, 1], Verdict::AC);
    let merged = merge_noting(vec![full(), amy]).unwrap();
    assert_eq!(
        merged.rejudged[0].to_string(),
        "amy.json: replaced 2 results of 1 submission (good), added 0"
    );
    let report = merged.report;
    assert_eq!(
        sources(&report, "good"),
        ["why", "amy.json", "why", "amy.json", "why"]
    );
    let good = &report.submissions[0];
    assert_eq!((good.score, good.accepted), (50, 5));
    assert_eq!(json(&report.submissions[1]), json(&whole().submissions[1]));
}

#[test]
fn a_new_submission_judged_on_every_case_is_added_in_the_runs_order() {
    let zed = rejudge("zed.json", &["zed"], &[4, 3, 2, 1, 0], Verdict::AC);
    let merged = merge_noting(vec![full(), zed]).unwrap();
    assert_eq!(
        merged.rejudged[0].to_string(),
        "zed.json: replaced 0 results of 0 submissions, added 1 (zed)"
    );
    let report = merged.report;
    let names: Vec<&str> = report.submissions.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["good", "broken", "zed"]);
    let zed = &report.submissions[2];
    let order: Vec<&str> = zed.cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(order, ["c0", "c1", "c2", "c3", "c4"]);
    assert_eq!(zed.score, 50);
    let ranks: Vec<(usize, &str)> = (super::super::ranked(&report.submissions).into_iter())
        .map(|(rank, i)| (rank, report.submissions[i].name.as_str()))
        .collect();
    assert_eq!(ranks, [(1, "zed"), (2, "good"), (3, "broken")]);
}

#[test]
fn later_reports_win_in_the_order_given() {
    let a = || rejudge("a.json", &["good"], &[0, 1, 2, 3, 4], Verdict::WA);
    let b = || rejudge("b.json", &["good"], &[0, 2], Verdict::AC);
    let c = || rejudge("c.json", &["good"], &[2], Verdict::TLE);
    let report = merge(vec![full(), a(), b(), c()]).unwrap();
    assert_eq!(
        sources(&report, "good"),
        ["b.json", "a.json", "c.json", "a.json", "a.json"]
    );
    assert_eq!(report.submissions[0].score, 10);
    let files: Vec<&str> = report.rejudged.iter().map(|r| r.report.as_str()).collect();
    assert_eq!(files, ["a.json", "b.json", "c.json"]);
    let report = merge(vec![full(), b(), a()]).unwrap();
    assert_eq!(sources(&report, "good"), ["a.json"; 5]);
    // A merged report folded into again keeps the notes before.
    let written = Shard {
        path: PathBuf::from("merged.json"),
        report,
    };
    let again = merge(vec![written, c()]).unwrap();
    let files: Vec<&str> = again.rejudged.iter().map(|r| r.report.as_str()).collect();
    assert_eq!(files, ["b.json", "a.json", "c.json"]);
}

#[test]
fn a_rejudge_that_builds_a_submission_differently_replaces_all_its_cases_or_none() {
    // `broken` now compiles: judged again on every case, it is all the
    // later report's, its compile error gone.
    let fixed = rejudge("fixed.json", &["broken"], &[0, 1, 2, 3, 4], Verdict::AC);
    let report = merge(vec![full(), fixed]).unwrap();
    let broken = &report.submissions[1];
    assert_eq!(broken.compile_error, None);
    assert!(broken.all_accepted());
    // On two cases only, its other three would keep the compile error.
    let fixed = rejudge("fixed.json", &["broken"], &[1, 2], Verdict::AC);
    assert_eq!(
        rejudge_error(vec![full(), fixed]),
        "fixed.json re-judged `broken` on 2 of the run's 5 cases with another build (a ready \
         command; a compile error in full.json): its results would mix two builds; judge it \
         again on every case (--submission broken, without --case)"
    );
    // The same compile error again is no contradiction.
    let mut again = rejudge("again.json", &["broken"], &[1], Verdict::CE);
    again.report.submissions[0].compile_error = Some("error: expected `}`".into());
    let report = merge(vec![full(), again]).unwrap();
    assert_eq!(
        report.submissions[1].compile_error.as_deref(),
        Some("error: expected `}`")
    );
}

#[test]
fn a_rejudge_under_other_conditions_or_cases_is_refused() {
    let mut slower = rejudge("amy.json", &["good"], &[0], Verdict::AC);
    slower.report.conditions.cpu_ms = 5000;
    assert_eq!(
        rejudge_error(vec![full(), slower]),
        "amy.json: judged under other conditions than full.json (cpu_ms 5000 here, 3000 \
         there): judge it again under the run's, with the judge.toml it was judged with, or \
         with --time-limit 3000ms --wall-limit 9000ms --memory-limit 131072KiB --output-limit \
         16384KiB --io file --null-swaps include --steps exact --accept lexmin (and [limits] \
         processes = 64)"
    );
    let mut other = rejudge("amy.json", &["good"], &[0], Verdict::AC);
    other.report.cases[0].name = "c9".into();
    assert_eq!(
        rejudge_error(vec![full(), other]),
        "amy.json: case s/c9 is not a case of the run of full.json: judge it again with the \
         run's judge.toml and cases"
    );
    let mut dearer = rejudge("amy.json", &["good"], &[0], Verdict::AC);
    dearer.report.cases[0].points = 20;
    let result = &mut dearer.report.submissions[0].cases[0];
    (result.points, result.score) = (20, 20);
    assert_eq!(
        rejudge_error(vec![full(), dearer]),
        "amy.json: case s/c0 is worth 20 points, but 10 in full.json: judge it again with the \
         run's judge.toml"
    );
}

#[test]
fn an_interrupted_or_incomplete_report_is_refused() {
    let mut stopped = rejudge("amy.json", &["good"], &[0, 1], Verdict::AC);
    stopped.report.interrupted = true;
    assert_eq!(
        rejudge_error(vec![full(), stopped]),
        "amy.json: its run was interrupted before every case was judged: judge it again"
    );
    let mut short = rejudge("amy.json", &["good"], &[0, 1], Verdict::AC);
    short.report.submissions[0].cases.pop();
    assert_eq!(
        rejudge_error(vec![full(), short]),
        "amy.json has no result for `good` on s/c1: was its run interrupted? Judge it again"
    );
    // The first report is the whole run: not a re-judge of some cases.
    let part = rejudge("part.json", &["good"], &[0, 1], Verdict::AC);
    let mut first = full();
    first.report.cases = part.report.cases.clone();
    first.report.cases.push(whole().cases[2].clone());
    first.report.submissions = part.report.submissions.clone();
    assert_eq!(
        rejudge_error(vec![first, part]),
        "full.json has no result for `good` on s/c2: the first report must be a whole run's, \
         every case judged (was it interrupted, judged with --case, or is it a re-judge?)"
    );
    let mut twice = full();
    twice.report.submissions[1].name = "good".into();
    assert_eq!(
        rejudge_error(vec![twice]),
        "full.json lists `good` twice: results are matched by name"
    );
}

#[test]
fn a_new_submission_judged_on_some_cases_is_refused() {
    let zed = rejudge("zed.json", &["good", "zed"], &[0, 1, 2], Verdict::AC);
    assert_eq!(
        rejudge_error(vec![full(), zed]),
        "zed.json: `zed` is not in full.json and was judged on 3 of the run's 5 cases: judge \
         it on every case to add it"
    );
}

#[test]
fn shards_and_whole_reports_are_not_mixed_but_merged_in_two_steps() {
    let mut reports = split(&whole(), 2);
    reports.push(rejudge("amy.json", &["good"], &[0], Verdict::WA));
    assert_eq!(
        rejudge_error(reports),
        "shard-1.json is shard 1/2 of a run, amy.json a whole run's report: merge every shard \
         first (`mayan report merge SHARD... --json FILE`), then fold the re-judged report \
         into the whole one (`mayan report merge WHOLE.json REJUDGED.json`)"
    );
    let merged = Shard {
        path: PathBuf::from("full.json"),
        report: merge(split(&whole(), 2)).unwrap(),
    };
    let amy = rejudge("amy.json", &["good"], &[0], Verdict::WA);
    let report = merge(vec![merged, amy]).unwrap();
    assert_eq!(
        sources(&report, "good"),
        ["amy.json", "why", "why", "why", "why"]
    );
    assert_eq!(report.submissions[0].score, 20);
}

#[test]
fn a_rejudge_measured_or_confined_otherwise_leaves_the_weakest() {
    let mut amy = rejudge("amy.json", &["good"], &[0], Verdict::AC);
    amy.report.measured_by = "rusage".into();
    amy.report.sandbox[0].active = false;
    amy.report.sandbox[0].how = "no Landlock".into();
    let report = merge(vec![full(), amy]).unwrap();
    assert_eq!(report.measured_by, "cgroup v2; rusage");
    assert!(!report.sandbox[0].active);
    assert_eq!(report.sandbox[0].how, "no Landlock");
    assert_eq!(report.started, "2026-12-01T10:00:00Z");
}

#[test]
fn a_case_whose_files_changed_must_be_judged_again_for_everyone() {
    let hashed = |mut shard: Shard, hash: &str| {
        shard
            .report
            .cases
            .iter_mut()
            .for_each(|c| c.hash = Some(hash.into()));
        shard
    };
    let base = hashed(full(), "sha256:old");
    let one = hashed(
        rejudge("good.json", &["good"], &[1], Verdict::AC),
        "sha256:new",
    );
    let e = rejudge_error(vec![base, one]);
    assert!(
        e.contains("the files of case s/c1 changed") && e.contains("broken was not judged again"),
        "{e}"
    );
    // Judged again for every submission of the run (good alone here).
    let mut base = hashed(full(), "sha256:old");
    base.report.submissions.retain(|s| s.name == "good");
    let all = hashed(
        rejudge("all.json", &["good"], &[1], Verdict::AC),
        "sha256:new",
    );
    let merged = merge(vec![base, all]).unwrap();
    let hashes: Vec<&str> = merged
        .cases
        .iter()
        .map(|c| c.hash.as_deref().unwrap())
        .collect();
    assert_eq!(
        hashes,
        [
            "sha256:old",
            "sha256:new",
            "sha256:old",
            "sha256:old",
            "sha256:old"
        ]
    );
}

mod trust;
