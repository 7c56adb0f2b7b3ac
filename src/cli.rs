//! The command line: argument definitions and the commands behind them.
//! Each command returns its exit code; `main` only prints errors.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};

use crate::answer::format_answer;
use crate::case::{Case, parse_case};
use crate::check::protocol::{self, Protocol};
use crate::check::{Accept, Policy};
use crate::compile::{Prepared, prepare};
use crate::config::units::{parse_duration, parse_size};
use crate::config::{Config, IoMode, LanguageConfig, Submission, Suite};
use crate::contestants::{Missing, contestants};
use crate::dialect::{Dialect, NullSwaps, Steps};
use crate::judge::{Plan, all_cases, judge_program};
use crate::render::{draw_board, draw_move};
use crate::report::{
    RunReport, SubmissionReport, export, score_table, submission_table, write_json,
};
use crate::rules::{RawMove, trace};
use crate::runner::process::ProcessRunner;
use crate::runner::{Limits, Runner};
use crate::solver::{MAX_MOVES, Solver};
use crate::suite::{CaseFile, discover};
use crate::validate::{Severity, collect_inputs, validate_case};
use crate::verdict::CaseVerdict;

/// Exit code of a harness or usage error.
pub const EXIT_ERROR: u8 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "mayan",
    version,
    about = "Judge, solve and test the NOIP 2011 Mayan puzzle"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the smallest solution of a case (or -1), in the contest output format.
    Solve(SolveArgs),
    /// Check case files and their answers; note dialect-sensitive cases and
    /// cases that can be cleared in fewer than n moves.
    Validate(ValidateArgs),
    /// Judge a contestant's output (special judge), in the calling convention
    /// of a judge: plain (default), testlib, kattis, lemon or cms.
    Check(CheckArgs),
    /// Run submissions over the suites of cases under limits and report
    /// verdicts, times, memory and scores.
    Judge(JudgeArgs),
}

#[derive(Args, Debug)]
pub struct JudgeArgs {
    /// The configuration file; `judge.toml` in the current folder when it
    /// exists, built-in defaults otherwise.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// A folder of cases to judge instead of the configured suites (repeatable).
    #[arg(long = "suite")]
    pub suites: Vec<PathBuf>,
    /// CPU time limit per case, as "1s" or "500ms".
    #[arg(long, value_parser = parse_duration)]
    pub time_limit: Option<std::time::Duration>,
    /// Memory limit per case, as "256MiB".
    #[arg(long, value_parser = parse_size)]
    pub memory_limit: Option<u64>,
    /// File I/O (mayan.in / mayan.out) or standard streams.
    #[arg(long, value_enum)]
    pub io: Option<IoMode>,
    /// Write every result as JSON to this file, updated after each case.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write JUnit XML for CI to this file.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Write the score table (a row per submission, a column per case) as CSV.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Write the score table as a self-contained HTML page.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// A folder of contestants, one subfolder each holding mayan.<ext>
    /// (LemonLime's layout), judged instead of the configured folder.
    #[arg(long)]
    pub contestants: Option<PathBuf>,
    /// Cases run at once (CPU times stay per process; wall times get noisier).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// Judge this command instead of the configured submissions.
    #[arg(last = true)]
    pub command: Vec<String>,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Calling convention; a binary named mayan-testlib, mayan-kattis,
    /// mayan-lemon, mayan-cms or mayan-check picks its own.
    #[arg(long, value_enum, env = "MAYAN_PROTOCOL", default_value_t = Protocol::Plain)]
    pub protocol: Protocol,
    /// Accept only the smallest solution, or any valid one.
    #[arg(long, value_enum, env = "MAYAN_ACCEPT", default_value_t = Accept::Lexmin)]
    pub accept: Accept,
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_enum, env = "MAYAN_NULL_SWAPS", default_value_t = NullSwaps::Include)]
    pub null_swaps: NullSwaps,
    /// Exactly n moves, or at most n.
    #[arg(long, value_enum, env = "MAYAN_STEPS", default_value_t = Steps::Exact)]
    pub steps: Steps,
    /// The protocol's arguments, in its order (plain: INPUT OUTPUT [ANSWER]).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    pub args: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Case files or folders (walked recursively); the suites of the
    /// configuration when none are given.
    pub paths: Vec<PathBuf>,
    /// The configuration file; `judge.toml` in the current folder when it
    /// exists, built-in defaults otherwise.
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// The two dialect switches of SPEC.md, shared by every command that judges.
#[derive(Args, Debug, Clone, Copy)]
pub struct DialectArgs {
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_enum, default_value_t = NullSwaps::Include)]
    pub null_swaps: NullSwaps,
    /// Exactly n moves, or at most n.
    #[arg(long, value_enum, default_value_t = Steps::Exact)]
    pub steps: Steps,
}

