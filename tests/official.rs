//! The 10 official cases (read from `../shared/mayan-noip2011/`, never copied
//! here) give exactly the official answers, in every dialect: in this data the
//! least number of moves always equals n and no answer needs a null swap.

use mayan_judge::puzzle::answer::format_answer;
use mayan_judge::puzzle::case::read_case_file;
use mayan_judge::puzzle::dialect::Dialect;
use mayan_judge::solver::Solver;

#[test]
fn official_cases_give_the_official_answers_in_every_dialect() {
    let mut solver = Solver::new();
    for (name, input, answer) in crate::support::seeds::official_cases() {
        let case = read_case_file(&input).unwrap_or_else(|e| panic!("{e}"));
        let official = std::fs::read_to_string(&answer).unwrap();
        for d in Dialect::ALL {
            let ours = format_answer(solver.solve(&case.board, case.n, d).as_deref());
            assert!(
                crate::support::seeds::same_tokens(&ours, &official),
                "case {name} ({d}): ours\n{ours}official\n{official}"
            );
        }
    }
}
