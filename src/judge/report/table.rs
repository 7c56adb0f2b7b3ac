//! The reports of a judging run as text, for a terminal: the sandbox's
//! protections, a table per submission with totals and the checker's
//! explanations, the submissions ranked, and the verdicts of all of them as
//! a matrix per suite. Widths are counted in terminal columns (a CJK
//! character takes two), and contestants' bytes are escaped.

use std::fmt::Write as _;

use super::SubmissionReport;
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::runner::sandbox::Protection;
use crate::text::{self, pad, plural, visible};

// Formatted by hand, not by a table crate (issue 35, item 5). Tried with
// comfy-table 8 (no tty feature) on a 300-submission report, 45 cases each:
// the per-submission tables took 3 times as long (best 10.1-11.5 ms ->
// 32.8-35.9 ms in process; `mayan report merge` best 76 -> 113 ms end to
// end, interleaved in one session; tabled 0.20: 4 times `format!`'s time on
// the same rows); without dynamic arrangement it ignores a column's lower
// bound, so the number columns' fixed widths would follow the data; and the
// per-submission table and the ranking came to 11 lines fewer of 390, the
// score matrix (folded by `CELL`-wide columns to the terminal), its legend
// and the lists not being tables. Widths are unicode-width's either way.

/// The protections in two lines: the active ones by name, then each missing
/// one with the reason.
pub fn sandbox_summary(protections: &[Protection]) -> String {
    let active: Vec<&str> = protections
        .iter()
        .filter(|p| p.active)
        .map(|p| p.name)
        .collect();
    let missing: Vec<String> = protections
        .iter()
        .filter(|p| !p.active)
        .map(|p| format!("{} ({})", p.name, p.how))
        .collect();
    let mut text = format!(
        "sandbox: {}",
        if active.is_empty() {
            "none".to_string()
        } else {
            active.join(", ")
        }
    );
    if !missing.is_empty() {
        text.push_str(&format!("\nNOT protected: {}", missing.join("; ")));
    }
    text
}

