//! Reports of a judging run: what was judged ([`RunReport`], one
//! [`SubmissionReport`] per submission), shown as text tables (`table`),
//! written as JSON at the end (`json`) and kept as a journal of a line a
//! result while the run goes (`journal`: a stopped run keeps what was
//! finished), exported for other tools (`export`: JUnit, CSV), shown as an
//! HTML index with a folder of pages that replay every case not accepted
//! (`html`), and the reports of the shards of a run, or of a run and its
//! re-judges, read back and put together (`merge`). The report files asked
//! for are checked before a run (`outputs`) and written by the run's
//! reporters, observers of its events (`reporters`).

pub mod brief;
pub mod export;
pub mod html;
pub mod journal;
pub mod json;
pub mod merge;
pub mod outputs;
pub mod reporters;
pub mod status;
pub mod table;

pub use reporters::ReportError;

use serde::{Deserialize, Serialize};

use crate::check::Accept;
use crate::config::IoMode;
use crate::judge::compile::Build;
use crate::judge::partition::Partition;
use crate::judge::plan::Plan;
use crate::judge::result::CaseResult;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;
use crate::runner::sandbox::Protection;

/// Everything judged for one submission. A case the judge could not judge
/// (JE: the judge's or the data's fault) is listed but counts neither for
/// nor against it: its points are left out of `max_score`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SubmissionReport {
    pub name: String,
    /// Why it was not run: the compiler's output, or why a contestant has
    /// no source to compile (`no_source`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compile_error: Option<String>,
    /// A contestant with no source of the problem (none, several, or a
    /// misnamed one): `compile_error` says which.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_source: bool,
    /// How its source was built (the command and the compiler's version);
    /// absent for a ready command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<Build>,
    /// What was judged: the hash of its source and build, or of its
    /// command (`fingerprint`); absent when it could not be read. A later
    /// run keeps its results only when it is unchanged (`--resume`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// What was judged (the source, its layout) and why the score is what
    /// it is (`status`).
    #[serde(flatten)]
    pub judged: status::Judged,
    pub cases: Vec<CaseResult>,
    pub score: u32,
    pub max_score: u32,
    pub accepted: usize,
    /// Cases with a judge error, not counted.
    #[serde(default)]
    pub not_judged: usize,
}

impl SubmissionReport {
    pub fn new(name: &str) -> SubmissionReport {
        SubmissionReport {
            name: name.to_string(),
            compile_error: None,
            no_source: false,
            build: None,
            fingerprint: None,
            judged: status::Judged::default(),
            cases: Vec::new(),
            score: 0,
            max_score: 0,
            accepted: 0,
            not_judged: 0,
        }
    }

    /// Adds a result and counts it in the totals (which stop at
    /// `u32::MAX` rather than wrap: a report read back is refused before
    /// that, `merge::check_report`).
    pub fn push(&mut self, case: CaseResult) {
        if case.verdict == Verdict::JudgeError {
            self.not_judged += 1;
        } else {
            self.score = self.score.saturating_add(case.score);
            self.max_score = self.max_score.saturating_add(case.points);
            self.accepted += usize::from(case.verdict == Verdict::AC);
        }
        self.cases.push(case);
    }

    /// The submission with its totals counted again from its results.
    pub fn recounted(self) -> SubmissionReport {
        let mut out = SubmissionReport::new(&self.name);
        out.describe_as(&self);
        self.cases.into_iter().for_each(|c| out.push(c));
        out
    }

    /// Says of this submission what `other` says besides its results: why
    /// it was not run, how it was built, what was judged.
    pub fn describe_as(&mut self, other: &SubmissionReport) {
        self.compile_error = other.compile_error.clone();
        self.no_source = other.no_source;
        self.build = other.build.clone();
        self.fingerprint = other.fingerprint.clone();
        self.judged = other.judged.clone();
    }

    pub fn all_accepted(&self) -> bool {
        self.compile_error.is_none() && self.accepted == self.cases.len()
    }
}

