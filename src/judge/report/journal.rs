//! The journal of a run (`FILE.journal` beside `--json FILE`): what the run
//! has judged, kept on disk as it goes, one JSON line at a time, so that a
//! run stopped in any way (Ctrl-C, a crash, the power) loses at most the
//! case it was judging, and the cost of keeping it is the size of the
//! results, written once.
//!
//! The lines, each a JSON object of one key:
//! - `run`: the run's report with no submissions (its conditions, cases and
//!   their hashes), always the first line;
//! - `carried`: a submission's results kept from an earlier run, as they
//!   stand (a resumed run writes them first, so that they survive it);
//! - `begin`: entry `entry` of this run starts (name, fingerprint, build);
//! - `case`: a result of entry `entry`;
//! - `end`: entry `entry` is done (its compiler message, if any).
//!
//! The full report is written at the end of a run and the journal removed;
//! a journal left behind belongs to a run that did not finish, and only
//! `--resume` reads it (`judge::resume`). A last line cut short by a crash
//! is ignored; any other line that cannot be read is an error naming it.

use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{RunReport, SubmissionReport};
use crate::judge::compile::Build;
use crate::judge::result::CaseResult;

/// The journal beside the JSON report `json`.
pub fn journal_path(json: &Path) -> PathBuf {
    let mut path = json.as_os_str().to_owned();
    path.push(".journal");
    PathBuf::from(path)
}

/// The largest journal read back (as the largest report `merge` reads).
const MAX_BYTES: u64 = 256 << 20;

/// How often the journal is forced to the disk: a result is in the
/// system's cache as soon as it is judged, on the disk within this.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// One line of the journal.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Line {
    Run(Box<RunReport>),
    Carried(Box<SubmissionReport>),
    Begin { entry: usize, meta: Meta },
    Case { entry: usize, case: Box<CaseResult> },
    End { entry: usize, meta: Meta },
}

/// A submission's report without its cases.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Meta {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    compile_error: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    no_source: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    build: Option<Build>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fingerprint: Option<String>,
    #[serde(flatten)]
    judged: super::status::Judged,
}

impl Meta {
    fn of(sub: &SubmissionReport) -> Meta {
        Meta {
            name: sub.name.clone(),
            compile_error: sub.compile_error.clone(),
            no_source: sub.no_source,
            build: sub.build.clone(),
            fingerprint: sub.fingerprint.clone(),
            judged: sub.judged.clone(),
        }
    }

    /// Sets what `sub` says besides its cases.
    fn set(self, sub: &mut SubmissionReport) {
        sub.name = self.name;
        sub.compile_error = self.compile_error;
        sub.no_source = self.no_source;
        sub.build = self.build;
        sub.fingerprint = self.fingerprint;
        sub.judged = self.judged;
    }
}

/// A journal being written.
pub struct Journal {
    path: PathBuf,
    file: File,
    synced: Instant,
    /// The cases of the current entry already written, by suite and name.
    written: Vec<(String, String)>,
}

impl Journal {
    /// Starts the journal at `path`: the run's header, then the results
    /// `carried` from an earlier run, written to a new file beside it
    /// (`reporters::fresh_beside`), forced to the disk and renamed over
    /// `path`, so that an earlier journal is replaced whole only once its
    /// results are safe in the new one, and a file there (or any other
    /// name of it, a hard link) is never written into.
    pub fn create(
        path: &Path,
        header: &RunReport,
        carried: &[SubmissionReport],
    ) -> std::io::Result<Journal> {
        let (tmp, file) = super::reporters::fresh_beside(path)?;
        let started = Journal::start(path, file, header, carried)
            .and_then(|journal| std::fs::rename(&tmp, path).map(|()| journal));
        if started.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        started
    }

    /// The journal `path`, in `file`: its header and carried results.
    fn start(
        path: &Path,
        file: File,
        header: &RunReport,
        carried: &[SubmissionReport],
    ) -> std::io::Result<Journal> {
        let mut journal = Journal {
            path: path.to_path_buf(),
            file,
            synced: Instant::now(),
            written: Vec::new(),
        };
        let header = RunReport {
            submissions: Vec::new(),
            ..header.clone()
        };
        journal.line(&Line::Run(Box::new(header)))?;
        for sub in carried {
            journal.line(&Line::Carried(Box::new(sub.clone())))?;
        }
        journal.file.sync_data()?;
        Ok(journal)
    }

    /// Entry `entry` starts.
    pub fn begin(&mut self, entry: usize, sub: &SubmissionReport) -> std::io::Result<()> {
        self.written.clear();
        let meta = Meta::of(sub);
        self.line(&Line::Begin { entry, meta })
    }

    /// A result of entry `entry`, judged now.
    pub fn case(&mut self, entry: usize, case: &CaseResult) -> std::io::Result<()> {
        self.written.push((case.suite.clone(), case.name.clone()));
        let case = Box::new(case.clone());
        self.line(&Line::Case { entry, case })
    }

