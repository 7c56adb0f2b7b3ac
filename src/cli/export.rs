//! `mayan export kattis|dmoj|polygon|hydro|lemon|cms|uoj OUT_DIR`: a problem
//! package for a judge, from `judge.toml` and its cases. The package, and
//! what is said of it, are the library's (`crate::export`); this reads the
//! flags and prints.

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Subcommand};

use crate::config::{IoMode, Overrides};
use crate::export::{Order, Target, export_order};

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
    let order = Order {
        target,
        config: package.config.as_deref(),
        overrides: Overrides {
            time: package.time_limit,
            memory: package.memory_limit,
            io,
            answer_extension: package.answers.answer_extension.clone(),
            ..Overrides::default()
        },
        binary: package.binary.as_deref(),
        out: &package.out_dir,
        sample: &package.sample,
        force: package.force,
        testlib_h: match &args.target {
            ExportTarget::Lemon(l) => l.testlib_h.as_deref(),
            _ => None,
        },
    };
    let exported = export_order(&order)?;
    for note in &exported.notes {
        eprintln!("warning: {note}");
    }
    println!("{}", exported.summary());
    Ok(crate::exit::SUCCESS)
}
