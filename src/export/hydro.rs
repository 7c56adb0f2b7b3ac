//! A HydroOJ problem (the folder its "Import problem" takes, zipped), as
//! Hydro's importer (`hydrooj/src/model/problem.ts`) and judge
//! (`hydrojudge/src/cases.ts`, `checkers.ts`) read it:
//!
//! - `problem.yaml`: the problem id (the short name, when Hydro takes it
//!   for one), the title, the tags;
//! - `problem_zh.md`, `problem_en.md`: the statement in Chinese (the
//!   official problem's language) and in English, in Hydro's Markdown (math
//!   between `$`, samples in ```` ```input1 ```` blocks);
//! - `testdata/config.yaml`: `type: default`, the time and memory limits,
//!   `filename` for file I/O, `checker_type: testlib` with `checker:
//!   chk.cc`, and one subtask per suite (`type: sum`, its points, its
//!   cases);
//! - `testdata/NN.in`, `testdata/NN.ans`: the cases and their answers
//!   (Hydro keeps test data in one flat folder; `config.yaml` says in a
//!   comment which suite and case each is);
//! - `testdata/chk.cc`: the testlib checker (`export::testlib`), which Hydro
//!   compiles against its own testlib.h and calls as `chk in user_out
//!   answer`, reading its verdict from standard error (`ok ` accepted).
//!
//! What Hydro would do otherwise than `mayan judge` is warned of
//! ([`warnings`]): a subtask of 0 points, and cases whose time limits add
//! up past what hydrojudge allows a problem by default (its
//! `total_time_limit`, 60 s), which refuses every submission.
//!
//! Not checked by a running Hydro (it needs MongoDB and its sandbox): the
//! tests hold the files to the format read from Hydro's source, and run
//! the checker as Hydro does (`tests/export_hydro.rs`).

use std::fmt::Write as _;

use super::ExportError;
use super::folder::OutFolder;
use super::problem::Problem;
use super::statement::{Markdown, Statement, TITLE};
use super::testlib::checker_source;
use super::zh;
use crate::config::IoMode;

/// The file every Hydro problem has (its `problem.yaml` is Kattis's name
/// too).
pub const MARKER: &str = "testdata/config.yaml";

/// The checker's name in `testdata/`.
pub const CHECKER: &str = "chk.cc";

/// Writes the problem `name` of `problem` into `folder`.
pub fn write(name: &str, problem: &Problem, folder: &OutFolder) -> Result<(), ExportError> {
    let config = config_yaml(problem)?;
    folder.write("problem.yaml", problem_yaml(name).as_bytes(), false)?;
    let samples: Vec<(&str, &str)> = (problem.sample.iter().flat_map(|g| &g.cases))
        .map(|c| (c.input.as_str(), c.answer.as_str()))
        .collect();
    let io = problem.io.mode;
    let chinese = zh::statement(problem, io).markdown_as(Markdown::Hydro, &samples);
    folder.write("problem_zh.md", chinese.as_bytes(), false)?;
    let english = Statement::of(problem, io).markdown_as(Markdown::Hydro, &samples);
    folder.write("problem_en.md", english.as_bytes(), false)?;
    folder.write(MARKER, config.as_bytes(), false)?;
    for (stem, _, case) in problem.numbered_cases() {
        folder.write(&format!("testdata/{stem}.in"), case.input.as_bytes(), false)?;
        folder.write(
            &format!("testdata/{stem}.ans"),
            case.answer.as_bytes(),
            false,
        )?;
    }
    let checker = checker_source(problem.policy);
    folder.write(&format!("testdata/{CHECKER}"), checker.as_bytes(), false)?;
    Ok(())
}

/// `problem.yaml`. Hydro takes `pid` as the problem's id only when it is
/// a letter then letters and digits (else it numbers the problem itself).
pub fn problem_yaml(name: &str) -> String {
    let pid = match name.starts_with(|c: char| c.is_ascii_lowercase()) {
        true => format!("pid: {name}\n"),
        false => String::new(),
    };
    format!(
        "# HydroOJ problem, made by `mayan export hydro` from judge.toml.\n\
         {pid}title: {} ({TITLE})\n\
         tag:\n- NOIP 2011\n- 提高组\n- 搜索\n",
        zh::TITLE
    )
}

/// `testdata/config.yaml`: what Hydro's judge reads.
pub fn config_yaml(problem: &Problem) -> Result<String, ExportError> {
    let mut out = format!(
        "# HydroOJ test data, made by `mayan export hydro` from judge.toml: {} cases, {} points.\n\
         # {}; checker flags {}.\n\
         type: default\ntime: {}ms\nmemory: {}\n",
        problem.case_count(),
        problem.total_points(),
        problem.policy.dialect,
        problem.checker_flags(),
        problem.limits.time.as_millis(),
        memory(problem.limits.memory),
    );
    if problem.io.mode == IoMode::File {
        let _ = writeln!(out, "filename: {}", file_stem(problem)?);
    }
    let _ = writeln!(out, "checker_type: testlib\nchecker: {CHECKER}\nsubtasks:");
    let files = problem.numbered_cases();
    let mut files = files.iter();
    for (id, group) in problem.groups().enumerate() {
        let _ = writeln!(
            out,
            "- id: {}\n  type: sum\n  score: {}\n  cases:",
            id + 1,
            group.total()
        );
        for (stem, group, case) in files.by_ref().take(group.cases.len()) {
            let _ = writeln!(
                out,
                "  - input: {stem}.in\n    output: {stem}.ans\n    # {}/{}",
                group.name, case.name
            );
        }
    }
    Ok(out)
}