    /// Entry `entry` is done: the results not written yet (kept from an
    /// earlier run, or given without a run: a compile error), then its end.
    pub fn end(&mut self, entry: usize, sub: &SubmissionReport) -> std::io::Result<()> {
        let written = std::mem::take(&mut self.written);
        for case in &sub.cases {
            if !written
                .iter()
                .any(|(s, n)| *s == case.suite && *n == case.name)
            {
                self.case(entry, case)?;
            }
        }
        self.written.clear();
        self.line(&Line::End {
            entry,
            meta: Meta::of(sub),
        })
    }

    /// The run is over and its full report written: the journal goes.
    pub fn remove(self) -> std::io::Result<()> {
        std::fs::remove_file(&self.path)
    }

    /// Writes one line in one call, and forces the file to the disk when
    /// the last time was long enough ago.
    fn line(&mut self, line: &Line) -> std::io::Result<()> {
        let mut bytes = serde_json::to_vec(line).map_err(std::io::Error::other)?;
        bytes.push(b'\n');
        self.file.write_all(&bytes)?;
        if self.synced.elapsed() >= SYNC_EVERY {
            self.file.sync_data()?;
            self.synced = Instant::now();
        }
        Ok(())
    }
}

/// A journal read back.
#[derive(Debug)]
pub struct Read {
    /// The run's header (no submissions).
    pub header: RunReport,
    /// What it carried from earlier runs.
    pub carried: Vec<SubmissionReport>,
    /// Its own entries, by number; an entry never begun is absent.
    pub entries: Vec<Option<SubmissionReport>>,
}

/// A journal that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error("{}: cannot read: {why}", path.display())]
    Io { path: PathBuf, why: String },
    #[error("{}: larger than {MAX_BYTES} bytes; is it the journal of `mayan judge --json`?", path.display())]
    TooLarge { path: PathBuf },
    #[error("{}:{line}: not a line of a journal of `mayan judge --json`: {why}", path.display())]
    Line {
        path: PathBuf,
        line: usize,
        why: String,
    },
}

/// Reads the journal at `path`.
pub fn read(path: &Path) -> Result<Read, JournalError> {
    let io = |why: String| JournalError::Io {
        path: path.to_path_buf(),
        why,
    };
    let opened = crate::untrusted::open_regular(path).map_err(|r| io(format!("it {r}")))?;
    let bytes = crate::untrusted::read_bounded(opened.file, MAX_BYTES)
        .map_err(|e| io(e.to_string()))?
        .ok_or_else(|| JournalError::TooLarge {
            path: path.to_path_buf(),
        })?;
    let bad = |line: usize, why: String| JournalError::Line {
        path: path.to_path_buf(),
        line,
        why,
    };
    // A last line without its newline was cut short by a crash.
    let whole = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(end) => &bytes[..=end],
        None => &[][..],
    };
    let mut lines = whole.split_inclusive(|&b| b == b'\n').enumerate();
    let header = match lines.next() {
        Some((_, text)) => match serde_json::from_slice(text) {
            Ok(Line::Run(header)) => *header,
            Ok(_) => return Err(bad(1, "the first line is not the run's".into())),
            Err(e) => return Err(bad(1, e.to_string())),
        },
        None => return Err(bad(1, "empty: the run stopped before it began".into())),
    };
    let mut read = Read {
        header,
        carried: Vec::new(),
        entries: Vec::new(),
    };
    for (i, text) in lines {
        let line = serde_json::from_slice(text).map_err(|e| bad(i + 1, e.to_string()))?;
        read.add(line).map_err(|why| bad(i + 1, why.to_string()))?;
    }
    Ok(read)
}

/// The most entries a journal may number: far more than any contest.
const MAX_ENTRIES: usize = 1 << 20;

/// A line that reads, but not where it stands: said after the line's
/// number in [`JournalError::Line`].
#[derive(Debug, thiserror::Error)]
enum Misplaced {
    #[error("a second run line")]
    SecondRun,
    #[error("a result of entry {0}, which has not begun")]
    NotBegun(usize),
    #[error("entry {0} is out of range")]
    OutOfRange(usize),
}

impl Read {
    fn add(&mut self, line: Line) -> Result<(), Misplaced> {
        match line {
            Line::Run(_) => return Err(Misplaced::SecondRun),
            Line::Carried(sub) => self.carried.push(*sub),
            Line::Begin { entry, meta } | Line::End { entry, meta } => {
                let slot = self.slot(entry)?;
                let sub = slot.get_or_insert_with(|| SubmissionReport::new(&meta.name));
                meta.set(sub);
            }
            Line::Case { entry, case } => match self.slot(entry)? {
                Some(sub) => sub.push(*case),
                None => return Err(Misplaced::NotBegun(entry)),
            },
        }
        Ok(())
    }

    fn slot(&mut self, entry: usize) -> Result<&mut Option<SubmissionReport>, Misplaced> {
        if entry >= MAX_ENTRIES {
            return Err(Misplaced::OutOfRange(entry));
        }
        if self.entries.len() <= entry {
            self.entries.resize(entry + 1, None);
        }
        Ok(&mut self.entries[entry])
    }
}

#[cfg(test)]
mod tests;
