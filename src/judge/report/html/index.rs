//! The index of the report, the page named by `--html`: the run's
//! conditions (version, date, limits, rules, checker policy, how it was
//! measured and confined, whether it was interrupted), links to every
//! submission's page, the score matrix (`matrix`), the summary by suite
//! (`summary`) and the key to the boards. It holds no case's section, so it
//! stays small however many cases failed.

use maud::{Markup, html};

use super::links::Links;
use super::{Site, TITLE, key_section, kib_text, matrix, page, summary};
use crate::judge::report::RunReport;
use crate::text::plural;

/// The index page.
pub fn index_page(s: &Site) -> String {
    let report = s.report;
    let body = html! {
        (header(report))
        (contents(report, &s.links))
        section #scores {
            h2 { "Scores" }
            (matrix::matrix(s))
        }
        section #suites {
            h2 { "By suite" }
            (summary::suite_table(report, &s.links, &s.limits))
        }
        (key_section(&s.cases.colours(0..s.cases.all().len())))
    };
    page(TITLE, body)
}

/// The title, the run's conditions and, when it was stopped, a warning.
fn header(report: &RunReport) -> Markup {
    let c = &report.conditions;
    let finished: usize = report.submissions.iter().map(|s| s.cases.len()).sum();
    html! {
        header {
            h1 { "mayan-judge report" }
            p.run {
                "Judged " (report.started) " by mayan-judge " (report.version) "; measured by "
                (report.measured_by) "."
            }
            p.conditions {
                b { "Limits" } " CPU time " (c.cpu_ms) " ms, wall-clock " (c.wall_ms)
                " ms, memory " (kib_text(c.memory_bytes / 1024)) ", output "
                (kib_text(c.output_bytes / 1024)) ", " (c.processes) " processes; " (c.io)
                " I/O. " b { "Rules" } " null-swaps = " (c.null_swaps) ", steps = " (c.steps)
                ". " b { "Checker" } " accept = " (c.accept) "."
            }
            (sandbox_line(report))
            @if report.interrupted {
                p.interrupted {
                    b { "Interrupted:" } " the run was stopped before every case was judged; \
                    this report holds the " (plural(finished, "case")) " that finished."
                }
            }
        }
    }
}

/// What confined the runs, and what did not.
fn sandbox_line(report: &RunReport) -> Markup {
    let active: Vec<&str> = (report.sandbox.iter())
        .filter(|p| p.active)
        .map(|p| p.name)
        .collect();
    let missing: Vec<String> = (report.sandbox.iter())
        .filter(|p| !p.active)
        .map(|p| format!("{} ({})", p.name, p.how))
        .collect();
    html! {
        p.sandbox {
            b { "Sandbox" } " "
            @if active.is_empty() { "none" } @else { (active.join(", ")) }
            "."
            @if !missing.is_empty() {
                " " b { "Not protected:" } " " (missing.join("; ")) "."
            }
        }
    }
}

/// Links to the parts of the index and to each submission's page.
fn contents(report: &RunReport, links: &Links) -> Markup {
    html! {
        nav.contents {
            a href="#scores" { "Scores" } " · " a href="#suites" { "By suite" }
            @for (i, sub) in report.submissions.iter().enumerate() {
                " · " a href=(links.submission(i)) { (sub.name) }
            }
        }
    }
}
