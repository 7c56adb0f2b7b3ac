//! A DMOJ problem folder, for the problem storage of a DMOJ judge
//! (`problem_storage_globs` in its `judge.yml`; the folder's name is the
//! problem code):
//!
//! - `init.yml`: the checker `mayan_checker.py` with the dialect and policy
//!   as its flags, every case with its points (`judge.toml`'s points are per
//!   case, so plain cases: a DMOJ batch is all or nothing), the output limit
//!   and the wall-clock factor; with file I/O, `custom_judge:
//!   fileio_grader.py`.
//! - `data/<suite>/<case>.in|.ans`: the cases, canonical, and the answers of
//!   the configured dialect.
//! - `mayan` (this project's binary), `mayan_checker.py`, and with file I/O
//!   `fileio_grader.py`, which gives the program exactly the input file and
//!   takes the output file.
//! - `statement.md`: the description for the site, with the samples.
//!
//! Time and memory limits are the site's (or `dmoj-cli`'s `-tl` and `-ml`),
//! not `init.yml`'s: the export says what to set.

use std::fmt::Write as _;

use super::ExportError;
use super::binary::Binary;
use super::folder::OutFolder;
use super::problem::Problem;
use super::statement::Statement;
use crate::config::{IoMode, io_names_fault};

/// The file every DMOJ problem folder has at its top.
pub const MARKER: &str = "init.yml";

const CHECKER: &str = include_str!("dmoj_checker.py");
const GRADER: &str = include_str!("dmoj_grader.py");

/// Writes the problem folder of `problem` into `folder`.
pub fn write(problem: &Problem, binary: &Binary, folder: &OutFolder) -> Result<(), ExportError> {
    let file_io = problem.io.mode == IoMode::File;
    if file_io {
        check_io_names(problem)?;
        let grader = (GRADER.replace("@INPUT_FILE@", &problem.io.input_file))
            .replace("@OUTPUT_FILE@", &problem.io.output_file);
        folder.write("fileio_grader.py", grader.as_bytes(), false)?;
    }
    folder.write("init.yml", init_yml(problem).as_bytes(), false)?;
    folder.write("mayan_checker.py", CHECKER.as_bytes(), false)?;
    folder.write("mayan", &binary.bytes, true)?;
    for group in problem.groups() {
        for case in &group.cases {
            let path = format!("data/{}/{}", group.name, case.name);
            folder.write(&format!("{path}.in"), case.input.as_bytes(), false)?;
            folder.write(&format!("{path}.ans"), case.answer.as_bytes(), false)?;
        }
    }
    let samples: Vec<(&str, &str)> = (problem.sample.iter().flat_map(|g| &g.cases))
        .map(|c| (c.input.as_str(), c.answer.as_str()))
        .collect();
    let statement = Statement::of(problem, problem.io.mode).markdown(&samples);
    folder.write("statement.md", statement.as_bytes(), false)?;
    Ok(())
}

/// What DMOJ does differently from `mayan judge` with this problem: a
/// failed case of 0 points stops it judging every case after it.
pub fn warnings(problem: &Problem) -> Vec<String> {
    (problem.groups())
        .filter(|g| g.points == 0)
        .map(|g| {
            format!(
                "suite `{}` gives 0 points: DMOJ stops judging at the first of its cases that \
                 fails, and judges no case after it",
                g.suite
            )
        })
        .collect()
}

/// File I/O names the grader may use: the configuration's rule
/// ([`io_names_fault`]: plain names in the working folder, nothing a path
/// could climb out of or a script could misread, not the same), held again
/// here for a problem not read from `judge.toml`.
pub(super) fn check_io_names(problem: &Problem) -> Result<(), ExportError> {
    let io = &problem.io;
    match io_names_fault(&io.input_file, &io.output_file) {
        Some((key, _)) => Err(ExportError::IoFileName {
            key,
            value: match key {
                "input-file" => io.input_file.clone(),
                _ => io.output_file.clone(),
            },
        }),
        None => Ok(()),
    }
}

