//! Reports that were edited or are not reports: each refused with the
//! file, the submission and the case named, or counted from its results;
//! none panics, overflows or blocks.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::time::{Duration, Instant};

use super::*;

/// The report `whole()` with `edit` applied to result `c` of `good`,
/// read as `edited.json`.
fn edited(c: usize, edit: impl FnOnce(&mut CaseResult)) -> Shard {
    let mut report = whole();
    edit(&mut report.submissions[0].cases[c]);
    Shard {
        path: PathBuf::from("edited.json"),
        report,
    }
}

fn refused(shard: Shard) -> String {
    let mut shard = shard;
    match check_report(&shard.path, &mut shard.report) {
        Ok(()) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

// A shard whose result said 1000000 points was summed into the ranking.
#[test]
fn a_result_scoring_more_than_its_case_is_worth_is_refused() {
    let e = refused(edited(0, |r| r.score = 1_000_000));
    assert!(
        e.starts_with("edited.json: `good` scores 1000000 points on s/c0, which is worth 10:"),
        "{e}"
    );
    // Raising the points with it does not help: the case says 10.
    let e = refused(edited(0, |r| (r.score, r.points) = (1_000_000, 1_000_000)));
    assert!(
        e.starts_with("edited.json: `good` on s/c0 is worth 1000000 points, but the case 10"),
        "{e}"
    );
    let e = refused(edited(1, |r| r.score = 10));
    assert!(
        e.contains("on s/c1, which is worth 10, and a result WA earns 0"),
        "{e}"
    );
    let e = refused(edited(0, |r| r.score = 3));
    assert!(e.contains("a result AC earns 10"), "{e}");
    // In a merge too, and in a re-judge.
    let mut shards = split(&whole(), 2);
    shards[1].report.submissions[0].cases[0].score = 1_000_000;
    assert!(matches!(merge(shards), Err(MergeError::ResultScore { .. })));
    let mut later = rejudge("amy.json", &["good"], &[1], Verdict::AC);
    later.report.submissions[0].cases[0].verdict = Verdict::WA;
    let e = rejudge_error(vec![full(), later]);
    assert!(
        e.starts_with("amy.json: `good` scores 10 points on s/c1"),
        "{e}"
    );
}

#[test]
fn the_totals_in_a_report_are_never_read_but_counted_again() {
    let mut shards = split(&whole(), 3);
    for s in &mut shards {
        for sub in &mut s.report.submissions {
            (sub.score, sub.max_score) = (1_000_000, 1);
            (sub.accepted, sub.not_judged) = (usize::MAX, usize::MAX);
        }
    }
    assert_eq!(json(&merge(shards).unwrap()), json(&whole()));
    let mut alone = full();
    alone.report.submissions[0].score = 1_000_000;
    alone.report.submissions[1].not_judged = 99;
    let merged = merge(vec![alone]).unwrap();
    assert_eq!(json(&merged), json(&whole()));
}

#[test]
fn a_case_listed_twice_or_points_past_what_a_report_counts_are_refused() {
    let mut twice = full();
    let again = twice.report.cases[2].clone();
    twice.report.cases.push(again);
    let e = refused(twice);
    assert_eq!(
        e,
        "full.json lists case s/c2 twice: results are matched by suite and name"
    );
    let mut huge = full();
    for c in &mut huge.report.cases {
        c.points = u32::MAX;
    }
    for sub in &mut huge.report.submissions {
        for r in &mut sub.cases {
            r.points = u32::MAX;
            r.score = if r.verdict == Verdict::AC {
                u32::MAX
            } else {
                0
            };
        }
    }
    let e = refused(huge);
    assert!(
        e.starts_with("full.json: `good` would total 21474836475 points"),
        "{e}"
    );
}

#[test]
fn a_partition_that_does_not_exist_or_misses_nearly_every_shard_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shard.json");
    let mut shard = split(&whole(), 2).remove(0).report;
    write_json(&path, &shard).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for (good, bad) in [("\"of\": 2", "\"of\": 0"), ("\"shard\": 1", "\"shard\": 3")] {
        assert!(text.contains(good), "{text}");
        std::fs::write(&path, text.replace(good, bad)).unwrap();
        let e = read_report(&path).unwrap_err().to_string();
        assert!(
            e.contains("does not exist: K/N needs 1 <= K <= N"),
            "{bad}: {e}"
        );
    }
    // Shard 1 of 4000000000, alone: refused at once, not listed in full.
    shard.partition = Some(Partition::new(1, 4_000_000_000).unwrap());
    let start = Instant::now();
    let e = merge(vec![Shard {
        path: path.clone(),
        report: shard,
    }])
    .unwrap_err()
    .to_string();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(
        e.starts_with("shard 2/4000000000, 3/4000000000")
            && e.contains(" and 3999999989 more missing"),
        "{e}"
    );
}

// A pipe given as a report hung `report merge`.
#[test]
fn a_pipe_a_device_or_a_folder_given_as_a_report_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("shard.json");
    let name = CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let e = read_report(&fifo).unwrap_err().to_string();
    assert!(e.ends_with("is a named pipe, not a regular file: give the JSON report that `mayan judge --json` wrote"), "{e}");
    for other in [Path::new("/dev/zero"), dir.path()] {
        let e = read_report(other).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
    }
    // A link to a report is the user's to give, and followed.
    let real = dir.path().join("real.json");
    write_json(&real, &whole()).unwrap();
    std::os::unix::fs::symlink(&real, dir.path().join("link.json")).unwrap();
    assert!(read_report(&dir.path().join("link.json")).is_ok());
}
