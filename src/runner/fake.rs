//! A runner that runs nothing: each run's outcome and output come from a
//! script, so the judging run, the reports and the exit codes can be tested
//! without processes or clocks.
//!
//! The script sees the command and the run's input (the input file in its
//! working folder, or else its standard input) and says what the run did:
//! how it ended, what was measured, what it read (whose access time the
//! fake sets to now, as a program's read does where reads are recorded) and
//! what it wrote, which the fake puts where the program would have
//! (standard output, or the output file). The fake's own look at the input
//! leaves no such trace. How loaded the machine is comes from the fake too
//! ([`FakeRunner::with_load`]).

use std::io;
use std::path::{Path, PathBuf};
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
    /// What the run read.
    pub reads: Reads,
}

/// What a scripted run read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    /// Its input where the I/O mode puts it: the input file in its working
    /// folder, else standard input.
    Input,
    /// Standard input, whatever the mode (a program for stdio).
    Stdin,
    Nothing,
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
            reads: Reads::Input,
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
    load: Option<super::Load>,
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
            load: None,
        }
    }

    /// The same fake on a machine as loaded as `load` says (by default its
    /// load is unknown).
    pub fn with_load(self, load: super::Load) -> Self {
        FakeRunner {
            load: Some(load),
            ..self
        }
    }

    /// The commands run so far.
    pub fn runs(&self) -> Vec<Vec<String>> {
        self.runs.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Where the run's input is: the input file when the judge put one in
    /// its working folder (file mode), else its standard input.
    fn input_path(&self, spec: &RunSpec) -> Option<PathBuf> {
        let file = spec.workdir.join(&self.input_file);
        match file.exists() {
            true => Some(file),
            false => spec.stdin.clone(),
        }
    }

    /// The run's input, read without setting its access time (`O_NOATIME`,
    /// the judge's own file), so that only what the script reads shows.
    fn input_of(&self, spec: &RunSpec) -> String {
        use std::io::Read;
        use std::os::unix::fs::OpenOptionsExt;
        let mut text = String::new();
        // O_NOATIME is refused on a file that is not the caller's.
        let opened = self.input_path(spec).and_then(|path| {
            let quiet = std::fs::File::options()
                .read(true)
                .custom_flags(libc::O_NOATIME)
                .open(&path);
            quiet.or_else(|_| std::fs::File::open(&path)).ok()
        });
        if let Some(mut file) = opened {
            let mut bytes = Vec::new();
            if file.read_to_end(&mut bytes).is_ok() {
                text = String::from_utf8_lossy(&bytes).into_owned();
            }
        }
        text
    }

    /// Leaves the trace of a read on what the script says the run read:
    /// its access time set to now (set, not read, so that it shows even
    /// where the file system records no reads).
    fn read_as_told(&self, spec: &RunSpec, reads: Reads) -> io::Result<()> {
        let path = match reads {
            Reads::Input => self.input_path(spec),
            Reads::Stdin => spec.stdin.clone(),
            Reads::Nothing => None,
        };
        match path {
            Some(path) => {
                let now = std::fs::FileTimes::new().set_accessed(std::time::SystemTime::now());
                std::fs::File::open(path)?.set_times(now)
            }
            None => Ok(()),
        }
    }
}

fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
}

impl Runner for FakeRunner {
    /// Every program is the script's.
    fn finds(&self, _program: &str) -> bool {
        true
    }

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
        self.read_as_told(spec, scripted.reads)?;
        let output = scripted.output.as_deref().unwrap_or_default();
        write(&spec.stdout, output)?;
        write(&spec.stderr, &scripted.stderr)?;
        let file_io = spec.workdir.join(&self.input_file).exists();
        if file_io && scripted.output.is_some() {
            write(&spec.workdir.join(&self.output_file), output)?;
        }
        Ok(scripted.outcome)
    }

    fn method(&self) -> String {
        "a script (the fake runner)".to_string()
    }

    fn machine_load(&self) -> Option<super::Load> {
        self.load
    }
}
