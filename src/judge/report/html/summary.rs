//! The summaries: by suite, on the index (a row per submission, its name a
//! link to its page, a column per suite: its score with a bar, how many
//! cases were accepted, its slowest case against the time limit) and, on
//! each submission's page, the table of its cases (verdict, CPU time and
//! peak memory each with a bar against the limit, score), so a teacher
//! sees at a glance which cases came close to a limit.

use std::fmt::Write as _;

use super::anchors::Anchors;
use super::charts::{percent, score_bar, usage_bar};
use super::links::Links;
use super::matrix::columns;
use super::{Limits, escape, kib_text};
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
pub fn suite_table(report: &RunReport, links: &Links, limits: &Limits) -> String {
    let suites = suites(report);
    let all = columns(report);
    let mut out =
        String::from("<table class=\"suites\">\n<thead><tr><th scope=\"col\">submission</th>");
    for suite in &suites {
        let cases = all.iter().filter(|(s, _)| s == suite).count();
        let _ = write!(
            out,
            "<th scope=\"col\">{}<br><small>{}</small></th>",
            escape(suite),
            plural(cases, "case")
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (i, sub) in report.submissions.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><a href=\"{}\">{}</a></th>",
            links.submission(i),
            escape(&sub.name)
        );
        for suite in &suites {
            suite_cell(&mut out, sub, suite, limits);
        }
        out.push_str("</tr>\n");
    }
    out.push_str(
        "</tbody></table>\n<p class=\"key\">Each cell: the points, the cases accepted, and the \
         CPU time of the slowest case, as a share of the time limit.</p>\n",
    );
    out
}

/// One submission on one suite: score and bar, accepted cases, the
/// slowest case's CPU time against the limit.
fn suite_cell(out: &mut String, sub: &SubmissionReport, suite: &str, limits: &Limits) {
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
    let _ = write!(
        out,
        "<td><span class=\"figure\">{score}/{max}</span>{}<br><small>{accepted}/{} AC",
        score_bar(score, max, &label),
        cases.len()
    );
    if let Some(ms) = slowest {
        let _ = write!(out, " · {ms} ms ({}%)", percent(ms, limits.cpu_ms));
    }
    out.push_str("</small></td>");
}

/// The table of one submission's cases, under a heading row per suite.
/// Each row has its id (see `anchors`); a case not accepted links to its
/// section.
pub fn case_table(sub: &SubmissionReport, i: usize, anchors: &Anchors, limits: &Limits) -> String {
    let mut out = String::from(
        "<table class=\"cases\">\n<thead><tr><th scope=\"col\">case</th><th scope=\"col\">verdict</th>\
         <th scope=\"col\" colspan=\"2\">CPU time</th><th scope=\"col\" colspan=\"2\">peak memory</th>\
         <th scope=\"col\">score</th></tr></thead>\n<tbody>\n",
    );
    let mut suite = None;
    for (j, c) in sub.cases.iter().enumerate() {
        if suite != Some(&c.suite) {
            suite = Some(&c.suite);
            let _ = writeln!(
                out,
                "<tr class=\"suite\"><th colspan=\"7\" scope=\"rowgroup\">{}</th></tr>",
                escape(&c.suite)
            );
        }
        let target = super::matrix::target(anchors, sub, i, j);
        case_row(&mut out, c, &anchors.row(i, j), &target, limits);
    }
    out.push_str("</tbody></table>\n");
    out
}

/// One case's row, `id` its id, its name a link to `target` unless the
/// case was accepted.
fn case_row(out: &mut String, c: &CaseResult, id: &str, target: &str, limits: &Limits) {
    let name = match c.verdict {
        Verdict::AC => escape(&c.name),
        _ => format!("<a href=\"#{target}\">{}</a>", escape(&c.name)),
    };
    let _ = write!(
        out,
        "<tr id=\"{id}\"><td class=\"name\">{name}</td><td class=\"v {v}\">{v}</td>",
        v = c.verdict
    );
    if matches!(c.verdict, Verdict::CE | Verdict::JudgeError) {
        out.push_str("<td colspan=\"4\" class=\"unrun\">not run</td>");
    } else {
        usage_cells(out, c, limits);
    }
    let _ = writeln!(out, "<td class=\"num\">{}/{}</td></tr>", c.score, c.points);
}

/// The CPU time and memory cells of a case: the figure, then its bar.
fn usage_cells(out: &mut String, c: &CaseResult, limits: &Limits) {
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
    let _ = write!(
        out,
        "<td class=\"num\">{} ms</td><td>{}</td><td class=\"num\">{}</td><td>{}</td>",
        c.cpu_ms,
        usage_bar(c.cpu_ms, limits.cpu_ms, &cpu),
        kib_text(c.peak_memory_kib),
        usage_bar(c.peak_memory_kib, memory_limit, &memory),
    );
}
