//! What a message adds when a program was likely judged in the wrong I/O
//! mode, or could not open its input: one pure function from what the run
//! left (where it wrote, what it did with its input and its standard input)
//! to a few words. A hint never changes a verdict; and a program known to
//! have used its input file is never sent toward `--io stdio`.

use super::super::verdict::Verdict;
use super::mark::Use;
use crate::config::{IoConfig, IoMode};

/// What a run left, as the hints need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Left {
    /// What it did with its copy of the input file (file mode only).
    pub input: Use,
    /// What it did with its standard input: the case in stdio mode, an
    /// empty file in file mode.
    pub stdin: Use,
    /// The start of what it wrote where the other I/O mode looks (standard
    /// output in file mode, the output file in stdio mode), whitespace
    /// collapsed; empty when nothing.
    pub elsewhere: String,
    /// In file mode, the other files it left in its working folder (a few).
    pub others: Vec<String>,
}

/// The words added to the message of a case judged `verdict`, starting
/// with `; `, or nothing. A PE gets them only when the output was empty
/// (else the checker's message says what was wrong with it).
pub fn hint(verdict: Verdict, empty_output: bool, io: &IoConfig, left: &Left) -> String {
    match (verdict, io.mode) {
        (Verdict::PE, _) if !empty_output => String::new(),
        (Verdict::PE, IoMode::File) => no_output_file(io, left),
        (Verdict::PE, IoMode::Stdio) => no_standard_output(io, left),
        (Verdict::RE | Verdict::WA, IoMode::File) => input_unread(io, left),
        // A stdio program spinning at the end of its empty standard input.
        (Verdict::TLE, IoMode::File) if left.stdin == Use::Read => input_unread(io, left),
        (Verdict::RE, IoMode::Stdio) if left.stdin == Use::Untouched => {
            "; it never read standard input: a program for --io file?".to_string()
        }
        _ => String::new(),
    }
}

/// File mode, no output file: what it printed instead, or the other files
/// it wrote, or what it did with its input.
fn no_output_file(io: &IoConfig, left: &Left) -> String {
    let input = &io.input_file;
    if !left.elsewhere.is_empty() {
        let printed = format!("printed \"{}\" on standard output", left.elsewhere);
        return match left.input.used() {
            true => format!(
                "; it read {input} but {printed} instead of writing {}",
                io.output_file
            ),
            false => format!("; it {printed} instead: a program for --io stdio?"),
        };
    }
    if !left.others.is_empty() {
        let names = left.others.join(", ");
        return format!("; it wrote {names} instead (a misnamed output file?)");
    }
    match (left.input, left.stdin) {
        (i, _) if i.used() => format!("; it read {input}, and printed nothing either"),
        (Use::Untouched, Use::Read) => format!(
            "; it printed nothing either, and read standard input (empty in file mode) but never \
             {input}: a program for --io stdio?"
        ),
        (Use::Untouched, _) => {
            format!("; it never read {input} (could it not open it?) and printed nothing either")
        }
        _ => "; it printed nothing either (in file mode standard input is empty)".to_string(),
    }
}

/// Stdio mode, nothing on standard output: the output file it wrote
/// instead, or that it never read standard input.
fn no_standard_output(io: &IoConfig, left: &Left) -> String {
    match (left.elsewhere.is_empty(), left.stdin) {
        (false, _) => format!(
            "; it wrote \"{}\" {} instead: a program for --io file?",
            left.elsewhere, io.output_file
        ),
        (true, Use::Untouched) => {
            "; it never read standard input: a program for --io file?".to_string()
        }
        (true, _) => String::new(),
    }
}

