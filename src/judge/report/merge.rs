//! The JSON reports of the shards of one run (`mayan judge --partition K/N
//! --json FILE`), read back and put together into the report the whole run
//! gives: the same entries in the same order, every case in the run's order,
//! the totals counted again, so the tables, CSV, HTML and JUnit made from it
//! are those of one run. Refuses, naming the file, shards of different
//! runs, a shard given twice or missing, and a shard that lacks a result (an
//! interrupted run: its JSON is rewritten after every case).
//!
//! Reading and merging only: which pair a shard judges is `partition`'s,
//! judging it the session's, showing the result the other report modules'.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Deserializer};

use super::{CaseId, RunReport, SubmissionReport};
use crate::judge::partition::Partition;
use crate::judge::result::CaseResult;
use crate::runner::sandbox::Protection;

/// The largest report read: a contest of 1000 contestants over 100 cases
/// with long messages stays well below it.
const MAX_BYTES: u64 = 256 << 20;

/// Shards that cannot be put together.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: larger than {MAX_BYTES} bytes; is it a report of `mayan judge --json`?", path.display())]
    TooLarge { path: PathBuf },
    #[error("{}: not a report of `mayan judge --json`: {source}", path.display())]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("no reports to merge")]
    NoReports,
    #[error("{}: lists no cases of the run (written by an older mayan?): judge that shard again", path.display())]
    NoCaseList { path: PathBuf },
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
    #[error("shard {} missing: merge the JSON report of every shard", missing.iter().map(Partition::to_string).collect::<Vec<_>>().join(", "))]
    ShardsMissing { missing: Vec<Partition> },
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
}

/// Reads a JSON report written by `mayan judge --json`.
pub fn read_report(path: &Path) -> Result<RunReport, MergeError> {
    let bytes = crate::untrusted::read_file_bounded(path, MAX_BYTES)
        .map_err(|source| MergeError::Io {
            path: path.to_path_buf(),
            source,
        })?
        .ok_or_else(|| MergeError::TooLarge {
            path: path.to_path_buf(),
        })?;
    serde_json::from_slice(&bytes).map_err(|source| MergeError::Json {
        path: path.to_path_buf(),
        source,
    })
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

/// Puts the shards of one run together, in any order given.
pub fn merge(mut shards: Vec<Shard>) -> Result<RunReport, MergeError> {
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
        partition: None,
        cases: cases.clone(),
        resumed: None,
        submissions,
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
    let given: BTreeSet<u32> = shards.iter().map(|s| s.partition().shard).collect();
    let missing: Vec<Partition> = (1..=of)
        .filter(|k| !given.contains(k))
        .map(|shard| Partition { shard, of })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(MergeError::ShardsMissing { missing })
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
    let mut next: Vec<std::slice::Iter<CaseResult>> =
        parts.iter().map(|p| p.cases.iter()).collect();
    for (c, id) in cases.iter().enumerate() {
        let k = (shards.iter())
            .position(|s| s.partition().holds(e, c, cases.len()))
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

/// How the shards measured, each way named once.
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
/// every shard; when not, the first shard's reason why not.
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

#[cfg(test)]
mod tests;
