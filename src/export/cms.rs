//! A CMS task folder in the Italian YAML format, as CMS's loader reads it
//! (`cmscontrib/loaders/italy_yaml.py`, `YamlLoader.get_task`; `cmsImportTask`
//! finds the loader by `task.yaml`):
//!
//! - `task.yaml`: `name` (the short name), `title`, `time_limit` (seconds, a
//!   float), `memory_limit` (MiB, a whole number), `infile` and `outfile`
//!   (the contest's file names, or empty strings for standard I/O, which
//!   the Batch task type reads as "redirect"), `n_input`, the sample's
//!   cases as `public_testcases` (a string of indices), `token_mode:
//!   disabled` (the loader's current token format), and the score: the
//!   loader takes `score_type` and `score_type_parameters` as written only
//!   when `n_input` is there too, and else would read subtasks from
//!   `gen/GEN`, whose points must add up to 100, so they are written;
//! - `input/inputI.txt`, `output/outputI.txt` (`I` from 0): the cases and
//!   answers, test case `I` named `%03d` by the loader;
//! - `check/checker`: the binary, which CMS copies alone into a sandbox as
//!   `checker` and runs as `./checker input.txt correct_output.txt
//!   user_output.txt` (`cms/grading/steps/trusted.py`), reading the score
//!   from its standard output and the message from its standard error. It
//!   passes no flag and no setting, and nothing beside the checker can be
//!   run, so the binary carries its call at its end
//!   (`check::protocol::embedded`): `check --protocol cms` with the dialect
//!   and policy.
//!
//! The score is `mayan judge`'s: each case its own points, added up. CMS
//! has no score type that adds up within a group (`GroupMin`, `GroupMul`,
//! `GroupThreshold` give a group all or nothing), so when every case has the
//! same points the task is `Sum` of them, and otherwise `GroupMin` with one
//! group per case, each naming its test case. No statement: the loader
//! takes only PDF files (`statement/statement.pdf`, or one per language),
//! so the folder has none and the importer is told to add one or import
//! with `-S`; `primary_language` says it is English.

use std::path::Path;

use super::ExportError;
use super::binary::Binary;
use super::dmoj::check_io_names;
use super::folder::OutFolder;
use super::problem::Problem;
use super::statement::TITLE;
use super::zh;
use crate::check::protocol::embedded;
use crate::config::IoMode;

/// The task's description file.
pub const MARKER: &str = "task.yaml";

/// Writes the task of `problem`, named `name`, into `folder`, after trying
/// its checker as CMS runs it.
pub fn write(
    name: &str,
    problem: &Problem,
    binary: &Binary,
    folder: &OutFolder,
) -> Result<(), ExportError> {
    if problem.io.mode == IoMode::File {
        check_io_names(problem)?;
    }
    let checker = checker(problem, binary)?;
    // A binary that does not run here was noted already; it cannot be tried.
    if binary.version().is_ok() {
        try_checker(&checker, problem, &binary.path)?;
    }
    folder.write(MARKER, task_yaml(name, problem).as_bytes(), false)?;
    for (i, (_, _, case)) in problem.numbered_cases().into_iter().enumerate() {
        folder.write(&format!("input/input{i}.txt"), case.input.as_bytes(), false)?;
        folder.write(
            &format!("output/output{i}.txt"),
            case.answer.as_bytes(),
            false,
        )?;
    }
    folder.write("check/checker", &checker, true)?;
    Ok(())
}

/// The call the checker carries: `check --protocol cms` and the dialect and
/// policy flags.
pub fn checker_call(problem: &Problem) -> Vec<String> {
    let flags = problem.checker_flags();
    let call = ["check", "--protocol", "cms"].into_iter();
    call.chain(flags.split_whitespace())
        .map(String::from)
        .collect()
}

/// The binary with its call carried at its end.
fn checker(problem: &Problem, binary: &Binary) -> Result<Vec<u8>, ExportError> {
    let call = checker_call(problem);
    embedded::append(&binary.bytes, &call).ok_or_else(|| ExportError::CmsChecker {
        path: binary.path.clone(),
        said: format!("the call `{}` cannot be carried", call.join(" ")),
    })
}