/// File mode, a crash, a wrong answer, or a time limit after reading the
/// empty standard input: that it never read its input file, and read
/// standard input instead when it did.
fn input_unread(io: &IoConfig, left: &Left) -> String {
    let input = &io.input_file;
    match (left.input, left.stdin) {
        (Use::Untouched, Use::Read) => format!(
            "; it read standard input (empty in file mode) and never {input}: a program for \
             --io stdio?"
        ),
        (Use::Untouched, _) => format!("; it never read {input} (could it not open it?)"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn io(mode: IoMode) -> IoConfig {
        IoConfig {
            mode,
            ..IoConfig::default()
        }
    }

    fn left(input: Use, stdin: Use) -> Left {
        Left {
            input,
            stdin,
            elsewhere: String::new(),
            others: Vec::new(),
        }
    }

    #[test]
    fn a_stdio_program_in_file_mode_is_sent_toward_stdio() {
        let file = io(IoMode::File);
        let stdio = left(Use::Untouched, Use::Read);
        assert_eq!(
            hint(Verdict::RE, true, &file, &stdio),
            "; it read standard input (empty in file mode) and never mayan.in: a program for \
             --io stdio?"
        );
        assert_eq!(
            hint(Verdict::PE, true, &file, &stdio),
            "; it printed nothing either, and read standard input (empty in file mode) but never \
             mayan.in: a program for --io stdio?"
        );
        let printed = Left {
            elsewhere: "2 1 1 ...".into(),
            ..stdio
        };
        assert_eq!(
            hint(Verdict::PE, true, &file, &printed),
            "; it printed \"2 1 1 ...\" on standard output instead: a program for --io stdio?"
        );
    }

    #[test]
    fn a_program_that_used_its_input_file_is_never_sent_toward_stdio() {
        let file = io(IoMode::File);
        for input in [Use::Read, Use::Changed] {
            for stdin in [Use::Read, Use::Untouched, Use::Unknown] {
                let l = left(input, stdin);
                for v in [Verdict::PE, Verdict::RE, Verdict::WA] {
                    assert!(!hint(v, true, &file, &l).contains("stdio"), "{v} {l:?}");
                }
                let printed = Left {
                    elsewhere: "-1".into(),
                    ..l
                };
                assert_eq!(
                    hint(Verdict::PE, true, &file, &printed),
                    "; it read mayan.in but printed \"-1\" on standard output instead of \
                     writing mayan.out"
                );
            }
        }
    }

    #[test]
    fn a_program_that_never_read_its_input_file_is_told_so() {
        let file = io(IoMode::File);
        let unread = left(Use::Untouched, Use::Untouched);
        let told = "; it never read mayan.in (could it not open it?)";
        assert_eq!(hint(Verdict::RE, true, &file, &unread), told);
        assert_eq!(hint(Verdict::WA, false, &file, &unread), told);
        assert_eq!(
            hint(Verdict::PE, true, &file, &unread),
            "; it never read mayan.in (could it not open it?) and printed nothing either"
        );
        assert_eq!(hint(Verdict::TLE, true, &file, &unread), "");
        // One that read its empty standard input until the time ran out.
        assert_eq!(
            hint(Verdict::TLE, true, &file, &left(Use::Untouched, Use::Read)),
            "; it read standard input (empty in file mode) and never mayan.in: a program for \
             --io stdio?"
        );
        assert_eq!(
            hint(Verdict::TLE, true, &file, &left(Use::Read, Use::Read)),
            ""
        );
        assert_eq!(hint(Verdict::AC, false, &file, &unread), "");
        let printed_badly = hint(Verdict::PE, false, &file, &unread);
        assert_eq!(
            printed_badly, "",
            "a PE with an output: the checker says why"
        );
    }

    #[test]
    fn what_cannot_be_seen_is_not_said() {
        let file = io(IoMode::File);
        let unknown = left(Use::Unknown, Use::Unknown);
        assert_eq!(hint(Verdict::RE, true, &file, &unknown), "");
        assert_eq!(
            hint(Verdict::PE, true, &file, &unknown),
            "; it printed nothing either (in file mode standard input is empty)"
        );
        let stdio = io(IoMode::Stdio);
        assert_eq!(
            hint(Verdict::RE, true, &stdio, &left(Use::Unknown, Use::Unknown)),
            ""
        );
        assert_eq!(
            hint(Verdict::PE, true, &stdio, &left(Use::Unknown, Use::Read)),
            ""
        );
    }

    #[test]
    fn a_misnamed_output_file_is_named() {
        let l = Left {
            others: vec!["Mayan.out".into()],
            ..left(Use::Read, Use::Untouched)
        };
        assert_eq!(
            hint(Verdict::PE, true, &io(IoMode::File), &l),
            "; it wrote Mayan.out instead (a misnamed output file?)"
        );
    }

    #[test]
    fn a_file_program_in_stdio_mode_is_sent_toward_file() {
        let stdio = io(IoMode::Stdio);
        let wrote = Left {
            elsewhere: "-1".into(),
            ..left(Use::Unknown, Use::Untouched)
        };
        let told = "; it wrote \"-1\" mayan.out instead: a program for --io file?";
        assert_eq!(hint(Verdict::PE, true, &stdio, &wrote), told);
        let unread = left(Use::Unknown, Use::Untouched);
        let told = "; it never read standard input: a program for --io file?";
        assert_eq!(hint(Verdict::PE, true, &stdio, &unread), told);
        assert_eq!(hint(Verdict::RE, true, &stdio, &unread), told);
    }
}
