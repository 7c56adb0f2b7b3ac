//! Finishing markup built with maud's `html!`, which escapes every text it
//! is given (`& < > "`; attributes are always double-quoted, so `'` needs
//! nothing): [`finish`] turns it into the text of a document, with the
//! characters XML forbids replaced. A control character escapes nothing,
//! but one in a standalone SVG document makes it ill-formed (the browser
//! shows a parser error instead of the picture), so every document and
//! every fragment this crate hands out as text goes through [`finish`]:
//! no text can reach a page without it. Not responsible for building the
//! markup (`page`, `svg`, `document`, the report's pages).

use maud::Markup;

/// The text of `markup`, every character XML 1.0 forbids (control
/// characters other than tab and newline, U+FFFE, U+FFFF) replaced by
/// U+FFFD and a carriage return by a space. The markup maud writes holds
/// none of them, so only text from outside is changed; text that has none
/// (nearly all) is returned as it is, after one scan.
pub fn finish(markup: Markup) -> String {
    let text = markup.into_string();
    match first_forbidden(text.as_bytes()) {
        None => text,
        Some(at) => replace_from(&text, at),
    }
}

/// `text` from byte `at` on with each forbidden character replaced.
fn replace_from(text: &str, at: usize) -> String {
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..at]);
    for c in text[at..].chars() {
        match c {
            '\t' | '\n' => out.push(c),
            '\r' => out.push(' '),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Where the first forbidden character of the UTF-8 text `bytes` starts.
/// Blocks of 64 bytes are first looked over for a byte that may start one
/// (a loop the compiler vectorises), and only such a block is read byte by
/// byte.
fn first_forbidden(bytes: &[u8]) -> Option<usize> {
    const BLOCK: usize = 64;
    let may_start =
        |b: u8| (b < 0x20 && b != b'\t' && b != b'\n') | (b == 0x7F) | (b == 0xC2) | (b == 0xEF);
    for (k, block) in bytes.chunks(BLOCK).enumerate() {
        if block.iter().fold(false, |any, &b| any | may_start(b)) {
            let start = k * BLOCK;
            let found = (start..start + block.len()).find(|&i| forbidden_at(bytes, i));
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// True when a forbidden character starts at byte `i`: a C0 control but
/// tab and newline, DEL, a C1 control (U+0080..U+009F, `C2 80`..`C2 9F`),
/// U+FFFE or U+FFFF (`EF BF BE`, `EF BF BF`). Lead bytes are never
/// continuation bytes, so a match is always at a character's start.
fn forbidden_at(bytes: &[u8], i: usize) -> bool {
    let next = |k: usize| bytes.get(i + k).copied().unwrap_or(0);
    match bytes[i] {
        b'\t' | b'\n' => false,
        0..0x20 | 0x7F => true,
        0xC2 => (0x80..=0x9F).contains(&next(1)),
        0xEF => next(1) == 0xBF && matches!(next(2), 0xBE | 0xBF),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use maud::PreEscaped;

    fn finished(text: &str) -> String {
        finish(PreEscaped(text.to_string()))
    }

    #[test]
    fn what_xml_forbids_is_replaced_and_the_rest_kept() {
        assert_eq!(
            finished("a\u{0}b\u{1b}[31mc\u{FFFF}d\u{FFFE}\u{85}\u{7f}"),
            "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}d\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(finished("tab\there\nline\r\n"), "tab\there\nline \n");
        let kept = "· × é ← \u{A0} \u{FFFD} \u{FFFC} \u{EFFF} 颜色 😀 <b>&amp;</b>";
        assert_eq!(finished(kept), kept);
    }

    #[test]
    fn a_character_is_found_wherever_it_falls_in_a_block() {
        for at in 0..200 {
            for bad in ["\u{1}", "\u{9f}", "\u{FFFF}"] {
                let text = format!("{}{bad}{}", "·".repeat(at / 2), "x".repeat(at));
                let expected = format!("{}\u{FFFD}{}", "·".repeat(at / 2), "x".repeat(at));
                assert_eq!(finished(&text), expected, "{at} {bad:?}");
            }
        }
        // A lead byte at the end of a block, its continuation in the next.
        let split = format!("{}\u{9f}", "x".repeat(63));
        assert_eq!(finished(&split), format!("{}\u{FFFD}", "x".repeat(63)));
    }

    /// Markup, quotes that would close an attribute, an entity, control
    /// bytes, what invalid UTF-8 is read as, a character XML forbids.
    const NASTY: &str = "x\" onmouseover=\"alert(1)\" y='<script>alert(2)</script>' &amp; \
                         \u{1b}[31m\u{0}\r\u{85}\u{FFFD}\\xff\u{FFFF}";

    /// [`NASTY`] as it must come out.
    const ESCAPED: &str = "x&quot; onmouseover=&quot;alert(1)&quot; \
         y='&lt;script&gt;alert(2)&lt;/script&gt;' &amp;amp; \u{FFFD}[31m\u{FFFD} \u{FFFD}\u{FFFD}\\xff\u{FFFD}";

    #[test]
    fn every_document_and_fragment_keeps_hostile_text_as_text() {
        use crate::picture::answer::{Verdict, verdict_page};
        use crate::picture::{Panel, Stage, document, page, replay, svg};
        use crate::puzzle::case::parse_case;
        use crate::puzzle::dialect::Dialect;
        use crate::puzzle::rules::RawMove;
        let case = parse_case("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n").unwrap();
        let moves = [RawMove { x: 2, y: 1, g: 1 }, RawMove { x: 4, y: 2, g: 1 }];
        let nulls = Dialect::default().null_swaps;
        let r = replay(NASTY, &case.board, &moves, nulls, Some(NASTY));
        let verdict = verdict_page(&Verdict {
            heading: NASTY,
            summary: NASTY,
            details: NASTY,
            case: Some(&case),
            output: Some(&format!("2 1 1\n{NASTY}")),
            dialect: Dialect::default(),
            solution: None,
        });
        let caption = Panel::plain(NASTY, Stage::Start, case.board);
        let texts = [
            ("replay page", page::replay_page(&r)),
            ("verdict page", verdict),
            ("svg document", document::replay_svg(&r)),
            ("section", page::replay_html(&r)),
            ("board", svg::board_svg(&caption)),
            ("page", page::page(NASTY, "")),
        ];
        for (what, text) in &texts {
            assert!(!text.contains("<script"), "{what}");
            assert!(
                !text.contains(" onmouseover=\""),
                "{what}: an attribute was closed"
            );
            let forbidden = |c: char| c.is_control() && c != '\n' && c != '\t';
            assert!(!text.contains(forbidden), "{what}: a control character");
            assert!(!text.contains('\u{FFFF}'), "{what}");
            assert!(text.contains(ESCAPED), "{what}: {text}");
            assert_eq!(text.matches("<svg").count(), text.matches("</svg>").count());
        }
        // In a title, an attribute and a refused move's message.
        let html = &texts[0].1;
        assert!(html.contains(&format!("<title>{ESCAPED}</title>")));
        assert!(html.contains(&format!("<p class=\"message\">{ESCAPED}</p>")));
        assert!(
            texts[4]
                .1
                .contains(&format!("aria-label=\"{ESCAPED}: 12 blocks\""))
        );
    }
}
