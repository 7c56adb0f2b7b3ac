//! What a run shows on the terminal as it goes (standard error): the lines
//! the run says (what was found, the conditions, how it ended), and its
//! progress, a bar per submission on a terminal or a line per case
//! otherwise; nothing but warnings when quiet. Contestants' bytes are shown
//! through `visible`, so they cannot drive the terminal.

use std::io::{IsTerminal, Write};

use crate::judge::event::{Event, Observer, Tone};
use crate::text::visible;

/// The terminal's reporter.
pub struct Terminal {
    quiet: bool,
    /// Whether to draw a bar (on a terminal) rather than a line per case.
    bars: bool,
    bar: Option<indicatif::ProgressBar>,
    out: Box<dyn Write + Send>,
}

impl Terminal {
    /// On standard error, with a bar when it is a terminal.
    pub fn stderr(quiet: bool) -> Terminal {
        Terminal {
            quiet,
            bars: std::io::stderr().is_terminal(),
            bar: None,
            out: Box::new(std::io::stderr()),
        }
    }

    /// To `out`, a line per case (no bar).
    pub fn to(out: Box<dyn Write + Send>, quiet: bool) -> Terminal {
        Terminal {
            quiet,
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

    fn start_bar(&mut self, name: &str, cases: usize) {
        if !self.bars || self.quiet {
            return;
        }
        let bar = indicatif::ProgressBar::new(cases as u64);
        let style =
            indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        bar.set_style(style.progress_chars("=> "));
        bar.set_prefix(visible(name));
        self.bar = Some(bar);
    }
}

impl Observer for Terminal {
    fn on(&mut self, event: &Event<'_>) {
        match *event {
            Event::Said(Tone::Info, _) if self.quiet => {}
            Event::Said(_, text) => self.say(text),
            Event::SubmissionStarted { head, to_judge, .. } => self.start_bar(&head.name, to_judge),
            Event::Note { name, text } if !self.quiet => {
                let line = format!("[{}] {}\n", visible(name), visible(text));
                self.say(&line);
            }
            Event::CaseDone { name, case: c, .. } if !self.quiet => {
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
            Event::SubmissionDone { .. } => {
                if let Some(bar) = self.bar.take() {
                    bar.finish_and_clear();
                }
            }
            _ => {}
        }
    }
}
