//! A whole run's report and later reports of the same run (re-judges: a
//! late appeal, a fixed source, a case judged again) folded into one.
//!
//! The first report must hold a result for every case it lists, for every
//! submission. Each later one must have been judged under the same
//! conditions, on cases of that run worth the same points, and not
//! interrupted. In the order given, each of its results replaces the one of
//! the same submission (by name) and case (suite/name) before it; a
//! submission the run did not have is added, but only when judged on every
//! case of the run. A submission keeps the compile error, missing source
//! and build of the latest report that judged it; a later report that
//! judges only some of its cases must show it built the same way
//! (compiled by the same command and compiler, or the same compile error
//! or missing source): a fixed source is judged again on every case.
//!
//! Checking and replacing only: reading the files and the shards' merge
//! are `merge`'s.

use std::path::Path;

use super::{MergeError, Merged, Shard, measured_by, weakest_protections};
use crate::judge::report::{CaseId, Rejudged, RunReport, SubmissionReport};

/// What to say of a first report that lacks a result.
const NOT_WHOLE: &str = "the first report must be a whole run's, every case judged \
                         (was it interrupted, judged with --case, or is it a re-judge?)";

/// What to say of a later report that lacks a result of a case it lists.
const INTERRUPTED: &str = "was its run interrupted? Judge it again";

/// A submission as merged so far, and the report its compile error,
/// missing source and build come from.
struct Folded<'a> {
    report: SubmissionReport,
    from: &'a Path,
}

/// Folds `later` reports, in order, into the whole run's report `first`.
pub(super) fn fold(reports: &[Shard]) -> Result<Merged, MergeError> {
    let (first, later) = reports.split_first().ok_or(MergeError::NoReports)?;
    check_run(first)?;
    for sub in &first.report.submissions {
        check_results(first, sub, NOT_WHOLE)?;
    }
    let mut folded: Vec<Folded> = (first.report.submissions.iter())
        .map(|sub| Folded {
            report: sub.clone(),
            from: &first.path,
        })
        .collect();
    let mut notes = Vec::new();
    let mut cases = first.report.cases.clone();
    for report in later {
        check_run(report)?;
        check_conditions(first, report)?;
        let at = positions(first, report)?;
        changed_cases(&mut cases, (first, report), &at, &folded)?;
        notes.push(fold_one(&mut folded, report, &at, first)?);
    }
    let mut rejudged = first.report.rejudged.clone();
    rejudged.extend(notes.iter().cloned());
    let report = RunReport {
        version: first.report.version.clone(),
        started: (reports.iter().map(|s| s.report.started.clone()))
            .min()
            .unwrap_or_default(),
        conditions: first.report.conditions.clone(),
        measured_by: measured_by(reports),
        sandbox: weakest_protections(reports),
        interrupted: false,
        stopped_by: None,
        partition: None,
        cases,
        resumed: None,
        submissions: folded.into_iter().map(|f| f.report.recounted()).collect(),
        rejudged,
    };
    Ok(Merged {
        report,
        rejudged: notes,
    })
}

/// Refuses a report whose run was interrupted, one that lists no case, and
/// one that names a submission twice.
fn check_run(s: &Shard) -> Result<(), MergeError> {
    if s.report.interrupted {
        return Err(MergeError::RunInterrupted {
            path: s.path.clone(),
        });
    }
    if s.report.cases.is_empty() && !s.report.submissions.is_empty() {
        return Err(MergeError::NoCaseList {
            path: s.path.clone(),
            again: "it",
        });
    }
    let subs = &s.report.submissions;
    match (subs.iter().enumerate()).find(|&(i, a)| subs[..i].iter().any(|b| b.name == a.name)) {
        Some((_, twice)) => Err(MergeError::NameTwice {
            path: s.path.clone(),
            entry: twice.name.clone(),
        }),
        None => Ok(()),
    }
}

/// Holds `sub` to a result for every case its report lists, in order, and
/// nothing more.
fn check_results(s: &Shard, sub: &SubmissionReport, hint: &'static str) -> Result<(), MergeError> {
    let cases = &s.report.cases;
    for (c, id) in cases.iter().enumerate() {
        match sub.cases.get(c) {
            Some(r) if r.suite == id.suite && r.name == id.name => {}
            _ => {
                return Err(MergeError::NoResult {
                    path: s.path.clone(),
                    entry: sub.name.clone(),
                    case: case_name(id),
                    hint,
                });
            }
        }
    }
    if sub.cases.len() > cases.len() {
        return Err(MergeError::StrayResult {
            path: s.path.clone(),
            entry: sub.name.clone(),
        });
    }
    Ok(())
}

fn case_name(id: &CaseId) -> String {
    format!("{}/{}", id.suite, id.name)
}

/// Holds `later` to the limits, rules and policy of `first`, naming what
/// differs.
fn check_conditions(first: &Shard, later: &Shard) -> Result<(), MergeError> {
    let (run, here) = (&first.report.conditions, &later.report.conditions);
    if run == here {
        return Ok(());
    }
    let value = |c| serde_json::to_value(c).unwrap_or_default();
    let (run, here) = (value(run), value(here));
    let differ: Vec<String> = (here.as_object().into_iter().flatten())
        .filter(|&(key, v)| run.get(key) != Some(v))
        .map(|(key, v)| format!("{key} {v} here, {} there", run[key]))
        .collect();
    Err(MergeError::OtherConditions {
        path: later.path.clone(),
        first: first.path.clone(),
        run: first.report.conditions.as_flags(),
        differences: match differ.is_empty() {
            true => String::new(),
            false => format!(" ({})", differ.join(", ")),
        },
    })
}

