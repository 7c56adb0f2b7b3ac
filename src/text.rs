//! Small wording and escaping helpers shared by every report: counted nouns,
//! text made safe for HTML and XML, for a terminal and for a spreadsheet,
//! bytes decoded without losing what was not UTF-8, and short excerpts of
//! long tokens.

use std::fmt::Write as _;

/// "1 case", "2 cases".
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Text made safe inside HTML and XML (SVG) content and quoted attributes:
/// `& < > " '` become entities, and characters XML forbids (control
/// characters other than tab and newline, U+FFFE, U+FFFF) become U+FFFD;
/// a carriage return becomes a space.
pub fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' => out.push(c),
            '\r' => out.push(' '),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Text safe to print on a terminal: every control character but newline
/// and tab, the bidirectional controls that reorder what is shown and the
/// characters that show nothing (a zero-width space, a soft hyphen, the
/// line and paragraph separators) are written as an escape (`\x1b`, `\r`,
/// `\u{202e}`, `\u{200b}`), so bytes a contestant wrote can neither move
/// the cursor, clear the screen, fake a line nor pass for another name.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if c.is_control() || is_invisible(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The format characters (bidirectional controls among them), the line
/// and paragraph separators and the fillers that show as nothing.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{13430}'..='\u{1343f}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{e0000}'..='\u{e007f}'
            | '\u{e0100}'..='\u{e01ef}'
    )
}

