//! `mayan export kattis|dmoj|polygon|hydro|lemon|cms|uoj OUT_DIR`: a problem
//! package for a judge, from `judge.toml` and its cases. The package is the
//! library's (`crate::export`); this resolves the flags, and says what was
//! made and what to do with it.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, Subcommand};

use crate::config::{Config, IoMode, Overrides};
use crate::export::{self, Exported, Request, Target, dmoj};
use crate::text::plural;

#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(subcommand)]
    pub target: ExportTarget,
}

#[derive(Subcommand, Debug)]
pub enum ExportTarget {
    /// A Kattis problem package (legacy format): for Kattis, and for
    /// DOMjudge as a zip. Standard input and output.
    #[command(after_help = crate::exit::HELP)]
    Kattis(PackageArgs),
    /// A DMOJ problem folder, for a DMOJ judge's problem storage.
    #[command(after_help = crate::exit::HELP)]
    Dmoj(IoPackageArgs),
    /// A Polygon problem package, with the testlib checker (C++): for
    /// Polygon, and for DOMjudge through p2d. Standard input and output.
    #[command(after_help = crate::exit::HELP)]
    Polygon(PackageArgs),
    /// A HydroOJ problem, with the testlib checker (C++): zip it and import
    /// it (Import problem).
    #[command(after_help = crate::exit::HELP)]
    Hydro(IoPackageArgs),
    /// A LemonLime contest, with this binary as its special judge (mode 4),
    /// or with the testlib checker built here (mode 5, --testlib-h): open
    /// contest.cdf in LemonLime.
    #[command(after_help = crate::exit::HELP)]
    Lemon(LemonArgs),
    /// A CMS task folder (Italian YAML format), with this binary as its
    /// checker: import it with cmsImportTask.
    #[command(after_help = crate::exit::HELP)]
    Cms(IoPackageArgs),
    /// A UOJ problem's data, with the testlib checker (C++) as chk.cpp: zip
    /// it and upload it as the problem's data. Standard input and output.
    #[command(after_help = crate::exit::HELP)]
    Uoj(PackageArgs),
}

/// What every package is made from.
#[derive(Args, Debug)]
pub struct PackageArgs {
    /// The package's folder (made if needed); its name, `[a-z0-9]+`, is the
    /// problem's short name.
    #[arg(value_name = "OUT_DIR")]
    pub out_dir: PathBuf,
    /// The configuration file; `judge.toml` in the current folder when it
    /// exists, built-in defaults otherwise.
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The mayan binary to put inside as validator and checker; the running
    /// one by default. Judge hosts need a static build (see the README).
    #[arg(long, value_name = "FILE")]
    pub binary: Option<PathBuf>,
    /// Replace an earlier export in OUT_DIR.
    #[arg(long)]
    pub force: bool,
    /// The suite the statement shows as its sample.
    #[arg(long, value_name = "SUITE", default_value = "sample")]
    pub sample: String,
    /// CPU time limit, as "3s" (DOMjudge's .timelimit; DMOJ's site).
    #[arg(long, value_name = "TIME", value_parser = super::args::time_limit)]
    pub time_limit: Option<std::time::Duration>,
    /// Memory limit, as "128MiB".
    #[arg(long, value_name = "SIZE", value_parser = super::args::memory_limit)]
    pub memory_limit: Option<u64>,
    #[command(flatten)]
    pub answers: super::AnswerArgs,
}

#[derive(Args, Debug)]
/// A package whose judge runs either file or standard I/O (DMOJ, Hydro).
pub struct IoPackageArgs {
    #[command(flatten)]
    pub package: PackageArgs,
    /// File I/O (the program reads mayan.in, writes mayan.out) or standard
    /// streams; judge.toml's by default.
    #[arg(long, value_enum, value_name = "MODE")]
    pub io: Option<IoMode>,
}

/// A LemonLime contest's flags.
#[derive(Args, Debug)]
pub struct LemonArgs {
    #[command(flatten)]
    pub io_package: IoPackageArgs,
    /// Build the testlib checker (C++, with g++) against this testlib.h and
    /// make it the special judge in LemonLime's testlib mode (comparison
    /// mode 5), instead of this binary in mode 4.
    #[arg(long, value_name = "FILE")]
    pub testlib_h: Option<PathBuf>,
}

pub(super) fn export_command(args: &ExportArgs) -> Result<u8> {
    let (target, package, io) = match &args.target {
        ExportTarget::Kattis(p) => (Target::Kattis, p, None),
        ExportTarget::Dmoj(d) => (Target::Dmoj, &d.package, d.io),
        ExportTarget::Polygon(p) => (Target::Polygon, p, None),
        ExportTarget::Hydro(h) => (Target::Hydro, &h.package, h.io),
        ExportTarget::Lemon(l) => (Target::Lemon, &l.io_package.package, l.io_package.io),
        ExportTarget::Cms(c) => (Target::Cms, &c.package, c.io),
        ExportTarget::Uoj(p) => (Target::Uoj, p, None),
    };
    let (mut config, config_path) = Config::find(package.config.as_deref())?;
    config.apply(&Overrides {
        time: package.time_limit,
        memory: package.memory_limit,
        io,
        answer_extension: package.answers.answer_extension.clone(),
        ..Overrides::default()
    })?;
    let binary = match &package.binary {
        Some(path) => path.clone(),
        None => std::env::current_exe().context("cannot find the running binary: give --binary")?,
    };
    let request = Request {
        config: &config,
        config_path: config_path.as_deref(),
        out: &package.out_dir,
        binary: &binary,
        sample: &package.sample,
        force: package.force,
        testlib_h: match &args.target {
            ExportTarget::Lemon(l) => l.testlib_h.as_deref(),
            _ => None,
        },
    };
    let exported = export::export(target, &request)?;
    for note in &exported.notes {
        eprintln!("warning: {note}");
    }
    println!("{}", summary(target, &exported));
    Ok(crate::exit::SUCCESS)
}

