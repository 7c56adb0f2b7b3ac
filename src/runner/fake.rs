//! A runner that runs nothing: each run's outcome and output come from a
//! script, so the judging run, the reports and the exit codes can be tested
//! without processes or clocks.
//!
//! The script sees the command and the run's input (its standard input, or
//! the input file in its working folder) and says what the run did: how it
//! ended, what was measured, and what it wrote, which the fake puts where the
//! program would have (standard output, or the output file).

use std::io;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use super::{Exit, RunOutcome, RunSpec, Runner, Stop};

/// What one scripted run did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scripted {
    pub outcome: RunOutcome,
    /// Written to standard output (and to the output file in file I/O);
    /// `None` writes nothing at all.
    pub output: Option<Vec<u8>>,
    pub stderr: Vec<u8>,
}

impl Scripted {
    /// A run that printed `output` and exited 0 in 10 ms of CPU and 1 MiB.
    pub fn answer(output: &str) -> Scripted {
        Scripted {
            outcome: RunOutcome {
                exit: Exit::Code(0),
                stopped: None,
                cpu: Duration::from_millis(10),
                wall: Duration::from_millis(12),
                peak_memory_kib: 1024,
                process_limit_hit: false,
            },
            output: Some(output.as_bytes().to_vec()),
            stderr: Vec::new(),
        }
    }

    /// A run that exited with `code`, writing `stderr`.
    pub fn exit(code: i32, stderr: &str) -> Scripted {
        let mut s = Scripted::answer("");
        s.output = None;
        s.outcome.exit = Exit::Code(code);
        s.stderr = stderr.as_bytes().to_vec();
        s
    }

    /// A run stopped at a limit (killed by SIGKILL), with `cpu` used.
    pub fn stopped(stop: Stop, cpu: Duration) -> Scripted {
        let mut s = Scripted::answer("");
        s.output = None;
        s.outcome.exit = Exit::Signal(libc::SIGKILL);
        s.outcome.stopped = Some(stop);
        s.outcome.cpu = cpu;
        s
    }
}

/// One run as the script sees it.
pub struct FakeRun<'a> {
    pub spec: &'a RunSpec,
    /// The run's input, as text.
    pub input: String,
}

type Script = dyn Fn(&FakeRun) -> io::Result<Scripted> + Send + Sync;

/// Runs nothing; answers from a script.
pub struct FakeRunner {
    script: Box<Script>,
    input_file: String,
    output_file: String,
    /// Every command run, in the order the runs started.
    runs: Mutex<Vec<Vec<String>>>,
}

impl FakeRunner {
    /// A fake whose runs do what `script` says; `Err` is a run that could not
    /// be made. File I/O uses `mayan.in` and `mayan.out`.
    pub fn new(script: impl Fn(&FakeRun) -> io::Result<Scripted> + Send + Sync + 'static) -> Self {
        FakeRunner {
            script: Box::new(script),
            input_file: "mayan.in".to_string(),
            output_file: "mayan.out".to_string(),
            runs: Mutex::new(Vec::new()),
        }
    }

    /// The commands run so far.
    pub fn runs(&self) -> Vec<Vec<String>> {
        self.runs.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn input_of(&self, spec: &RunSpec) -> String {
        let path = match &spec.stdin {
            Some(path) => path.clone(),
            None => spec.workdir.join(&self.input_file),
        };
        std::fs::read(path).map_or(String::new(), |b| String::from_utf8_lossy(&b).into_owned())
    }
}

fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
}

impl Runner for FakeRunner {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        self.runs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(spec.argv.clone());
        let run = FakeRun {
            spec,
            input: self.input_of(spec),
        };
        let scripted = (self.script)(&run)?;
        let output = scripted.output.as_deref().unwrap_or_default();
        write(&spec.stdout, output)?;
        write(&spec.stderr, &scripted.stderr)?;
        let file_io = spec.stdin.is_none() && spec.workdir.join(&self.input_file).exists();
        if file_io && scripted.output.is_some() {
            write(&spec.workdir.join(&self.output_file), output)?;
        }
        Ok(scripted.outcome)
    }

    fn method(&self) -> String {
        "a script (the fake runner)".to_string()
    }
}
