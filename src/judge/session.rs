//! The judging run: the cases of the suites found, each entry prepared
//! (compiled) and graded over every case, the results gathered into a
//! [`RunReport`]. What it does it tells an [`Observer`] as events
//! (`judge::event`); the judging run (`judge::run`) drives it, and tests
//! drive it with a fake runner. An entry is made ready and run in
//! `prepare`; each submission's report says what was judged and why its
//! score is what it is (`report::status`). Not responsible for what is
//! judged (the entries and cases are given) nor for any report.

use std::path::{Path, PathBuf};

use super::compile::{Toolchain, build_of};
use super::event::{Event, Observer};
use super::fingerprint;
use super::partition::Partition;
use super::plan::Plan;
use super::report::status::{self, Status};
use super::report::{CaseId, Resumed, RunReport, SubmissionReport};
use super::resume::{Earlier, kept_result};
use super::submission::Entry;
use super::suite::{CaseFile, DataFault, Finding, Severity, check_data, discover};
use super::verdict::Verdict;
use crate::config::{Config, Submission};
use crate::runner::Runner;
use crate::solver::Solver;

/// The run cannot start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(
        "suite `{name}`: {} is not a folder; name the cases with --suite DIR (a folder of \
         X.in with X.ans), or run where the contest's judge.toml is",
        path.display()
    )]
    SuiteNotAFolder { name: String, path: PathBuf },
    #[error(
        "no cases (*.in) in the suites; a case is a file X.in, with its answer X.ans beside it"
    )]
    NoCases,
    #[error(
        "the test data has {} (nothing was judged):\n{}",
        crate::text::plural(.0.len(), "fault"),
        .0.iter().map(|f| format!("  {f}")).collect::<Vec<_>>().join("\n")
    )]
    BadData(Vec<DataFault>),
    #[error(
        "nothing to judge: add a [[submission]] or [contestants] to the configuration, or give a command after --"
    )]
    NothingToJudge,
    #[error(
        "the suites' points add up to {0} over their cases, more than a score can hold          ({max}): lower `points` in [[suite]]",
        max = u32::MAX
    )]
    PointsOverflow(u64),
    #[error("stopped by signal {0} while the test data was checked (nothing was judged)")]
    Stopped(i32),
}

/// The cases of a configuration's suites, and findings about stray files;
/// an error when the data has a fault (checked once, before anything runs,
/// under the configured dialect): a suite that is no folder, has no case or
/// holds what cannot be a case (see [`collect_inputs`]), a case or answer
/// file that cannot be read or that the solver contradicts, points that add
/// up past what a score holds; a SIGINT or SIGTERM received meanwhile.
///
/// [`collect_inputs`]: super::suite::collect_inputs
pub fn find_cases(config: &Config) -> Result<(Vec<CaseFile>, Vec<Finding>), SessionError> {
    for suite in &config.suites {
        if !suite.path.is_dir() {
            return Err(SessionError::SuiteNotAFolder {
                name: suite.name.clone(),
                path: suite.path.clone(),
            });
        }
    }
    let (cases, findings) = discover(&config.suites, config.rules);
    // What cannot be a case (a folder that cannot be walked, an empty
    // suite, a case's name that cannot be shown) is a fault of the data,
    // named before "no cases": a suite whose one case has a newline in its
    // name has no case that can be judged, and the name is the news.
    let (faults, strays): (Vec<Finding>, Vec<Finding>) =
        (findings.into_iter()).partition(|f| f.severity == Severity::Error);
    if !faults.is_empty() {
        let faults = faults.into_iter().map(|f| DataFault {
            path: f.path,
            why: f.message,
        });
        return Err(SessionError::BadData(faults.collect()));
    }
    if cases.is_empty() {
        return Err(SessionError::NoCases);
    }
    let total: u64 = cases.iter().map(|c| u64::from(c.points)).sum();
    if total > u64::from(u32::MAX) {
        return Err(SessionError::PointsOverflow(total));
    }
    let faults = check_data(&cases, config.rules, &mut Solver::new());
    if let Some(signal) = crate::runner::signals::received() {
        return Err(SessionError::Stopped(signal));
    }
    if !faults.is_empty() {
        return Err(SessionError::BadData(faults));
    }
    Ok((cases, strays))
}

