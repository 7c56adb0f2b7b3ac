//! The checker's verdicts, table-driven: (case, output, answer file, policy)
//! in, verdict and a piece of the message out.

use super::*;
use crate::puzzle::case::parse_case;
use crate::puzzle::dialect::NullSwaps;

const SAMPLE: &str = "3|1 0|2 1 0|2 3 4 0|3 1 0|2 4 3 4 0";
const SAMPLE_ANS: &str = "2 1 1\n3 1 1\n3 0 1\n";
/// SPEC's first dialect example: include `0 0 1 / 3 0 -1`, exclude `1 0 1 / 0 0 1`.
const PADS: &str = "2|1 0|1 0|0|1 0|0";
/// No solution in three moves.
const NONE: &str = "3|1 2 1 0|2 1 2 0|1 2 1 0|0|0";
/// Clearable by `4 0 -1` alone; n = 2.
const EARLY: &str = "2|0|1 0|1 0|0|1 0";

const LEXMIN: Policy = Policy {
    accept: Accept::Lexmin,
    dialect: Dialect::new(NullSwaps::Include, Steps::Exact),
};
const ANY: Policy = Policy {
    accept: Accept::AnyValid,
    dialect: Dialect::new(NullSwaps::Include, Steps::Exact),
};
const EXCLUDE: Policy = Policy {
    accept: Accept::Lexmin,
    dialect: Dialect::new(NullSwaps::Exclude, Steps::Exact),
};
const EXCLUDE_ANY: Policy = Policy {
    accept: Accept::AnyValid,
    dialect: Dialect::new(NullSwaps::Exclude, Steps::Exact),
};
const AT_MOST: Policy = Policy {
    accept: Accept::Lexmin,
    dialect: Dialect::new(NullSwaps::Include, Steps::AtMost),
};
const AT_MOST_ANY: Policy = Policy {
    accept: Accept::AnyValid,
    dialect: Dialect::new(NullSwaps::Include, Steps::AtMost),
};

use CheckVerdict::{Accepted as AC, Fail as FAIL, PresentationError as PE, WrongAnswer as WA};

struct Row {
    case: &'static str,
    output: &'static str,
    answer: Option<&'static str>,
    policy: Policy,
    verdict: CheckVerdict,
    says: &'static str,
}

const fn row(
    case: &'static str,
    output: &'static str,
    answer: Option<&'static str>,
    policy: Policy,
    verdict: CheckVerdict,
    says: &'static str,
) -> Row {
    Row {
        case,
        output,
        answer,
        policy,
        verdict,
        says,
    }
}