/// The submissions in the order of a ranking, as (rank, index into
/// `reports`): by score, ties sharing a rank (1, 2, 2, 4) and listed by
/// name in natural order (`GD-2` before `GD-10`).
pub fn ranked(reports: &[SubmissionReport]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..reports.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&reports[a], &reports[b]);
        b.score
            .cmp(&a.score)
            .then_with(|| crate::text::natural_cmp(&a.name, &b.name))
    });
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(order.len());
    for (place, &i) in order.iter().enumerate() {
        let rank = match out.last() {
            Some(&(rank, j)) if reports[j].score == reports[i].score => rank,
            _ => place + 1,
        };
        out.push((rank, i));
    }
    out
}

/// What the cases were judged under, for the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditions {
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub memory_bytes: u64,
    pub output_bytes: u64,
    pub processes: u32,
    /// `file` or `stdio`.
    pub io: String,
    pub null_swaps: String,
    pub steps: String,
    /// The checker's policy: `lexmin` or `any-valid`.
    pub accept: String,
}

impl Conditions {
    /// The flags of `mayan judge` that judge under these conditions
    /// (whatever judge.toml says), and the one setting no flag sets.
    pub fn as_flags(&self) -> String {
        format!(
            "--time-limit {}ms --wall-limit {}ms --memory-limit {}KiB --output-limit {}KiB \
             --io {} --null-swaps {} --steps {} --accept {} (and [limits] processes = {})",
            self.cpu_ms,
            self.wall_ms,
            self.memory_bytes >> 10,
            self.output_bytes >> 10,
            self.io,
            self.null_swaps,
            self.steps,
            self.accept,
            self.processes
        )
    }

    pub fn of(plan: &Plan) -> Conditions {
        let l = plan.limits;
        Conditions {
            cpu_ms: l.cpu.as_millis() as u64,
            wall_ms: l.wall.as_millis() as u64,
            memory_bytes: l.memory,
            output_bytes: l.output,
            processes: l.processes,
            io: match plan.io.mode {
                IoMode::File => "file",
                IoMode::Stdio => "stdio",
            }
            .to_string(),
            null_swaps: plan.policy.dialect.null_swaps.to_string(),
            steps: plan.policy.dialect.steps.to_string(),
            accept: match plan.policy.accept {
                Accept::Lexmin => "lexmin",
                Accept::AnyValid => "any-valid",
            }
            .to_string(),
        }
    }
}

/// The whole run, as written to `--json` (and read back by `merge`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunReport {
    /// The version of mayan-judge that judged.
    pub version: String,
    /// When the run started (RFC 3339, UTC).
    pub started: String,
    pub conditions: Conditions,
    /// How CPU time and memory were measured.
    pub measured_by: String,
    /// What confined the runs, active or not.
    #[serde(deserialize_with = "merge::read_protections")]
    pub sandbox: Vec<Protection>,
    /// The run was stopped (SIGINT or SIGTERM) before every case was judged:
    /// it holds the cases that finished.
    #[serde(default)]
    pub interrupted: bool,
    /// The signal that stopped it, for the exit code; not written (a report
    /// read back says only that it was stopped).
    #[serde(skip)]
    pub stopped_by: Option<i32>,
    /// The share of the run judged here (`--partition`), when not all of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<Partition>,
    /// Every case of the run in order, judged here or in another shard.
    #[serde(default)]
    pub cases: Vec<CaseId>,
    /// What a resumed run (`--resume`) kept of an earlier one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resumed: Option<Resumed>,
    pub submissions: Vec<SubmissionReport>,
    /// The later reports folded into this one by `mayan report merge`, in
    /// the order their results replaced the earlier ones; absent when none
    /// was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rejudged: Vec<Rejudged>,
}

/// A later report (a re-judge) folded into a whole run's report: whose
/// results it replaced and which submissions it added.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejudged {
    /// The report's file, as named to `mayan report merge`.
    pub report: String,
    /// When its run started (RFC 3339, UTC).
    pub started: String,
    /// How many results it replaced.
    pub results: usize,
    /// The submissions whose results it replaced, some or all of them.
    pub replaced: Vec<String>,
    /// The submissions it added, judged on every case of the run.
    pub added: Vec<String>,
}

