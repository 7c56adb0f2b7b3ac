//! SIGINT, SIGTERM and SIGHUP while the judge runs: the first one is only recorded,
//! so that the runs in flight are stopped (the watchdog kills them), no new
//! case starts, the run's cgroups and folders are removed and the reports of
//! the cases that finished are written; a second one ends the judge at once
//! (the handler is reset after the first).
//!
//! A run can also be stopped from inside the process ([`Interrupt`]): a
//! test or a bench stopping a run halfway, as a signal would, without
//! touching the process's own state that other runs share.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal received, 0 for none.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

extern "C" fn record(signal: libc::c_int) {
    // Only an atomic store: async-signal-safe.
    RECEIVED.store(signal, Ordering::SeqCst);
}

/// Records the first SIGINT or SIGTERM instead of dying of it, and SIGHUP
/// (the terminal closed, the ssh session dropped) unless it is ignored
/// (`nohup`, which asks the judge to go on).
pub fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: sigaction is plain data; the handler only stores to an
        // atomic, and SA_RESETHAND restores the default after one signal.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(signal, std::ptr::null(), &mut old);
            if signal == libc::SIGHUP && old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = record as extern "C" fn(libc::c_int) as usize;
            action.sa_flags = libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal that asked the judge to stop, if one did.
pub fn received() -> Option<i32> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// As if `signal` had been received (for tests).
pub fn pretend(signal: i32) {
    RECEIVED.store(signal, Ordering::SeqCst);
}

/// How one judging run learns it should stop: a signal the process
/// received, or a stop raised on this handle (or a clone of it) by the
/// code that drives the run.
#[derive(Debug, Clone, Default)]
pub struct Interrupt(std::sync::Arc<AtomicI32>);

impl Interrupt {
    /// A handle no one has raised yet.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Stops the run as `signal` would (no new case starts; the reports
    /// hold what finished), without sending any.
    pub fn raise(&self, signal: i32) {
        self.0.store(signal, Ordering::SeqCst);
    }

    /// The signal that stopped the run, if any: the process's, else one
    /// raised on this handle.
    pub fn received(&self) -> Option<i32> {
        received().or(match self.0.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_interrupt_is_seen_by_its_clones_only() {
        let run = Interrupt::new();
        let other = Interrupt::new();
        let clone = run.clone();
        assert_eq!(run.received(), received());
        clone.raise(libc::SIGTERM);
        assert_eq!(run.received(), Some(libc::SIGTERM));
        assert_eq!(other.received(), received());
    }
}
