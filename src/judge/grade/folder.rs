//! A run's folders and what is read back from them: a scratch folder
//! holding the standard streams' files, and the working folder (its own
//! tmpfs where the runner gives one) holding only the input in file mode.
//!
//! In file mode the input is the run's own copy: made by the judge with
//! mode 0600, then given to the run's user id by the runner (`RunSpec::
//! own_files`), so that a program may open it to read and write (`freopen
//! ("mayan.in", "r+", stdin)`) as NOI Linux, Arbiter and LemonLime let it.
//! Whatever it writes there reaches neither the case file nor the checker,
//! which reads the judge's own copy of the case. Its standard input is then
//! an empty file. Both are marked (`mark`) so that the hints can say what
//! the run did with them.

use std::fs::File;
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use super::GradeError;
use super::hints::Left;
use super::mark::{Marked, Use};
use crate::check::protocol::OUTPUT_LIMIT;
use crate::config::IoMode;
use crate::judge::plan::Plan;
use crate::judge::suite::CaseFile;
use crate::runner::sandbox::tmpfs::Mounted;
use crate::runner::{RunOutcome, RunSpec, Runner, Scratch};
use crate::untrusted::{Prefix, Refusal, open_beneath, read_prefix, read_tail};

/// How much of the end of a program's standard error a result keeps.
const STDERR_EXCERPT: u64 = 2048;

/// A run's folders.
pub struct RunFolder {
    /// Unmounted before `scratch` is removed (fields drop in order).
    _mounted: Option<Mounted>,
    scratch: Scratch,
    work: PathBuf,
    /// The run's standard input: the case (stdio mode) or an empty file.
    stdin: Marked,
    /// The run's copy of the input file (file mode).
    input: Option<Marked>,
    output: PathBuf,
}

/// A copy of `from` at `to`, a new file of mode 0600.
fn copy_private(from: &Path, to: &Path) -> io::Result<()> {
    let mut source = File::open(from)?;
    let mut copy = File::options()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(to)?;
    io::copy(&mut source, &mut copy).map(drop)
}

impl RunFolder {
    pub fn make(
        runner: &dyn Runner,
        case: &CaseFile,
        plan: &Plan,
    ) -> Result<RunFolder, GradeError> {
        let scratch = runner.run_scratch().map_err(GradeError::Scratch)?;
        let work = scratch.path().join("work");
        std::fs::create_dir(&work).map_err(GradeError::WorkingFolder)?;
        let mounted = runner
            .working_folder(&work, &plan.limits)
            .map_err(GradeError::WorkingFolder)?;
        let stdin = scratch.path().join("stdin");
        let (input, output) = match plan.io.mode {
            IoMode::File => {
                let input = work.join(&plan.io.input_file);
                copy_private(&case.input, &input).map_err(GradeError::Input)?;
                File::create(&stdin).map_err(GradeError::Input)?;
                let marked = Marked::mark(&input).map_err(GradeError::Input)?;
                (Some(marked), work.join(&plan.io.output_file))
            }
            IoMode::Stdio => {
                copy_private(&case.input, &stdin).map_err(GradeError::Input)?;
                (None, scratch.path().join("stdout"))
            }
        };
        Ok(RunFolder {
            _mounted: mounted,
            stdin: Marked::mark(&stdin).map_err(GradeError::Input)?,
            scratch,
            work,
            input,
            output,
        })
    }

    pub fn launch(
        &self,
        runner: &dyn Runner,
        argv: &[String],
        plan: &Plan,
    ) -> Result<RunOutcome, GradeError> {
        let spec = RunSpec {
            argv: argv.to_vec(),
            workdir: self.work.clone(),
            stdin: Some(self.stdin.path().to_path_buf()),
            stdout: self.scratch.path().join("stdout"),
            stderr: self.scratch.path().join("stderr"),
            limits: plan.limits,
            readable: plan.readable.clone(),
            own_files: self.input.iter().map(|m| m.path().to_path_buf()).collect(),
        };
        runner.run(&spec).map_err(GradeError::Run)
    }

    /// What the run left, for the hints: what it did with its input and
    /// standard input, the start of what it wrote where the other I/O mode
    /// looks (standard output in file mode, the output file in stdio mode),
    /// and, in file mode, the other files in its working folder.
    pub fn left(&self, plan: &Plan) -> Left {
        let (dir, name) = match plan.io.mode {
            IoMode::File => (self.scratch.path(), "stdout"),
            IoMode::Stdio => (self.work.as_path(), plan.io.output_file.as_str()),
        };
        let start = open_beneath(dir, Path::new(name))
            .ok()
            .and_then(|o| read_prefix(o.file, 40).ok());
        let elsewhere = start.map_or(String::new(), |s| {
            let text = crate::text::decode(&s.bytes);
            let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
            match (words.is_empty(), s.truncated) {
                (false, true) => format!("{words} ..."),
                _ => words,
            }
        });
        Left {
            input: self.input.as_ref().map_or(Use::Unknown, Marked::used),
            stdin: self.stdin.used(),
            elsewhere,
            others: match plan.io.mode {
                IoMode::File => self.other_files(plan),
                IoMode::Stdio => Vec::new(),
            },
        }
    }

    /// What else the program left in its working folder (a misnamed
    /// `Mayan.out`, say): at most three names.
    fn other_files(&self, plan: &Plan) -> Vec<String> {
        let listed = std::fs::read_dir(&self.work).into_iter().flatten();
        listed
            .filter_map(Result::ok)
            .take(100)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| *n != plan.io.input_file && *n != plan.io.output_file)
            .take(3)
            .collect()
    }

    /// The end of what the program wrote to standard error (bounded).
    pub fn stderr_tail(&self) -> String {
        open_beneath(self.scratch.path(), Path::new("stderr"))
            .ok()
            .and_then(|o| read_tail(o.file, o.size, STDERR_EXCERPT).ok())
            .map_or(String::new(), |b| crate::text::decode(&b))
    }

    /// What the program left as its answer: its size, and its first bytes
    /// (a little over what the checker reads), read once. The run may have
    /// put anything there: a link, a pipe, a folder, a huge sparse file;
    /// only a regular file with one name is read (`untrusted::open`).
    pub fn collect(&self) -> Collected {
        let (dir, name) = match (self.output.parent(), self.output.file_name()) {
            (Some(dir), Some(name)) => (dir, Path::new(name)),
            _ => return Collected::refused(Refusal::Missing),
        };
        match open_beneath(dir, name) {
            Ok(opened) => Collected {
                size: opened.size,
                content: read_prefix(opened.file, OUTPUT_LIMIT).map_err(Refusal::Io),
            },
            Err(refusal) => Collected::refused(refusal),
        }
    }
}

/// A program's answer as collected: its first bytes, or what stood in the
/// place of a readable file.
pub struct Collected {
    pub size: u64,
    pub content: Result<Prefix, Refusal>,
}

impl Collected {
    fn refused(refusal: Refusal) -> Collected {
        Collected {
            size: 0,
            content: Err(refusal),
        }
    }
}
