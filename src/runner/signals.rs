//! SIGINT and SIGTERM while the judge runs: the first one is only recorded,
//! so that the runs in flight are stopped (the watchdog kills them), no new
//! case starts, the run's cgroups and folders are removed and the reports of
//! the cases that finished are written; a second one ends the judge at once
//! (the handler is reset after the first).

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal received, 0 for none.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

extern "C" fn record(signal: libc::c_int) {
    // Only an atomic store: async-signal-safe.
    RECEIVED.store(signal, Ordering::SeqCst);
}

/// Records the first SIGINT or SIGTERM instead of dying of it.
pub fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: sigaction is plain data; the handler only stores to an
        // atomic, and SA_RESETHAND restores the default after one signal.
        unsafe {
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
