//! What a run shows on the terminal as it goes (standard error): the lines
//! the run says (what was found, the conditions, how it ended), and its
//! progress: for a few submissions, a bar per submission on a terminal or a
//! line per case otherwise; at a contest's size (`Display::brief`), one bar
//! over the submissions and a line per submission as it finishes (its
//! score and what failed: `brief`). Nothing but warnings when quiet.
//! Contestants' bytes are shown through `visible`, so they cannot drive the
//! terminal.

use std::io::{IsTerminal, Write};

use super::Display;
use crate::judge::event::{Event, Observer, Tone};
use crate::judge::report::brief::brief;
use crate::text::visible;

/// The terminal's reporter.
pub struct Terminal {
    display: Display,
    /// A line per submission rather than per case (set when the run starts).
    brief: bool,
    /// Whether to draw bars (on a terminal) rather than lines.
    bars: bool,
    bar: Option<indicatif::ProgressBar>,
    out: Box<dyn Write + Send>,
}

impl Terminal {
    /// On standard error, with bars when it is a terminal.
    pub fn stderr(display: Display) -> Terminal {
        Terminal {
            bars: std::io::stderr().is_terminal(),
            ..Terminal::to(Box::new(std::io::stderr()), display)
        }
    }

    /// To `out`, in lines (no bar).
    pub fn to(out: Box<dyn Write + Send>, display: Display) -> Terminal {
        Terminal {
            display,
            brief: false,
            bars: false,
            bar: None,
            out,
        }
    }

    /// Writes `text` as it is, above the bar when there is one. What cannot
    /// be written to the terminal is not a report lost: it is let go.
    fn say(&mut self, text: &str) {
        let out = &mut self.out;
        match &self.bar {
            Some(bar) => bar.suspend(|| {
                let _ = out.write_all(text.as_bytes());
            }),
            None => {
                let _ = out.write_all(text.as_bytes());
            }
        }
    }

    /// A bar of `len` steps named `prefix`, when bars are drawn.
    fn start_bar(&mut self, prefix: &str, len: usize) {
        if !self.bars || self.display.quiet {
            return;
        }
        let bar = indicatif::ProgressBar::new(len as u64);
        let style =
            indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        bar.set_style(style.progress_chars("=> "));
        bar.set_prefix(visible(prefix));
        self.bar = Some(bar);
    }

    fn end_bar(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }

    fn case_done(&mut self, name: &str, c: &crate::judge::result::CaseResult) {
        let line = visible(&format!(
            "{}/{}: {} ({} ms)",
            c.suite, c.name, c.verdict, c.cpu_ms
        ));
        match &self.bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(line);
            }
            None => self.say(&format!("[{}] {line}\n", visible(name))),
        }
    }
}

impl Observer for Terminal {
    fn on(&mut self, event: &Event<'_>) {
        let quiet = self.display.quiet;
        match *event {
            Event::Said(Tone::Info, _) if quiet => {}
            Event::Said(_, text) => self.say(text),
            Event::Started { entries, .. } => {
                self.brief = self.display.brief(entries);
                if self.brief {
                    self.start_bar("judged", entries);
                }
            }
            Event::SubmissionStarted { head, to_judge, .. } if !self.brief => {
                self.start_bar(&head.name, to_judge)
            }
            Event::Note { name, text } if !quiet && !self.brief => {
                let line = format!("[{}] {}\n", visible(name), visible(text));
                self.say(&line);
            }
            Event::CaseDone { name, case, .. } if !quiet && !self.brief => {
                self.case_done(name, case)
            }
            Event::SubmissionDone { report, .. } if self.brief => {
                if !quiet {
                    self.say(&format!("{}\n", brief(report)));
                }
                if let Some(bar) = &self.bar {
                    bar.inc(1);
                }
            }
            Event::SubmissionDone { .. } => self.end_bar(),
            Event::Finished(_) => self.end_bar(),
            _ => {}
        }
    }
}