const ROWS: &[Row] = &[
    // Accepted, whatever the whitespace.
    row(
        SAMPLE,
        SAMPLE_ANS,
        None,
        LEXMIN,
        AC,
        "the smallest solution, 3 moves",
    ),
    row(
        SAMPLE,
        SAMPLE_ANS,
        Some(SAMPLE_ANS),
        LEXMIN,
        AC,
        "the smallest solution",
    ),
    row(
        SAMPLE,
        "2 1 1\r\n3 1 1\r\n3 0 1\r\n",
        None,
        LEXMIN,
        AC,
        "smallest",
    ),
    row(
        SAMPLE,
        "  2  1 1 \n\n3 1 1\n\n\n3 0 1",
        None,
        LEXMIN,
        AC,
        "smallest",
    ),
    row(
        SAMPLE,
        "2\n1\n1\n3\n1\n1\n3\n0\n1\n",
        None,
        LEXMIN,
        AC,
        "smallest",
    ),
    row(
        SAMPLE,
        "2\t1\t1\n3 1 1\n3 0 1\n",
        None,
        LEXMIN,
        AC,
        "smallest",
    ),
    row(
        SAMPLE,
        "+2 1 1\n3 1 01\n3 0 1\n",
        None,
        LEXMIN,
        AC,
        "smallest",
    ),
    // Counting moves.
    row(
        SAMPLE,
        "2 1 1\n3 1 1\n",
        None,
        LEXMIN,
        WA,
        "the output has 2 moves, the case asks for exactly 3",
    ),
    row(
        SAMPLE,
        "2 1 1\n3 1 1\n3 0 1\n0 0 1\n",
        None,
        LEXMIN,
        WA,
        "the output has 4 moves",
    ),
    row(
        EARLY,
        "4 0 -1\n",
        None,
        LEXMIN,
        WA,
        "has 1 move, the case asks for exactly 2 (they do clear the board, but too early)",
    ),
    row(
        EARLY,
        "1 0 1\n4 0 -1\n2 0 1\n",
        None,
        AT_MOST,
        WA,
        "the output has 3 moves, the case allows at most 2",
    ),
    // Illegal moves, each named with its number and why.
    row(
        SAMPLE,
        "4 6 1\n3 1 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "move 1 (4 6 1): there is no block at (4, 6)",
    ),
    row(
        SAMPLE,
        "2 1 1\n5 0 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "move 2 (5 0 1): (5, 0) is off the board",
    ),
    row(
        SAMPLE,
        "2 1 1\n3 -1 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "move 2 (3 -1 1): (3, -1) is off the board",
    ),
    row(
        SAMPLE,
        "2 1 1\n3 7 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "(3, 7) is off the board",
    ),
    row(
        SAMPLE,
        "2 1 0\n3 1 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "move 1 (2 1 0): the direction g = 0 is neither 1 (right) nor -1 (left)",
    ),
    row(
        SAMPLE,
        "2 1 1\n3 1 2\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "g = 2 is neither",
    ),
    row(
        SAMPLE,
        "0 0 -1\n3 1 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "move 1 (0 0 -1): moving the block at (0, 0) left leaves the board",
    ),
    row(
        SAMPLE,
        "4 0 1\n3 1 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "moving the block at (4, 0) right leaves the board",
    ),
    row(
        SAMPLE,
        "0 1 1\n3 1 1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "move 1 (0 1 1): there is no block at (0, 1)",
    ),
    row(
        PADS,
        "3 0 -1\n0 0 1\n",
        None,
        ANY,
        WA,
        "move 2 (0 0 1): there is no block at (0, 0)",
    ),
    // Legal but not clearing.
    row(
        SAMPLE,
        "2 1 1\n3 1 -1\n3 0 1\n",
        None,
        LEXMIN,
        WA,
        "after 3 moves 9 blocks remain",
    ),
    row(
        NONE,
        "0 0 1\n0 0 1\n0 0 1\n",
        None,
        LEXMIN,
        WA,
        "after 3 moves 9 blocks remain",
    ),
    row(
        NONE,
        "0 0 1\n0 0 1\n0 0 1\n",
        None,
        ANY,
        WA,
        "blocks remain",
    ),
    // -1 right and wrong.
    row(NONE, "-1\n", None, LEXMIN, AC, "-1, there is no solution"),
    row(NONE, "-1", Some("-1\n"), ANY, AC, "no solution"),
    row(
        SAMPLE,
        "-1\n",
        None,
        LEXMIN,
        WA,
        "-1, but a solution exists: 2 1 1 / 3 1 1 / 3 0 1",
    ),
    row(SAMPLE, "-1\n", None, ANY, WA, "-1, but a solution exists"),
    // Valid, not the smallest.
    row(
        PADS,
        "1 0 1\n0 0 1\n",
        None,
        LEXMIN,
        WA,
        "a valid solution, but not the smallest: move 1 is 1 0 1, the smallest has 0 0 1 there",
    ),
    row(
        PADS,
        "1 0 1\n0 0 1\n",
        None,
        ANY,
        AC,
        "a valid solution in 2 moves",
    ),
    row(
        PADS,
        "1 0 -1\n3 0 -1\n",
        None,
        LEXMIN,
        WA,
        "move 1 is 1 0 -1, the smallest has 0 0 1 there",
    ),
    row(PADS, "1 0 -1\n3 0 -1\n", None, ANY, AC, "a valid solution"),
    row(
        EARLY,
        "4 0 -1\n",
        None,
        AT_MOST,
        WA,
        "move 1 is 4 0 -1, the smallest has 1 0 1 there",
    ),
    row(
        EARLY,
        "4 0 -1\n",
        None,
        AT_MOST_ANY,
        AC,
        "a valid solution in 1 move",
    ),
    row(
        EARLY,
        "1 0 1\n4 0 -1\n",
        None,
        AT_MOST,
        AC,
        "the smallest solution, 2 moves",
    ),
    // Null swaps under each dialect.
    row(
        PADS,
        "0 0 1\n3 0 -1\n",
        None,
        LEXMIN,
        AC,
        "the smallest solution, 2 moves",
    ),
    row(
        PADS,
        "1 0 1\n0 0 1\n",
        None,
        EXCLUDE,
        AC,
        "the smallest solution",
    ),
    row(
        PADS,
        "0 0 1\n3 0 -1\n",
        None,
        EXCLUDE,
        WA,
        "move 1 (0 0 1): it swaps two blocks of colour 1; under null-swaps = exclude that is not a move",
    ),
    row(
        PADS,
        "0 0 1\n3 0 -1\n",
        None,
        EXCLUDE_ANY,
        WA,
        "swaps two blocks of colour 1",
    ),
    row(
        EARLY,
        "2 0 1\n1 0 1\n",
        None,
        EXCLUDE_ANY,
        AC,
        "a valid solution in 2 moves",
    ),
    // Not well-formed.
    row(SAMPLE, "", None, LEXMIN, PE, "the output is empty"),
    row(SAMPLE, " \n\r\n\t", None, LEXMIN, PE, "the output is empty"),
    row(
        SAMPLE,
        "2 1 1\n3 1 x\n3 0 1\n",
        None,
        LEXMIN,
        PE,
        "line 2: `x` is not an integer",
    ),
    row(
        SAMPLE,
        "2 1 1\n3 1 1\n3 0\n",
        None,
        LEXMIN,
        PE,
        "line 3: move 3 is cut off after 2 of its 3 numbers",
    ),
    row(
        SAMPLE,
        "2.0 1 1\n3 1 1\n3 0 1\n",
        None,
        LEXMIN,
        PE,
        "`2.0` is not an integer",
    ),
    row(
        SAMPLE,
        "99999999999999999999 1 1\n",
        None,
        LEXMIN,
        PE,
        "is not an integer",
    ),
    row(
        SAMPLE,
        "2 1 1\n3 1 1\n3 0 1 \u{fffd}\n",
        None,
        LEXMIN,
        PE,
        "is not an integer",
    ),
    row(
        NONE,
        "-1\n-1\n",
        None,
        LEXMIN,
        PE,
        "line 2: `-1` follows -1, which must stand alone",
    ),
    row(NONE, "-1\n0 0 1\n", None, ANY, PE, "follows -1"),
    // The judge's own faults.
    row(
        SAMPLE,
        SAMPLE_ANS,
        Some("-1\n"),
        LEXMIN,
        FAIL,
        "the answer file says -1, but the reference solver (null-swaps = include, steps = exact) says 2 1 1 / 3 1 1 / 3 0 1",
    ),
    row(
        PADS,
        "1 0 1\n0 0 1\n",
        Some("1 0 1\n0 0 1\n"),
        LEXMIN,
        FAIL,
        "it is the answer under null-swaps = exclude, steps = exact",
    ),
    row(
        SAMPLE,
        SAMPLE_ANS,
        Some("2 1 1\n3 1\n"),
        LEXMIN,
        FAIL,
        "the answer file is not well-formed",
    ),
    row(
        NONE,
        "-1\n",
        Some("0 0 1\n0 0 1\n0 0 1\n"),
        LEXMIN,
        FAIL,
        "it matches no dialect",
    ),
];

