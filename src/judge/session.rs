//! The judging run: the cases of the suites found, each entry prepared
//! (compiled) and graded over every case, the results gathered into a
//! [`RunReport`]. What it does it tells an [`Observer`] as events
//! (`judge::event`); the judging run (`judge::run`) drives it, and tests
//! drive it with a fake runner. Not responsible for what is judged (the
//! entries and cases are given) nor for any report.

use std::path::{Path, PathBuf};

use super::compile::{PrepareError, Prepared, Toolchain, build_of, prepare};
use super::contestants::Missing;
use super::event::{Event, Observer};
use super::fingerprint;
use super::partition::Partition;
use super::plan::Plan;
use super::program::grade_program;
use super::report::{CaseId, Resumed, RunReport, SubmissionReport};
use super::result::{CaseResult, all_cases};
use super::resume::{Earlier, kept_result};
use super::submission::{Entry, stage_command};
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
}

/// The cases of a configuration's suites, and findings about stray files;
/// an error when the data has a fault (checked once, before anything runs,
/// under the configured dialect): a suite that is no folder, has no case or
/// holds what cannot be a case (see [`collect_inputs`]), a case or answer
/// file that cannot be read or that the solver contradicts, points that add
/// up past what a score holds.
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
    if cases.is_empty() {
        return Err(SessionError::NoCases);
    }
    // What cannot be a case (a folder that cannot be walked, an empty
    // suite, a case's name that cannot be shown) is a fault of the data.
    let (faults, strays): (Vec<Finding>, Vec<Finding>) =
        (findings.into_iter()).partition(|f| f.severity == Severity::Error);
    if !faults.is_empty() {
        let faults = faults.into_iter().map(|f| DataFault {
            path: f.path,
            why: f.message,
        });
        return Err(SessionError::BadData(faults.collect()));
    }
    let total: u64 = cases.iter().map(|c| u64::from(c.points)).sum();
    if total > u64::from(u32::MAX) {
        return Err(SessionError::PointsOverflow(total));
    }
    let faults = check_data(&cases, config.rules, &mut Solver::new());
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
        if self.cases.is_empty() {
            return Some(Judged::new(head));
        }
        match entry {
            Entry::Program(sub) => {
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
            Entry::Absent(who) => {
                observer.on(&Event::SubmissionStarted {
                    entry: i,
                    head: &head,
                    to_judge: self.cases.len(),
                });
                Some(Judged::new(self.absent(who, observer)))
            }
        }
    }

    /// A contestant with no source to judge: CE, or a judge error when the
    /// judge could not look.
    fn absent(&self, who: &Missing, observer: &mut dyn Observer) -> SubmissionReport {
        if who.judge_fault {
            let text = format!("judge error: {}", who.why);
            observer.on(&Event::Note {
                name: &who.name,
                text: &text,
            });
            return self.not_judged(&who.name, Verdict::JudgeError, &who.why);
        }
        observer.on(&Event::Note {
            name: &who.name,
            text: &who.why,
        });
        let mut r = self.not_judged(&who.name, Verdict::CE, "no source to compile");
        r.compile_error = Some(who.why.clone());
        r.no_source = true;
        r
    }

    /// The same verdict on every case, nothing run.
    fn not_judged(&self, name: &str, verdict: Verdict, why: &str) -> SubmissionReport {
        let mut r = SubmissionReport::new(name);
        all_cases(self.cases, verdict, why)
            .into_iter()
            .for_each(|c| r.push(c));
        r
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
            (true, Some(k)) => SubmissionReport {
                compile_error: k.compile_error.clone(),
                no_source: k.no_source,
                ..head
            },
            _ => match self.run_submission((i, sub), &left, observer)? {
                Ran::Results(results) => SubmissionReport {
                    cases: results,
                    ..head
                },
                // It does not compile now: every case is CE, kept or not.
                Ran::CompileError(report) => {
                    let build = head.build;
                    let fingerprint = head.fingerprint;
                    return Some(Judged::new(SubmissionReport {
                        build,
                        fingerprint,
                        ..report
                    }));
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
        Some(Judged {
            report: judged,
            kept: count,
        })
    }

    /// Prepares one submission and grades it over `cases`; `None` when the
    /// judge was asked to stop while it compiled.
    fn run_submission(
        &self,
        (i, sub): (usize, &Submission),
        cases: &[CaseFile],
        observer: &mut dyn Observer,
    ) -> Option<Ran> {
        let build = match crate::runner::scratch_dir("mayan-build-") {
            Ok(dir) => dir,
            Err(e) => {
                let why = format!("temporary folder: {e}");
                return Some(Ran::Results(all_cases(cases, Verdict::JudgeError, &why)));
            }
        };
        let prepared = self.prepare(sub, build.path());
        if self.plan.interrupt.received().is_some() {
            return None;
        }
        let argv = match prepared {
            Ok(Prepared::Ready(argv)) => argv,
            Ok(Prepared::CompileError(message)) => {
                observer.on(&Event::Note {
                    name: &sub.name,
                    text: "compilation failed",
                });
                let mut r = self.not_judged(&sub.name, Verdict::CE, "compilation failed");
                r.compile_error = Some(message);
                return Some(Ran::CompileError(r));
            }
            Err(why) => {
                let why = why.to_string();
                let text = format!("judge error: {why}");
                observer.on(&Event::Note {
                    name: &sub.name,
                    text: &text,
                });
                return Some(Ran::Results(all_cases(cases, Verdict::JudgeError, &why)));
            }
        };
        // The runs may read what was staged for them: the source, the
        // program, and the files beside the user's own script.
        let plan = Plan {
            readable: vec![build.path().to_path_buf()],
            ..self.plan.clone()
        };
        let results = grade_program(self.runner, &argv, cases, &plan, &mut |c| {
            observer.on(&Event::CaseDone {
                entry: i,
                name: &sub.name,
                case: c,
            });
        });
        Some(Ran::Results(results))
    }

    /// The command of a submission: as configured, or its source compiled.
    fn prepare(&self, sub: &Submission, build: &Path) -> Result<Prepared, PrepareError> {
        match (&sub.command, &sub.source) {
            (Some(command), _) => stage_command(command, self.base, build)
                .map(Prepared::Ready)
                .map_err(PrepareError::Stage),
            (None, Some(source)) => prepare((source, sub.origin), build, self.runner, self.tools),
            (None, None) => Err(PrepareError::NoProgram),
        }
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

/// What preparing and running a submission gave.
enum Ran {
    /// The results of the cases run, in order (fewer when stopped); a judge
    /// error on each when the judge could not prepare it.
    Results(Vec<CaseResult>),
    /// It did not compile: CE on every case of the share.
    CompileError(SubmissionReport),
}

#[cfg(test)]
mod tests;