/// Hydro's memory limit: whole MiB (`128m`), or KiB rounded up.
fn memory(bytes: u64) -> String {
    const MIB: u64 = 1 << 20;
    match bytes % MIB {
        0 => format!("{}m", bytes / MIB),
        _ => format!("{}k", bytes.div_ceil(1024)),
    }
}

/// Hydro's file I/O is `NAME.in` and `NAME.out` (its `filename: NAME`):
/// the stem of `judge.toml`'s files, when they are named so.
fn file_stem(problem: &Problem) -> Result<String, ExportError> {
    let io = &problem.io;
    let stem = io.input_file.strip_suffix(".in").unwrap_or_default();
    let plain = !stem.is_empty()
        && (stem.chars()).all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if plain && io.output_file == format!("{stem}.out") {
        return Ok(stem.to_string());
    }
    Err(ExportError::HydroFileNames {
        input: io.input_file.clone(),
        output: io.output_file.clone(),
    })
}

/// What Hydro does differently from `mayan judge` with this problem: a
/// subtask of 0 points gets a share of what the others leave of 100; the
/// cases' time limits past hydrojudge's default total refuse every
/// submission.
pub fn warnings(problem: &Problem) -> Vec<String> {
    let total = problem.total_points();
    let mut told: Vec<String> = (problem.groups())
        .filter(|g| g.points == 0 && total < 100)
        .map(|g| {
            format!(
                "suite `{}` gives 0 points: Hydro reads a subtask's score of 0 as unset, and \
                 gives it a share of the {} points the others leave of 100",
                g.suite,
                100 - total
            )
        })
        .collect();
    told.extend(total_time_warning(problem));
    told
}

/// hydrojudge's `total_time_limit` when its configuration sets none, in
/// seconds (`hydrojudge/src/config.ts`).
pub const TOTAL_TIME_LIMIT: u64 = 60;

/// The time limits of a submission's cases added up, in milliseconds, as
/// hydrojudge adds them (`isValidConfig` in `hydrojudge/src/cases.ts`):
/// every case has `config.yaml`'s `time`, for a language Hydro does not
/// scale.
pub fn total_time_ms(problem: &Problem) -> u64 {
    let per_case = u64::try_from(problem.limits.time.as_millis()).unwrap_or(u64::MAX);
    per_case.saturating_mul(problem.case_count() as u64)
}

/// hydrojudge refuses a problem whose cases' time limits, scaled by the
/// language's `time_limit_rate`, add up past `total_time_limit` seconds
/// ("Total time limit longer than 60s. Cancelled."): said, with the value
/// that fits and where it is set, when the default is too small.
fn total_time_warning(problem: &Problem) -> Option<String> {
    let total = total_time_ms(problem);
    if total <= TOTAL_TIME_LIMIT * 1000 {
        return None;
    }
    let fits = total.div_ceil(1000);
    Some(format!(
        "the {} cases' time limits add up to {} s, past the {TOTAL_TIME_LIMIT} s a problem may \
         take in hydrojudge's default configuration: as it stands, Hydro refuses every \
         submission (\"Total time limit longer than {TOTAL_TIME_LIMIT}s. Cancelled.\"). Set \
         hydrojudge's `total_time_limit` (seconds) to {fits} or more ({} for the languages whose \
         limits Hydro doubles with `time_limit_rate: 2`, Java and Kotlin in its default \
         languages): for the judge built into Hydro, `total_time_limit: {fits}` under \
         `hydrojudge:` in its YAML system configuration (the control panel's System \
         Configurations, /manage/config); for a separate hydrojudge, `total_time_limit: {fits}` \
         in its ~/.hydro/judge.yaml. Or export with a lower --time-limit",
        problem.case_count(),
        show_seconds(total),
        (2 * total).div_ceil(1000),
    ))
}

/// Milliseconds as seconds, with the fraction when there is one.
fn show_seconds(ms: u64) -> String {
    match ms % 1000 {
        0 => format!("{}", ms / 1000),
        _ => format!("{}.{:03}", ms / 1000, ms % 1000)
            .trim_end_matches('0')
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_whole_mebibytes_or_kibibytes_rounded_up() {
        assert_eq!(memory(128 << 20), "128m");
        assert_eq!(memory((128 << 20) + 1), "131073k");
        assert_eq!(memory(1000), "1k");
    }

    #[test]
    fn seconds_are_shown_with_their_fraction_only_when_they_have_one() {
        assert_eq!(show_seconds(135_000), "135");
        assert_eq!(show_seconds(67_500), "67.5");
        assert_eq!(show_seconds(45_045), "45.045");
    }

    #[test]
    fn the_problem_id_is_given_only_when_hydro_takes_it() {
        assert!(problem_yaml("mayan").contains("pid: mayan\ntitle: 玛雅游戏 (Mayan Puzzle)\n"));
        assert!(!problem_yaml("2011mayan").contains("pid"));
    }
}