impl std::fmt::Display for Rejudged {
    /// `amy.json: replaced 10 results of 1 submission (amy), added 0`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names = |names: &[String]| match names {
            [] => String::new(),
            _ => format!(" ({})", names.join(", ")),
        };
        write!(
            f,
            "{}: replaced {} of {}{}, added {}{}",
            self.report,
            crate::text::plural(self.results, "result"),
            crate::text::plural(self.replaced.len(), "submission"),
            names(&self.replaced),
            self.added.len(),
            names(&self.added)
        )
    }
}

/// What a resumed run kept from the earlier report and what it judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resumed {
    /// The file the earlier results were read from.
    pub from: String,
    /// Results kept: same submission, same case files, same conditions.
    pub kept: usize,
    /// Results judged in this run, `without_run` of them given without
    /// running anything.
    pub judged: usize,
    /// Results of this run given without a run: a contestant with no
    /// source, a source that did not compile, a program the judge could not
    /// prepare.
    #[serde(default)]
    pub without_run: usize,
}

/// One case of a run, as a report names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseId {
    pub suite: String,
    pub name: String,
    pub points: u32,
    /// The hash of its input and answer files (`fingerprint`), when they
    /// could be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

impl CaseId {
    /// The case as a report names it, its files hashed.
    pub fn of(case: &CaseFile) -> CaseId {
        CaseId {
            suite: case.suite.clone(),
            name: case.name.clone(),
            points: case.points,
            hash: crate::judge::fingerprint::of_case(case),
        }
    }
}

impl RunReport {
    /// An empty report of a run about to start under `plan`.
    pub fn new(plan: &Plan, measured_by: String, sandbox: Vec<Protection>) -> RunReport {
        RunReport {
            version: env!("CARGO_PKG_VERSION").to_string(),
            started: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            conditions: Conditions::of(plan),
            measured_by,
            sandbox,
            interrupted: false,
            stopped_by: None,
            partition: None,
            cases: Vec::new(),
            resumed: None,
            submissions: Vec::new(),
            rejudged: Vec::new(),
        }
    }

    /// True when some case could not be judged (the judge's or the data's
    /// fault).
    pub fn has_judge_errors(&self) -> bool {
        self.submissions.iter().any(|s| s.not_judged > 0)
    }

    /// The exit code of the run: 130 or 143 when it was stopped by SIGINT or
    /// SIGTERM, an error when a case could not be judged, success only when
    /// every case of every submission was accepted.
    pub fn exit_code(&self) -> u8 {
        if let Some(signal) = self.stopped_by.filter(|_| self.interrupted) {
            return crate::exit::for_signal(signal);
        }
        if self.has_judge_errors() {
            return crate::exit::ERROR;
        }
        crate::exit::accepted_or_rejected(
            self.submissions.iter().all(SubmissionReport::all_accepted),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::result::fixture;

    // Two cases of u32::MAX points (judge.toml bounds no suite's points)
    // overflowed the total: a panic in a debug build, a wrong score else.
    #[test]
    fn totals_stop_at_the_most_a_report_counts_and_are_counted_again() {
        let mut sub = SubmissionReport::new("amy");
        for name in ["a", "b"] {
            let mut c = fixture(name, Verdict::AC);
            (c.score, c.points) = (u32::MAX, u32::MAX);
            sub.push(c);
        }
        assert_eq!(
            (sub.score, sub.max_score, sub.accepted),
            (u32::MAX, u32::MAX, 2)
        );
        sub.push(fixture("c", Verdict::JudgeError));
        (sub.score, sub.accepted, sub.not_judged) = (7, 99, 99);
        let again = sub.recounted();
        assert_eq!(
            (again.score, again.accepted, again.not_judged),
            (u32::MAX, 2, 1)
        );
    }
}