/// [`visible`] on one line: newline and tab escaped too (`\n`, `\t`), for
/// a name that heads a row of a table (a contestant's folder) and must not
/// fake the next one.
pub fn one_line(text: &str) -> String {
    let shown = visible(text).replace('\n', "\\n").replace('\t', "\\t");
    // A space other than the plain one, a blank, or a plain space at an
    // end would make two names read the same: shown as escapes.
    let last = shown.chars().count().saturating_sub(1);
    let mut out = String::with_capacity(shown.len());
    for (i, c) in shown.chars().enumerate() {
        let edge = c == ' ' && (i == 0 || i == last);
        if edge || (c.is_whitespace() && c != ' ') || c == '\u{2800}' {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// A file's name as a name to show and compare: its bytes [`decode`]d
/// (not UTF-8: `\xNN`, so that two names never become one) on
/// [`one_line`].
pub fn name_of(name: &std::ffi::OsStr) -> String {
    use std::os::unix::ffi::OsStrExt;
    one_line(&decode(name.as_bytes()))
}

/// Bytes as text: valid UTF-8 as it is, every other byte as `\xNN`, so
/// what was not text is shown rather than lost.
pub fn decode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// Natural order: runs of digits compare as numbers (`2` before `10`), the
/// rest as text, so cases sort as people number them.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let (mut a, mut b) = (a, b);
    loop {
        let (Some(ca), Some(cb)) = (a.chars().next(), b.chars().next()) else {
            return a.len().cmp(&b.len());
        };
        if ca.is_ascii_digit() && cb.is_ascii_digit() {
            let (da, ra) = a.split_at(a.find(|c: char| !c.is_ascii_digit()).unwrap_or(a.len()));
            let (db, rb) = b.split_at(b.find(|c: char| !c.is_ascii_digit()).unwrap_or(b.len()));
            let (ta, tb) = (da.trim_start_matches('0'), db.trim_start_matches('0'));
            let order = ta
                .len()
                .cmp(&tb.len())
                .then_with(|| ta.cmp(tb))
                .then_with(|| da.len().cmp(&db.len()));
            if order.is_ne() {
                return order;
            }
            (a, b) = (ra, rb);
        } else {
            if ca != cb {
                return ca.cmp(&cb);
            }
            (a, b) = (&a[ca.len_utf8()..], &b[cb.len_utf8()..]);
        }
    }
}

/// True when `text` matches the shell-style `pattern`: `*` any run of
/// characters, `?` any one, anything else itself.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    // The classic two-pointer match, backtracking to the last `*`.
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < t.len() {
        if i < p.len() && (p[i] == '?' || p[i] == t[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(s) = star {
            i = s + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// The columns `text` takes on a terminal (a CJK character takes two).
pub fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` padded with spaces on the right to `columns` terminal columns.
pub fn pad(text: &str, columns: usize) -> String {
    let mut out = text.to_string();
    out.extend(std::iter::repeat_n(
        ' ',
        columns.saturating_sub(width(text)),
    ));
    out
}

/// At most `max` characters of `text`; a longer text is cut and ends with
/// `…` and how long it was in all (`… (cut: 82 characters in all)`).
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!(
            "{}… (cut: {} characters in all)",
            &text[..cut],
            text.chars().count()
        ),
    }
}

/// A spreadsheet cell that a spreadsheet will not run as a formula: a text
/// starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
/// leading `'`.
pub fn inert_cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// An error and its causes as one line, `outer: cause: ...`, leaving out a
/// cause the messages before it already quote (an error that names its
/// source, as `path: cannot read: No such file`, is not followed by the
/// source again).
pub fn error_chain(causes: impl IntoIterator<Item = String>) -> String {
    let mut out = String::new();
    for cause in causes {
        if out.contains(&cause) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&cause);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_nouns() {
        assert_eq!(plural(0, "case"), "0 cases");
        assert_eq!(plural(1, "case"), "1 case");
        assert_eq!(plural(2, "move"), "2 moves");
    }

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape_markup("</svg><script>alert('x')</script> & \"q\""),
            "&lt;/svg&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
    }

    #[test]
    fn what_xml_forbids_is_replaced() {
        assert_eq!(
            escape_markup("a\u{0}b\u{1b}[31mc\u{FFFF}"),
            "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}"
        );
        assert_eq!(escape_markup("tab\there\nline\r\n"), "tab\there\nline \n");
    }

    #[test]
    fn a_name_that_shows_as_another_is_told_apart() {
        // Regression: "alice\u{200b}" and "ali\u{ad}ce" read "alice" in
        // every table, beside the real alice.
        assert_eq!(one_line("alice\u{200b}"), "alice\\u{200b}");
        assert_eq!(one_line("ali\u{ad}ce"), "ali\\u{ad}ce");
        assert_eq!(one_line("bob\u{2028}carol"), "bob\\u{2028}carol");
        assert_eq!(one_line("\u{feff}eve"), "\\u{feff}eve");
        assert_eq!(one_line("张三 José"), "张三 José");
        assert_eq!(one_line("GD-0001 "), "GD-0001\\u{20}");
        assert_eq!(one_line("GD\u{a0}0001"), "GD\\u{a0}0001");
        assert_eq!(one_line("GD-0001\u{fe0f}"), "GD-0001\\u{fe0f}");
        assert_eq!(one_line("a\u{3000}b\u{2800}"), "a\\u{3000}b\\u{2800}");
    }

    #[test]
    fn a_terminal_sees_escapes_not_control_sequences() {
        assert_eq!(
            visible("\x1b[2J\x1b]0;pwned\x07"),
            "\\x1b[2J\\x1b]0;pwned\\x07"
        );
        assert_eq!(visible("WA\rAC: fine\n\tok"), "WA\\rAC: fine\n\tok");
        assert_eq!(visible("a\u{202e}b\u{85}"), "a\\u{202e}b\\u{85}");
        assert_eq!(visible("颜色 3"), "颜色 3");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_shown() {
        assert_eq!(decode(b"1 0\xff\xfe 1"), "1 0\\xff\\xfe 1");
        assert_eq!(decode("颜".as_bytes()), "颜");
    }

    #[test]
    fn long_tokens_are_cut() {
        assert_eq!(excerpt("12345", 5), "12345");
        assert_eq!(
            excerpt(&"x".repeat(1000), 4),
            "xxxx… (cut: 1000 characters in all)"
        );
    }

    #[test]
    fn formulas_are_not_left_for_spreadsheets() {
        assert_eq!(inert_cell("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0");
        assert_eq!(inert_cell("-1"), "'-1");
        assert_eq!(inert_cell("amy"), "amy");
    }

    #[test]
    fn cjk_takes_two_columns() {
        assert_eq!(width("张伟"), 4);
        assert_eq!(pad("张伟", 6), "张伟  ");
        assert_eq!(pad("amy", 6), "amy   ");
    }

    #[test]
    fn numbers_sort_as_numbers() {
        let mut names = vec![
            "10",
            "2",
            "1",
            "case-10.in",
            "case-9.in",
            "b",
            "a10b",
            "a9c",
            "01",
        ];
        names.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            names,
            [
                "1",
                "01",
                "2",
                "10",
                "a9c",
                "a10b",
                "b",
                "case-9.in",
                "case-10.in"
            ]
        );
    }

    #[test]
    fn globs_match_as_a_shell_does() {
        assert!(glob_match("rules/*", "rules/swap-left"));
        assert!(glob_match("*left*", "rules/swap-left"));
        assert!(glob_match("hard-00?", "hard-003"));
        assert!(!glob_match("hard-00?", "hard-0031"));
        assert!(!glob_match("rules/*", "sample/statement"));
        assert!(glob_match("*", ""));
    }

    #[test]
    fn an_error_chain_says_each_cause_once() {
        let chain = |c: &[&str]| error_chain(c.iter().map(|s| s.to_string()));
        assert_eq!(
            chain(&["a.toml: cannot read: No such file", "No such file"]),
            "a.toml: cannot read: No such file"
        );
        assert_eq!(
            chain(&["writing the report", "disk full"]),
            "writing the report: disk full"
        );
    }
}
