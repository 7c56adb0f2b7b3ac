//! Finding where in `judge.toml` a table or key was written, so that an
//! error found after parsing (a submission with neither command nor source,
//! say) still names its line.

/// The header of a line (`[limits]` gives `limits`, `[[suite]]` gives
/// `suite`), when it is one.
fn header(line: &str) -> Option<&str> {
    let t = line.trim();
    let inner = t
        .strip_prefix("[[")
        .and_then(|r| r.split_once("]]"))
        .or_else(|| t.strip_prefix('[').and_then(|r| r.split_once(']')))?
        .0;
    Some(inner.trim())
}

/// The 1-based line of the `nth` (from 0) table named `name`.
pub fn table_line(text: &str, name: &str, nth: usize) -> Option<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| header(l) == Some(name))
        .nth(nth)
        .map(|(i, _)| i + 1)
}

/// The 1-based line of `key = ...` in the `nth` table named `name`; the
/// table's own line when the key is not written there.
pub fn key_line(text: &str, name: &str, nth: usize, key: &str) -> Option<usize> {
    let start = table_line(text, name, nth)?;
    let found = text
        .lines()
        .enumerate()
        .skip(start)
        .take_while(|(_, l)| header(l).is_none())
        .find(|(_, l)| {
            l.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        });
    Some(found.map_or(start, |(i, _)| i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[limits]\ntime = \"1s\"\n\n[[suite]]\nname = \"a\"\n[[ suite ]]\npath = \"b\"\n[language.c]\nrun = []\n";

    #[test]
    fn tables_and_keys_are_found_by_line() {
        assert_eq!(table_line(TEXT, "limits", 0), Some(1));
        assert_eq!(table_line(TEXT, "suite", 1), Some(6));
        assert_eq!(table_line(TEXT, "suite", 2), None);
        assert_eq!(key_line(TEXT, "limits", 0, "time"), Some(2));
        assert_eq!(key_line(TEXT, "suite", 0, "name"), Some(5));
        assert_eq!(key_line(TEXT, "suite", 1, "name"), Some(6));
        assert_eq!(key_line(TEXT, "language.c", 0, "run"), Some(9));
    }
}