/// One submission as a table, with the explanation of each case that failed.
/// What a contestant wrote (names, messages quoting its output, compiler
/// output) is shown through [`visible`], so it cannot drive the terminal.
pub fn submission_table(report: &SubmissionReport) -> String {
    let mut out = format!("== {}\n", visible(&report.name));
    if let Some(ce) = &report.compile_error {
        let what = match report.no_source {
            true => "no source to compile",
            false => "compilation failed",
        };
        let _ = writeln!(out, "CE: {what}:");
        for line in visible(ce).lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    let ids: Vec<String> = report.cases.iter().map(case_id).collect();
    let width = ids
        .iter()
        .map(|id| text::width(id))
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(
        out,
        "{}  {:<7} {:>7} {:>9} {:>7}",
        pad("case", width),
        "verdict",
        "cpu ms",
        "mem KiB",
        "score"
    );
    for (c, id) in report.cases.iter().zip(&ids) {
        let score = match c.verdict {
            Verdict::JudgeError => "-".to_string(),
            _ => format!("{}/{}", c.score, c.points),
        };
        let _ = writeln!(
            out,
            "{}  {:<7} {:>7} {:>9} {score:>7}",
            pad(id, width),
            c.verdict.to_string(),
            c.cpu_ms,
            c.peak_memory_kib,
        );
    }
    out.push_str(&totals(report));
    out.push_str(&judged_again(report));
    if report.compile_error.is_none() {
        out.push_str(&explanations(report));
    }
    out
}

fn case_id(c: &CaseResult) -> String {
    visible(&format!("{}/{}", c.suite, c.name))
}

fn totals(report: &SubmissionReport) -> String {
    let judged = report.cases.len() - report.not_judged;
    let mut line = format!(
        "total: {}/{} points, {}/{judged} accepted",
        report.score, report.max_score, report.accepted
    );
    if report.not_judged > 0 {
        let _ = write!(
            line,
            "; {} not judged (the judge's fault, not counted)",
            plural(report.not_judged, "case")
        );
    }
    line + "\n"
}

/// The cases judged a second time, alone, after a first run stopped by the
/// wall clock with CPU time to spare.
fn judged_again(report: &SubmissionReport) -> String {
    let again: Vec<String> = (report.cases.iter())
        .filter(|c| c.judged_again)
        .map(case_id)
        .collect();
    match again.is_empty() {
        true => String::new(),
        false => format!(
            "judged again alone (first stopped by the wall clock with CPU time to spare): {}\n",
            again.join(", ")
        ),
    }
}

/// The message, and the board or diff, of every case not accepted.
fn explanations(report: &SubmissionReport) -> String {
    let mut out = String::new();
    for c in report.cases.iter().filter(|c| c.verdict != Verdict::AC) {
        let _ = writeln!(
            out,
            "{}: {}: {}",
            case_id(c),
            c.verdict,
            visible(&c.message)
        );
        for line in visible(&c.details).lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    out
}

/// The submissions ranked, by score and then by name: the score, the cases
/// accepted, and the cases not judged.
pub fn ranking(reports: &[SubmissionReport]) -> String {
    let ranked = super::ranked(reports);
    let order: Vec<&SubmissionReport> = ranked.iter().map(|&(_, i)| &reports[i]).collect();
    let names: Vec<String> = order.iter().map(|r| visible(&r.name)).collect();
    let width = names
        .iter()
        .map(|n| text::width(n))
        .max()
        .unwrap_or(0)
        .max(10);
    let mut out = format!(
        "{:>4}  {}  {:>9}  {:>8}\n",
        "rank",
        pad("submission", width),
        "score",
        "accepted"
    );
    for ((r, name), (rank, _)) in order.iter().zip(&names).zip(&ranked) {
        let score = format!("{}/{}", r.score, r.max_score);
        let accepted = format!("{}/{}", r.accepted, r.cases.len() - r.not_judged);
        let _ = write!(
            out,
            "{rank:>4}  {}  {score:>9}  {accepted:>8}",
            pad(name, width)
        );
        if r.not_judged > 0 {
            let _ = write!(out, "  ({} not judged)", r.not_judged);
        }
        out.push('\n');
    }
    out
}

/// The verdicts of every submission on every case, a matrix per suite: the
/// columns numbered within the suite, with a legend of the case names, and
/// a suite too wide for `columns` terminal columns folded into several
/// matrices.
pub fn score_table(reports: &[SubmissionReport], columns: usize) -> String {
    let Some(first) = reports.first() else {
        return String::new();
    };
    let names: Vec<String> = reports.iter().map(|r| visible(&r.name)).collect();
    let name_width = names
        .iter()
        .map(|n| text::width(n))
        .max()
        .unwrap_or(0)
        .max(10);
    let fit = (columns.saturating_sub(name_width) / CELL).max(1);
    let mut out = String::new();
    for (suite, range) in suites(&first.cases) {
        let cases = &first.cases[range.clone()];
        let _ = write!(out, "\n{}", legend(&visible(suite), cases, columns));
        for start in (0..cases.len()).step_by(fit) {
            let end = (start + fit).min(cases.len());
            let _ = write!(out, "{}", pad("", name_width));
            for i in start..end {
                let _ = write!(out, "{:>CELL$}", i + 1);
            }
            out.push('\n');
            for (r, name) in reports.iter().zip(&names) {
                let _ = write!(out, "{}", pad(name, name_width));
                for i in range.start + start..range.start + end {
                    // A run stopped half-way has fewer cases than the first.
                    let cell = r
                        .cases
                        .get(i)
                        .map_or("-".to_string(), |c| c.verdict.to_string());
                    let _ = write!(out, "{cell:>CELL$}");
                }
                out.push('\n');
            }
        }
    }
    out
}

/// Every case the judge could not judge, once, whoever it was judged for,
/// with the reason (which names the file or step at fault).
pub fn judge_errors(reports: &[SubmissionReport]) -> String {
    let mut seen: Vec<(String, &str)> = Vec::new();
    for c in reports.iter().flat_map(|r| &r.cases) {
        if c.verdict == Verdict::JudgeError
            && !seen
                .iter()
                .any(|(id, m)| *id == case_id(c) && *m == c.message)
        {
            seen.push((case_id(c), &c.message));
        }
    }
    if seen.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "not judged, the judge's fault ({}):\n",
        plural(seen.len(), "case")
    );
    for (id, message) in seen {
        let _ = writeln!(out, "  {id}: {}", visible(message));
    }
    out
}

/// The width of one verdict cell: a space and up to three letters.
const CELL: usize = 4;

/// Each suite of a case list and the range of its cases (consecutive).
fn suites(cases: &[CaseResult]) -> Vec<(&str, std::ops::Range<usize>)> {
    let mut out: Vec<(&str, std::ops::Range<usize>)> = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        match out.last_mut() {
            Some((suite, range)) if *suite == c.suite => range.end = i + 1,
            _ => out.push((&c.suite, i..i + 1)),
        }
    }
    out
}

