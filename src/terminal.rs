//! The terminal the reports are printed on: how wide it is. Not how text is
//! measured or escaped for it (`text`), nor the progress bar (`cli`).

/// How wide the terminal is, in columns: standard output's, else `COLUMNS`,
/// else 100.
pub fn columns() -> usize {
    let terminal = console::Term::stdout().size_checked();
    columns_of(
        terminal.map(|(_rows, columns)| columns),
        std::env::var("COLUMNS").ok().as_deref(),
    )
}

/// The width in use, given what the terminal says (`None` when standard
/// output is not a terminal, or one that does not know its size) and the
/// `COLUMNS` variable.
fn columns_of(terminal: Option<u16>, variable: Option<&str>) -> usize {
    match terminal {
        Some(columns) if columns > 0 => usize::from(columns),
        _ => (variable.and_then(|c| c.parse().ok()))
            .filter(|&c| c > 0)
            .unwrap_or(100),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_then_columns_then_100() {
        assert_eq!(columns_of(Some(132), Some("80")), 132);
        assert_eq!(columns_of(None, Some("80")), 80);
        assert_eq!(columns_of(None, Some("wide")), 100);
        assert_eq!(columns_of(None, Some("0")), 100);
        assert_eq!(columns_of(None, None), 100);
    }
}