/// Everything the entries of one run share.
pub struct Session<'a> {
    /// Where the relative paths of a configured command start.
    pub base: &'a Path,
    pub cases: &'a [CaseFile],
    pub plan: &'a Plan,
    pub runner: &'a dyn Runner,
    pub tools: Toolchain<'a>,
}

/// How a run goes besides its entries.
#[derive(Clone, Copy, Default)]
pub struct RunOptions<'a> {
    /// Judge only this share of the (entry, case) pairs.
    pub partition: Option<Partition>,
    /// Results of earlier runs to keep rather than judge again.
    pub earlier: Option<&'a Earlier>,
}

impl Session<'_> {
    /// Judges every entry in order; the report holds them all.
    pub fn judge(
        &self,
        entries: &[Entry],
        observer: &mut dyn Observer,
    ) -> Result<RunReport, SessionError> {
        self.judge_run(entries, RunOptions::default(), observer)
    }

    /// Judges the (entry, case) pairs of `partition` (all of them when
    /// `None`), every entry in order.
    pub fn judge_part(
        &self,
        entries: &[Entry],
        partition: Option<Partition>,
        observer: &mut dyn Observer,
    ) -> Result<RunReport, SessionError> {
        let options = RunOptions {
            partition,
            ..RunOptions::default()
        };
        self.judge_run(entries, options, observer)
    }

    /// Judges every entry in order over its share of the cases, keeping
    /// the results of `options.earlier` that still hold. The report lists
    /// every entry and every case of the run; an entry with no case in the
    /// share is listed with no result and is not prepared, nor is one whose
    /// every result is kept.
    pub fn judge_run(
        &self,
        entries: &[Entry],
        options: RunOptions,
        observer: &mut dyn Observer,
    ) -> Result<RunReport, SessionError> {
        if entries.is_empty() {
            return Err(SessionError::NothingToJudge);
        }
        let mut report = RunReport::new(self.plan, self.runner.method(), self.runner.protections());
        report.partition = options.partition;
        report.cases = self.cases.iter().map(CaseId::of).collect();
        let carried = options.earlier.map(Earlier::carried).unwrap_or_default();
        observer.on(&Event::Started {
            header: &report,
            carried: &carried,
            entries: entries.len(),
        });
        let (mut kept, mut without_run) = (0, 0);
        for (i, entry) in entries.iter().enumerate() {
            if self.plan.interrupt.received().is_some() {
                break;
            }
            let share: Vec<CaseFile> = (self.cases.iter().enumerate())
                .filter(|&(j, _)| {
                    options
                        .partition
                        .is_none_or(|p| p.holds(i, j, self.cases.len()))
                })
                .map(|(_, case)| case.clone())
                .collect();
            let session = Session {
                cases: &share,
                ..*self
            };
            // None: the judge was asked to stop while it compiled.
            let Some(judged) = session.judge_entry((i, entry), options.earlier, observer) else {
                break;
            };
            kept += judged.kept;
            without_run += judged.without_run();
            observer.on(&Event::SubmissionDone {
                entry: i,
                report: &judged.report,
            });
            report.submissions.push(judged.report);
        }
        report.stopped_by = self.plan.interrupt.received();
        report.interrupted = report.stopped_by.is_some();
        report.resumed = options.earlier.map(|e| Resumed {
            from: e.from.clone(),
            kept,
            judged: report
                .submissions
                .iter()
                .map(|s| s.cases.len())
                .sum::<usize>()
                - kept,
            without_run,
        });
        Ok(report)
    }

    /// One entry over this session's cases (none: nothing to prepare);
    /// `None` when the judge was asked to stop while it compiled.
    fn judge_entry(
        &self,
        (i, entry): (usize, &Entry),
        earlier: Option<&Earlier>,
        observer: &mut dyn Observer,
    ) -> Option<Judged> {
        let mut head = SubmissionReport::new(entry.name());
        head.judged = what_is_judged(entry);
        if self.cases.is_empty() {
            return Some(Judged::new(head));
        }
        match entry.program() {
            Some(sub) => {
                head.fingerprint = fingerprint::of_submission(sub, self.base, self.tools);
                head.build = sub.source.as_deref().and_then(|s| build_of(s, self.tools));
                let kept = earlier.zip(head.fingerprint.as_deref());
                let kept = kept.and_then(|(e, f)| e.of(&sub.name, f));
                let left = (self.cases.iter())
                    .filter(|c| kept.is_none_or(|k| kept_result(k, c).is_none()))
                    .count();
                observer.on(&Event::SubmissionStarted {
                    entry: i,
                    head: &head,
                    to_judge: left,
                });
                self.judge_submission((i, sub), head, kept, observer)
            }
            None => {
                observer.on(&Event::SubmissionStarted {
                    entry: i,
                    head: &head,
                    to_judge: self.cases.len(),
                });
                let Entry::Absent(who) = entry else {
                    unreachable!("an entry without a program is an absent contestant")
                };
                Some(Judged::new(self.absent(who, observer)))
            }
        }
    }

    /// Grades submission `i` over the cases of which no result is `kept`,
    /// preparing it first, telling the observer of each case as it is
    /// done; every case's result, kept or judged, in order. `None` when
    /// the judge was asked to stop while it compiled.
    fn judge_submission(
        &self,
        (i, sub): (usize, &Submission),
        head: SubmissionReport,
        kept: Option<&SubmissionReport>,
        observer: &mut dyn Observer,
    ) -> Option<Judged> {
        let kept_of = |c: &CaseFile| kept.and_then(|k| kept_result(k, c));
        let left: Vec<CaseFile> = (self.cases.iter())
            .filter(|c| kept_of(c).is_none())
            .cloned()
            .collect();
        let mut judged = match (left.is_empty(), kept) {
            (true, Some(k)) => {
                let mut all_kept = SubmissionReport {
                    compile_error: k.compile_error.clone(),
                    no_source: k.no_source,
                    ..head
                };
                all_kept.judged.status = k.judged.status;
                all_kept
            }
            _ => match self.run_submission((i, sub), &left, observer)? {
                Ran::Results(results) => SubmissionReport {
                    cases: results,
                    ..head
                },
                // It does not compile now: every case is CE, kept or not.
                Ran::CompileError(report) => {
                    let status = report.judged.status;
                    let mut report = SubmissionReport {
                        build: head.build,
                        fingerprint: head.fingerprint,
                        judged: head.judged,
                        ..*report
                    };
                    report.judged.status = status;
                    return Some(Judged::new(report));
                }
            },
        };
        let mut ran = std::mem::take(&mut judged.cases).into_iter().peekable();
        let mut count = 0;
        for case in self.cases {
            if let Some(k) = kept_of(case) {
                judged.push(k.clone());
                count += 1;
            } else if let Some(r) = ran.next_if(|r| r.suite == case.suite && r.name == case.name) {
                judged.push(r);
            }
        }
        if judged.not_judged > 0 && judged.not_judged == judged.cases.len() {
            judged.judged.status = Status::NotJudged;
        }
        Some(Judged {
            report: judged,
            kept: count,
        })
    }
}