/// "suite: 1 statement, 2 swap-left, ..." for a suite's cases, wrapped to
/// `columns` (the lines after the first indented).
fn legend(suite: &str, cases: &[CaseResult], columns: usize) -> String {
    let mut out = format!("{suite}:");
    let mut line = text::width(&out);
    for (i, c) in cases.iter().enumerate() {
        let item = format!(
            "{} {}{}",
            i + 1,
            visible(&c.name),
            if i + 1 < cases.len() { "," } else { "" }
        );
        if line + 1 + text::width(&item) > columns && line > 2 {
            out.push_str("\n ");
            line = 1;
        }
        out.push(' ');
        out.push_str(&item);
        line += 1 + text::width(&item);
    }
    out + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::result::{CaseResult, fixture};

    fn case(name: &str, verdict: Verdict) -> CaseResult {
        let mut c = fixture(name, verdict);
        if verdict == Verdict::WA {
            c.details = "--- expected\n+++ received\n".into();
        }
        c
    }

    #[test]
    fn tables_show_verdicts_totals_and_explanations() {
        let mut r = SubmissionReport::new("alice");
        r.push(case("a", Verdict::AC));
        r.push(case("b", Verdict::WA));
        let text = submission_table(&r);
        assert!(
            text.contains("s/a   AC           12      1000   10/10"),
            "{text}"
        );
        assert!(text.contains("total: 10/20 points, 1/2 accepted"));
        assert!(text.contains("s/b: WA: why\n    --- expected\n"), "{text}");
        assert!(!r.all_accepted());
        let scores = score_table(&[r], 80);
        assert!(scores.contains("s: 1 a, 2 b\n"), "{scores}");
        assert!(scores.contains("alice       AC  WA\n"), "{scores}");
    }

    #[test]
    fn a_judge_error_is_listed_but_not_counted() {
        let mut r = SubmissionReport::new("bob");
        r.push(case("a", Verdict::AC));
        r.push(case("b", Verdict::JudgeError));
        let text = submission_table(&r);
        assert!(
            text.contains("s/b   JE           12      1000       -"),
            "{text}"
        );
        assert!(
            text.contains("total: 10/10 points, 1/1 accepted; 1 case not judged"),
            "{text}"
        );
    }

    #[test]
    fn contestants_bytes_do_not_reach_the_terminal_raw() {
        let mut r = SubmissionReport::new("eve\x1b]0;owned\x07");
        let mut c = case("a", Verdict::WA);
        c.message = "line 1: `\x1b[2J` is not an integer\rAC: all fine".into();
        r.push(c);
        let text = submission_table(&r) + &score_table(&[r], 80) + &ranking(&[]);
        assert!(!text.contains('\x1b') && !text.contains('\r'), "{text:?}");
        assert!(
            text.contains("`\\x1b[2J` is not an integer\\rAC: all fine"),
            "{text}"
        );
    }

    #[test]
    fn wide_names_align_and_wide_suites_fold() {
        let mut reports = Vec::new();
        for (name, score) in [("张伟", 30), ("amy", 10), ("bob", 30)] {
            let mut r = SubmissionReport::new(name);
            for i in 0..30 {
                let mut c = case(&format!("c{i}"), Verdict::AC);
                c.score = if i < score / 10 { 10 } else { 0 };
                r.push(c);
            }
            reports.push(r);
        }
        let table = score_table(&reports, 60);
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines.iter().all(|l| text::width(l) <= 60), "{table}");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("张伟")).count(),
            3,
            "{table}"
        );
        let rank = ranking(&reports);
        let order: Vec<(&str, &str)> = rank
            .lines()
            .skip(1)
            .map(|l| {
                let mut words = l.split_whitespace();
                (words.next().unwrap(), words.next().unwrap())
            })
            .collect();
        assert_eq!(
            order,
            [("1", "bob"), ("1", "张伟"), ("3", "amy")],
            "ties share a rank"
        );
        let widths: Vec<usize> = rank.lines().map(text::width).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "{rank}");
    }
}
