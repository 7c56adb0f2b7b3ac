//! The JSON reports of one run read back and put together, in two ways.
//!
//! The shards of a partitioned run (`mayan judge --partition K/N --json
//! FILE`) make the report the whole run gives: the same entries in the same
//! order, every case in the run's order, the totals counted again, so the
//! tables, CSV, HTML and JUnit made from it are those of one run. Refuses,
//! naming the file, shards of different runs, a shard given twice or
//! missing, and a shard that lacks a result (its run was interrupted: its
//! JSON holds what finished).
//!
//! Reports of no partition are a whole run's report followed by later runs
//! under the same conditions (re-judges: `mayan judge --submission NAME
//! --case GLOB --json FILE`), folded in by `rejudge`: each later result
//! replaces the earlier one of the same submission and case, the later file
//! winning. Shards and whole reports are not mixed: the shards are merged
//! first, and the re-judges folded into that.
//!
//! Nothing in a report is taken on trust (`read`): a file is read only if
//! regular and bounded, a partition must exist, every result must be worth
//! its case's points and score what its verdict earns, and the totals are
//! counted again from the results, never read.
//!
//! Reading and merging (and, in `write`, the one call of `mayan report
//! merge`): which pair a shard judges is `partition`'s, judging it the
//! session's, showing and writing the result the reporters'.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Deserializer};

use super::{CaseId, Rejudged, RunReport, SubmissionReport};
use crate::judge::partition::Partition;
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::runner::sandbox::Protection;
use crate::untrusted::Refusal;
use read::MAX_BYTES;
pub use read::{check_report, read_report};

/// The most missing shards an error names (a report claiming to be shard
/// 1 of 4000000000 misses nearly all of them).
const MISSING_NAMED: usize = 10;

