use super::*;
use crate::judge::result::fixture as case;
use crate::judge::verdict::Verdict;

fn header() -> RunReport {
    let plan = crate::judge::plan::Plan::of(&crate::config::Config::builtin(), 1);
    RunReport::new(&plan, "test".into(), Vec::new())
}

fn carried() -> SubmissionReport {
    let mut old = SubmissionReport::new("old");
    old.fingerprint = Some("sha256:00".into());
    old.push(case("a", Verdict::AC));
    old
}

/// A journal of one carried submission and one entry with two cases, one
/// judged and one given at its end.
fn written(path: &Path) {
    let mut journal = Journal::create(path, &header(), &[carried()]).unwrap();
    let mut amy = SubmissionReport::new("amy");
    amy.fingerprint = Some("sha256:11".into());
    journal.begin(0, &amy).unwrap();
    let judged = case("a", Verdict::WA);
    journal.case(0, &judged).unwrap();
    amy.push(judged);
    amy.push(case("b", Verdict::AC));
    journal.end(0, &amy).unwrap();
}

#[test]
fn a_journal_reads_back_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.json.journal");
    written(&path);
    let read = read(&path).unwrap();
    assert_eq!(read.header.conditions, header().conditions);
    assert_eq!(read.carried.len(), 1);
    assert_eq!(read.carried[0].cases, carried().cases);
    let amy = read.entries[0].as_ref().unwrap();
    assert_eq!(amy.name, "amy");
    assert_eq!(amy.fingerprint.as_deref(), Some("sha256:11"));
    let verdicts: Vec<Verdict> = amy.cases.iter().map(|c| c.verdict).collect();
    assert_eq!(verdicts, [Verdict::WA, Verdict::AC], "each result once");
    assert_eq!((amy.score, amy.max_score, amy.accepted), (10, 20, 1));
    let lines = std::fs::read_to_string(&path).unwrap().lines().count();
    assert_eq!(
        lines,
        1 + 1 + 1 + 2 + 1,
        "run, carried, begin, two cases, end"
    );
}

#[test]
fn a_last_line_cut_short_is_ignored_and_another_bad_line_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j");
    written(&path);
    let whole = std::fs::read(&path).unwrap();
    // Cut inside the second case's line: the end line after it is gone.
    let last = whole[..whole.len() - 1].iter().rposition(|&b| b == b'\n');
    std::fs::write(&path, &whole[..last.unwrap() - 10]).unwrap();
    let read = read(&path).unwrap();
    let amy = read.entries[0].as_ref().unwrap();
    assert_eq!(amy.cases.len(), 1, "the cut line held the second case");
    let mut text = String::from_utf8(whole).unwrap();
    text.insert_str(text.find('\n').unwrap() + 1, "{\"case\": 7}\n");
    std::fs::write(&path, text).unwrap();
    let e = super::read(&path).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}:2: ", path.display())), "{e}");
}

#[test]
fn a_result_of_an_entry_never_begun_or_far_out_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j");
    let first = serde_json::to_string(&Line::Run(Box::new(header()))).unwrap();
    let result = serde_json::to_string(&case("a", Verdict::AC)).unwrap();
    for (line, why) in [
        (
            format!("{{\"case\":{{\"entry\":3,\"case\":{result}}}}}"),
            "has not begun",
        ),
        (
            "{\"begin\":{\"entry\":99999999999,\"meta\":{\"name\":\"x\"}}}".to_string(),
            "out of range",
        ),
    ] {
        std::fs::write(&path, format!("{first}\n{line}\n")).unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains(":2: ") && e.contains(why), "{e}");
    }
    std::fs::write(&path, "").unwrap();
    assert!(read(&path).unwrap_err().to_string().contains("empty"));
}

#[test]
fn a_link_where_the_journal_goes_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("precious");
    std::fs::write(&target, "keep me").unwrap();
    let path = dir.path().join("j");
    std::os::unix::fs::symlink(&target, &path).unwrap();
    assert!(
        read(&path)
            .unwrap_err()
            .to_string()
            .contains("symbolic link")
    );
    // Created anew: the link is replaced by the journal, never followed.
    Journal::create(&path, &header(), &[]).unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    assert!(std::fs::symlink_metadata(&path).unwrap().is_file());
    // A second name of a file is never written into either.
    std::fs::remove_file(&path).unwrap();
    std::fs::hard_link(&target, &path).unwrap();
    Journal::create(&path, &header(), &[]).unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
}
