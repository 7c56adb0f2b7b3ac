//! One case graded with the fake runner: the run's own copy of its input,
//! what it may do to it, and the hints of what it did with its input.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::time::Duration;

use super::*;
use crate::config::IoConfig;
use crate::runner::Limits;
use crate::runner::fake::{FakeRun, FakeRunner, Reads, Scripted};

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
const SAMPLE_ANSWER: &str = "2 1 1\n3 1 1\n3 0 1\n";

fn plan(mode: IoMode) -> Plan {
    Plan {
        limits: Limits {
            cpu: Duration::from_secs(1),
            wall: Duration::from_secs(3),
            memory: 64 << 20,
            output: 1 << 20,
            processes: 8,
        },
        io: IoConfig {
            mode,
            ..IoConfig::default()
        },
        policy: Default::default(),
        jobs: 1,
        readable: Vec::new(),
        interrupt: Default::default(),
    }
}

/// The sample case, with its answer, in `dir`.
fn sample(dir: &Path) -> CaseFile {
    std::fs::write(dir.join("x.in"), SAMPLE).unwrap();
    std::fs::write(dir.join("x.ans"), SAMPLE_ANSWER).unwrap();
    CaseFile {
        suite: "s".into(),
        name: "x".into(),
        input: dir.join("x.in"),
        answer: Some(dir.join("x.ans")),
        points: 10,
    }
}

fn grade(runner: &FakeRunner, mode: IoMode) -> CaseResult {
    let dir = tempfile::tempdir().unwrap();
    let case = sample(dir.path());
    let argv = ["./p".to_string()];
    let result = grade_case(runner, &argv, &case, &plan(mode), &mut Solver::new()).unwrap();
    assert_eq!(std::fs::read_to_string(&case.input).unwrap(), SAMPLE);
    result
}

/// True when the temporary folder's file system records reads (not a
/// `noatime` mount): else a read cannot be told from none, and the tests
/// that need it say they were not run.
fn reads_recorded() -> bool {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    std::fs::write(&path, "x").unwrap();
    let mark = mark::Marked::mark(&path).unwrap();
    std::fs::read(&path).unwrap();
    let recorded = mark.used() == mark::Use::Read;
    if !recorded {
        eprintln!("NOT TESTED: the temporary folder records no reads (noatime?)");
    }
    recorded
}

#[test]
fn in_file_mode_the_run_owns_a_private_copy_of_its_input_and_an_empty_stdin() {
    let runner = FakeRunner::new(|run: &FakeRun| {
        let input = run.spec.workdir.join("mayan.in");
        let meta = std::fs::metadata(&input)?;
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        // SAFETY: getuid takes nothing.
        assert_eq!(
            meta.uid(),
            unsafe { libc::getuid() },
            "the judge's until given"
        );
        assert_eq!(run.spec.own_files, [input]);
        let stdin = run.spec.stdin.as_ref().expect("a standard input");
        assert_eq!(std::fs::metadata(stdin)?.len(), 0);
        Ok(Scripted::answer(SAMPLE_ANSWER))
    });
    assert_eq!(grade(&runner, IoMode::File).verdict, Verdict::AC);
    let stdio = FakeRunner::new(|run: &FakeRun| {
        assert!(run.spec.own_files.is_empty());
        assert_eq!(run.input, SAMPLE);
        Ok(Scripted::answer(SAMPLE_ANSWER))
    });
    assert_eq!(grade(&stdio, IoMode::Stdio).verdict, Verdict::AC);
}

#[test]
fn what_a_run_writes_into_its_input_never_reaches_the_checker() {
    // As a program that opens mayan.in "r+" and writes over it: the case
    // is judged from the judge's own copy.
    let answer = |text: &'static str| {
        move |run: &FakeRun| {
            std::fs::write(run.spec.workdir.join("mayan.in"), "1\n1 0\n0\n0\n0\n0\n")?;
            Ok(Scripted::answer(text))
        }
    };
    let right = grade(&FakeRunner::new(answer(SAMPLE_ANSWER)), IoMode::File);
    assert_eq!(right.verdict, Verdict::AC);
    let wrong = grade(&FakeRunner::new(answer("-1\n")), IoMode::File);
    assert_eq!(wrong.verdict, Verdict::WA);
    assert!(
        wrong.message.starts_with("-1, but a solution exists"),
        "{}",
        wrong.message
    );
    assert_eq!(wrong.input, SAMPLE);
}

#[test]
fn a_stdio_program_that_crashes_in_file_mode_is_told_why() {
    let runner = FakeRunner::new(|_: &FakeRun| {
        let mut crashed = Scripted::exit(0, "");
        crashed.outcome.exit = crate::runner::Exit::Signal(libc::SIGSEGV);
        crashed.reads = Reads::Stdin;
        Ok(crashed)
    });
    let r = grade(&runner, IoMode::File);
    assert_eq!(r.verdict, Verdict::RE);
    if reads_recorded() {
        assert_eq!(
            r.message,
            "killed by SIGSEGV; it read standard input (empty in file mode) and never mayan.in: \
             a program for --io stdio?"
        );
    }
}

#[test]
fn a_program_that_never_read_its_input_file_is_told_so() {
    let runner = FakeRunner::new(|_: &FakeRun| {
        let mut failed = Scripted::exit(1, "");
        failed.reads = Reads::Nothing;
        Ok(failed)
    });
    let r = grade(&runner, IoMode::File);
    assert_eq!(r.verdict, Verdict::RE);
    if reads_recorded() {
        assert_eq!(
            r.message,
            "exit code 1; it never read mayan.in (could it not open it?)"
        );
    }
}

#[test]
fn a_program_that_read_its_input_file_is_not_sent_toward_stdio() {
    let runner = FakeRunner::new(|_: &FakeRun| Ok(Scripted::exit(3, "")));
    let r = grade(&runner, IoMode::File);
    assert_eq!(
        r.message, "exit code 3",
        "it read mayan.in: nothing to hint"
    );
    let silent = FakeRunner::new(|_: &FakeRun| Ok(Scripted::exit(0, "")));
    let r = grade(&silent, IoMode::File);
    assert_eq!(r.verdict, Verdict::PE);
    assert_eq!(
        r.message,
        "the program wrote no mayan.out; it read mayan.in, and printed nothing either"
    );
}

#[test]
fn a_file_program_in_stdio_mode_that_never_read_standard_input_is_told_so() {
    let runner = FakeRunner::new(|_: &FakeRun| {
        let mut silent = Scripted::exit(0, "");
        silent.reads = Reads::Nothing;
        Ok(silent)
    });
    let r = grade(&runner, IoMode::Stdio);
    assert_eq!(r.verdict, Verdict::PE);
    if reads_recorded() {
        let told = "; it never read standard input: a program for --io file?";
        assert!(r.message.ends_with(told), "{}", r.message);
    }
}