impl DialectArgs {
    pub fn dialect(&self) -> Dialect {
        Dialect::new(self.null_swaps, self.steps)
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The case file (`*.in`); standard input when absent or `-`.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub dialect: DialectArgs,
    /// After the answer, draw the board at every stage of every move.
    #[arg(long)]
    pub explain: bool,
    /// Print the least number of moves that clears the board instead (-1 when
    /// none within --bound).
    #[arg(long)]
    pub min_moves: bool,
    /// Largest number of moves --min-moves tries.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(0..=MAX_MOVES as i64))]
    pub bound: u8,
}

/// Runs the parsed command line; returns the exit code.
pub fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Validate(args) => validate(&args),
        Command::Check(args) => Ok(check(&args)),
        Command::Judge(args) => judge_command(&args),
    }
}

/// Arguments that name existing files, made absolute against `base`: the
/// program runs in a fresh working folder.
fn absolute_args(argv: &[String], base: &Path) -> Vec<String> {
    argv.iter()
        .map(|a| {
            let p = base.join(a);
            if Path::new(a).is_relative() && a.contains('/') && p.exists() {
                std::fs::canonicalize(&p).map_or(a.clone(), |p| p.to_string_lossy().into_owned())
            } else {
                a.clone()
            }
        })
        .collect()
}

