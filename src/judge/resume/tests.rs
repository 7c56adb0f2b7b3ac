use super::*;
use crate::judge::report::RunReport;
use crate::judge::report::journal::Journal;
use crate::judge::result::fixture as case;

fn ids() -> Vec<CaseId> {
    ["a", "b"]
        .iter()
        .map(|n| CaseId {
            suite: "s".into(),
            name: n.to_string(),
            points: 10,
            hash: Some(format!("sha256:{n}")),
        })
        .collect()
}

fn report(verdict: Verdict) -> RunReport {
    let plan = crate::judge::plan::Plan::of(&crate::config::Config::builtin(), 1);
    let mut report = RunReport::new(&plan, "test".into(), Vec::new());
    report.cases = ids();
    let mut amy = SubmissionReport::new("amy");
    amy.fingerprint = Some("sha256:amy".into());
    amy.push(case("a", verdict));
    amy.push(case("b", verdict));
    report.submissions.push(amy);
    report
}

#[test]
fn the_journal_of_a_run_that_did_not_finish_wins_over_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let old = report(Verdict::WA);
    crate::judge::report::json::write_json(&json, &old).unwrap();
    // The next run judged amy on `a` again (AC), then was killed.
    let mut journal = Journal::create(&journal_path(&json), &old, &[]).unwrap();
    let head = SubmissionReport {
        cases: Vec::new(),
        ..old.submissions[0].clone()
    };
    journal.begin(0, &head).unwrap();
    journal.case(0, &case("a", Verdict::AC)).unwrap();
    drop(journal);
    let earlier = Earlier::read(&json, &old.conditions, &ids()).unwrap();
    assert_eq!(
        earlier.from,
        format!("{} and {}", json.display(), journal_path(&json).display())
    );
    let amy = earlier.of("amy", "sha256:amy").unwrap();
    let verdicts: Vec<(&str, Verdict)> = amy
        .cases
        .iter()
        .map(|c| (c.name.as_str(), c.verdict))
        .collect();
    assert_eq!(verdicts.len(), 2);
    assert!(verdicts.contains(&("a", Verdict::AC)));
    assert!(verdicts.contains(&("b", Verdict::WA)));
    assert!(earlier.of("amy", "sha256:other").is_none());
    assert_eq!(earlier.carried().len(), 1);
}

#[test]
fn a_changed_case_an_unknown_hash_or_nothing_at_all_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let old = report(Verdict::AC);
    let earlier = Earlier::read(&json, &old.conditions, &ids()).unwrap();
    assert_eq!((earlier.results(), earlier.from.as_str()), (0, ""));
    std::fs::write(&json, "").unwrap();
    assert_eq!(
        Earlier::read(&json, &old.conditions, &ids())
            .unwrap()
            .results(),
        0
    );
    crate::judge::report::json::write_json(&json, &old).unwrap();
    let mut now = ids();
    now[0].hash = Some("sha256:changed".into());
    now[1].hash = None;
    let earlier = Earlier::read(&json, &old.conditions, &now).unwrap();
    assert_eq!(earlier.results(), 0);
    now[1].hash = ids()[1].hash.clone();
    now[1].points = 20;
    assert_eq!(
        Earlier::read(&json, &old.conditions, &now)
            .unwrap()
            .results(),
        0
    );
    std::fs::write(&json, "{").unwrap();
    let e = Earlier::read(&json, &old.conditions, &ids()).unwrap_err();
    assert!(e.to_string().starts_with("cannot resume: "), "{e}");
}

#[test]
fn a_journal_is_held_to_what_the_judge_writes() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let mut tampered = report(Verdict::WA);
    let mut journal = Journal::create(&journal_path(&json), &tampered, &[]).unwrap();
    let head = SubmissionReport {
        cases: Vec::new(),
        ..tampered.submissions[0].clone()
    };
    journal.begin(0, &head).unwrap();
    let mut rich = case("a", Verdict::WA);
    rich.score = 1_000_000;
    journal.case(0, &rich).unwrap();
    drop(journal);
    tampered.submissions.clear();
    let e = Earlier::read(&json, &tampered.conditions, &ids()).unwrap_err();
    let e = e.to_string();
    assert!(e.contains("r.json.journal") && e.contains("amy"), "{e}");
}