/// Runs `checker` as CMS does, alone in a folder as `checker`, on the first
/// case with its answer as the contestant's output: it must print `1.0`
/// and exit 0. An older binary, which reads no carried call, fails here.
fn try_checker(checker: &[u8], problem: &Problem, path: &Path) -> Result<(), ExportError> {
    use std::os::unix::fs::PermissionsExt;
    let Some(case) = problem.groups().flat_map(|g| &g.cases).next() else {
        return Ok(());
    };
    let failed = |said: String| ExportError::CmsChecker {
        path: path.to_path_buf(),
        said,
    };
    let io = |e: std::io::Error| failed(format!("cannot try it: {e}"));
    let dir = tempfile::tempdir().map_err(io)?;
    let file = dir.path().join(embedded::RUN_AS);
    std::fs::write(&file, checker).map_err(io)?;
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).map_err(io)?;
    std::fs::write(dir.path().join("input.txt"), &case.input).map_err(io)?;
    std::fs::write(dir.path().join("correct_output.txt"), &case.answer).map_err(io)?;
    std::fs::write(dir.path().join("user_output.txt"), &case.answer).map_err(io)?;
    let out = std::process::Command::new("./checker")
        .args(["input.txt", "correct_output.txt", "user_output.txt"])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(io)?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let score = stdout.lines().next().unwrap_or("").trim();
    if out.status.code() == Some(0) && score == "1.0" {
        return Ok(());
    }
    let stderr: String = String::from_utf8_lossy(&out.stderr)
        .chars()
        .take(300)
        .collect();
    Err(failed(format!(
        "exited {} and printed {score:?}, not 1.0: {}",
        out.status
            .code()
            .map_or("on a signal".into(), |c| c.to_string()),
        stderr.trim()
    )))
}

/// `task.yaml`. Every value is written as JSON, which YAML reads the same:
/// strings double-quoted, numbers, lists in brackets.
pub fn task_yaml(name: &str, problem: &Problem) -> String {
    let quoted = |s: &str| serde_json::Value::from(s).to_string();
    let (infile, outfile) = match problem.io.mode {
        IoMode::File => (
            problem.io.input_file.as_str(),
            problem.io.output_file.as_str(),
        ),
        IoMode::Stdio => ("", ""),
    };
    // The sample's cases come first (`Problem::numbered_cases`).
    let samples = problem.sample.as_ref().map_or(0, |g| g.cases.len());
    let public: Vec<String> = (0..samples).map(|i| i.to_string()).collect();
    let mut yaml = format!(
        "# A CMS task (Italian YAML format: cmsImportTask -L italy_yaml), made by\n\
         # `mayan export cms`; the checker is check/checker, `mayan {call}`.\n\
         name: {name}\n\
         title: {title}\n\
         version: {version}\n\
         primary_language: \"en\"\n\
         time_limit: {time:?}\n\
         memory_limit: {memory}\n\
         infile: {infile}\n\
         outfile: {outfile}\n\
         token_mode: \"disabled\"\n\
         n_input: {n}\n\
         public_testcases: {public}\n",
        call = checker_call(problem).join(" "),
        name = quoted(name),
        title = quoted(&format!("{} ({TITLE})", zh::TITLE)),
        version = quoted(&format!("mayan export: {}", problem.checker_flags())),
        time = problem.limits.time.as_secs_f64(),
        memory = problem.limits.memory.div_ceil(1 << 20),
        infile = quoted(infile),
        outfile = quoted(outfile),
        n = problem.case_count(),
        public = quoted(&public.join(",")),
    );
    yaml.push_str(&score_yaml(problem));
    yaml
}

/// `score_type` and `score_type_parameters`: `Sum` of the points of a case
/// when all have the same, else `GroupMin` of one group per case, its
/// points and its test case's name, with a comment naming the suite's
/// group and the case.
fn score_yaml(problem: &Problem) -> String {
    let cases = problem.numbered_cases();
    let first = cases.first().map_or(0, |(_, g, _)| g.points);
    if cases.iter().all(|(_, g, _)| g.points == first) {
        return format!(
            "# every case {first} points, as `mayan judge` gives them\n\
             score_type: \"Sum\"\n\
             score_type_parameters: {first}\n"
        );
    }
    let mut yaml = String::from(
        "# each case its suite's points, as `mayan judge` gives them: one group a case\n\
         score_type: \"GroupMin\"\n\
         score_type_parameters:\n",
    );
    for (i, (_, group, case)) in cases.iter().enumerate() {
        yaml.push_str(&format!(
            "- [{}, [\"{i:03}\"]]  # {}/{}\n",
            group.points, group.name, case.name
        ));
    }
    yaml
}
