//! The checker on arbitrary and mutated outputs: it never panics, always gives
//! a verdict, and whitespace never changes that verdict or its message.

use mayan_judge::check::{Accept, CheckVerdict, Output, Policy, check};
use mayan_judge::puzzle::answer::format_answer;
use mayan_judge::puzzle::case::Case;
use mayan_judge::puzzle::dialect::Dialect;
use mayan_judge::setter::random::{Rng, Shape, random_board};
use mayan_judge::solver::Solver;
use proptest::prelude::*;

/// A small solvable-or-not case from a seed.
fn case_from(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let shape = Shape {
        colours: 3,
        min_height: 0,
        max_height: 3,
        at_least_three: true,
    };
    let board = random_board(&mut rng, shape).expect("sparse shapes always succeed");
    Case {
        n: rng.range(1, 3) as u8,
        board,
    }
}

fn policies() -> impl Strategy<Value = Policy> {
    (prop::sample::select(Dialect::ALL.to_vec()), prop::bool::ANY).prop_map(|(dialect, any)| {
        Policy {
            accept: if any {
                Accept::AnyValid
            } else {
                Accept::Lexmin
            },
            dialect,
        }
    })
}

/// Tokens a contestant might print: plausible numbers, junk, huge numbers.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (-2i64..=8).prop_map(|v| v.to_string()),
        1 => "[a-z.+-]{1,3}",
        1 => Just("99999999999999999999999".to_string()),
    ]
}

/// The same tokens with random whitespace between and around them.
fn respaced(tokens: &[String], seps: &[u8]) -> String {
    let sep = |i: usize| match seps.get(i).copied().unwrap_or(0) % 6 {
        0 => " ",
        1 => "\n",
        2 => "\r\n",
        3 => "\t",
        4 => "  \n\n",
        _ => " \r\n ",
    };
    let mut out = String::from(sep(tokens.len() + 1));
    for (i, t) in tokens.iter().enumerate() {
        out.push_str(t);
        out.push_str(sep(i));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_always_get_a_verdict(seed in 0u64..1000, bytes in prop::collection::vec(any::<u8>(), 0..200), policy in policies()) {
        let case = case_from(seed);
        let text = String::from_utf8_lossy(&bytes);
        let j = check(&case, Output::Text(&text), None, policy, &mut Solver::new());
        prop_assert!(!j.summary.is_empty());
        prop_assert_ne!(j.verdict, CheckVerdict::Fail, "a contestant's output can never make the judge FAIL: {}", j.summary);
    }

    #[test]
    fn whitespace_never_changes_a_verdict(
        seed in 0u64..1000,
        tokens in prop::collection::vec(token(), 0..16),
        seps in prop::collection::vec(any::<u8>(), 20),
        policy in policies(),
    ) {
        let case = case_from(seed);
        let mut solver = Solver::new();
        let tight = tokens.join(" ");
        let loose = respaced(&tokens, &seps);
        let a = check(&case, Output::Text(&tight), None, policy, &mut solver);
        let b = check(&case, Output::Text(&loose), None, policy, &mut solver);
        prop_assert_eq!(a.verdict, b.verdict);
        if a.verdict != CheckVerdict::PresentationError {
            // PE messages name lines, which whitespace moves.
            prop_assert_eq!(a.summary, b.summary);
        }
    }

    #[test]
    fn mutated_reference_answers_always_get_a_verdict(
        seed in 0u64..1000,
        at in 0usize..40,
        edit in 0u8..4,
        value in -3i64..9,
        policy in policies(),
    ) {
        let case = case_from(seed);
        let mut solver = Solver::new();
        let answer = format_answer(solver.solve(&case.board, case.n, policy.dialect).as_deref());
        let ok = check(&case, Output::Text(&answer), None, policy, &mut solver);
        prop_assert_eq!(ok.verdict, CheckVerdict::Accepted, "the reference answer itself: {}", ok.summary);
        let mut tokens: Vec<String> = answer.split_whitespace().map(String::from).collect();
        let i = at % (tokens.len() + 1);
        match edit {
            0 if i < tokens.len() => { tokens.remove(i); }
            1 => tokens.insert(i, value.to_string()),
            2 if i < tokens.len() => tokens[i] = value.to_string(),
            _ => tokens.push("0 0 1".to_string()),
        }
        let j = check(&case, Output::Text(&tokens.join("\n")), None, policy, &mut solver);
        prop_assert_ne!(j.verdict, CheckVerdict::Fail);
        prop_assert!(!j.summary.is_empty());
    }
}