fn judge_command(args: &JudgeArgs) -> Result<u8> {
    let config_path = args.config.clone().or_else(|| {
        Path::new("judge.toml")
            .exists()
            .then(|| "judge.toml".into())
    });
    let mut config = load_config(config_path.as_ref())?;
    let base = config_path
        .as_deref()
        .and_then(Path::parent)
        .unwrap_or(Path::new(""))
        .to_path_buf();
    if let Some(t) = args.time_limit {
        config.limits.time = t;
    }
    if let Some(m) = args.memory_limit {
        config.limits.memory = m;
    }
    if let Some(io) = args.io {
        config.io.mode = io;
    }
    if !args.suites.is_empty() {
        config.suites = args
            .suites
            .iter()
            .map(|p| Suite {
                name: p
                    .file_name()
                    .map_or("cases".into(), |n| n.to_string_lossy().into_owned()),
                path: p.clone(),
                points: 10,
            })
            .collect();
    }
    for suite in &config.suites {
        if !suite.path.is_dir() {
            bail!(
                "suite `{}`: {} is not a folder",
                suite.name,
                suite.path.display()
            );
        }
    }
    let (cases, strays) = discover(&config.suites);
    for f in &strays {
        eprintln!("{f}");
    }
    if cases.is_empty() {
        bail!("no cases (*.in) in the suites");
    }
    let (submissions, absent) = gather_submissions(args, &config)?;
    if submissions.is_empty() && absent.is_empty() {
        bail!(
            "nothing to judge: add a [[submission]] or [contestants] to the configuration, or give a command after --"
        );
    }
    let plan = Plan {
        limits: Limits {
            cpu: config.limits.time,
            wall: config.limits.time * config.limits.wall_multiple,
            memory: config.limits.memory,
            output: config.limits.output,
        },
        io: config.io.clone(),
        policy: Policy {
            accept: config.checker.accept,
            dialect: config.rules,
        },
        jobs: usize::from(args.jobs),
    };
    let runner = ProcessRunner::new();
    let mut report = RunReport {
        measured_by: runner.method().to_string(),
        submissions: Vec::new(),
    };
    eprintln!(
        "judging {} on {} cases: {} ms CPU, {} MiB, {} I/O, {}; measured by {}",
        plural(submissions.len(), "submission"),
        cases.len(),
        plan.limits.cpu.as_millis(),
        plan.limits.memory >> 20,
        match plan.io.mode {
            IoMode::File => "file",
            IoMode::Stdio => "stdio",
        },
        plan.policy.dialect,
        report.measured_by
    );
    for who in &absent {
        eprintln!("[{}] {}", who.name, who.why);
        let mut r = SubmissionReport::new(&who.name);
        r.compile_error = Some(who.why.clone());
        all_cases(&cases, CaseVerdict::CE, &who.why)
            .into_iter()
            .for_each(|c| r.push(c));
        report.submissions.push(r);
    }
    for sub in &submissions {
        let result = judge_submission(
            sub,
            &base,
            &cases,
            &plan,
            &runner,
            &mut report,
            args.json.as_deref(),
            &config.languages,
        )?;
        report.submissions.push(result);
        if let Some(path) = &args.json {
            write_json(path, &report)
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
    }
    let mut out = std::io::stdout().lock();
    for r in &report.submissions {
        writeln!(out, "{}", submission_table(r))?;
    }
    if report.submissions.len() > 1 {
        write!(out, "{}", score_table(&report.submissions))?;
    }
    let exports: [(&Option<PathBuf>, Render); 3] = [
        (&args.junit, export::junit),
        (&args.csv, export::score_csv),
        (&args.html, export::score_html),
    ];
    for (path, render) in exports {
        if let Some(path) = path {
            std::fs::write(path, render(&report.submissions))
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
    }
    Ok(
        if report
            .submissions
            .iter()
            .all(SubmissionReport::all_accepted)
        {
            0
        } else {
            1
        },
    )
}

/// What to judge: the command after `--`, or the configured submissions and
/// contestants (`--contestants` overrides the configured folder); and the
/// contestants without a usable source.
fn gather_submissions(
    args: &JudgeArgs,
    config: &Config,
) -> Result<(Vec<Submission>, Vec<Missing>)> {
    if !args.command.is_empty() {
        let command = Submission {
            name: "command".to_string(),
            command: Some(args.command.clone()),
            source: None,
        };
        return Ok((vec![command], Vec::new()));
    }
    let mut submissions = config.submissions.clone();
    let folder = match (&args.contestants, &config.contestants) {
        (Some(dir), c) => Some((
            dir.clone(),
            c.as_ref()
                .map_or("mayan".to_string(), |c| c.problem.clone()),
        )),
        (None, Some(c)) => Some((c.path.clone(), c.problem.clone())),
        (None, None) => None,
    };
    let mut absent = Vec::new();
    if let Some((dir, problem)) = folder {
        let (found, missing) = contestants(&dir, &problem)
            .with_context(|| format!("{}: cannot read the contestants", dir.display()))?;
        submissions.extend(found);
        absent = missing;
    }
    Ok((submissions, absent))
}

/// Renders the reports of a run as one file's text.
type Render = fn(&[SubmissionReport]) -> String;

/// Prepares and judges one submission, streaming progress to stderr and the
/// JSON report to its file after every case.
fn judge_submission(
    sub: &Submission,
    base: &Path,
    cases: &[CaseFile],
    plan: &Plan,
    runner: &ProcessRunner,
    report: &mut RunReport,
    json: Option<&Path>,
    languages: &BTreeMap<String, LanguageConfig>,
) -> Result<SubmissionReport> {
    let mut result = SubmissionReport::new(&sub.name);
    let build = tempfile::Builder::new().prefix("mayan-build-").tempdir()?;
    let prepared = match (&sub.command, &sub.source) {
        (Some(command), _) => Ok(Prepared::Ready(absolute_args(command, base))),
        (None, Some(source)) => prepare(source, build.path(), runner, languages),
        (None, None) => Err("no command and no source".to_string()),
    };
    let argv = match prepared {
        Ok(Prepared::Ready(argv)) => argv,
        Ok(Prepared::CompileError(message)) => {
            eprintln!("[{}] compilation failed", sub.name);
            result.compile_error = Some(message);
            all_cases(cases, CaseVerdict::CE, "compilation failed")
                .into_iter()
                .for_each(|c| result.push(c));
            return Ok(result);
        }
        Err(why) => {
            eprintln!("[{}] judge error: {why}", sub.name);
            all_cases(cases, CaseVerdict::JudgeError, &why)
                .into_iter()
                .for_each(|c| result.push(c));
            return Ok(result);
        }
    };
    let mut failure = None;
    // A bar on a terminal, a line per case otherwise.
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(cases.len() as u64);
        let style =
            indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        bar.set_style(style.progress_chars("=> "));
        bar.set_prefix(sub.name.clone());
        bar
    });
    let finished = judge_program(runner, &argv, cases, plan, &mut |c| {
        let line = format!("{}/{}: {} ({} ms)", c.suite, c.name, c.verdict, c.cpu_ms);
        match &bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(line);
            }
            None => eprintln!("[{}] {line}", sub.name),
        }
        if let Some(path) = json {
            let mut partial = report.clone();
            let mut so_far = result.clone();
            so_far.push(c.clone());
            partial.submissions.push(so_far);
            if let Err(e) = write_json(path, &partial) {
                failure.get_or_insert(format!("{}: cannot write: {e}", path.display()));
            }
        }
        result.push(c.clone());
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    debug_assert_eq!(finished.len(), result.cases.len());
    if let Some(f) = failure {
        bail!(f);
    }
    Ok(result)
}