/// Shards that cannot be put together.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} {refusal}: give the JSON report that `mayan judge --json` wrote", path.display())]
    Refused { path: PathBuf, refusal: Refusal },
    #[error("{}: larger than {MAX_BYTES} bytes; is it a report of `mayan judge --json`?", path.display())]
    TooLarge { path: PathBuf },
    #[error("{}: not a report of `mayan judge --json`: {source}", path.display())]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("no reports to merge")]
    NoReports,
    #[error("{}: lists no cases of the run (written by an older mayan?): judge {again} again", path.display())]
    NoCaseList {
        path: PathBuf,
        /// What to judge again: `that shard` or `it`.
        again: &'static str,
    },
    #[error(
        "{} is shard {partition} of a run, {} a whole run's report: merge every shard first \
         (`mayan report merge SHARD... --json FILE`), then fold the re-judged report into \
         the whole one (`mayan report merge WHOLE.json REJUDGED.json`)",
        shard.display(), whole.display()
    )]
    ShardsAndWhole {
        shard: PathBuf,
        partition: Partition,
        whole: PathBuf,
    },
    #[error("{}: shard {this}, but {} is a shard of {first_of}: not shards of one partition", path.display(), first.display())]
    OtherPartition {
        path: PathBuf,
        this: Partition,
        first: PathBuf,
        first_of: u32,
    },
    #[error("{} and {} are both shard {shard}", first.display(), second.display())]
    ShardTwice {
        first: PathBuf,
        second: PathBuf,
        shard: Partition,
    },
    #[error(
        "shard {}{} missing: merge the JSON report of every shard",
        missing.iter().map(Partition::to_string).collect::<Vec<_>>().join(", "),
        match more { 0 => String::new(), n => format!(" and {n} more") }
    )]
    ShardsMissing {
        /// The first shards missing, at most ten.
        missing: Vec<Partition>,
        /// How many more are missing.
        more: u64,
    },
    #[error("{}: its {what} differ from those of {}: shards of different runs (another judge.toml, other cases or submissions?)", path.display(), first.display())]
    OtherRun {
        path: PathBuf,
        first: PathBuf,
        what: &'static str,
    },
    #[error("{} (shard {shard}) has no result for `{entry}` on {case}: was its run interrupted? Judge that shard again", path.display())]
    ResultMissing {
        path: PathBuf,
        shard: Partition,
        entry: String,
        case: String,
    },
    #[error("{} was interrupted before its share was judged: judge that shard again", path.display())]
    Interrupted { path: PathBuf },
    #[error("{} (shard {shard}) holds results for `{entry}` that belong to no case of its share", path.display())]
    ResultStray {
        path: PathBuf,
        shard: Partition,
        entry: String,
    },
    #[error("{}: its run was interrupted before every case was judged: judge it again", path.display())]
    RunInterrupted { path: PathBuf },
    #[error("{}: judged under other conditions than {}{}: judge it again under the run's, with the judge.toml it was judged with, or with {run}", path.display(), first.display(), differences)]
    OtherConditions {
        path: PathBuf,
        first: PathBuf,
        /// What differs, as ` (cpu_ms 2000 here, 1000 there)`.
        differences: String,
        /// The run's conditions as the flags that give them.
        run: String,
    },
    #[error("{} lists `{entry}` twice: results are matched by name", path.display())]
    NameTwice { path: PathBuf, entry: String },
    #[error("{} has no result for `{entry}` on {case}: {hint}", path.display())]
    NoResult {
        path: PathBuf,
        entry: String,
        case: String,
        /// Why it may be so and what to do.
        hint: &'static str,
    },
    #[error("{} holds results for `{entry}` that belong to no case it lists", path.display())]
    StrayResult { path: PathBuf, entry: String },
    #[error("{}: case {case} is not a case of the run of {}: judge it again with the run's judge.toml and cases", path.display(), first.display())]
    CaseUnknown {
        path: PathBuf,
        first: PathBuf,
        case: String,
    },
    #[error("{}: the files of case {case} changed since {} was judged, and {entry} was not judged again on it: re-judge every submission on a changed case (--case)", path.display(), first.display())]
    CaseChanged {
        path: PathBuf,
        first: PathBuf,
        case: String,
        entry: String,
    },
    #[error("{}: case {case} is worth {points} points, but {run_points} in {}: judge it again with the run's judge.toml", path.display(), first.display())]
    CasePoints {
        path: PathBuf,
        first: PathBuf,
        case: String,
        points: u32,
        run_points: u32,
    },
    #[error(
        "{}: `{entry}` is not in {} and was judged on {judged} of the run's {run} cases: \
         judge it on every case to add it",
        path.display(), first.display()
    )]
    AddedInPart {
        path: PathBuf,
        first: PathBuf,
        entry: String,
        judged: usize,
        run: usize,
    },
    #[error("{} lists case {case} twice: results are matched by suite and name", path.display())]
    CaseTwice { path: PathBuf, case: String },
    #[error(
        "{}: `{entry}` on {case} is worth {points} points, but the case {case_points}: \
         the report was edited, or is not what `mayan judge` wrote; judge it again",
        path.display()
    )]
    ResultPoints {
        path: PathBuf,
        entry: String,
        case: String,
        points: u32,
        case_points: u32,
    },
    #[error(
        "{}: `{entry}` scores {score} points on {case}, which is worth {points}{}: \
         the report was edited, or is not what `mayan judge` wrote; judge it again",
        path.display(),
        earns(*verdict, *points)
    )]
    ResultScore {
        path: PathBuf,
        entry: String,
        case: String,
        score: u32,
        points: u32,
        /// The verdict, when the score is within the points but not what
        /// the verdict earns.
        verdict: Option<Verdict>,
    },
    #[error(
        "{}: `{entry}` would total {total} points, more than a report counts ({}): \
         the report was edited, or is not what `mayan judge` wrote",
        path.display(), u32::MAX
    )]
    TotalTooLarge {
        path: PathBuf,
        entry: String,
        total: u64,
    },
    #[error(
        "{} re-judged `{entry}` on {judged} of the run's {run} cases with another build \
         ({builds}): its results would mix two builds; judge it again on every case \
         (--submission {entry}, without --case)",
        path.display()
    )]
    BuildChanged {
        path: PathBuf,
        entry: String,
        judged: usize,
        run: usize,
        /// How it was built there, then before, as `a ready command; a
        /// compile error in full.json` (a build is `a compile error`, `no
        /// source`, the compile command and version, or `a ready command`).
        builds: String,
    },
}

/// What a result of `verdict` earns, said after a score within its
/// `points` that the verdict does not earn (nothing else to say when the
/// score is past the points).
fn earns(verdict: Option<Verdict>, points: u32) -> String {
    match verdict {
        Some(Verdict::AC) => format!(", and a result AC earns {points}"),
        Some(v) => format!(", and a result {v} earns 0"),
        None => String::new(),
    }
}

/// One report and the file it came from.
pub struct Shard {
    pub path: PathBuf,
    pub report: RunReport,
}

impl Shard {
    fn partition(&self) -> Partition {
        self.report
            .partition
            .unwrap_or(Partition { shard: 1, of: 1 })
    }
}

