//! `mayan judge`: grade submissions over the suites and report. The run is
//! the library's (`judge::session`); this draws progress, keeps the JSON
//! file up to date and writes the reports asked for.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use super::args::overrides;
use super::outputs::check_report_paths;
use super::progress::{Progress, check_no_journal};
use super::{AnswerArgs, RuleArgs, RunArgs};
use crate::check::Accept;
use crate::config::units::{show_duration, show_size};
use crate::config::{
    Config, ContestantsConfig, IoMode, Layout, Origin, Submission, problem_name_fault,
};
use crate::judge::compile::{Build, Toolchain, language_build};
use crate::judge::contestants::{is_problem, source_name};
use crate::judge::partition::Partition;
use crate::judge::plan::Plan;
use crate::judge::report::table::{
    judge_errors, ranking, sandbox_summary, score_table, submission_table,
};
use crate::judge::report::{CaseId, Conditions, RunReport, export};
use crate::judge::resume::Earlier;
use crate::judge::session::{RunOptions, Session, find_cases};
use crate::judge::submission::{ContestArgs, Entry, Gathered, gather};
use crate::judge::suite::CaseFile;
use crate::runner::Runner;
use crate::runner::process::ProcessRunner;
use crate::text::{glob_match, plural, visible};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct JudgeArgs {
    /// Source files to judge instead of the configured submissions (the
    /// language by the extension: .c .cpp .pas .rs .py, and judge.toml's)
    #[arg(value_name = "SOURCE")]
    pub sources: Vec<PathBuf>,
    /// The configuration [default: judge.toml in the current folder when it
    /// exists, else the built-in one]
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// A folder of cases to judge instead of the configured suites
    /// (repeatable)
    #[arg(long = "suite", value_name = "DIR")]
    pub suites: Vec<PathBuf>,
    #[command(flatten)]
    pub answers: AnswerArgs,
    /// Judge only the cases whose `suite/name` (or name) matches, as
    /// "rules/*" or "*-00?" (repeatable)
    #[arg(long = "case", value_name = "GLOB")]
    pub cases: Vec<String>,
    /// Judge only the submissions or contestants whose name matches
    /// (repeatable)
    #[arg(long = "submission", value_name = "NAME")]
    pub submissions: Vec<String>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Write every result as JSON at the end (and when stopped); while the
    /// run goes, each result is added to FILE.journal as it is judged
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Go on from the --json FILE of an earlier run (and its journal, when
    /// it did not finish): keep each result whose submission, case files
    /// and conditions are unchanged, and judge the rest
    #[arg(long, requires = "json")]
    pub resume: bool,
    /// Write JUnit XML for CI
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write the score table (a row per submission, a column per case) as
    /// CSV
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the HTML report: FILE is its index (the score matrix), and a
    /// folder beside it named after it (report.html: report.files) holds a
    /// page per submission, every case not accepted replayed on drawn
    /// boards, and a page per case with its smallest solution
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// A folder of contestants, judged instead of the configured folder and
    /// submissions: `DIR/<name>/mayan.<ext>` (LemonLime),
    /// `DIR/<name>/mayan/mayan.<ext>` (CCF NOI/NOIP, Arbiter) or
    /// `DIR/<name>.<ext>` (a class folder), found by itself
    #[arg(long, value_name = "DIR")]
    pub contestants: Option<PathBuf>,
    /// How the contest folder is laid out [default: judge.toml's contestants
    /// `layout`, else auto]
    #[arg(long, value_enum, value_name = "LAYOUT")]
    pub layout: Option<Layout>,
    /// The problem's name: contestants' sources are `NAME.<ext>` (in the
    /// folder `NAME` when nested) [default: judge.toml's contestants
    /// `problem`, else mayan]
    #[arg(long, value_name = "NAME", value_parser = problem_name)]
    pub problem: Option<String>,
    /// Judge only shard K of N of the (submission, case) pairs, as 2/3, to
    /// spread a run over machines; `mayan report merge` puts the shards'
    /// --json reports together (merge them before folding a re-judge in)
    #[arg(long, value_name = "K/N", conflicts_with_all = ["csv", "html"])]
    pub partition: Option<Partition>,
    /// Cases run at once (CPU times stay per process; wall times get
    /// noisier)
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// No progress and no opening lines: only the tables
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Judge this command (a program and its arguments, as you would run it
    /// here) instead of the configured submissions
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// A value of `--problem`: what `[contestants] problem` accepts.
fn problem_name(text: &str) -> Result<String, String> {
    match problem_name_fault(text) {
        None => Ok(text.to_string()),
        Some(why) => Err(format!("{text:?} {why}")),
    }
}

pub(super) fn judge_command(args: &JudgeArgs) -> Result<u8> {
    crate::runner::signals::install();
    let (config, base) = configured(args)?;
    let (mut cases, strays) = find_cases(&config)?;
    for f in strays.iter().filter(|_| !args.quiet) {
        eprintln!("{}", visible(&f.to_string()));
    }
    keep_matching(&mut cases, &args.cases, |c| {
        format!("{}/{}", c.suite, c.name)
    })?;
    let mut entries = entries(args, &config)?;
    keep_matching(&mut entries, &args.submissions, |e| e.name().to_string())?;
    let plan = Plan::of(&config, usize::from(args.jobs));
    check_report_paths(&[
        ("--json", &args.json),
        ("--junit", &args.junit),
        ("--csv", &args.csv),
        ("--html", &args.html),
    ])?;
    let earlier = earlier(args, &plan, &cases)?;
    let runner = ProcessRunner::configured(config.sandbox.mode, config.sandbox.readable.clone())?;
    let tools = Toolchain::of(&config);
    if !args.quiet {
        eprint!(
            "{}",
            opening(args, (&entries, cases.len()), (&plan, &runner), tools)
        );
    }
    let session = Session {
        base: &base,
        cases: &cases,
        plan: &plan,
        runner: &runner,
        tools,
    };
    let carried = earlier.as_ref().map(Earlier::carried).unwrap_or_default();
    let mut progress = Progress::new(args.json.clone(), args.quiet, carried);
    let options = RunOptions {
        partition: args.partition,
        earlier: earlier.as_ref(),
    };
    let report = session.judge_run(&entries, options, &mut progress)?;
    // A report that cannot be written does not cost the others.
    let saved = progress.finish(&report);
    print_tables(&report)?;
    let exported = write_exports([&args.junit, &args.csv, &args.html], &report);
    saved.and(exported)?;
    if !args.quiet {
        eprint!("{}", closing(args, &report));
        if !report.interrupted {
            eprint!("{}", added_meanwhile(args, &config, &entries));
        }
    }
    Ok(report.exit_code())
}

/// With `--resume`, what the earlier run left that still holds: its report
/// and its journal read, and what was not kept said (unless quiet).
fn earlier(args: &JudgeArgs, plan: &Plan, cases: &[CaseFile]) -> Result<Option<Earlier>> {
    let Some(json) = &args.json else {
        return Ok(None);
    };
    check_no_journal(json, args.resume)?;
    if !args.resume {
        return Ok(None);
    }
    let ids: Vec<CaseId> = cases.iter().map(CaseId::of).collect();
    let earlier = Earlier::read(json, &Conditions::of(plan), &ids)?;
    if !args.quiet {
        for note in &earlier.notes {
            eprintln!("{}", visible(note));
        }
        match earlier.from.is_empty() {
            true => eprintln!(
                "nothing to resume from: {} does not exist yet",
                json.display()
            ),
            false => eprintln!(
                "resuming from {}: {} may be kept",
                visible(&earlier.from),
                plural(earlier.results(), "result")
            ),
        }
    }
    Ok(Some(earlier))
}

/// Contestants whose folders appeared in the contest folder while the run
/// went (late copies, a second USB stick): named, since they were not
/// judged, with how to judge them without judging the others again.
fn added_meanwhile(args: &JudgeArgs, config: &Config, judged: &[Entry]) -> String {
    // Named sources, a command, or contestants picked by name: nothing else
    // was meant to be judged.
    if !args.sources.is_empty() || !args.command.is_empty() || !args.submissions.is_empty() {
        return String::new();
    }
    let contest = ContestArgs {
        folder: args.contestants.as_deref(),
        problem: args.problem.as_deref(),
        layout: args.layout,
    };
    let Ok(now) = gather(&[], &contest, config) else {
        return String::new();
    };
    let added: Vec<String> = (now.entries.iter())
        .filter(|e| now.contest.is_some() && !judged.iter().any(|j| j.name() == e.name()))
        .map(|e| visible(e.name()))
        .collect();
    if added.is_empty() {
        return String::new();
    }
    let again = match &args.json {
        Some(json) => format!(
            "run again with --resume --json {}",
            visible(&json.display().to_string())
        ),
        None => "run again with --json FILE --resume to judge only what is new".to_string(),
    };
    format!(
        "warning: {} appeared in the contest folder during the run and {} not judged: {}; {again}\n",
        plural(added.len(), "contestant"),
        if added.len() == 1 { "was" } else { "were" },
        added.join(", ")
    )
}

/// The lines that close a run on standard error: what a resumed run kept,
/// and what an interrupted one holds.
fn closing(args: &JudgeArgs, report: &RunReport) -> String {
    let mut out = String::new();
    if let Some(r) = &report.resumed {
        out += &format!(
            "resumed: {} kept from the earlier run, {} judged now\n",
            plural(r.kept, "result"),
            plural(r.judged, "result")
        );
    }
    if report.interrupted {
        let finished = report.submissions.iter().map(|s| s.cases.len()).sum();
        out += &format!(
            "interrupted: the reports hold the {} that finished",
            plural(finished, "case")
        );
        out += &match &args.json {
            Some(json) => format!(
                "; `--resume` with --json {} goes on from there\n",
                visible(&json.display().to_string())
            ),
            None => "\n".to_string(),
        };
    }
    out
}

/// What the run judges: the sources or command of the command line, else
/// the contest folder's contestants (listed on standard error unless
/// quiet), else the configured submissions.
fn entries(args: &JudgeArgs, config: &Config) -> Result<Vec<Entry>> {
    let contest = ContestArgs {
        folder: args.contestants.as_deref(),
        problem: args.problem.as_deref(),
        layout: args.layout,
    };
    if args.sources.is_empty() && args.command.is_empty() {
        let gathered = gather(&[], &contest, config)?;
        if !args.quiet {
            eprint!("{}", found_listing(&gathered));
        }
        return Ok(gathered.entries);
    }
    let problem = contest
        .resolve(config.contestants.as_ref())
        .map(|c| c.problem);
    let problem = problem.unwrap_or_else(ContestantsConfig::default_problem);
    from_command_line(&args.sources, &args.command, &problem)
}

/// The lines that open a run on standard error: what is judged under which
/// limits, a warning about --jobs, the compilers, the sandbox, the shard.
fn opening(
    args: &JudgeArgs,
    (entries, cases): (&[Entry], usize),
    (plan, runner): (&Plan, &ProcessRunner),
    tools: Toolchain,
) -> String {
    let mut out = format!("{}\n", header(entries.len(), cases, plan, runner));
    out += &jobs_warning(args.jobs);
    out += &compilers(entries, tools);
    out += &format!("{}\n", sandbox_summary(&runner.protections()));
    if let Some(p) = args.partition {
        out += &format!("judging shard {p} of the (submission, case) pairs\n");
    }
    out
}

/// The configuration with the command line's overrides, and the folder
/// its relative paths start from.
fn configured(args: &JudgeArgs) -> Result<(Config, std::path::PathBuf)> {
    let (mut config, config_path) = Config::find(args.config.as_deref())?;
    let base = config_path
        .as_deref()
        .and_then(Path::parent)
        .unwrap_or(Path::new(""))
        .to_path_buf();
    let mut overrides = overrides(Some(&args.run), &args.rules);
    overrides.suites = args.suites.clone();
    overrides.answer_extension = args.answers.answer_extension.clone();
    config.apply(&overrides)?;
    Ok((config, base))
}

/// Keeps the items whose name matches one of `globs` (all when there is
/// none); an error when nothing is left.
fn keep_matching<T>(
    items: &mut Vec<T>,
    globs: &[String],
    name: impl Fn(&T) -> String,
) -> Result<()> {
    if globs.is_empty() {
        return Ok(());
    }
    items.retain(|item| {
        let full = name(item);
        let short = full.rsplit('/').next().unwrap_or(&full).to_string();
        globs
            .iter()
            .any(|g| glob_match(g, &full) || glob_match(g, &short))
    });
    if items.is_empty() {
        bail!("nothing matches {}", globs.join(", "));
    }
    Ok(())
}

/// What a contest folder held, for the terminal: every contestant with its
/// source or the reason it has none, every entry skipped, and the
/// configured submissions left out.
fn found_listing(gathered: &Gathered) -> String {
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
        contest.listing()
    );
    if gathered.left_out > 0 {
        out += &format!(
            "the configuration's {} not judged: only the contestants are\n",
            plural(gathered.left_out, "[[submission]]")
        );
    }
    out
}

/// The submissions named on the command line: each source file (named by
/// its file name, or by its contestant's folder when the file is named
/// after the problem), then the command after `--`, whose arguments are
/// read in the current folder.
fn from_command_line(sources: &[PathBuf], command: &[String], problem: &str) -> Result<Vec<Entry>> {
    let mut entries = Vec::new();
    let names: Vec<String> = sources.iter().map(|s| source_name(s, problem)).collect();
    for (source, name) in sources.iter().zip(&names) {
        if !source.is_file() {
            bail!("{}: no such source file", source.display());
        }
        // Two sources of one name are told apart by their paths.
        let name = match names.iter().filter(|n| *n == name).count() {
            1 => name.clone(),
            _ => source.display().to_string(),
        };
        entries.push(Entry::Program(Submission {
            name,
            command: None,
            source: Some(source.clone()),
            // A file named after the problem is a contestant's.
            origin: match is_problem(source, problem) {
                true => Origin::Contestant,
                false => Origin::Named,
            },
        }));
    }
    if !command.is_empty() {
        super::outputs::check_program(command)?;
        entries.extend(gather(command, &ContestArgs::default(), &Config::builtin())?.entries);
    }
    Ok(entries)
}

/// A warning when more cases run at once than the machine has cores: the
/// programs then share cores, and the wall clock may stop one that is not
/// slow (such a case is judged again alone, but the run takes longer).
fn jobs_warning(jobs: u16) -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match usize::from(jobs) > cores {
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
        let Entry::Program(Submission {
            source: Some(source),
            ..
        }) = entry
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

pub(super) fn print_tables(report: &RunReport) -> Result<()> {
    let mut out = std::io::stdout().lock();
    for r in &report.submissions {
        writeln!(out, "{}", submission_table(r))?;
    }
    // A shard's submissions have different cases: no common columns.
    if report.submissions.len() > 1 && report.partition.is_none() {
        write!(out, "{}", ranking(&report.submissions))?;
        write!(
            out,
            "{}",
            score_table(&report.submissions, super::terminal_columns())
        )?;
    }
    let errors = judge_errors(&report.submissions);
    if !errors.is_empty() {
        write!(out, "\n{errors}")?;
    }
    Ok(())
}

/// Renders the reports of a run as one file's text.
type Render = fn(&RunReport) -> String;

/// Writes the JUnit, CSV and HTML files asked for (`judge` and `report
/// merge` alike).
pub(super) fn write_exports(
    [junit, csv, html]: [&Option<PathBuf>; 3],
    report: &RunReport,
) -> Result<()> {
    let exports: [(&Option<PathBuf>, Render); 2] = [
        (junit, |r| export::junit(&r.submissions)),
        (csv, |r| export::score_csv(&r.submissions)),
    ];
    // Each is tried: one that cannot be written does not cost the others.
    let mut first_failure: Result<()> = Ok(());
    for (path, render) in exports {
        if let Some(path) = path {
            let written = std::fs::write(path, render(report))
                .with_context(|| format!("{}: cannot write", path.display()));
            first_failure = first_failure.and(written);
        }
    }
    if let Some(path) = html {
        let written = crate::judge::report::html::write_report(path, report);
        first_failure = first_failure.and(written.map(|_| ()).map_err(Into::into));
    }
    first_failure
}
