//! `mayan validate`: check case files and their answers.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::Args;

use super::load_config;
use crate::check::protocol::kattis;
use crate::config::{Config, Suite};
use crate::exit;
use crate::judge::suite::{Severity, collect_inputs};
use crate::puzzle::case::{canonical_fault, parse_case_strict, read_case_from};
use crate::setter::repeats::repeat_findings;
use crate::setter::validate::{Configured, validate_case};
use crate::solver::Solver;
use crate::text::{plural, visible};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct ValidateArgs {
    /// Case files or folders (walked recursively); the suites of the
    /// configuration when none are given.
    pub paths: Vec<PathBuf>,
    /// The configuration file; `judge.toml` in the current folder when it
    /// exists, built-in defaults otherwise.
    #[arg(short = 'c', long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub rules: super::RuleArgs,
    #[command(flatten)]
    pub answers: super::AnswerArgs,
    /// Be a Kattis/DOMjudge input validator: read one case on standard input,
    /// exit 42 when it meets every guarantee, 43 when not (reason on stderr).
    #[arg(long, conflicts_with = "paths")]
    pub kattis: bool,
    /// With --kattis: also reject a case not written in its canonical form
    /// (single spaces, no leading zeros, LF line ends, a final newline,
    /// nothing more), as Kattis's verifyproblem expects of a validator.
    #[arg(long, requires = "kattis")]
    pub strict: bool,
}

/// One case on standard input, judged as the input format and SPEC's
/// guarantees demand; cosmetic points are reported but do not reject it,
/// unless `strict`.
fn kattis_input_validator(strict: bool) -> Result<u8> {
    let text = match read_case_from(std::io::stdin().lock(), Path::new("<stdin>")) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{}", crate::text::visible(&e.to_string()));
            return Ok(kattis::REJECTED);
        }
    };
    match parse_case_strict(&text) {
        Ok((case, warnings)) => {
            if let Some(fault) = canonical_fault(&text, &case).filter(|_| strict) {
                eprintln!("{}", crate::text::visible(&fault.to_string()));
                return Ok(kattis::REJECTED);
            }
            for w in warnings {
                eprintln!("warning: {}", crate::text::visible(&w.to_string()));
            }
            Ok(kattis::ACCEPTED)
        }
        Err(e) => {
            eprintln!("{}", crate::text::visible(&e.to_string()));
            Ok(kattis::REJECTED)
        }
    }
}

pub(super) fn validate(args: &ValidateArgs) -> Result<u8> {
    if args.kattis {
        return kattis_input_validator(args.strict);
    }
    let mut config = load_config(args.config.as_ref())?;
    let mut overrides = super::args::overrides(None, &args.rules);
    overrides.answer_extension = args.answers.answer_extension.clone();
    config.apply(&overrides)?;
    let (mut inputs, mut findings, mut cases) = (Vec::new(), Vec::new(), Vec::new());
    let mut solver = Solver::new();
    for (root, ext) in roots(args, &config)? {
        let (found, strays) = collect_inputs(std::slice::from_ref(&root), &ext);
        findings.extend(strays);
        let configured = Configured {
            dialect: config.rules,
            answer_extension: &ext,
        };
        for input in &found {
            let validated = validate_case(input, configured, &mut solver);
            findings.extend(validated.findings);
            cases.extend(validated.case.map(|case| (input.clone(), case)));
        }
        inputs.extend(found);
    }
    findings.extend(repeat_findings(&cases));
    let mut out = std::io::stdout().lock();
    for f in &findings {
        writeln!(out, "{}", visible(&f.to_string()))?;
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
    Ok(exit::accepted_or_rejected(count(Severity::Error) == 0))
}

/// The files and folders to validate, each with the extension of its answer
/// files: the paths given (with --answer-extension, else `ans`), or the
/// configuration's suites (with theirs).
fn roots(args: &ValidateArgs, config: &Config) -> Result<Vec<(PathBuf, String)>> {
    let roots: Vec<(PathBuf, String)> = if args.paths.is_empty() {
        (config.suites.iter())
            .map(|s| (s.path.clone(), s.answer_extension.clone()))
            .collect()
    } else {
        let ext =
            (args.answers.answer_extension.clone()).unwrap_or_else(Suite::default_answer_extension);
        args.paths
            .iter()
            .map(|p| (p.clone(), ext.clone()))
            .collect()
    };
    for (root, _) in &roots {
        if !root.exists() {
            bail!("{}: no such file or folder", root.display());
        }
    }
    Ok(roots)
}
