//! A JSON report read back, and held to what `mayan judge` writes before
//! anything is made of it: a report is a file a user names, but it may
//! have been edited (a score of 1000000 points), cut, or be something else
//! (a pipe, a device). The file is opened through its links, as the
//! user's own, but only when regular (`untrusted::open_named`: a pipe is
//! refused, not waited on) and read to [`MAX_BYTES`]; a partition that
//! does not exist is refused as it is read (`Partition`'s own check); then
//! [`check_report`] holds every result to its case and counts the totals
//! again. Not here: whether reports fit together (`merge`, `rejudge`).

use std::path::Path;

use super::MergeError;
use crate::judge::report::{CaseId, RunReport, SubmissionReport};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;

/// The largest report read: a contest of 1000 contestants over 100 cases
/// with long messages stays well below it.
pub const MAX_BYTES: u64 = 256 << 20;

/// Reads a JSON report written by `mayan judge --json`, held to what it
/// writes ([`check_report`]).
pub fn read_report(path: &Path) -> Result<RunReport, MergeError> {
    let opened = crate::untrusted::open_named(path).map_err(|refusal| MergeError::Refused {
        path: path.to_path_buf(),
        refusal,
    })?;
    let bytes = crate::untrusted::read_bounded(opened.file, MAX_BYTES)
        .map_err(|source| MergeError::Io {
            path: path.to_path_buf(),
            source,
        })?
        .ok_or_else(|| MergeError::TooLarge {
            path: path.to_path_buf(),
        })?;
    let mut report = serde_json::from_slice(&bytes).map_err(|source| MergeError::Json {
        path: path.to_path_buf(),
        source,
    })?;
    check_report(path, &mut report)?;
    Ok(report)
}

/// Holds the report read from `path` to what `mayan judge` writes, naming
/// the file, the submission and the case: no case listed twice; every
/// result of a listed case worth that case's points, and scoring what its
/// verdict earns (all the points for AC, none otherwise); no submission
/// totalling more than a report counts. Then counts every submission's
/// totals (score, maximum, accepted, not judged) again from its results:
/// those in the file are never used.
pub fn check_report(path: &Path, report: &mut RunReport) -> Result<(), MergeError> {
    let cases = &report.cases;
    if let Some((_, twice)) =
        (cases.iter().enumerate()).find(|&(i, a)| cases[..i].iter().any(|b| same_case(a, b)))
    {
        return Err(MergeError::CaseTwice {
            path: path.to_path_buf(),
            case: format!("{}/{}", twice.suite, twice.name),
        });
    }
    for sub in &report.submissions {
        check_results(path, sub, cases)?;
    }
    for sub in &mut report.submissions {
        *sub = std::mem::replace(sub, SubmissionReport::new("")).recounted();
    }
    Ok(())
}

fn same_case(a: &CaseId, b: &CaseId) -> bool {
    a.suite == b.suite && a.name == b.name
}

/// Holds each result of `sub` to its case in `cases` (when listed: a
/// result of no listed case is the merge's to refuse) and its verdict, and
/// the sum of its points to what a report counts.
fn check_results(path: &Path, sub: &SubmissionReport, cases: &[CaseId]) -> Result<(), MergeError> {
    let mut total: u64 = 0;
    for result in &sub.cases {
        let case = || format!("{}/{}", result.suite, result.name);
        let listed = (cases.iter()).find(|c| c.suite == result.suite && c.name == result.name);
        if let Some(id) = listed.filter(|id| id.points != result.points) {
            return Err(MergeError::ResultPoints {
                path: path.to_path_buf(),
                entry: sub.name.clone(),
                case: case(),
                points: result.points,
                case_points: id.points,
            });
        }
        if result.score != earned(result) {
            return Err(MergeError::ResultScore {
                path: path.to_path_buf(),
                entry: sub.name.clone(),
                case: case(),
                score: result.score,
                points: result.points,
                verdict: (result.score <= result.points).then_some(result.verdict),
            });
        }
        total = total.saturating_add(u64::from(result.points));
    }
    if total > u64::from(u32::MAX) {
        return Err(MergeError::TotalTooLarge {
            path: path.to_path_buf(),
            entry: sub.name.clone(),
            total,
        });
    }
    Ok(())
}

/// What a result scores as `mayan judge` grades it: its points when AC,
/// else none.
fn earned(result: &CaseResult) -> u32 {
    match result.verdict {
        Verdict::AC => result.points,
        _ => 0,
    }
}
