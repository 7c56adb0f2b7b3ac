//! A LemonLime contest (the folder LemonLime opens), as LemonLime reads it
//! (`Contest`, `Task` and `TestCase::readFromJson`, `JudgingThread` in its
//! `src/core/`):
//!
//! - `contest.cdf`: the contest in LemonLime's JSON form (`version` 1.0,
//!   the title, one task, no contestants): the task's source name, its file
//!   I/O (`inputFileName`, `outputFileName`) or standard I/O, comparison
//!   mode 4 (Lemon's own special judge) with `specialJudge`, and one test
//!   case per case, with its points (`fullScore`), time limit (ms), memory
//!   limit (MiB), input and answer file (paths under `data/`);
//! - `data/NAME/NN.in`, `data/NAME/NN.ans`: the cases and their answers;
//! - `data/NAME/mayan` (this project's binary) and `data/NAME/checker`, the
//!   special judge: a shell script that runs `mayan check --protocol lemon`
//!   with the dialect and policy, as LemonLime calls a mode 4 judge (`INPUT
//!   OUTPUT ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE`, exit 0). A script,
//!   because LemonLime passes no flags and sets no environment; the binary
//!   is for Linux, so is the script.
//!
//! Contestants' programs go in `source/CONTESTANT/NAME.cpp` (LemonLime
//! makes `source/`); the compilers are LemonLime's own settings.

use serde_json::{Value, json};

use super::ExportError;
use super::binary::Binary;
use super::dmoj::check_io_names;
use super::folder::OutFolder;
use super::problem::Problem;
use super::statement::TITLE;
use super::zh;
use crate::config::IoMode;

/// The contest file.
pub const MARKER: &str = "contest.cdf";

/// LemonLime's comparison mode 4, `LemonSpecialJudgeMode`.
pub const LEMON_SPECIAL_JUDGE: u64 = 4;

/// Writes the contest of `problem`, its task called `name`, into `folder`.
pub fn write(
    name: &str,
    problem: &Problem,
    binary: &Binary,
    folder: &OutFolder,
) -> Result<(), ExportError> {
    if problem.io.mode == IoMode::File {
        check_io_names(problem)?;
    }
    let cdf = serde_json::to_string_pretty(&contest(name, problem)).unwrap_or_default();
    folder.write(MARKER, format!("{cdf}\n").as_bytes(), false)?;
    for (stem, _, case) in problem.numbered_cases() {
        let path = format!("data/{name}/{stem}");
        folder.write(&format!("{path}.in"), case.input.as_bytes(), false)?;
        folder.write(&format!("{path}.ans"), case.answer.as_bytes(), false)?;
    }
    folder.write(&format!("data/{name}/mayan"), &binary.bytes, true)?;
    folder.write(
        &format!("data/{name}/checker"),
        checker(problem).as_bytes(),
        true,
    )?;
    Ok(())
}

/// The special judge LemonLime runs from its `data/` folder.
pub fn checker(problem: &Problem) -> String {
    format!(
        "#!/bin/sh\n\
         # LemonLime's special judge (comparison mode 4) for the Mayan puzzle, made by\n\
         # `mayan export lemon`: INPUT OUTPUT ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE.\n\
         exec \"$(dirname \"$0\")/mayan\" check --protocol lemon {} -- \"$@\"\n",
        problem.checker_flags()
    )
}

/// `contest.cdf`: the fields LemonLime's `readFromJson` reads, with its
/// types (strings, booleans, whole numbers, arrays of strings).
pub fn contest(name: &str, problem: &Problem) -> Value {
    let stdio = problem.io.mode == IoMode::Stdio;
    let (input, output) = match stdio {
        true => (String::new(), String::new()),
        false => (
            problem.io.input_file.clone(),
            problem.io.output_file.clone(),
        ),
    };
    let memory = problem.limits.memory.div_ceil(1 << 20);
    let time = problem.limits.time.as_millis() as u64;
    let test_cases: Vec<Value> = (problem.numbered_cases().into_iter())
        .map(|(stem, group, _)| {
            json!({
                "fullScore": group.points,
                "timeLimit": time,
                "memoryLimit": memory,
                "inputFiles": [format!("{name}/{stem}.in")],
                "outputFiles": [format!("{name}/{stem}.ans")],
            })
        })
        .collect();
    let task = json!({
        "problemTitle": name,
        "sourceFileName": name,
        "inputFileName": input,
        "outputFileName": output,
        "standardInputCheck": stdio,
        "standardOutputCheck": stdio,
        "taskType": 0,
        "subFolderCheck": false,
        "comparisonMode": LEMON_SPECIAL_JUDGE,
        "diffArguments": "",
        "realPrecision": 3,
        "specialJudge": format!("{name}/checker"),
        "compilerConfiguration": {},
        "answerFileExtension": "out",
        "testCases": test_cases,
    });
    json!({
        "version": "1.0",
        "contestTitle": format!("NOIP 2011 {} ({TITLE})", zh::TITLE),
        "tasks": [task],
        "contestants": [],
    })
}
