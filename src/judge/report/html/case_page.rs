//! The cases a report draws, each once ([`Cases`]): every case text some
//! submission did not pass is read and solved once, and gets a page of its
//! own ([`case_page`]) with its smallest solution replayed on drawn boards
//! and a link to each failure of it, so a case failed by three hundred
//! submissions is drawn once, not three hundred times. Cases are told apart
//! by their text: the same board under two names is one page, which lists
//! both. Not responsible for the failures' own sections (`failure`).

use std::collections::HashMap;

use maud::{Markup, html};

use super::anchors::Anchors;
use super::links::{Links, submission_file};
use super::{TITLE, has_section, key_section, page};
use crate::judge::report::RunReport;
use crate::picture::page::replay_section;
use crate::picture::solution_replay;
use crate::puzzle::case::{Case, parse_case};
use crate::puzzle::dialect::Dialect;
use crate::puzzle::rules::Move;
use crate::solver::Solver;
use crate::text::{excerpt, plural};

/// Longest message the list of failures quotes, in characters.
const QUOTED: usize = 120;

/// One case drawn: its board, its smallest solution, the names it was
/// judged under and who failed it.
pub struct Drawn {
    pub case: Case,
    /// `None`: no sequence of `n` moves clears it.
    pub solution: Option<Vec<Move>>,
    /// Each `(suite, name)` it was met under, in order.
    pub names: Vec<(String, String)>,
    /// Each failure as (submission, case) indices into the report.
    pub failures: Vec<(usize, usize)>,
}

/// What a failure's section draws of its case.
pub enum Found<'a> {
    /// The result holds no case text: nothing to draw.
    Nothing,
    /// Why the case is not drawn.
    Note(String),
    /// The `k`th case drawn.
    Case(usize, &'a Drawn),
}

/// The cases of a report that are drawn, in the order first met, and the
/// rules they are drawn under (`None`: rules this version does not know,
/// so nothing is drawn).
pub struct Cases {
    pub dialect: Option<Dialect>,
    drawn: Vec<Drawn>,
    by_text: HashMap<String, usize>,
}

impl Cases {
    /// Every case text of a failure with a section, read and solved once.
    pub fn of(report: &RunReport, dialect: Option<Dialect>) -> Cases {
        let mut cases = Cases {
            dialect,
            drawn: Vec::new(),
            by_text: HashMap::new(),
        };
        let Some(dialect) = dialect else {
            return cases;
        };
        let mut solver = Solver::new();
        for (i, sub) in report.submissions.iter().enumerate() {
            for (j, c) in sub.cases.iter().enumerate() {
                if !has_section(sub, c) || c.input.is_empty() {
                    continue;
                }
                let k = match cases.by_text.get(&c.input) {
                    Some(&k) => k,
                    None => match parse_case(&c.input) {
                        Ok(case) => {
                            let solution = solver.solve(&case.board, case.n, dialect);
                            cases.add(&c.input, case, solution)
                        }
                        Err(_) => continue,
                    },
                };
                let drawn = &mut cases.drawn[k];
                let name = (c.suite.clone(), c.name.clone());
                if !drawn.names.contains(&name) {
                    drawn.names.push(name);
                }
                drawn.failures.push((i, j));
            }
        }
        cases
    }

    /// A case read and solved, as the next one drawn.
    fn add(&mut self, text: &str, case: Case, solution: Option<Vec<Move>>) -> usize {
        let k = self.drawn.len();
        self.by_text.insert(text.to_string(), k);
        self.drawn.push(Drawn {
            case,
            solution,
            names: Vec::new(),
            failures: Vec::new(),
        });
        k
    }

    /// What is drawn of the case whose text is `input`.
    pub fn find(&self, input: &str) -> Found<'_> {
        if input.is_empty() {
            return Found::Nothing;
        }
        if self.dialect.is_none() {
            return Found::Note(
                "The report's rules are not known to this version of mayan-judge: the case is \
                 not drawn."
                    .into(),
            );
        }
        if let Some(&k) = self.by_text.get(input) {
            return Found::Case(k, &self.drawn[k]);
        }
        Found::Note(match parse_case(input) {
            Err(e) => format!("The case's text cannot be read ({e}): it is not drawn."),
            Ok(_) => "The case is not drawn.".into(),
        })
    }

    /// The case drawn under the name `suite/name`, if any.
    pub fn page_of(&self, suite: &str, name: &str) -> Option<usize> {
        let named = |(s, n): &(String, String)| s == suite && n == name;
        self.drawn.iter().position(|d| d.names.iter().any(named))
    }

    /// The cases drawn, in order.
    pub fn all(&self) -> &[Drawn] {
        &self.drawn
    }

    /// The colours `1..=10` on the boards of the cases `ks`, in order.
    pub fn colours(&self, ks: impl IntoIterator<Item = usize>) -> Vec<u8> {
        let mut seen = [false; 11];
        for k in ks {
            let counts = self.drawn[k].case.board.colour_counts();
            for (c, &count) in counts.iter().enumerate() {
                if let Some(seen) = seen.get_mut(c) {
                    *seen |= count > 0;
                }
            }
        }
        (1..=10u8).filter(|&c| seen[usize::from(c)]).collect()
    }
}

/// A case's names as a heading says them: `rules/cross` (`, sample/a`...).
pub fn names_text(drawn: &Drawn) -> String {
    let names: Vec<String> = (drawn.names.iter())
        .map(|(suite, name)| format!("{suite}/{name}"))
        .collect();
    names.join(", ")
}

/// The page of the `k`th case drawn: the key to the boards, its smallest
/// solution replayed from its board, and every failure of it, linked.
pub fn case_page(
    report: &RunReport,
    cases: &Cases,
    k: usize,
    (anchors, links): (&Anchors, &Links),
) -> String {
    let drawn = &cases.all()[k];
    let names = names_text(drawn);
    let case = &drawn.case;
    let replay = (cases.dialect)
        .map(|dialect| solution_replay(&case.board, case.n, drawn.solution.as_deref(), dialect));
    let body = html! {
        nav.pages {
            a href=(links.index(None)) { "↑ report" } " · "
            a href=(links.index(Some("scores"))) { "↑ scores" }
        }
        header {
            h1 {
                "Case " (names) " "
                small { "n = " (case.n) ", " (plural(case.board.block_count(), "block")) }
            }
        }
        (key_section(&cases.colours([k])))
        @if let Some(replay) = &replay {
            section.solution #solution { (replay_section(replay)) }
        }
        (failures(report, drawn, anchors))
    };
    page(&format!("{TITLE}: case {names}"), body)
}

/// The list of the submissions that did not pass a case, each a link to
/// its section.
fn failures(report: &RunReport, drawn: &Drawn, anchors: &Anchors) -> Markup {
    html! {
        section #failures {
            h2 { "Not accepted " (plural(drawn.failures.len(), "time")) }
            table.failures {
                thead {
                    tr {
                        th scope="col" { "submission" }
                        th scope="col" { "verdict" }
                        th scope="col" { "message" }
                    }
                }
                tbody {
                    @for &(i, j) in &drawn.failures {
                        @let (sub, c) = (&report.submissions[i], &report.submissions[i].cases[j]);
                        tr {
                            th scope="row" {
                                a href={ (submission_file(i)) "#" (anchors.section(i, j)) } {
                                    (sub.name)
                                }
                            }
                            td.v.(c.verdict) { (c.verdict) }
                            td { (excerpt(&c.message, QUOTED)) }
                        }
                    }
                }
            }
        }
    }
}