/// Where each case `later` lists is in the run of `first`: a case of that
/// run, worth the same points.
fn positions(first: &Shard, later: &Shard) -> Result<Vec<usize>, MergeError> {
    let run = &first.report.cases;
    let at = |id: &CaseId| {
        let c = (run.iter())
            .position(|c| c.suite == id.suite && c.name == id.name)
            .ok_or_else(|| MergeError::CaseUnknown {
                path: later.path.clone(),
                first: first.path.clone(),
                case: case_name(id),
            })?;
        match run[c].points == id.points {
            true => Ok(c),
            false => Err(MergeError::CasePoints {
                path: later.path.clone(),
                first: first.path.clone(),
                case: case_name(id),
                points: id.points,
                run_points: run[c].points,
            }),
        }
    };
    later.report.cases.iter().map(at).collect()
}

/// A case whose files hash otherwise in `later` than in the run so far
/// (its answer fixed, say) takes the new hash, when `later` judged every
/// submission of the run on it: else the run would mix results on two
/// versions of one case.
fn changed_cases(
    cases: &mut [CaseId],
    (first, later): (&Shard, &Shard),
    at: &[usize],
    folded: &[Folded],
) -> Result<(), MergeError> {
    for (id, &c) in later.report.cases.iter().zip(at) {
        if id.hash.is_none() || cases[c].hash.is_none() || id.hash == cases[c].hash {
            continue;
        }
        let judged = |name: &str| later.report.submissions.iter().any(|s| s.name == name);
        if let Some(missing) = folded.iter().find(|f| !judged(&f.report.name)) {
            return Err(MergeError::CaseChanged {
                path: later.path.clone(),
                first: first.path.clone(),
                case: case_name(id),
                entry: missing.report.name.clone(),
            });
        }
        cases[c].hash = id.hash.clone();
    }
    Ok(())
}

/// Puts the results of `later` in place of those before them: `at` says
/// where each case it lists is in the run.
fn fold_one<'a>(
    folded: &mut Vec<Folded<'a>>,
    later: &'a Shard,
    at: &[usize],
    first: &Shard,
) -> Result<Rejudged, MergeError> {
    let run = first.report.cases.len();
    let mut covered = vec![false; run];
    at.iter().for_each(|&c| covered[c] = true);
    let whole = covered.iter().all(|&c| c);
    let mut note = Rejudged {
        report: later.path.display().to_string(),
        started: later.report.started.clone(),
        results: 0,
        replaced: Vec::new(),
        added: Vec::new(),
    };
    for sub in &later.report.submissions {
        check_results(later, sub, INTERRUPTED)?;
        match folded.iter_mut().find(|f| f.report.name == sub.name) {
            Some(f) => {
                if !whole && built(&f.report) != built(sub) {
                    let (now, was) = (built(sub), built(&f.report));
                    return Err(MergeError::BuildChanged {
                        path: later.path.clone(),
                        entry: sub.name.clone(),
                        judged: covered.iter().filter(|&&c| c).count(),
                        run,
                        builds: format!("{now}; {was} in {}", f.from.display()),
                    });
                }
                replace(&mut f.report, sub, at);
                f.from = &later.path;
                note.results += sub.cases.len();
                note.replaced.push(sub.name.clone());
            }
            None => {
                folded.push(added(later, sub, at, first)?);
                note.added.push(sub.name.clone());
            }
        }
    }
    Ok(note)
}

/// How a submission was built, as far as its results depend on it.
#[derive(PartialEq, Eq)]
enum Built<'a> {
    NoSource,
    CompileError,
    Program(Option<&'a crate::judge::compile::Build>),
}

fn built(sub: &SubmissionReport) -> Built<'_> {
    match (sub.no_source, &sub.compile_error) {
        (true, _) => Built::NoSource,
        (false, Some(_)) => Built::CompileError,
        (false, None) => Built::Program(sub.build.as_ref()),
    }
}

impl std::fmt::Display for Built<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Built::NoSource => write!(f, "no source"),
            Built::CompileError => write!(f, "a compile error"),
            Built::Program(None) => write!(f, "a ready command"),
            Built::Program(Some(b)) => match &b.version {
                Some(version) => write!(f, "`{}` ({version})", b.command),
                None => write!(f, "`{}`", b.command),
            },
        }
    }
}

/// `sub`'s results in place of those of `merged` on the same cases, and
/// its compile error, missing source and build.
fn replace(merged: &mut SubmissionReport, sub: &SubmissionReport, at: &[usize]) {
    for (result, &c) in sub.cases.iter().zip(at) {
        merged.cases[c] = result.clone();
    }
    merged.compile_error = sub.compile_error.clone();
    merged.no_source = sub.no_source;
    merged.build = sub.build.clone();
}

/// A submission the run did not have, its results in the run's order: it
/// must have been judged on every case.
fn added<'a>(
    later: &'a Shard,
    sub: &SubmissionReport,
    at: &[usize],
    first: &Shard,
) -> Result<Folded<'a>, MergeError> {
    let run = first.report.cases.len();
    let mut slots = vec![None; run];
    for (result, &c) in sub.cases.iter().zip(at) {
        slots[c] = Some(result.clone());
    }
    let cases: Option<Vec<_>> = slots.into_iter().collect();
    let Some(cases) = cases else {
        return Err(MergeError::AddedInPart {
            path: later.path.clone(),
            first: first.path.clone(),
            entry: sub.name.clone(),
            judged: sub.cases.len(),
            run,
        });
    };
    Ok(Folded {
        report: SubmissionReport {
            cases,
            ..sub.clone()
        },
        from: &later.path,
    })
}