/// What a report says was judged for `entry`: the source (as found in the
/// contest folder, or as given) and its layout, and where CCF's collection
/// would not have taken it.
fn what_is_judged(entry: &Entry) -> status::Judged {
    match entry {
        Entry::Contestant(found) => status::Judged {
            source: Some(found.seen.clone()),
            layout: Some(found.layout.to_string()),
            outside_ccf: found.outside_ccf.clone(),
            ..status::Judged::default()
        },
        Entry::Program(sub) => status::Judged {
            source: (sub.source.as_ref()).map(|s| s.display().to_string()),
            ..status::Judged::default()
        },
        Entry::Absent(_) => status::Judged::default(),
    }
}

/// An entry's report and how many of its results were kept.
struct Judged {
    report: SubmissionReport,
    kept: usize,
}

impl Judged {
    fn new(report: SubmissionReport) -> Judged {
        Judged { report, kept: 0 }
    }

    /// How many of its results not kept were given without a run (no
    /// source, a compile error, a program the judge could not prepare).
    fn without_run(&self) -> usize {
        let fresh = self.report.cases.len() - self.kept;
        match self.report.compile_error {
            Some(_) => fresh,
            None => (self.report.cases.iter())
                .filter(|c| c.verdict == Verdict::JudgeError && c.cpu_ms == 0 && c.wall_ms == 0)
                .count()
                .min(fresh),
        }
    }
}

mod prepare;

use prepare::Ran;

#[cfg(test)]
mod tests;
