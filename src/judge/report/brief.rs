//! A submission in one line, as a run of contest size shows each one as it
//! finishes: its name, its score, and what failed (`GD-0002: 60/450, 6/45
//! accepted; WA 39`, `GD-0003: 0/450, no source: the folder is empty`).
//! Contestants' bytes are shown through `visible`.

use super::SubmissionReport;
use crate::judge::verdict::Verdict;
use crate::text::{excerpt, visible};

/// The longest reason a line quotes from a compiler's message.
const REASON: usize = 72;

/// The submission in one line (see the module's docs).
pub fn brief(r: &SubmissionReport) -> String {
    let head = format!("{}: {}/{}", visible(&r.name), r.score, r.max_score);
    if let Some(why) = &r.compile_error {
        let what = r.judged.status;
        // A compiler's first error says more than its first line.
        let lines = || why.lines().filter(|l| !l.trim().is_empty());
        let first = (lines().find(|l| l.contains("error")))
            .or_else(|| lines().next())
            .unwrap_or("");
        return format!(
            "{head}, {what}: {}",
            visible(&excerpt(first.trim(), REASON))
        );
    }
    let judged = r.cases.len() - r.not_judged;
    let mut line = format!("{head}, {}/{judged} accepted", r.accepted);
    let failed = failures(r);
    if !failed.is_empty() {
        line += &format!("; {failed}");
    }
    if let Some(fault) = &r.judged.outside_ccf {
        line += &format!("; judged, though {fault}");
    }
    line
}

/// The verdicts other than AC, each with its count, most first; the cases
/// the judge could not judge last, said as not counted.
fn failures(r: &SubmissionReport) -> String {
    let mut counts: Vec<(Verdict, usize)> = Vec::new();
    for c in r.cases.iter().filter(|c| c.verdict != Verdict::AC) {
        match counts.iter_mut().find(|(v, _)| *v == c.verdict) {
            Some((_, n)) => *n += 1,
            None => counts.push((c.verdict, 1)),
        }
    }
    counts.sort_by_key(|&(v, n)| (v == Verdict::JudgeError, std::cmp::Reverse(n)));
    let said: Vec<String> = (counts.iter())
        .map(|(v, n)| match v {
            Verdict::JudgeError => format!("{n} not judged (the judge's fault)"),
            v => format!("{v} {n}"),
        })
        .collect();
    said.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::result::fixture;

    #[test]
    fn a_line_says_the_score_and_what_failed_most_first() {
        let mut r = SubmissionReport::new("GD-0002\x1b[2J");
        for (name, v) in [
            ("a", Verdict::AC),
            ("b", Verdict::TLE),
            ("c", Verdict::WA),
            ("d", Verdict::WA),
            ("e", Verdict::JudgeError),
        ] {
            r.push(fixture(name, v));
        }
        assert_eq!(
            brief(&r),
            "GD-0002\\x1b[2J: 10/40, 1/4 accepted; WA 2, TLE 1, 1 not judged (the judge's fault)"
        );
    }

    #[test]
    fn a_submission_that_was_not_run_says_why() {
        let mut r = SubmissionReport::new("GD-0003");
        r.push(fixture("a", Verdict::CE));
        r.compile_error = Some("\nthe folder is empty\n".into());
        r.no_source = true;
        r.judged.status = crate::judge::report::status::Status::NoSource;
        assert_eq!(brief(&r), "GD-0003: 0/10, no source: the folder is empty");
        r.no_source = false;
        r.judged.status = crate::judge::report::status::Status::CompileError;
        r.compile_error =
            Some("a.cpp: In function 'int main()':\na.cpp:1:1: error: expected ';'\n".into());
        assert_eq!(
            brief(&r),
            "GD-0003: 0/10, CE: a.cpp:1:1: error: expected ';'"
        );
        let all = SubmissionReport::new("x");
        assert_eq!(brief(&all), "x: 0/0, 0/0 accepted");
    }
}