/// The reports put together, and what each later report replaced.
pub struct Merged {
    pub report: RunReport,
    /// A note per later report folded into a whole run's, in the order
    /// given (none for shards); the report's `rejudged` ends with them.
    pub rejudged: Vec<Rejudged>,
}

/// Puts the reports of one run together: the shards of a partitioned run
/// in any order given, or a whole run's report and the later reports that
/// replace some of its results, in the order given (`rejudge::fold`).
/// Each report is first held to what `mayan judge` writes, and its totals
/// counted again ([`check_report`]), whether read from a file or not.
pub fn merge_noting(mut reports: Vec<Shard>) -> Result<Merged, MergeError> {
    for s in &mut reports {
        check_report(&s.path, &mut s.report)?;
    }
    let shard = reports.iter().find(|s| s.report.partition.is_some());
    let whole = reports.iter().find(|s| s.report.partition.is_none());
    match (shard, whole) {
        (Some(shard), Some(whole)) => Err(MergeError::ShardsAndWhole {
            shard: shard.path.clone(),
            partition: shard.partition(),
            whole: whole.path.clone(),
        }),
        (Some(_), None) => Ok(Merged {
            report: merge_shards(reports)?,
            rejudged: Vec::new(),
        }),
        (None, _) => rejudge::fold(&reports),
    }
}

/// [`merge_noting`] without the notes.
pub fn merge(reports: Vec<Shard>) -> Result<RunReport, MergeError> {
    merge_noting(reports).map(|merged| merged.report)
}

/// Puts the shards of one partitioned run together, in any order given.
fn merge_shards(mut shards: Vec<Shard>) -> Result<RunReport, MergeError> {
    check_partition(&mut shards)?;
    let first = &shards[0];
    for s in &shards[1..] {
        let other = |what| MergeError::OtherRun {
            path: s.path.clone(),
            first: first.path.clone(),
            what,
        };
        if s.report.cases != first.report.cases {
            return Err(other("cases"));
        }
        if s.report.conditions != first.report.conditions {
            return Err(other("limits, dialect or policy"));
        }
        if names(&s.report) != names(&first.report) {
            return Err(other("submissions"));
        }
    }
    if let Some(s) = shards.iter().find(|s| s.report.interrupted) {
        return Err(MergeError::Interrupted {
            path: s.path.clone(),
        });
    }
    if let Some(s) =
        (shards.iter()).find(|s| s.report.cases.is_empty() && !names(&s.report).is_empty())
    {
        return Err(MergeError::NoCaseList {
            path: s.path.clone(),
            again: "that shard",
        });
    }
    let cases = &first.report.cases;
    let submissions = (0..first.report.submissions.len())
        .map(|e| merge_entry(&shards, e, cases))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RunReport {
        version: first.report.version.clone(),
        started: (shards.iter().map(|s| s.report.started.clone()))
            .min()
            .unwrap_or_default(),
        conditions: first.report.conditions.clone(),
        measured_by: measured_by(&shards),
        sandbox: weakest_protections(&shards),
        interrupted: false,
        stopped_by: None,
        partition: None,
        cases: cases.clone(),
        resumed: None,
        submissions,
        rejudged: Vec::new(),
    })
}

fn names(report: &RunReport) -> Vec<&str> {
    report.submissions.iter().map(|s| s.name.as_str()).collect()
}

/// Sorts the shards by number and holds them to being every shard of one
/// partition, each once.
fn check_partition(shards: &mut [Shard]) -> Result<(), MergeError> {
    let Some(first) = shards.first() else {
        return Err(MergeError::NoReports);
    };
    let of = first.partition().of;
    if let Some(s) = shards.iter().find(|s| s.partition().of != of) {
        return Err(MergeError::OtherPartition {
            path: s.path.clone(),
            this: s.partition(),
            first: first.path.clone(),
            first_of: of,
        });
    }
    shards.sort_by_key(|s| s.partition().shard);
    if let Some(pair) = shards
        .windows(2)
        .find(|w| w[0].partition() == w[1].partition())
    {
        return Err(MergeError::ShardTwice {
            first: pair[0].path.clone(),
            second: pair[1].path.clone(),
            shard: pair[0].partition(),
        });
    }
    // Every shard read is one of 1..=of (`Partition` is read only so), so
    // the first missing ones are found within as many steps as were given.
    let given: BTreeSet<u32> = shards.iter().map(|s| s.partition().shard).collect();
    let missing: Vec<Partition> = (1..=of)
        .filter(|k| !given.contains(k))
        .take(MISSING_NAMED)
        .map(|shard| Partition { shard, of })
        .collect();
    let absent = u64::from(of).saturating_sub(given.len() as u64);
    match missing.is_empty() {
        true => Ok(()),
        false => Err(MergeError::ShardsMissing {
            more: absent.saturating_sub(missing.len() as u64),
            missing,
        }),
    }
}

