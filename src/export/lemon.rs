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
//! - `data/NAME/checker`, the special judge, one of two:
//!   - mode 4 (the default): a shell script that runs this project's binary
//!     (`data/NAME/mayan`) as `mayan check --protocol lemon` with the
//!     dialect and policy, as LemonLime calls a mode 4 judge (`INPUT OUTPUT
//!     ANSWER FULL_SCORE SCORE_FILE MESSAGE_FILE`, exit 0). A script,
//!     because LemonLime passes no flags and sets no environment; the
//!     binary is for Linux, so is the script;
//!   - mode 5 (LemonLime's testlib mode, when the exporter names a
//!     testlib.h): the testlib checker compiled here (`cxx`), which
//!     LemonLime starts as `INPUT OUTPUT ANSWER` and scores by the start of
//!     its standard error (`ok` the full score, `FAIL` its own error,
//!     anything else 0; `JudgingThread::testlibSpecialJudge`);
//! - `data/NAME/checker.cpp`: the testlib checker's source in both modes,
//!   for a judge machine this executable cannot run on (LemonLime on
//!   Windows: build it there and name it in the task's special judge).
//!
//! Contestants' programs go in `source/CONTESTANT/NAME.cpp` (LemonLime
//! makes `source/`); the compilers are LemonLime's own settings.

use serde_json::{Value, json};

use super::binary::Binary;
use super::dmoj::check_io_names;
use super::folder::OutFolder;
use super::problem::Problem;
use super::statement::TITLE;
use super::zh;
use super::{ExportError, cxx, testlib};
use crate::config::IoMode;

/// The contest file.
pub const MARKER: &str = "contest.cdf";

/// LemonLime's comparison mode 4, `LemonSpecialJudgeMode`.
pub const LEMON_SPECIAL_JUDGE: u64 = 4;

/// LemonLime's comparison mode 5, `TestlibSpecialJudgeMode`.
pub const TESTLIB_SPECIAL_JUDGE: u64 = 5;

/// The special judge a contest gets.
pub enum Judge<'a> {
    /// Mode 4: this binary, through a script.
    Native(&'a Binary),
    /// Mode 5: the testlib checker, compiled against this testlib.h.
    Testlib(&'a std::path::Path),
}

/// Writes the contest of `problem`, its task called `name`, into `folder`.
pub fn write(
    name: &str,
    problem: &Problem,
    judge: Judge,
    folder: &OutFolder,
) -> Result<(), ExportError> {
    if problem.io.mode == IoMode::File {
        check_io_names(problem)?;
    }
    let source = testlib::checker_source(problem.policy);
    let mode = match judge {
        Judge::Native(binary) => {
            folder.write(&format!("data/{name}/mayan"), &binary.bytes, true)?;
            let script = checker(problem);
            folder.write(&format!("data/{name}/checker"), script.as_bytes(), true)?;
            LEMON_SPECIAL_JUDGE
        }
        Judge::Testlib(header) => {
            let executable = cxx::compile_checker(&source, header)?;
            folder.write(&format!("data/{name}/checker"), &executable, true)?;
            TESTLIB_SPECIAL_JUDGE
        }
    };
    let source_path = format!("data/{name}/{}", testlib::FILE_NAME);
    folder.write(&source_path, source.as_bytes(), false)?;
    let cdf = serde_json::to_string_pretty(&contest(name, problem, mode)).unwrap_or_default();
    folder.write(MARKER, format!("{cdf}\n").as_bytes(), false)?;
    for (stem, _, case) in problem.numbered_cases() {
        let path = format!("data/{name}/{stem}");
        folder.write(&format!("{path}.in"), case.input.as_bytes(), false)?;
        folder.write(&format!("{path}.ans"), case.answer.as_bytes(), false)?;
    }
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
/// types (strings, booleans, whole numbers, arrays of strings); `mode` is
/// the comparison mode of the special judge.
pub fn contest(name: &str, problem: &Problem, mode: u64) -> Value {
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
        "comparisonMode": mode,
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