/// `init.yml`.
pub fn init_yml(problem: &Problem) -> String {
    let mut out = format!(
        "# DMOJ problem, made by `mayan export dmoj` from judge.toml: {} cases, {} points.\n\
         # {}; {}.\n\
         # Time and memory limits are the site's (dmoj-cli: -tl and -ml): {}.\n\
         checker:\n  name: mayan_checker.py\n  args:\n    flags: '{}'\n",
        problem.case_count(),
        problem.total_points(),
        problem.policy.dialect,
        io_text(problem),
        limits_text(problem),
        problem.checker_flags(),
    );
    if problem.io.mode == IoMode::File {
        out.push_str("custom_judge: fileio_grader.py\n");
    }
    let _ = writeln!(out, "output_limit_length: {}", problem.limits.output);
    let _ = writeln!(out, "wall_time_factor: {}", problem.limits.wall_multiple);
    out.push_str("test_cases:\n");
    for group in problem.groups() {
        for case in &group.cases {
            let path = format!("data/{}/{}", group.name, case.name);
            let _ = writeln!(
                out,
                "- {{in: {path}.in, out: {path}.ans, points: {}}}",
                group.points
            );
        }
    }
    out
}

fn io_text(problem: &Problem) -> String {
    match problem.io.mode {
        IoMode::Stdio => "standard input and output".to_string(),
        IoMode::File => format!(
            "file I/O ({} -> {})",
            problem.io.input_file, problem.io.output_file
        ),
    }
}

/// The limits to set on the site: `time 3 s, memory 131072 KB`.
pub fn limits_text(problem: &Problem) -> String {
    format!(
        "time {} s, memory {} KB",
        problem.limits.time.as_secs_f64(),
        problem.limits.memory.div_ceil(1024)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Policy;
    use crate::config::{IoConfig, LimitsConfig};
    use crate::export::problem::{Group, PackedCase};

    fn problem(mode: IoMode) -> Problem {
        let case = |name: &str| PackedCase {
            name: name.into(),
            source: "x.in".into(),
            input: "1\n0\n0\n0\n0\n0\n".into(),
            answer: "-1\n".into(),
        };
        let group = |name: &str, points| Group {
            suite: name.into(),
            name: name.into(),
            points,
            cases: vec![case("a"), case("b")],
        };
        Problem {
            policy: Policy::default(),
            limits: LimitsConfig::default(),
            io: IoConfig {
                mode,
                ..IoConfig::default()
            },
            sample: Some(group("sample", 5)),
            secret: vec![group("01-rules", 10)],
        }
    }

    #[test]
    fn init_yml_lists_every_case_with_its_points_and_the_checker() {
        let yml = init_yml(&problem(IoMode::Stdio));
        assert!(
            yml.starts_with(
                "# DMOJ problem, made by `mayan export dmoj` from judge.toml: 4 cases, 30 points.\n"
            ),
            "{yml}"
        );
        assert!(yml.contains("time 3 s, memory 131072 KB"), "{yml}");
        assert!(yml.contains("checker:\n  name: mayan_checker.py\n  args:\n    flags: '--null-swaps include --steps exact --accept lexmin'\n"));
        assert!(yml.contains(
            "test_cases:\n- {in: data/sample/a.in, out: data/sample/a.ans, points: 5}\n"
        ));
        assert!(
            yml.ends_with("- {in: data/01-rules/b.in, out: data/01-rules/b.ans, points: 10}\n")
        );
        assert!(!yml.contains("custom_judge"));
        assert!(warnings(&problem(IoMode::Stdio)).is_empty());
        let file = init_yml(&problem(IoMode::File));
        assert!(
            file.contains("\ncustom_judge: fileio_grader.py\n"),
            "{file}"
        );
        assert!(file.contains("file I/O (mayan.in -> mayan.out)"));
    }

    #[test]
    fn file_names_that_could_leave_the_working_folder_are_refused() {
        assert!(check_io_names(&problem(IoMode::File)).is_ok());
        for bad in [
            "../mayan.in",
            "/etc/passwd",
            "",
            "..",
            "a b",
            "x'y",
            "mayan.out",
        ] {
            let mut p = problem(IoMode::File);
            p.io.input_file = bad.into();
            assert!(check_io_names(&p).is_err(), "{bad:?}");
        }
    }
}
