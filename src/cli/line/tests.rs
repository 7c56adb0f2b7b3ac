//! The command line as `main` reads it: the solve-only parser agrees with
//! the whole tree, and a protocol-named binary stands for its call.

use super::*;

fn args(line: &[&str]) -> Vec<OsString> {
    line.iter().map(|a| a.into()).collect()
}

/// The words the lines are made of: every flag of `solve` in both
/// spellings, their values, good and bad, files, and what only the whole
/// tree reads.
const WORDS: &[&str] = &[
    "solve",
    "a.in",
    "-",
    "",
    "--steps",
    "at-most",
    "--steps=at-most",
    "--null-swaps",
    "exclude",
    "--explain",
    "--format",
    "svg",
    "--format=html",
    "--min-moves",
    "--bound",
    "3",
    "16",
    "+3",
    "--color",
    "never",
    "--color=always",
    "--",
    "-h",
    "-V",
    "--bogus",
    "validate",
];

/// Every line of up to three words after `mayan`: whenever the solve-only
/// parser takes a line, the whole tree takes it alike; and every line the
/// whole tree reads as `solve` (help aside) the solve-only parser takes.
#[test]
fn every_short_line_reads_the_same_through_the_solve_only_parser() {
    let mut lines = vec![vec!["mayan"]];
    let mut next = Vec::new();
    for _ in 0..3 {
        for line in &lines {
            for word in WORDS {
                let mut longer = line.clone();
                longer.push(*word);
                next.push(longer);
            }
        }
        lines.append(&mut next);
    }
    let mut taken = 0;
    for line in &lines {
        let argv = args(line);
        let quick = SolveLine::try_parse_from(&argv).map(SolveLine::into_cli);
        let whole = Cli::try_parse_from(&argv);
        match (&quick, &whole) {
            (Ok(q), Ok(w)) => {
                assert_eq!(format!("{q:?}"), format!("{w:?}"), "{line:?}");
                taken += 1;
            }
            (Ok(q), Err(e)) => panic!("{line:?}: solve-only {q:?}, the whole tree: {e}"),
            (
                Err(e),
                Ok(
                    w @ Cli {
                        command: Command::Solve(_),
                        ..
                    },
                ),
            ) => {
                panic!("{line:?}: the whole tree {w:?}, solve-only: {e}")
            }
            _ => {}
        }
    }
    assert!(taken > 200, "only {taken} lines were solve lines");
}

#[test]
fn a_protocol_named_binary_stands_for_its_check_call() {
    let line = effective_args(args(&["/usr/bin/mayan-testlib", "in", "out", "ans"]));
    assert_eq!(
        line,
        args(&[
            "mayan",
            "check",
            "--protocol",
            "testlib",
            "--",
            "in",
            "out",
            "ans"
        ])
    );
    let same = args(&["mayan", "solve", "a.in"]);
    assert_eq!(effective_args(same.clone()), same);
    assert!(protocol_help(&args(&["mayan-kattis", "--help"])).is_some());
    assert!(protocol_help(&args(&["mayan-kattis", "--help", "x"])).is_none());
    assert!(protocol_help(&args(&["mayan", "--help"])).is_none());
}