/// What was made, and what to do with it.
fn summary(target: Target, e: &Exported) -> String {
    let p = &e.problem;
    let what = match target {
        Target::Kattis => "a Kattis problem package",
        Target::Dmoj => "a DMOJ problem folder",
        Target::Polygon => "a Polygon problem package",
        Target::Hydro => "a HydroOJ problem",
        Target::Lemon => "a LemonLime contest",
        Target::Cms => "a CMS task",
        Target::Uoj => "a UOJ problem's data",
    };
    let suites = p.groups().count();
    let mut text = format!(
        "exported {} in {} ({} points; checker flags {}) to {} as {what} `{}`\n",
        plural(p.case_count(), "case"),
        plural(suites, "suite"),
        p.total_points(),
        p.checker_flags(),
        e.path.display(),
        e.name,
    );
    match &e.binary {
        Some(binary) if target == Target::Lemon => text.push_str(&format!(
            "special judge: data/{}/checker, which runs {binary}\n",
            e.name
        )),
        Some(binary) if target == Target::Cms => text.push_str(&format!(
            "checker: check/checker, which is {binary} carrying `mayan {}`\n",
            export::cms::checker_call(p).join(" ")
        )),
        Some(binary) => text.push_str(&format!("checker and validator: {binary}\n")),
        None if target == Target::Lemon => text.push_str(&format!(
            "special judge: data/{}/checker, the testlib checker built here (source beside it)\n",
            e.name
        )),
        None => text.push_str(match target {
            Target::Hydro => "checker: the testlib checker (C++), testdata/chk.cc\n",
            Target::Uoj => "checker: the testlib checker (C++), chk.cpp\n",
            _ => "checker: the testlib checker (C++), files/checker.cpp\n",
        }),
    }
    text.push_str(&next_steps(target, e));
    text
}

fn next_steps(target: Target, e: &Exported) -> String {
    let parent = e.path.parent().unwrap_or(Path::new("."));
    let quoted = |p: &Path| format!("'{}'", p.display().to_string().replace('\'', "'\\''"));
    match target {
        Target::Kattis => format!(
            "next: verifyproblem {pkg}\n\
             Kattis: upload the package; DOMjudge: zip it, `(cd {parent} && zip -r {name}.zip {name})`, \
             and import the zip (time limit {time} s from .timelimit)\n\
             Kattis and DOMjudge use standard input and output.",
            pkg = quoted(&e.path),
            parent = quoted(parent),
            name = e.name,
            time = e.problem.limits.time.as_secs_f64(),
        ),
        Target::Polygon => format!(
            "next: zip the folder's contents and upload them to Polygon (Package), or make a \
             DOMjudge package of it: p2d --code {name} -y {pkg}\n\
             the checker is files/checker.cpp, for the judge's testlib.h; standard input and output.",
            name = e.name,
            pkg = quoted(&e.path),
        ),
        Target::Hydro => format!(
            "next: zip it, `(cd {parent} && zip -r {name}.zip {name})`, and import the zip in \
             HydroOJ (Import problem); Hydro compiles testdata/chk.cc against its testlib.h\n\
             {io}.",
            parent = quoted(parent),
            name = e.name,
            io = io_text(&e.problem),
        ),
        Target::Lemon => format!(
            "next: open {cdf} in LemonLime (Open contest), put each contestant's program in \
             source/CONTESTANT/{name}.cpp, and judge\n\
             the special judge is data/{name}/checker ({mode}); {io}.",
            cdf = quoted(&e.path.join(crate::export::lemon::MARKER)),
            name = e.name,
            mode = match e.binary {
                Some(_) => "Linux; mode 4, LemonLime's own protocol",
                None =>
                    "Linux; mode 5, LemonLime's testlib mode; for Windows build checker.cpp there",
            },
            io = io_text(&e.problem),
        ),
        Target::Cms => format!(
            "next: cmsImportTask -L italy_yaml -S {pkg} (-c CONTEST_ID to add it to a contest); \
             without -S, put the statement in statement/statement.pdf first (English, \
             primary_language)\n\
             the checker is check/checker, this binary carrying its call; {io}.",
            pkg = quoted(&e.path),
            io = io_text(&e.problem),
        ),
        Target::Uoj => format!(
            "next: zip it, `(cd {parent} && zip -r {name}.zip {name})`, upload the zip as the \
             problem's data on UOJ (上传数据) and sync it (检验配置并同步数据): UOJ compiles chk.cpp \
             against its testlib.h\n\
             the statement is the site's; standard input and output; hacks may be allowed (std.cpp, val.cpp).",
            parent = quoted(parent),
            name = e.name,
        ),
        Target::Dmoj => format!(
            "next: put the folder in a DMOJ judge's problem storage (problem_storage_globs), \
             create problem `{}` on the site with {}, and paste statement.md as its description\n\
             try it: dmoj-cli -c judge.yml -- submit {} CPP17 SOURCE -tl {} -ml {}",
            e.name,
            dmoj::limits_text(&e.problem),
            e.name,
            e.problem.limits.time.as_secs_f64(),
            e.problem.limits.memory.div_ceil(1024),
        ),
    }
}

/// The package's I/O, for the next steps.
fn io_text(problem: &export::problem::Problem) -> String {
    match problem.io.mode {
        IoMode::File => format!(
            "file I/O: {} and {}",
            problem.io.input_file, problem.io.output_file
        ),
        IoMode::Stdio => "standard input and output".to_string(),
    }
}