fn check(args: &CheckArgs) -> u8 {
    let policy = Policy {
        accept: args.accept,
        dialect: Dialect::new(args.null_swaps, args.steps),
    };
    protocol::run(args.protocol, &args.args, policy)
}

/// The command line to parse: a binary named for a checker protocol
/// (`mayan-testlib INPUT OUTPUT ANSWER`) stands for `mayan check --protocol
/// testlib INPUT OUTPUT ANSWER`, so a judge can call it with its fixed
/// arguments.
pub fn effective_args(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let name = args
        .first()
        .and_then(|a| Path::new(a).file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Some(protocol) = Protocol::from_program_name(&name) else {
        return args;
    };
    let protocol = clap::ValueEnum::to_possible_value(&protocol).map(|v| v.get_name().to_string());
    let mut rewritten: Vec<std::ffi::OsString> =
        vec!["mayan".into(), "check".into(), "--protocol".into()];
    rewritten.push(protocol.unwrap_or_default().into());
    rewritten.push("--".into());
    rewritten.extend(args.into_iter().skip(1));
    rewritten
}

/// The configuration named, else `./judge.toml` if present, else the defaults.
fn load_config(path: Option<&PathBuf>) -> Result<Config> {
    match path {
        Some(p) => Ok(Config::load(p)?),
        None if Path::new("judge.toml").exists() => Ok(Config::load(Path::new("judge.toml"))?),
        None => Ok(Config::default()),
    }
}

fn validate(args: &ValidateArgs) -> Result<u8> {
    let config = load_config(args.config.as_ref())?;
    let roots: Vec<PathBuf> = if args.paths.is_empty() {
        config.suites.iter().map(|s| s.path.clone()).collect()
    } else {
        args.paths.clone()
    };
    for root in &roots {
        if !root.exists() {
            bail!("{}: no such file or folder", root.display());
        }
    }
    let (inputs, mut findings) = collect_inputs(&roots);
    let mut solver = Solver::new();
    for input in &inputs {
        findings.extend(validate_case(input, config.rules, &mut solver));
    }
    let mut out = std::io::stdout().lock();
    for f in &findings {
        writeln!(out, "{f}")?;
    }
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    let count_notes = |prefix: &str| {
        findings
            .iter()
            .filter(|f| f.message.starts_with(prefix))
            .count()
    };
    writeln!(
        out,
        "validated {} ({}): {}, {}; {} dialect-sensitive, {} clearable in fewer than n moves",
        plural(inputs.len(), "case"),
        config.rules,
        plural(count(Severity::Error), "error"),
        plural(count(Severity::Warning), "warning"),
        count_notes("dialect-sensitive"),
        count_notes("can be cleared in"),
    )?;
    Ok(if count(Severity::Error) > 0 { 1 } else { 0 })
}

fn read_input(file: Option<&PathBuf>) -> Result<(String, String)> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let bytes =
                std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
            Ok((
                path.display().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            Ok((
                "<stdin>".to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ))
        }
    }
}

/// Reads a case from a file or standard input; errors name the source and line.
fn load_case(file: Option<&PathBuf>) -> Result<Case> {
    let (name, text) = read_input(file)?;
    match parse_case(&text) {
        Ok(case) => Ok(case),
        Err(e) => bail!("{name}:{}: {}", e.line, e.kind),
    }
}

/// "1 case", "2 cases".
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Colour only on a terminal, and never when NO_COLOR is set.
fn use_colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn solve(args: &SolveArgs) -> Result<u8> {
    let case = load_case(args.file.as_ref())?;
    let mut solver = Solver::new();
    let mut out = std::io::stdout().lock();
    if args.min_moves {
        let least = solver.min_moves(&case.board, args.bound);
        writeln!(out, "{}", least.map_or(-1, i64::from))?;
        return Ok(0);
    }
    let solution = solver.solve(&case.board, case.n, args.dialect.dialect());
    out.write_all(format_answer(solution.as_deref()).as_bytes())?;
    if args.explain {
        let colour = use_colour();
        writeln!(out)?;
        write!(
            out,
            "{}",
            draw_board(&format!("start, n = {}", case.n), &case.board, colour)
        )?;
        let mut board = case.board;
        for (i, &mv) in solution.iter().flatten().enumerate() {
            let t =
                trace(&board, RawMove::from(mv)).context("the solver returned an illegal move")?;
            writeln!(out)?;
            write!(out, "{}", draw_move(i + 1, &board, &t, colour))?;
            board = *t.after();
        }
        if solution.is_none() {
            writeln!(
                out,
                "\nno sequence of {} moves clears this board ({}).",
                case.n,
                args.dialect.dialect()
            )?;
        }
    }
    Ok(0)
}
