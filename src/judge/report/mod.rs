//! Reports of a judging run: what was judged ([`RunReport`], one
//! [`SubmissionReport`] per submission), shown as text tables (`table`),
//! written as JSON after every case (`json`: an interrupted run keeps what
//! was finished), and exported for other tools (`export`: JUnit, CSV, HTML);
//! the reports of the shards of a run read back and put together (`merge`).

pub mod export;
pub mod json;
pub mod merge;
pub mod table;

use serde::{Deserialize, Serialize};

use crate::judge::partition::Partition;
use crate::judge::result::CaseResult;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;
use crate::runner::sandbox::Protection;

/// Everything judged for one submission.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SubmissionReport {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compile_error: Option<String>,
    pub cases: Vec<CaseResult>,
    pub score: u32,
    pub max_score: u32,
    pub accepted: usize,
}

impl SubmissionReport {
    pub fn new(name: &str) -> SubmissionReport {
        SubmissionReport {
            name: name.to_string(),
            compile_error: None,
            cases: Vec::new(),
            score: 0,
            max_score: 0,
            accepted: 0,
        }
    }

    pub fn push(&mut self, case: CaseResult) {
        self.score += case.score;
        self.max_score += case.points;
        self.accepted += usize::from(case.verdict == Verdict::AC);
        self.cases.push(case);
    }

    pub fn all_accepted(&self) -> bool {
        self.compile_error.is_none() && self.accepted == self.cases.len()
    }
}

/// The whole run, as written to `--json` (and read back by `merge`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunReport {
    /// How CPU time and memory were measured.
    pub measured_by: String,
    /// What confined the runs, active or not.
    #[serde(deserialize_with = "merge::read_protections")]
    pub sandbox: Vec<Protection>,
    /// The share of the run judged here (`--partition`), when not all of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<Partition>,
    /// Every case of the run in order, judged here or in another shard.
    #[serde(default)]
    pub cases: Vec<CaseId>,
    pub submissions: Vec<SubmissionReport>,
}

/// One case of a run, as a report names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseId {
    pub suite: String,
    pub name: String,
    pub points: u32,
}

impl CaseId {
    pub fn of(case: &CaseFile) -> CaseId {
        CaseId {
            suite: case.suite.clone(),
            name: case.name.clone(),
            points: case.points,
        }
    }
}

impl RunReport {
    /// The exit code of the run: success only when every case of every
    /// submission was accepted.
    pub fn exit_code(&self) -> u8 {
        crate::exit::accepted_or_rejected(
            self.submissions.iter().all(SubmissionReport::all_accepted),
        )
    }
}
