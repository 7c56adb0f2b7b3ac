//! The index of the report, the page named by `--html`: the run's
//! conditions (version, date, limits, rules, checker policy, how it was
//! measured and confined, whether it was interrupted), links to every
//! submission's page, the score matrix (`matrix`), the summary by suite
//! (`summary`) and the key to the boards. It holds no case's section, so it
//! stays small however many cases failed.

use std::fmt::Write as _;

use super::links::Links;
use super::{Site, TITLE, escape, key_section, kib_text, matrix, page, summary};
use crate::judge::report::RunReport;
use crate::text::plural;

/// The index page.
pub fn index_page(s: &Site) -> String {
    let report = s.report;
    let mut body = header(report);
    body.push_str(&contents(report, &s.links));
    let _ = write!(
        body,
        "<section id=\"scores\">\n<h2>Scores</h2>\n{}</section>\n\
         <section id=\"suites\">\n<h2>By suite</h2>\n{}</section>\n",
        matrix::matrix(s),
        summary::suite_table(report, &s.links, &s.limits)
    );
    body.push_str(&key_section(&s.cases.colours(0..s.cases.all().len())));
    page(TITLE, &body)
}

/// The title, the run's conditions and, when it was stopped, a warning.
fn header(report: &RunReport) -> String {
    let c = &report.conditions;
    let mut out = format!(
        "<header>\n<h1>mayan-judge report</h1>\n<p class=\"run\">Judged {} by mayan-judge {}; \
         measured by {}.</p>\n",
        escape(&report.started),
        escape(&report.version),
        escape(&report.measured_by)
    );
    let _ = writeln!(
        out,
        "<p class=\"conditions\"><b>Limits</b> CPU time {} ms, wall-clock {} ms, memory {}, \
         output {}, {} processes; {} I/O. <b>Rules</b> null-swaps = {}, steps = {}. \
         <b>Checker</b> accept = {}.</p>",
        c.cpu_ms,
        c.wall_ms,
        kib_text(c.memory_bytes / 1024),
        kib_text(c.output_bytes / 1024),
        c.processes,
        escape(&c.io),
        escape(&c.null_swaps),
        escape(&c.steps),
        escape(&c.accept)
    );
    out.push_str(&sandbox_line(report));
    if report.interrupted {
        let finished: usize = report.submissions.iter().map(|s| s.cases.len()).sum();
        let _ = writeln!(
            out,
            "<p class=\"interrupted\"><b>Interrupted:</b> the run was stopped before every case \
             was judged; this report holds the {} that finished.</p>",
            plural(finished, "case")
        );
    }
    out.push_str("</header>\n");
    out
}

/// What confined the runs, and what did not.
fn sandbox_line(report: &RunReport) -> String {
    let active: Vec<String> = report
        .sandbox
        .iter()
        .filter(|p| p.active)
        .map(|p| escape(p.name))
        .collect();
    let missing: Vec<String> = report
        .sandbox
        .iter()
        .filter(|p| !p.active)
        .map(|p| format!("{} ({})", escape(p.name), escape(&p.how)))
        .collect();
    let mut out = format!(
        "<p class=\"sandbox\"><b>Sandbox</b> {}.",
        match active.is_empty() {
            true => "none".to_string(),
            false => active.join(", "),
        }
    );
    if !missing.is_empty() {
        let _ = write!(out, " <b>Not protected:</b> {}.", missing.join("; "));
    }
    out.push_str("</p>\n");
    out
}

/// Links to the parts of the index and to each submission's page.
fn contents(report: &RunReport, links: &Links) -> String {
    let mut out = String::from(
        "<nav class=\"contents\"><a href=\"#scores\">Scores</a> · <a href=\"#suites\">By suite</a>",
    );
    for i in 0..report.submissions.len() {
        let _ = write!(
            out,
            " · <a href=\"{}\">{}</a>",
            links.submission(i),
            escape(&report.submissions[i].name)
        );
    }
    out.push_str("</nav>\n");
    out
}
