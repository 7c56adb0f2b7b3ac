//! Every exit code of the `mayan` binary, named once.
//!
//! | code | meaning |
//! | --- | --- |
//! | 0 | success: every case accepted (`judge`), no failure found (`stress`), no error in the data (`validate`) |
//! | 1 | a case not accepted (`judge`), a failing case found (`stress`), an error in the data (`validate`) |
//! | 2 | usage, configuration or harness error (the message names the file and line) |
//! | 130, 143 | stopped by SIGINT (Ctrl-C) or SIGTERM |
//! | 141 | the reader of standard output went away (`mayan ... \| head`), as a program killed by SIGPIPE |
//!
//! `mayan check` speaks each judge's own codes instead, defined beside each
//! protocol in `check::protocol`: plain 0 AC, 1 WA, 2 PE, 3 FAIL; testlib the
//! same; kattis 42 accepted, 43 rejected, 1 judge error (and
//! `validate --kattis` 42 valid, 43 invalid); lemon and cms 0, or 1 on a
//! judge fault.

/// Everything accepted, nothing found wrong.
pub const SUCCESS: u8 = 0;
/// A case not accepted, a failing case found, or an error in the data.
pub const REJECTED: u8 = 1;
/// A usage, configuration or harness error.
pub const ERROR: u8 = 2;
/// Stopped by SIGINT (128 + 2).
pub const INTERRUPTED: u8 = 130;
/// Stopped by SIGTERM (128 + 15).
pub const TERMINATED: u8 = 143;
/// Standard output was closed by its reader (128 + SIGPIPE).
pub const BROKEN_PIPE: u8 = 141;

/// The text `--help` shows under every command.
pub const HELP: &str = "\
Exit codes: 0 success (all accepted; no failure found; no error in the data),
1 a case not accepted, a failing case found or an error in the data,
2 usage, configuration or harness error, 130/143 interrupted (SIGINT/SIGTERM),
141 standard output closed by its reader. `mayan check` uses its protocol's
codes: plain and testlib 0 AC, 1 WA, 2 PE, 3 FAIL; kattis 42/43, 1 judge error.";

/// The code of a run stopped by `signal`: 128 plus its number, as a shell
/// reports a program it killed.
pub fn for_signal(signal: i32) -> u8 {
    (128 + signal).clamp(0, 255) as u8
}

/// SUCCESS when `ok`, else REJECTED.
pub fn accepted_or_rejected(ok: bool) -> u8 {
    if ok { SUCCESS } else { REJECTED }
}
