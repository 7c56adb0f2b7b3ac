//! The ids of the report's parts, so that links land where they should:
//! every submission (`s2.wrong`), every case's row in its submission's table
//! (`r2.rules.left-drop`) and every case's section (`c2.rules.left-drop`).
//! A name is encoded to ASCII letters, digits, `-` and `_`: any other
//! character becomes `_`, its code point in hex, `_` (`.` is `_2e_`, `_` is
//! `_5f_`), so an id never holds markup, spaces or anything a URL would
//! escape, the `.` between its parts is never part of a name, and different
//! names never share an id; the submission's number keeps two submissions
//! of the same name apart.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::judge::report::RunReport;

/// `name` with every character but ASCII letters, digits and `-` written
/// as `_hex_`.
pub fn encode(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '-' {
            out.push(c);
        } else {
            let _ = write!(out, "_{:x}_", c as u32);
        }
    }
    out
}

/// The ids of one report, computed once so that every link and its target
/// agree.
pub struct Anchors {
    submissions: Vec<String>,
    /// Per submission, per case: the part after the `r` or `c`.
    cases: Vec<Vec<String>>,
}

impl Anchors {
    pub fn of(report: &RunReport) -> Anchors {
        let mut submissions = Vec::new();
        let mut cases = Vec::new();
        for (i, sub) in report.submissions.iter().enumerate() {
            let number = i + 1;
            submissions.push(format!("s{number}.{}", encode(&sub.name)));
            let mut seen = HashSet::new();
            let ids = sub.cases.iter().enumerate().map(|(j, c)| {
                let id = format!("{number}.{}.{}", encode(&c.suite), encode(&c.name));
                // A case listed twice (two suites of one name) keeps its place.
                match seen.insert(id.clone()) {
                    true => id,
                    false => format!("{id}.{}", j + 1),
                }
            });
            cases.push(ids.collect());
        }
        Anchors { submissions, cases }
    }

    /// The id of submission `i`'s part.
    pub fn submission(&self, i: usize) -> &str {
        &self.submissions[i]
    }

    /// The id of the compiler's message of submission `i`.
    pub fn compile_error(&self, i: usize) -> String {
        format!("{}.ce", self.submissions[i])
    }

    /// The id of case `j` of submission `i`'s row in its table.
    pub fn row(&self, i: usize, j: usize) -> String {
        format!("r{}", self.cases[i][j])
    }

    /// The id of case `j` of submission `i`'s section.
    pub fn section(&self, i: usize, j: usize) -> String {
        format!("c{}", self.cases[i][j])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoded_names_are_safe_and_distinct() {
        let names = [
            "a-b", "a_2d_b", "a.b", "a_2e_b", "a b", "a\"b", "<script>", "张三", "a_b", "", ".",
        ];
        let encoded: Vec<String> = names.iter().map(|n| encode(n)).collect();
        for e in &encoded {
            assert!(
                e.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
                "{e}"
            );
        }
        let distinct: HashSet<&String> = encoded.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{encoded:?}");
        assert_eq!(encode("rules"), "rules");
        assert_eq!(encode("left-drop"), "left-drop");
        assert_eq!(encode("a.b"), "a_2e_b");
        assert_eq!(encode("<x>"), "_3c_x_3e_");
    }

    #[test]
    fn ids_are_unique_even_for_repeated_names() {
        use crate::judge::report::SubmissionReport;
        use crate::judge::result::fixture;
        use crate::judge::verdict::Verdict;
        let mut report = crate::judge::report::html::tests::empty_report();
        for _ in 0..2 {
            let mut sub = SubmissionReport::new("same");
            sub.push(fixture("x", Verdict::AC));
            sub.push(fixture("x", Verdict::WA));
            report.submissions.push(sub);
        }
        let a = Anchors::of(&report);
        let all = [a.row(0, 0), a.row(0, 1), a.row(1, 0), a.row(1, 1)];
        let distinct: HashSet<&String> = all.iter().collect();
        assert_eq!(distinct.len(), 4, "{all:?}");
        assert_eq!(a.section(0, 0), "c1.s.x");
        assert_eq!(a.section(0, 1), "c1.s.x.2");
        assert_ne!(a.submission(0), a.submission(1));
    }
}
