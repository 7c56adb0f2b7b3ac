//! The terminal the judge writes to: how wide it is.

/// How wide the terminal is, in columns: standard output's, else `COLUMNS`,
/// else 100.
pub fn columns() -> usize {
    // SAFETY: winsize is plain data; TIOCGWINSZ fills it or fails.
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: a pointer to a local of the size the request expects.
    let r = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
    if r == 0 && size.ws_col > 0 {
        return usize::from(size.ws_col);
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .filter(|&c| c > 0)
        .unwrap_or(100)
}
