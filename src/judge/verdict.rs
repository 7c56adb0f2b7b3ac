//! The verdict of one case: one small pure function from what was observed to
//! the verdict, with a fixed precedence:
//!
//! 1. judge error (the checker FAILed: never the contestant's fault; a run
//!    that could not be made at all is a judge error before anything is
//!    observed, see `judge::grade`),
//! 2. TLE (CPU time over the limit, or stopped at the wall-clock limit),
//! 3. MLE (peak memory over the limit),
//! 4. OLE (output over the limit, or too much written to the working folder),
//! 5. RE (killed by a signal, or a non-zero exit code),
//! 6. the checker's verdict (AC, WA, PE).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::check::CheckVerdict;
use crate::runner::{Exit, Limits, RunOutcome, Stop, signal_name};

/// A case's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    AC,
    WA,
    PE,
    TLE,
    MLE,
    OLE,
    RE,
    CE,
    /// The judge, not the contestant, is at fault.
    #[serde(rename = "JE")]
    JudgeError,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::PE => "PE",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::RE => "RE",
            Verdict::CE => "CE",
            Verdict::JudgeError => "JE",
        };
        f.write_str(text)
    }
}

/// Everything observed of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observed {
    /// The run.
    pub run: RunOutcome,
    /// Bytes the program wrote (its answer file or standard output).
    pub output_bytes: u64,
    /// The checker's verdict and message, when the output was checked.
    pub checker: Option<(CheckVerdict, String)>,
}

/// The verdict and the message that goes with it.
pub fn decide(observed: &Observed, limits: &Limits) -> (Verdict, String) {
    if let Some((CheckVerdict::Fail, message)) = &observed.checker {
        return (Verdict::JudgeError, format!("checker: {message}"));
    }
    if let Some((verdict, why)) = over_a_limit(observed, limits) {
        return (
            verdict,
            format!("{why}{}", refused_forks(&observed.run, limits)),
        );
    }
    if let Some(crashed) = crashed(&observed.run, limits) {
        return crashed;
    }
    match &observed.checker {
        Some((v, message)) => {
            let verdict = match v {
                CheckVerdict::Accepted => Verdict::AC,
                CheckVerdict::WrongAnswer => Verdict::WA,
                CheckVerdict::PresentationError => Verdict::PE,
                CheckVerdict::Fail => Verdict::JudgeError,
            };
            (verdict, message.clone())
        }
        None => (
            Verdict::JudgeError,
            "the output was not checked".to_string(),
        ),
    }
}

/// TLE, MLE or OLE, in that order, when a limit was passed.
fn over_a_limit(observed: &Observed, limits: &Limits) -> Option<(Verdict, String)> {
    let run = &observed.run;
    let ms = |d: std::time::Duration| d.as_millis();
    Some(
        if run.cpu > limits.cpu || run.stopped == Some(Stop::CpuTime) {
            (Verdict::TLE, format!("CPU time over {} ms", ms(limits.cpu)))
        } else if run.stopped == Some(Stop::WallTime) {
            (Verdict::TLE, stopped_at_the_wall(run, limits))
        } else if run.stopped == Some(Stop::Memory) || run.peak_memory_kib * 1024 > limits.memory {
            (
                Verdict::MLE,
                format!("memory over {} KiB", limits.memory / 1024),
            )
        } else if run.stopped == Some(Stop::Disk) {
            let why = format!(
                "wrote over {} bytes, or over {} files, to its working folder (or made a \
                 folder there that the judge cannot look into)",
                limits.output,
                crate::runner::MAX_FOLDER_ENTRIES
            );
            (Verdict::OLE, why)
        } else if observed.output_bytes > limits.output || run.exit == Exit::Signal(libc::SIGXFSZ) {
            (Verdict::OLE, format!("output over {} bytes", limits.output))
        } else {
            return None;
        },
    )
}

/// True when a run stopped at the wall clock had used under half its CPU
/// limit by then: it sat idle most of the time, sleeping or waiting (why
/// half: see `judge::program`, which judges only the others again).
pub fn sat_idle(cpu: std::time::Duration, limits: &Limits) -> bool {
    cpu * 2 < limits.cpu
}

/// Why a run stopped at the wall clock is TLE: the CPU time it used of its
/// limit meanwhile, and, when that is under half, that it sat idle.
fn stopped_at_the_wall(run: &RunOutcome, limits: &Limits) -> String {
    let ms = |d: std::time::Duration| d.as_millis();
    let why = format!(
        "stopped at the wall-clock limit of {} ms having used {} ms of its {} ms of CPU time",
        ms(limits.wall),
        ms(run.cpu),
        ms(limits.cpu)
    );
    match sat_idle(run.cpu, limits) {
        true => format!("{why}: idle, it slept or waited"),
        false => why,
    }
}

/// A note for a run that met the process limit (a fork bomb, say), else
/// nothing.
fn refused_forks(run: &RunOutcome, limits: &Limits) -> String {
    if run.process_limit_hit {
        format!(
            " (a process or thread was refused at the limit of {})",
            limits.processes
        )
    } else {
        String::new()
    }
}

/// RE when the run was killed by a signal or exited with a code other than 0.
fn crashed(run: &RunOutcome, limits: &Limits) -> Option<(Verdict, String)> {
    let forks = refused_forks(run, limits);
    match run.exit {
        Exit::Signal(s) => Some((Verdict::RE, format!("killed by {}{forks}", signal_name(s)))),
        Exit::Code(c) if c != 0 => Some((Verdict::RE, format!("exit code {c}{forks}"))),
        Exit::Code(_) => None,
    }
}

#[cfg(test)]
mod tests;
