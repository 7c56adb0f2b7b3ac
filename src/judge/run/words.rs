//! What a run says to the user around the judging, as text: what a contest
//! folder held, what a resumed run may keep, the conditions and compilers
//! it judges with (the opening), and how it ended (the closing). Not
//! responsible for where the text goes (the terminal's reporter).

use crate::check::Accept;
use crate::config::IoMode;
use crate::config::Submission;
use crate::config::units::{show_duration, show_size};
use crate::judge::compile::{Build, Toolchain, language_build};
use crate::judge::partition::Partition;
use crate::judge::plan::Plan;
use crate::judge::report::RunReport;
use crate::judge::report::table::sandbox_summary;
use crate::judge::resume::Earlier;
use crate::judge::submission::{Entry, Gathered};
use crate::runner::Runner;
use crate::text::{plural, visible};

/// What a contest folder held, for the terminal: every contestant with its
/// source (unless `brief`: a contest's size) or the reason it has none,
/// every entry skipped, and the configured submissions left out.
pub fn found_listing(gathered: &Gathered, brief: bool) -> String {
    let Some((folder, contest)) = &gathered.contest else {
        return String::new();
    };
    let mut out = format!(
        "contestants in {} (layout {}, problem {}): {} with a source, {} without, {} skipped\n{}",
        visible(&folder.path.display().to_string()),
        folder.layout,
        visible(&folder.problem),
        contest.found.len(),
        contest.missing.len(),
        contest.skipped.len(),
        contest.listed(!brief)
    );
    if gathered.left_out > 0 {
        out += &format!(
            "the configuration's {} not judged: only the contestants are\n",
            plural(gathered.left_out, "[[submission]]")
        );
    }
    out
}

/// What a resumed run read: why some results are not kept, and how many
/// may be (`json`: the report it goes on from).
pub fn resuming(earlier: &Earlier, json: &std::path::Path) -> String {
    let mut out = String::new();
    for note in &earlier.notes {
        out += &format!("{}\n", visible(note));
    }
    out += &match earlier.from.is_empty() {
        true => format!(
            "nothing to resume from: {} does not exist yet\n",
            json.display()
        ),
        false => format!(
            "resuming from {}: {} may be kept\n",
            visible(&earlier.from),
            plural(earlier.results(), "result")
        ),
    };
    out
}

/// The lines that open a run: what is judged under which limits, a warning
/// about `jobs`, the compilers, the sandbox, the shard.
pub fn opening(
    (entries, cases): (&[Entry], usize),
    (plan, runner): (&Plan, &dyn Runner),
    tools: Toolchain,
    partition: Option<Partition>,
) -> String {
    let mut out = format!("{}\n", header(entries.len(), cases, plan, runner));
    out += &jobs_warning(plan.jobs);
    out += &compilers(entries, tools);
    out += &format!("{}\n", sandbox_summary(&runner.protections()));
    if let Some(p) = partition {
        out += &format!("judging shard {p} of the (submission, case) pairs\n");
    }
    out
}

/// The lines that close a run: what a resumed run kept, and what an
/// interrupted one holds (`json`: its JSON report, if any).
pub fn closing(report: &RunReport, json: Option<&std::path::Path>) -> String {
    let mut out = String::new();
    if let Some(r) = &report.resumed {
        out += &format!(
            "resumed: {} kept from the earlier run, {} judged now",
            plural(r.kept, "result"),
            plural(r.judged - r.without_run.min(r.judged), "result")
        );
        if r.without_run > 0 {
            out += &format!(
                ", {} given without a run (no source, a compile error, or a program the judge could not prepare)",
                plural(r.without_run, "result")
            );
        }
        out.push('\n');
    }
    if report.interrupted {
        let finished = report.submissions.iter().map(|s| s.cases.len()).sum();
        out += &format!(
            "interrupted: the reports hold the {} that finished",
            plural(finished, "case")
        );
        out += &match json {
            Some(json) => format!(
                "; `--resume` with --json {} goes on from there\n",
                visible(&json.display().to_string())
            ),
            None => "\n".to_string(),
        };
    }
    out
}

/// A warning when more cases run at once than the machine has cores: the
/// programs then share cores, and the wall clock may stop one that is not
/// slow (such a case is judged again alone, but the run takes longer).
fn jobs_warning(jobs: usize) -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match jobs > cores {
        true => format!(
            "warning: --jobs {jobs} runs more cases at once than the {} here; \
             programs will share cores and their wall-clock times grow\n",
            plural(cores, "core")
        ),
        false => String::new(),
    }
}

/// A line per language of the sources judged: the command that builds
/// them and the compiler's version.
fn compilers(entries: &[Entry], tools: Toolchain) -> String {
    let mut seen: Vec<Build> = Vec::new();
    for entry in entries {
        let Some(Submission {
            source: Some(source),
            ..
        }) = entry.program()
        else {
            continue;
        };
        match language_build(source, tools) {
            Some(build) if !seen.contains(&build) => seen.push(build),
            _ => {}
        }
    }
    let mut out = String::new();
    for b in seen {
        let version = b.version.map_or(String::new(), |v| format!(" ({v})"));
        out += &visible(&format!("{}: {}{version}\n", b.language, b.command));
    }
    out
}

/// The line that opens a run: what is judged, under which limits (as
/// understood from the flags and the file), how.
fn header(entries: usize, cases: usize, plan: &Plan, runner: &dyn Runner) -> String {
    let l = plan.limits;
    format!(
        "judging {} on {}: {} CPU (wall {}), {} memory, {} output, {} I/O; {}, accept {}; measured by {}",
        plural(entries, "submission"),
        plural(cases, "case"),
        show_duration(l.cpu),
        show_duration(l.wall),
        show_size(l.memory),
        show_size(l.output),
        match plan.io.mode {
            IoMode::File => "file",
            IoMode::Stdio => "stdio",
        },
        plan.policy.dialect,
        match plan.policy.accept {
            Accept::Lexmin => "lexmin",
            Accept::AnyValid => "any-valid",
        },
        runner.method()
    )
}
