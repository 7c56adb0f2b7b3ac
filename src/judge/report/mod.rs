//! Reports of a judging run: what was judged ([`RunReport`], one
//! [`SubmissionReport`] per submission), shown as text tables (`table`),
//! written as JSON after every case (`json`: an interrupted run keeps what
//! was finished), and exported for other tools (`export`: JUnit, CSV, HTML).

pub mod export;
pub mod json;
pub mod table;

use serde::Serialize;

use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::runner::sandbox::Protection;

/// Everything judged for one submission.
#[derive(Debug, Clone, Serialize)]
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

/// The whole run, as written to `--json`.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    /// How CPU time and memory were measured.
    pub measured_by: String,
    /// What confined the runs, active or not.
    pub sandbox: Vec<Protection>,
    pub submissions: Vec<SubmissionReport>,
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
