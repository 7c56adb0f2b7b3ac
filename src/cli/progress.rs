//! What `mayan judge` shows and keeps as the run goes: progress on standard
//! error (a bar on a terminal, a line per case otherwise, nothing when
//! quiet) and, with `--json FILE`, the run's journal beside it
//! (`judge::report::journal`), a line a result, so that a run stopped in
//! any way keeps what it judged. The full report is written at the end
//! (`finish`); the journal is then removed, or kept when the run was
//! stopped, for `--resume` to go on from.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::judge::report::journal::{Journal, journal_path};
use crate::judge::report::json::write_json;
use crate::judge::report::{RunReport, SubmissionReport};
use crate::judge::result::CaseResult;
use crate::judge::session::Observer;
use crate::text::visible;

/// The run's progress and its journal.
pub(super) struct Progress {
    bar: Option<indicatif::ProgressBar>,
    quiet: bool,
    /// The JSON report asked for, and the journal while the run goes.
    json: Option<PathBuf>,
    journal: Option<Journal>,
    /// Results of an earlier run to carry into the journal.
    carried: Vec<SubmissionReport>,
    /// The first journal write that failed.
    failure: Option<anyhow::Error>,
}

impl Progress {
    pub(super) fn new(
        json: Option<PathBuf>,
        quiet: bool,
        carried: Vec<SubmissionReport>,
    ) -> Progress {
        Progress {
            bar: None,
            quiet,
            json,
            journal: None,
            carried,
            failure: None,
        }
    }

    /// Writes the full report to the JSON file (when asked for) and then
    /// removes the journal, or keeps it when the run was stopped; the first
    /// journal write that failed, if one did, is the error.
    pub(super) fn finish(self, report: &RunReport) -> Result<()> {
        if let Some(path) = &self.json {
            write_json(path, report)
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
        if let Some(e) = self.failure {
            return Err(e);
        }
        match self.journal {
            Some(journal) if !report.interrupted => journal
                .remove()
                .with_context(|| "cannot remove the run's journal".to_string()),
            _ => Ok(()),
        }
    }

    /// Runs `write` on the journal, keeping the first failure.
    fn journal(&mut self, write: impl FnOnce(&mut Journal) -> std::io::Result<()>) {
        let Some(journal) = self.journal.as_mut() else {
            return;
        };
        if let Err(e) = write(journal)
            && self.failure.is_none()
        {
            let path = journal_path(self.json.as_deref().unwrap_or(Path::new("")));
            self.failure =
                Some(anyhow::Error::new(e).context(format!("{}: cannot write", path.display())));
        }
    }
}

/// A journal of an earlier run that did not finish is in the way of a new
/// run that does not go on from it (`--resume`): refused, so that nothing
/// it holds is lost.
pub(super) fn check_no_journal(json: &Path, resume: bool) -> Result<()> {
    let journal = journal_path(json);
    let found = std::fs::symlink_metadata(&journal);
    if found.as_ref().is_ok_and(|m| !m.is_file()) {
        bail!(
            "{}: not a regular file (a link, a folder, a pipe?); the run keeps its journal \
             there: remove it",
            journal.display()
        );
    }
    if !resume && found.is_ok() {
        bail!(
            "{}: an earlier run that did not finish left its journal here; add --resume to \
             keep its results and judge the rest, or remove the file to start again",
            journal.display()
        );
    }
    Ok(())
}

impl Observer for Progress {
    fn run_started(&mut self, header: &RunReport) {
        let Some(json) = &self.json else { return };
        let path = journal_path(json);
        let carried = std::mem::take(&mut self.carried);
        match Journal::create(&path, header, &carried) {
            Ok(journal) => self.journal = Some(journal),
            Err(e) => {
                let e = anyhow::Error::new(e).context(format!("{}: cannot write", path.display()));
                self.failure.get_or_insert(e);
            }
        }
    }

    fn started(&mut self, entry: usize, head: &SubmissionReport, to_judge: usize) {
        self.journal(|j| j.begin(entry, head));
        self.bar = (std::io::stderr().is_terminal() && !self.quiet).then(|| {
            let bar = indicatif::ProgressBar::new(to_judge as u64);
            let style =
                indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            bar.set_style(style.progress_chars("=> "));
            bar.set_prefix(visible(&head.name));
            bar
        });
    }

    fn note(&mut self, name: &str, text: &str) {
        if !self.quiet {
            eprintln!("[{}] {}", visible(name), visible(text));
        }
    }

    fn case_done(&mut self, entry: usize, name: &str, c: &CaseResult) {
        self.journal(|j| j.case(entry, c));
        let line = visible(&format!(
            "{}/{}: {} ({} ms)",
            c.suite, c.name, c.verdict, c.cpu_ms
        ));
        match &self.bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(line);
            }
            None if !self.quiet => eprintln!("[{}] {line}", visible(name)),
            None => {}
        }
    }

    fn finished(&mut self, entry: usize, done: &SubmissionReport) {
        self.journal(|j| j.end(entry, done));
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
