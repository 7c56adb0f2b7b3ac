//! The summaries: by suite, on the index (a row per submission, its name a
//! link to its page, a column per suite: its score with a bar, how many
//! cases were accepted, its slowest case against the time limit) and, on
//! each submission's page, the table of its cases (verdict, CPU time and
//! peak memory each with a bar against the limit, score), so a teacher
//! sees at a glance which cases came close to a limit.

use maud::{Markup, html};

use super::anchors::Anchors;
use super::charts::{percent, score_bar, usage_bar};
use super::links::Links;
use super::matrix::columns;
use super::{Limits, kib_text};
use crate::judge::report::{RunReport, SubmissionReport};
use crate::judge::result::CaseResult;
use crate::judge::verdict::Verdict;
use crate::text::plural;

/// The suites in the order the run met them.
fn suites(report: &RunReport) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (suite, _) in columns(report) {
        if !out.contains(&suite) {
            out.push(suite);
        }
    }
    out
}

/// The table by suite.
pub fn suite_table(report: &RunReport, links: &Links, limits: &Limits) -> Markup {
    let suites = suites(report);
    let all = columns(report);
    let cases = |suite: &String| all.iter().filter(|(s, _)| s == suite).count();
    html! {
        table.suites {
            thead {
                tr {
                    th scope="col" { "submission" }
                    @for suite in &suites {
                        th scope="col" { (suite) br; small { (plural(cases(suite), "case")) } }
                    }
                }
            }
            tbody {
                @for (i, sub) in report.submissions.iter().enumerate() {
                    tr {
                        th scope="row" { a href=(links.submission(i)) { (sub.name) } }
                        @for suite in &suites {
                            (suite_cell(sub, suite, limits))
                        }
                    }
                }
            }
        }
        p.key {
            "Each cell: the points, the cases accepted, and the CPU time of the slowest case, \
             as a share of the time limit."
        }
    }
}

/// One submission on one suite: score and bar, accepted cases, the
/// slowest case's CPU time against the limit.
fn suite_cell(sub: &SubmissionReport, suite: &str, limits: &Limits) -> Markup {
    let cases: Vec<&CaseResult> = sub.cases.iter().filter(|c| c.suite == suite).collect();
    let counted = cases.iter().filter(|c| c.verdict != Verdict::JudgeError);
    let (score, max) = counted.fold((0u32, 0u32), |(s, m), c| {
        (s.saturating_add(c.score), m.saturating_add(c.points))
    });
    let accepted = cases.iter().filter(|c| c.verdict == Verdict::AC).count();
    let ran = cases
        .iter()
        .filter(|c| !matches!(c.verdict, Verdict::CE | Verdict::JudgeError));
    let slowest = ran.map(|c| c.cpu_ms).max();
    let label = format!("{score} of {max} points");
    html! {
        td {
            span.figure { (score) "/" (max) }
            (score_bar(score, max, &label))
            br;
            small {
                (accepted) "/" (cases.len()) " AC"
                @if let Some(ms) = slowest {
                    " · " (ms) " ms (" (percent(ms, limits.cpu_ms)) "%)"
                }
            }
        }
    }
}

/// The table of one submission's cases, under a heading row per suite.
/// Each row has its id (see `anchors`); a case not accepted links to its
/// section.
pub fn case_table(sub: &SubmissionReport, i: usize, anchors: &Anchors, limits: &Limits) -> Markup {
    // Each case, with its suite's name when it starts a suite.
    let rows = sub.cases.iter().enumerate().map(|(j, c)| {
        let starts = j == 0 || sub.cases[j - 1].suite != c.suite;
        (j, c, starts.then_some(&c.suite))
    });
    html! {
        table.cases {
            thead {
                tr {
                    th scope="col" { "case" }
                    th scope="col" { "verdict" }
                    th scope="col" colspan="2" { "CPU time" }
                    th scope="col" colspan="2" { "peak memory" }
                    th scope="col" { "score" }
                }
            }
            tbody {
                @for (j, c, suite) in rows {
                    @if let Some(suite) = suite {
                        tr.suite { th colspan="7" scope="rowgroup" { (suite) } }
                    }
                    @let target = super::matrix::target(anchors, sub, i, j);
                    (case_row(c, &anchors.row(i, j), &target, limits))
                }
            }
        }
    }
}

/// One case's row, `id` its id, its name a link to `target` unless the
/// case was accepted.
fn case_row(c: &CaseResult, id: &str, target: &str, limits: &Limits) -> Markup {
    html! {
        tr id=(id) {
            td.name {
                @if c.verdict == Verdict::AC {
                    (c.name)
                } @else {
                    a href={ "#" (target) } { (c.name) }
                }
            }
            td.v.(c.verdict) { (c.verdict) }
            @if matches!(c.verdict, Verdict::CE | Verdict::JudgeError) {
                td colspan="4" class="unrun" { "not run" }
            } @else {
                (usage_cells(c, limits))
            }
            td.num { (c.score) "/" (c.points) }
        }
    }
}

/// The CPU time and memory cells of a case: the figure, then its bar.
fn usage_cells(c: &CaseResult, limits: &Limits) -> Markup {
    let memory_limit = limits.memory_kib();
    let cpu = format!(
        "CPU time {} ms of {} ms ({}%)",
        c.cpu_ms,
        limits.cpu_ms,
        percent(c.cpu_ms, limits.cpu_ms)
    );
    let memory = format!(
        "peak memory {} of {} ({}%)",
        kib_text(c.peak_memory_kib),
        kib_text(memory_limit),
        percent(c.peak_memory_kib, memory_limit)
    );
    html! {
        td.num { (c.cpu_ms) " ms" }
        td { (usage_bar(c.cpu_ms, limits.cpu_ms, &cpu)) }
        td.num { (kib_text(c.peak_memory_kib)) }
        td { (usage_bar(c.peak_memory_kib, memory_limit, &memory)) }
    }
}
