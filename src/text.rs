//! Small wording and escaping helpers shared by every report: counted nouns,
//! and text made safe for HTML and XML.

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
}