/// Entry `e` over every case: each case's result taken from the shard that
/// holds it, in the run's order. `shards` is sorted by shard number.
fn merge_entry(
    shards: &[Shard],
    e: usize,
    cases: &[CaseId],
) -> Result<SubmissionReport, MergeError> {
    let parts: Vec<&SubmissionReport> = shards.iter().map(|s| &s.report.submissions[e]).collect();
    let mut merged = SubmissionReport::new(&parts[0].name);
    merged.compile_error = parts.iter().find_map(|p| p.compile_error.clone());
    merged.no_source = parts.iter().any(|p| p.no_source);
    merged.build = parts.iter().find_map(|p| p.build.clone());
    merged.fingerprint = parts.iter().find_map(|p| p.fingerprint.clone());
    // A shard that ran none of its cases says less than one that did.
    merged.judged = (parts.iter().find(|p| !p.cases.is_empty()))
        .unwrap_or(&parts[0])
        .judged
        .clone();
    let mut next: Vec<std::slice::Iter<CaseResult>> =
        parts.iter().map(|p| p.cases.iter()).collect();
    for (c, id) in cases.iter().enumerate() {
        let k = (shards.iter())
            .position(|s| s.partition().holds(e, c, cases.len()))
            // `check_partition` found every shard of 1..=of, `of` >= 1.
            .expect("the shards are every shard of the partition");
        let missing = || MergeError::ResultMissing {
            path: shards[k].path.clone(),
            shard: shards[k].partition(),
            entry: merged.name.clone(),
            case: format!("{}/{}", id.suite, id.name),
        };
        let result = next[k].next().ok_or_else(missing)?;
        if result.suite != id.suite || result.name != id.name {
            return Err(missing());
        }
        merged.push(result.clone());
    }
    if let Some(k) = next.iter_mut().position(|rest| rest.next().is_some()) {
        return Err(MergeError::ResultStray {
            path: shards[k].path.clone(),
            shard: shards[k].partition(),
            entry: merged.name.clone(),
        });
    }
    Ok(merged)
}

/// How the reports' runs measured, each way named once.
fn measured_by(shards: &[Shard]) -> String {
    let mut ways: Vec<&str> = Vec::new();
    for s in shards {
        if !ways.contains(&s.report.measured_by.as_str()) {
            ways.push(&s.report.measured_by);
        }
    }
    ways.join("; ")
}

/// What confined every run: a protection is active only when it was in
/// every report; when not, the first such report's reason why not.
fn weakest_protections(shards: &[Shard]) -> Vec<Protection> {
    let mut all: Vec<Protection> = Vec::new();
    for p in shards.iter().flat_map(|s| &s.report.sandbox) {
        if !all.iter().any(|q| q.name == p.name) {
            all.push(p.clone());
        }
    }
    for p in &mut all {
        let weakest =
            shards.iter().find_map(
                |s| match s.report.sandbox.iter().find(|q| q.name == p.name) {
                    Some(q) if q.active => None,
                    Some(q) => Some(q.how.clone()),
                    None => Some(format!("not reported by {}", s.path.display())),
                },
            );
        if let Some(how) = weakest {
            p.active = false;
            p.how = how;
        }
    }
    all
}

/// The shape of a protection in a report.
#[derive(Deserialize)]
struct ProtectionText {
    name: String,
    active: bool,
    how: String,
}

/// Reads the protections of a report. The runner names them with static
/// strings; names read back are interned, each distinct name kept once for
/// the life of the process (a report holds about ten).
pub(crate) fn read_protections<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Vec<Protection>, D::Error> {
    let texts = Vec::<ProtectionText>::deserialize(d)?;
    Ok(texts
        .into_iter()
        .map(|t| Protection {
            name: intern(t.name),
            active: t.active,
            how: t.how,
        })
        .collect())
}

fn intern(name: String) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&known) = names.get(name.as_str()) {
        return known;
    }
    let name: &'static str = Box::leak(name.into_boxed_str());
    names.insert(name);
    name
}

mod read;
mod rejudge;
mod write;

pub use write::{MergeRunError, write_merged};
#[cfg(test)]
mod tests;
