//! A call carried at the end of a copy of the binary, for judges that run a
//! checker under a name and with arguments of their own and pass it no flag
//! and no setting: CMS copies a task's checker into a fresh sandbox as
//! `checker`, alone, and runs `./checker input.txt correct_output.txt
//! user_output.txt` (`cms/grading/steps/trusted.py`, `checker_step`), so
//! neither a wrapper script (nothing beside it to run) nor a protocol-named
//! link (`mayan-cms`) reaches it. `mayan export cms` appends one line to
//! the binary, `mayan-embedded-call: check --protocol cms --null-swaps ...`
//! (a Linux program loader maps only what the ELF headers name, so bytes
//! after the file's end are never loaded), and a binary run as `checker`
//! reads that line back and puts it before the judge's arguments.
//!
//! Only the line's form is here: the export writes it, the command line
//! (`cli::effective_args`) reads it. A binary of any other name never
//! looks; a `checker` without the line is the plain `mayan`.

use std::io::{Read, Seek, SeekFrom};

/// The name under which a binary looks for its carried call.
pub const RUN_AS: &str = "checker";

/// What starts the carried line.
const MARK: &str = "\nmayan-embedded-call: ";

/// The most bytes of the binary's end read for the line.
const TAIL: u64 = 512;

/// The most words a carried call may have.
const MAX_WORDS: usize = 16;

/// `binary` with `call` (`check --protocol cms ...`, without the program
/// name) carried at its end; `None` when a word of `call` could not be read
/// back (see [`parse`]).
pub fn append(binary: &[u8], call: &[String]) -> Option<Vec<u8>> {
    let line = format!("{MARK}{}\n", call.join(" "));
    let mut out = Vec::with_capacity(binary.len() + line.len());
    out.extend_from_slice(binary);
    out.extend_from_slice(line.as_bytes());
    (parse(&out) == Some(call.to_vec())).then_some(out)
}

/// The call carried at the end of `bytes` (a binary, or its last bytes):
/// the words after the last mark in the last 512 bytes, up to the newline
/// that ends the file, at most 16, each of lowercase letters, digits and
/// `-`, single spaces between them, the first `check`. Anything else is no
/// call: `None`.
pub fn parse(bytes: &[u8]) -> Option<Vec<String>> {
    let tail = &bytes[bytes.len().saturating_sub(TAIL as usize)..];
    let mark = MARK.as_bytes();
    let at = tail.windows(mark.len()).rposition(|w| w == mark)?;
    let line = std::str::from_utf8(&tail[at + mark.len()..]).ok()?;
    let words: Vec<String> = line
        .strip_suffix('\n')?
        .split(' ')
        .map(String::from)
        .collect();
    let word_ok = |w: &String| {
        !w.is_empty()
            && (w.bytes()).all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    let fine = words.len() <= MAX_WORDS && words.iter().all(word_ok) && words[0] == "check";
    fine.then_some(words)
}

/// The call carried by the running binary, read from its end
/// (`/proc/self/exe`, else the path it was run by, for a sandbox without
/// `/proc`); `None` when it carries none or cannot be read.
pub fn read_own() -> Option<Vec<String>> {
    let mut file = std::fs::File::open("/proc/self/exe")
        .or_else(|e| std::fs::File::open(std::env::args_os().next().ok_or(e)?))
        .ok()?;
    let len = file.seek(SeekFrom::End(0)).ok()?;
    file.seek(SeekFrom::Start(len.saturating_sub(TAIL))).ok()?;
    let mut tail = Vec::with_capacity(TAIL as usize);
    file.take(TAIL).read_to_end(&mut tail).ok()?;
    parse(&tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn a_carried_call_is_read_back_as_written() {
        let call = words("check --protocol cms --null-swaps include --steps exact --accept lexmin");
        let binary = b"\x7fELF\x02\x01 some code \xff\xfe\n\n".repeat(100);
        let carried = append(&binary, &call).unwrap();
        assert!(carried.starts_with(&binary));
        assert_eq!(parse(&carried), Some(call.clone()));
        // The binary's end in the tail, not UTF-8, is skipped.
        let short = append(b"\xff\xfe\n\xc3", &call).unwrap();
        assert_eq!(parse(&short), Some(call));
    }

    #[test]
    fn anything_but_a_well_formed_last_line_is_no_call() {
        assert_eq!(parse(b"\x7fELF plain binary"), None);
        assert_eq!(parse(b""), None);
        for bad in [
            "\nmayan-embedded-call: check --protocol cms",
            "\nmayan-embedded-call: solve x\n",
            "\nmayan-embedded-call: check  --protocol cms\n",
            "\nmayan-embedded-call: check --out /etc/passwd\n",
            "\nmayan-embedded-call: check --protocol cms\nmore\n",
            "\nmayan-embedded-call: check --protocol CMS\n",
        ] {
            assert_eq!(parse(bad.as_bytes()), None, "{bad:?}");
        }
        let long = format!("{MARK}check{}\n", " -a".repeat(MAX_WORDS));
        assert_eq!(parse(long.as_bytes()), None);
        assert_eq!(append(b"bin", &words("check --html /tmp/x")), None);
    }

    #[test]
    fn the_test_binary_itself_carries_no_call() {
        assert_eq!(read_own(), None);
    }
}
