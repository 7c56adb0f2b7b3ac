use super::*;

fn err(text: &str) -> CaseError {
    parse_case(text).expect_err("the case should be rejected")
}

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

#[test]
fn reads_the_statement_sample() {
    let case = parse_case(SAMPLE).unwrap();
    assert_eq!(case.n, 3);
    assert_eq!(case.board.columns()[4], vec![2, 4, 3, 4]);
    assert_eq!(format_case(&case), SAMPLE);
}

#[test]
fn format_round_trips() {
    let case = parse_case(SAMPLE).unwrap();
    assert_eq!(parse_case(&format_case(&case)).unwrap(), case);
}

#[test]
fn tokens_not_lines_decide() {
    let messy = "3\r\n\r\n1 0 \r\n2 1 0\t\n  2 3 4 0\n3 1 0\n2 4 3 4 0";
    assert_eq!(parse_case(messy).unwrap(), parse_case(SAMPLE).unwrap());
    let one_line = "3 1 0 2 1 0 2 3 4 0 3 1 0 2 4 3 4 0";
    assert_eq!(parse_case(one_line).unwrap(), parse_case(SAMPLE).unwrap());
}

#[test]
fn empty_columns_are_a_lone_zero() {
    let case = parse_case("1\n0\n0\n0\n0\n0\n").unwrap();
    assert!(case.board.is_empty());
    let (_, warnings) = parse_case_strict("1\n0\n0\n0\n0\n0\n").unwrap();
    assert_eq!(
        warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        ["line 2: the board holds no block"]
    );
}

#[test]
fn every_violation_names_its_line() {
    assert_eq!(err("").kind, CaseErrorKind::Empty);
    assert_eq!(err("  \n\n").kind, CaseErrorKind::Empty);
    let e = err("x\n0\n0\n0\n0\n0\n");
    assert_eq!(
        (e.line, e.kind),
        (1, CaseErrorKind::NotAnInteger { token: "x".into() })
    );
    let e = err("6\n0\n0\n0\n0\n0\n");
    assert_eq!(e.kind, CaseErrorKind::MovesOutOfRange { n: 6 });
    assert_eq!(err("0\n").kind, CaseErrorKind::MovesOutOfRange { n: 0 });
    assert_eq!(err("-1\n").kind, CaseErrorKind::MovesOutOfRange { n: -1 });
    let e = err("1\n0\n1 2 1 2 1 2 1 2 0\n0\n0\n0\n");
    assert_eq!((e.line, e.kind), (3, CaseErrorKind::ColumnTooTall { x: 1 }));
    let e = err("1\n0\n0\n11 0\n0\n0\n");
    assert_eq!(
        (e.line, e.kind),
        (4, CaseErrorKind::ColourOutOfRange { x: 2, colour: 11 })
    );
    let e = err("1\n0\n0\n0\n-3 0\n0\n");
    assert_eq!(e.kind, CaseErrorKind::ColourOutOfRange { x: 3, colour: -3 });
    let e = err("1\n0\n0\n0\n0\n1 2");
    assert_eq!(
        (e.line, e.kind),
        (6, CaseErrorKind::ColumnNotEnded { x: 4, start: 6 })
    );
    let e = err("1\n0\n0\n0\n");
    assert_eq!(
        (e.line, e.kind),
        (4, CaseErrorKind::TooFewColumns { found: 3 })
    );
    let e = err("1\n0\n0\n0\n0\n0\n\n7\n");
    assert_eq!(
        (e.line, e.kind),
        (8, CaseErrorKind::TrailingTokens { token: "7".into() })
    );
    let e = err("1\n0\n0\n1 2 0\n0\n1.5 0\n");
    assert_eq!(
        (e.line, e.kind),
        (
            6,
            CaseErrorKind::NotAnInteger {
                token: "1.5".into()
            }
        )
    );
    let e = err("1\n0\n0\n0\n0\n99999999999999999999 0\n");
    assert!(matches!(e.kind, CaseErrorKind::NotAnInteger { .. }));
}

#[test]
fn a_starting_run_is_an_error_naming_its_cells() {
    let e = err("1\n2 0\n1 0\n1 0\n1 0\n0\n");
    assert_eq!(
        e.kind,
        CaseErrorKind::StartsWithRun {
            colour: 1,
            cells: vec![(1, 0), (2, 0), (3, 0)]
        }
    );
    assert_eq!(e.line, 3);
    assert!(
        e.to_string().contains("colour 1 at (1, 0) (2, 0) (3, 0)"),
        "{e}"
    );
    let e = err("2\n0\n4 5 5 5 0\n0\n0\n0\n");
    assert_eq!(e.line, 3);
}

#[test]
fn strict_mode_reports_cosmetic_points() {
    let (_, warnings) = parse_case_strict(SAMPLE).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let text = "3\r\n1 0 \n\n2 1 0\n2 3 4 0 3 1 0\n2 4\n3 4 0";
    let (case, warnings) = parse_case_strict(text).unwrap();
    assert_eq!(case, parse_case(SAMPLE).unwrap());
    let shown: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        shown,
        [
            "line 1: CRLF line end",
            "line 2: trailing whitespace",
            "line 3: blank line",
            "line 5: column 3 starts on the line of the item before it",
            "line 6: column 4 spans lines 6 to 7",
            "line 7: no newline at the end of the file",
        ]
    );
}

#[test]
fn strict_mode_reports_skipped_colours() {
    let (_, warnings) = parse_case_strict("1\n1 3 0\n1 3 0\n5 5 0\n0\n0\n").unwrap();
    assert_eq!(
        warnings,
        [Warning {
            line: 2,
            kind: WarningKind::SkippedColours {
                missing: vec![2, 4]
            }
        }]
    );
}

#[test]
fn read_case_file_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.in");
    std::fs::write(&path, "1\n0\n0\nzz 0\n0\n0\n").unwrap();
    let message = read_case_file(&path).unwrap_err().to_string();
    assert!(
        message.ends_with("bad.in:4: `zz` is not an integer"),
        "{message}"
    );
    let missing = read_case_file(&dir.path().join("none.in")).unwrap_err();
    assert!(matches!(missing, ReadError::Io { .. }));
    std::fs::write(&path, b"1\n0\n0\n\xff 0\n0\n0\n").unwrap();
    assert!(read_case_file(&path).is_err());
}

#[test]
fn only_the_canonical_form_is_canonical() {
    let canonical = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
    let case = parse_case(canonical).unwrap();
    assert_eq!(canonical_fault(canonical, &case), None);
    // verifyproblem's modifications of a case, and the official data's faults.
    for (text, line) in [
        ("3\n1  0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 2),
        ("3\n 1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 2),
        ("3\n1 0 \n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 2),
        ("3\n1 0\n\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 3),
        ("03\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 1),
        ("3\n1 0\n2 1 0000000000\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 3),
        ("3\r\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 1),
        ("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0", 6),
        ("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n\n", 7),
        ("3\n1 0 2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", 2),
    ] {
        let case = parse_case(text).unwrap();
        let fault = canonical_fault(text, &case).expect(text);
        assert_eq!(fault.line, line, "{text:?}: {fault}");
    }
    let case = parse_case("1\n0\n0\n0\n0\n0").unwrap();
    assert_eq!(
        canonical_fault("1\n0\n0\n0\n0\n0", &case)
            .unwrap()
            .to_string(),
        "line 6: \"0\" is not the canonical \"0\\n\" (one item per line, single spaces, \
         no leading zeros, LF line ends)"
    );
}
