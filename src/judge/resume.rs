//! What a resumed run (`mayan judge --resume --json FILE`) keeps of the
//! runs before it: the report `FILE` and the journal beside it (a run that
//! did not finish), read in that order, a later result of the same
//! submission and case replacing an earlier one. A result is kept only when
//! it was judged under the same conditions (limits, rules, policy), on a
//! case whose files hash as they do now, for a submission of the same name
//! whose source and build (or command) hash as they do now; a judge error
//! is never kept. The session asks for an entry's kept results
//! ([`Earlier::of`]) and judges the rest.

use std::collections::HashMap;
use std::path::Path;

use crate::judge::report::journal::{self, journal_path};
use crate::judge::report::merge::{check_report, read_report};
use crate::judge::report::{CaseId, Conditions, RunReport, SubmissionReport};
use crate::judge::result::CaseResult;
use crate::judge::suite::CaseFile;
use crate::judge::verdict::Verdict;

/// The results kept from earlier runs.
#[derive(Debug, Default)]
pub struct Earlier {
    /// What was read, as the report names it.
    pub from: String,
    /// Why some results were not kept, for the user.
    pub notes: Vec<String>,
    /// By submission name and fingerprint.
    kept: HashMap<(String, String), SubmissionReport>,
}

/// An earlier report or journal that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("cannot resume: {0}")]
    Report(#[from] crate::judge::report::merge::MergeError),
    #[error("cannot resume: {0}")]
    Journal(#[from] journal::JournalError),
}

impl Earlier {
    /// Reads the report `json` and its journal (either may be missing),
    /// keeping what is valid under `conditions` on `cases` as they are now.
    pub fn read(
        json: &Path,
        conditions: &Conditions,
        cases: &[CaseId],
    ) -> Result<Earlier, ResumeError> {
        let mut earlier = Earlier::default();
        let mut read = Vec::new();
        // An empty file is one a run made sure it could write, and then
        // stopped before it wrote anything.
        if std::fs::metadata(json).is_ok_and(|m| m.len() > 0) {
            let report = read_report(json)?;
            earlier.absorb(
                &report.conditions,
                &report.cases,
                (conditions, cases),
                report.submissions,
                &json.display().to_string(),
            );
            read.push(json.display().to_string());
        }
        let journal = journal_path(json);
        if journal.exists() {
            let j = journal::read(&journal)?;
            let shown = journal.display().to_string();
            let own = j.entries.into_iter().flatten();
            // Held to what the judge writes, as a report is.
            let mut report = RunReport {
                submissions: j.carried.into_iter().chain(own).collect(),
                ..j.header
            };
            check_report(&journal, &mut report)?;
            let (was, subs) = ((report.conditions, report.cases), report.submissions);
            earlier.absorb(&was.0, &was.1, (conditions, cases), subs, &shown);
            read.push(shown);
        }
        earlier.from = read.join(" and ");
        Ok(earlier)
    }

    /// Every result kept, a submission at a time: what a resumed run's
    /// journal carries, so that none is lost if it too is stopped.
    pub fn carried(&self) -> Vec<SubmissionReport> {
        let mut all: Vec<SubmissionReport> = self.kept.values().cloned().collect();
        all.sort_by(|a, b| a.name.cmp(&b.name));
        all
    }

    /// How many results are kept, all submissions together.
    pub fn results(&self) -> usize {
        self.kept.values().map(|s| s.cases.len()).sum()
    }

    /// What is kept of the submission `name` with this `fingerprint`.
    pub fn of(&self, name: &str, fingerprint: &str) -> Option<&SubmissionReport> {
        self.kept.get(&(name.to_string(), fingerprint.to_string()))
    }

    /// Keeps the results of `subs`, judged under `was` on `was_cases`,
    /// that still hold under `now`; a later one replaces an earlier one.
    fn absorb(
        &mut self,
        was: &Conditions,
        was_cases: &[CaseId],
        (now, now_cases): (&Conditions, &[CaseId]),
        subs: Vec<SubmissionReport>,
        shown: &str,
    ) {
        if was != now {
            self.notes.push(format!(
                "{shown}: judged under other limits, rules or policy: none of its results is kept"
            ));
            return;
        }
        let same = |c: &CaseResult| {
            let hash_in = |ids: &[CaseId]| {
                ids.iter()
                    .find(|id| id.suite == c.suite && id.name == c.name)
                    .and_then(|id| Some((id.hash.clone()?, id.points)))
            };
            hash_in(was_cases).is_some_and(|was| Some(was) == hash_in(now_cases))
        };
        for sub in subs {
            let Some(fingerprint) = sub.fingerprint.clone() else {
                continue;
            };
            let key = (sub.name.clone(), fingerprint);
            let kept = self
                .kept
                .entry(key)
                .or_insert_with(|| SubmissionReport::new(&sub.name));
            kept.describe_as(&sub);
            for c in sub.cases {
                if c.verdict == Verdict::JudgeError || !same(&c) {
                    continue;
                }
                kept.cases
                    .retain(|k| k.suite != c.suite || k.name != c.name);
                kept.cases.push(c);
            }
        }
        self.kept.retain(|_, s| !s.cases.is_empty());
    }
}

/// The result kept for `case`, if there is one.
pub fn kept_result<'a>(kept: &'a SubmissionReport, case: &CaseFile) -> Option<&'a CaseResult> {
    kept.cases
        .iter()
        .find(|c| c.suite == case.suite && c.name == case.name)
}

#[cfg(test)]
mod tests;
