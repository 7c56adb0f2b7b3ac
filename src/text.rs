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

/// Text safe inside an HTML or XML element or a quoted attribute.
pub fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
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
            escape_markup("a<b & \"c\">'"),
            "a&lt;b &amp; &quot;c&quot;&gt;&#39;"
        );
    }
}