fn case(text: &str) -> Case {
    parse_case(&text.replace('|', "\n")).unwrap()
}

#[test]
fn every_row_gets_its_verdict_and_message() {
    assert!(ROWS.len() >= 40);
    let mut solver = Solver::new();
    for (i, r) in ROWS.iter().enumerate() {
        let j = check(
            &case(r.case),
            Output::Text(r.output),
            r.answer,
            r.policy,
            &mut solver,
        );
        assert_eq!(
            j.verdict, r.verdict,
            "row {i}: {:?} -> {}",
            r.output, j.summary
        );
        assert!(
            j.summary.contains(r.says),
            "row {i}: {:?}\n  got:  {}\n  want: {}",
            r.output,
            j.summary,
            r.says
        );
    }
}

#[test]
fn an_empty_board_under_at_most_is_solved_by_empty_output() {
    let empty = case("2|0|0|0|0|0");
    let j = check(&empty, Output::Text(""), None, AT_MOST, &mut Solver::new());
    assert_eq!(j.verdict, AC, "{}", j.summary);
    let j = check(
        &empty,
        Output::Text("-1\n"),
        None,
        LEXMIN,
        &mut Solver::new(),
    );
    assert_eq!(j.verdict, AC, "{}", j.summary);
    let j = check(&empty, Output::Text(""), None, LEXMIN, &mut Solver::new());
    assert_eq!(j.verdict, PE, "{}", j.summary);
}

#[test]
fn output_beyond_the_limit_is_a_presentation_error() {
    let j = check(
        &case(SAMPLE),
        Output::TooLarge(1 << 20),
        None,
        LEXMIN,
        &mut Solver::new(),
    );
    assert_eq!(j.verdict, PE);
    assert!(j.summary.contains("larger than 1048576 bytes"));
}

#[test]
fn boards_and_diffs_come_with_the_messages_that_need_them() {
    let mut solver = Solver::new();
    let j = check(
        &case(SAMPLE),
        Output::Text("2 1 1\n3 1 -1\n3 0 1\n"),
        None,
        LEXMIN,
        &mut solver,
    );
    assert!(j.details.starts_with("after move 3\n"), "{}", j.details);
    assert!(
        j.details.contains("0 |   1   1   3   1   3"),
        "{}",
        j.details
    );
    let j = check(
        &case(SAMPLE),
        Output::Text("4 6 1\n3 1 1\n3 0 1\n"),
        None,
        LEXMIN,
        &mut solver,
    );
    assert!(j.details.starts_with("before move 1\n"), "{}", j.details);
    let j = check(
        &case(PADS),
        Output::Text("1 0 1\n0 0 1\n"),
        None,
        LEXMIN,
        &mut solver,
    );
    assert_eq!(
        j.details,
        "--- expected\n+++ received\n+1 0 1\n 0 0 1\n-3 0 -1\n"
    );
}
