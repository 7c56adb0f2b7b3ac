//! The judging run, its report and its exit code, driven by the fake runner:
//! no process is started and no clock decides anything.

use std::io;
use std::path::Path;
use std::time::Duration;

use super::*;
use crate::check::Policy;
use crate::config::{IoConfig, IoMode};
use crate::exit;
use crate::judge::compile::Toolchain;
use crate::judge::contestants::Missing;
use crate::judge::event::Quiet;
use crate::judge::result::CaseResult;
use crate::runner::fake::{FakeRun, FakeRunner, Scripted};
use crate::runner::{Limits, Stop};

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
const SAMPLE_ANSWER: &str = "2 1 1\n3 1 1\n3 0 1\n";
/// No solution in one move.
const HOPELESS: &str = "1\n1 2 0\n2 1 0\n0\n0\n0\n";

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
        policy: Policy::default(),
        jobs: 2,
        readable: Vec::new(),
        interrupt: Default::default(),
    }
}

/// Cases `a` (the sample, with its answer), `b` (no solution, no answer
/// file: the solver decides), `c` and `d` (the sample again).
fn cases(dir: &Path) -> Vec<CaseFile> {
    let mut all = Vec::new();
    for (name, input, answer) in [
        ("a", SAMPLE, Some(SAMPLE_ANSWER)),
        ("b", HOPELESS, None),
        ("c", SAMPLE, None),
        ("d", SAMPLE, None),
    ] {
        let path = dir.join(format!("{name}.in"));
        std::fs::write(&path, input).unwrap();
        let answer = answer.map(|text| {
            let path = dir.join(format!("{name}.ans"));
            std::fs::write(&path, text).unwrap();
            path
        });
        all.push(CaseFile {
            suite: "s".into(),
            name: name.into(),
            input: path,
            answer,
            points: 10,
        });
    }
    all
}

/// A correct program: the right answer for both inputs.
fn correct(run: &FakeRun) -> io::Result<Scripted> {
    Ok(Scripted::answer(if run.input == SAMPLE {
        SAMPLE_ANSWER
    } else {
        "-1\n"
    }))
}

fn program(name: &str, command: &[&str]) -> Entry {
    Entry::Program(Submission {
        name: name.into(),
        command: Some(command.iter().map(|s| s.to_string()).collect()),
        source: None,
        origin: crate::config::Origin::Configured,
    })
}

fn judge_with(runner: &FakeRunner, mode: IoMode, entries: &[Entry]) -> RunReport {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    let plan = plan(mode);
    let languages = crate::config::Languages::default();
    let session = Session {
        base: dir.path(),
        cases: &cases,
        plan: &plan,
        runner,
        tools: Toolchain {
            languages: &languages,
            source_limit: 1 << 20,
            limits: crate::judge::compile::compile_limits(&Default::default()),
            guarded: crate::inputs::Inputs::none(),
        },
    };
    session.judge(entries, &mut Quiet).unwrap()
}

fn verdicts(r: &SubmissionReport) -> Vec<Verdict> {
    r.cases.iter().map(|c| c.verdict).collect()
}

#[test]
fn a_correct_program_is_accepted_everywhere_and_the_run_exits_0() {
    for mode in [IoMode::File, IoMode::Stdio] {
        let runner = FakeRunner::new(correct);
        let report = judge_with(&runner, mode, &[program("ok", &["./ok"])]);
        let r = &report.submissions[0];
        assert_eq!(verdicts(r), [Verdict::AC; 4], "{mode:?}");
        assert_eq!((r.score, r.max_score, r.accepted), (40, 40, 4));
        assert_eq!(report.exit_code(), exit::SUCCESS);
        assert_eq!(runner.runs().len(), 4);
        assert_eq!(report.measured_by, "a script (the fake runner)");
    }
}

#[test]
fn each_outcome_gets_its_verdict_and_the_run_exits_1() {
    let runner = FakeRunner::new(|run: &FakeRun| {
        Ok(match run.spec.argv[0].as_str() {
            "./slow" => Scripted::stopped(Stop::CpuTime, Duration::from_millis(1100)),
            "./crash" => Scripted::exit(3, "boom"),
            "./silent" => Scripted::answer(""),
            _ => Scripted::answer("-1\n"),
        })
    });
    let entries = [
        program("slow", &["./slow"]),
        program("crash", &["./crash"]),
        program("silent", &["./silent"]),
        program("minus-one", &["./minus-one"]),
    ];
    let report = judge_with(&runner, IoMode::Stdio, &entries);
    let [slow, crash, silent, minus] = &report.submissions[..] else {
        panic!("four reports");
    };
    assert_eq!(verdicts(slow), [Verdict::TLE; 4]);
    assert_eq!(slow.cases[0].message, "CPU time over 1000 ms");
    assert_eq!(verdicts(crash), [Verdict::RE; 4]);
    // An RE carries the end of what the program said on standard error.
    assert_eq!(
        crash.cases[0].message,
        "exit code 3; its standard error ends: boom"
    );
    assert_eq!(crash.cases[0].stderr, "boom");
    assert_eq!(crash.cases[0].input, SAMPLE);
    assert_eq!(verdicts(silent), [Verdict::PE; 4]);
    use Verdict::{AC, WA};
    assert_eq!(verdicts(minus), [WA, AC, WA, WA]);
    assert!(
        minus.cases[0]
            .message
            .starts_with("-1, but a solution exists")
    );
    assert_eq!(minus.cases[0].received, "-1\n");
    assert_eq!((minus.score, minus.max_score), (10, 40));
    assert_eq!(report.exit_code(), exit::REJECTED);
}

#[test]
fn a_program_that_writes_no_output_file_is_told_so() {
    let runner = FakeRunner::new(|_: &FakeRun| Ok(Scripted::exit(0, "")));
    let report = judge_with(&runner, IoMode::File, &[program("p", &["./p"])]);
    let c = &report.submissions[0].cases[0];
    assert_eq!(c.verdict, Verdict::PE);
    let told = "the program wrote no mayan.out; it read mayan.in, and printed nothing either";
    assert_eq!(c.message, told);
}

#[test]
fn a_run_that_cannot_be_made_is_a_judge_error() {
    let runner = FakeRunner::new(|_: &FakeRun| Err(io::Error::other("no such program")));
    let report = judge_with(&runner, IoMode::Stdio, &[program("p", &["./p"])]);
    let c = &report.submissions[0].cases[0];
    assert_eq!(c.verdict, Verdict::JudgeError);
    assert_eq!(c.message, "the run could not be made: no such program");
    // Not the contestant's fault: not counted, and the run says so loudly.
    let r = &report.submissions[0];
    assert_eq!((r.score, r.max_score, r.not_judged), (0, 0, 4));
    assert_eq!(report.exit_code(), exit::ERROR);
}

#[test]
fn a_compile_error_is_ce_on_every_case_with_the_compilers_message() {
    let runner = FakeRunner::new(|run: &FakeRun| {
        assert_eq!(run.spec.argv[0], "gcc", "only the compiler runs");
        Ok(Scripted::exit(1, "a.c:1:1: error: expected ';'\n"))
    });
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("a.c");
    std::fs::write(&source, "int main(){}").unwrap();
    let entry = Entry::Program(Submission {
        name: "c".into(),
        command: None,
        source: Some(source),
        origin: crate::config::Origin::Configured,
    });
    let report = judge_with(&runner, IoMode::File, &[entry]);
    let r = &report.submissions[0];
    assert_eq!(verdicts(r), [Verdict::CE; 4]);
    assert_eq!(
        r.compile_error.as_deref(),
        Some("a.c:1:1: error: expected ';'")
    );
    assert_eq!(runner.runs().len(), 1);
}

#[test]
fn a_contestant_without_a_source_is_listed_with_the_reason() {
    let runner = FakeRunner::new(correct);
    let absent = Entry::Absent(Missing {
        name: "zed".into(),
        why: "no mayan.<ext> with a known language".into(),
        judge_fault: false,
        kind: Default::default(),
    });
    let report = judge_with(&runner, IoMode::File, &[program("ok", &["./ok"]), absent]);
    let zed = &report.submissions[1];
    assert_eq!(zed.name, "zed");
    assert_eq!(verdicts(zed), [Verdict::CE; 4]);
    assert_eq!(zed.cases[0].message, "no source to compile");
    assert!(zed.no_source);
    let why = zed.compile_error.as_deref();
    assert_eq!(why, Some("no mayan.<ext> with a known language"));
    assert_eq!(report.exit_code(), exit::REJECTED);
}

/// Records what the observer is told.
#[derive(Default)]
struct Record(Vec<String>);

impl Observer for Record {
    fn on(&mut self, event: &Event<'_>) {
        let line = match *event {
            Event::Started { header, .. } => {
                let n = header.cases.len();
                format!("run {n} {}", header.submissions.len())
            }
            Event::SubmissionStarted {
                entry,
                head,
                to_judge,
            } => format!("start {entry} {} {to_judge}", head.name),
            Event::CaseDone { entry, name, case } => {
                format!("{entry} {name} {} {}", case.name, case.verdict)
            }
            Event::SubmissionDone { entry, report } => {
                format!("done {entry} {}", report.cases.len())
            }
            _ => return,
        };
        self.0.push(line);
    }
}

#[test]
fn the_observer_sees_every_case_in_order_and_each_submission_whole() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    let plan = plan(IoMode::Stdio);
    let runner = FakeRunner::new(correct);
    let languages = crate::config::Languages::default();
    let session = Session {
        base: dir.path(),
        cases: &cases,
        plan: &plan,
        runner: &runner,
        tools: Toolchain {
            languages: &languages,
            source_limit: 1 << 20,
            limits: crate::judge::compile::compile_limits(&Default::default()),
            guarded: crate::inputs::Inputs::none(),
        },
    };
    let mut record = Record::default();
    session
        .judge(&[program("p", &["./p"])], &mut record)
        .unwrap();
    assert_eq!(
        record.0,
        [
            "run 4 0",
            "start 0 p 4",
            "0 p a AC",
            "0 p b AC",
            "0 p c AC",
            "0 p d AC",
            "done 0 4"
        ]
    );
    assert!(matches!(
        session.judge(&[], &mut Quiet),
        Err(SessionError::NothingToJudge)
    ));
}

#[test]
fn a_contestants_folder_the_judge_cannot_read_is_not_charged_to_the_contestant() {
    let runner = FakeRunner::new(correct);
    let unread = Entry::Absent(Missing {
        name: "zed".into(),
        why: "the judge cannot read the folder: Input/output error".into(),
        judge_fault: true,
        kind: Default::default(),
    });
    let report = judge_with(&runner, IoMode::File, &[unread]);
    let zed = &report.submissions[0];
    assert_eq!(verdicts(zed), [Verdict::JudgeError; 4]);
    assert_eq!((zed.not_judged, zed.max_score), (4, 0), "not counted");
    assert_eq!(report.exit_code(), exit::ERROR);
}

/// Judges `entries` on `cases` with `earlier`'s results kept, counting the
/// programs run.
fn resumed(
    dir: &Path,
    cases: &[CaseFile],
    entries: &[Entry],
    earlier: Option<&Earlier>,
) -> (RunReport, usize) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let runs = std::sync::Arc::new(AtomicUsize::new(0));
    let counted = runs.clone();
    let runner = FakeRunner::new(move |run: &FakeRun| {
        counted.fetch_add(1, Ordering::SeqCst);
        correct(run)
    });
    let plan = plan(IoMode::Stdio);
    let languages = crate::config::Languages::default();
    let session = Session {
        base: dir,
        cases,
        plan: &plan,
        runner: &runner,
        tools: Toolchain {
            languages: &languages,
            source_limit: 1 << 20,
            limits: crate::judge::compile::compile_limits(&Default::default()),
            guarded: crate::inputs::Inputs::none(),
        },
    };
    let options = RunOptions {
        partition: None,
        earlier,
    };
    let report = session.judge_run(entries, options, &mut Quiet).unwrap();
    (report, runs.load(Ordering::SeqCst))
}

#[test]
fn a_resumed_run_judges_only_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    let entries = [program("p", &["./p"]), program("q", &["./q"])];
    let (first, runs) = resumed(dir.path(), &cases, &entries, None);
    assert_eq!(runs, 8);
    assert_eq!(first.resumed, None);
    let json = dir.path().join("r.json");
    crate::judge::report::json::write_json(&json, &first).unwrap();
    // Case c changes; q's command changes; p does not.
    std::fs::write(&cases[2].input, HOPELESS).unwrap();
    let entries = [program("p", &["./p"]), program("q", &["./q", "-O"])];
    let ids: Vec<CaseId> = cases.iter().map(CaseId::of).collect();
    let earlier = Earlier::read(&json, &first.conditions, &ids).unwrap();
    assert_eq!(earlier.results(), 8 - 2, "c's results are not kept");
    let (second, runs) = resumed(dir.path(), &cases, &entries, Some(&earlier));
    assert_eq!(runs, 1 + 4, "p on c, q on every case");
    let r = second.resumed.as_ref().unwrap();
    assert_eq!((r.kept, r.judged), (3, 5));
    assert_eq!(r.from, json.display().to_string());
    for sub in &second.submissions {
        let names: Vec<&str> = sub.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d"], "every case, in order");
        assert_eq!(verdicts(sub), [Verdict::AC; 4]);
        assert_eq!((sub.score, sub.max_score), (40, 40));
    }
    // Nothing changed since: nothing is run again.
    crate::judge::report::json::write_json(&json, &second).unwrap();
    let ids: Vec<CaseId> = cases.iter().map(CaseId::of).collect();
    let earlier = Earlier::read(&json, &second.conditions, &ids).unwrap();
    let (third, runs) = resumed(dir.path(), &cases, &entries, Some(&earlier));
    assert_eq!(runs, 0);
    assert_eq!(third.resumed.unwrap().kept, 8);
}

// A resumed run said "30 results judged now" when 10 were run: the other 20
// were two contestants without a source.
#[test]
fn a_resumed_run_counts_apart_what_it_ran_and_what_it_gave_without_a_run() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    let absent = |name: &str| {
        Entry::Absent(Missing {
            name: name.into(),
            why: "the folder is empty".into(),
            judge_fault: false,
            kind: Default::default(),
        })
    };
    let entries = [program("p", &["./p"])];
    let (first, _) = resumed(dir.path(), &cases, &entries, None);
    let json = dir.path().join("r.json");
    crate::judge::report::json::write_json(&json, &first).unwrap();
    let ids: Vec<CaseId> = cases.iter().map(CaseId::of).collect();
    let earlier = Earlier::read(&json, &first.conditions, &ids).unwrap();
    let entries = [
        program("p", &["./p"]),
        program("q", &["./q"]),
        absent("x"),
        absent("y"),
    ];
    let (second, runs) = resumed(dir.path(), &cases, &entries, Some(&earlier));
    assert_eq!(runs, 4, "only q is run");
    let r = second.resumed.as_ref().unwrap();
    assert_eq!((r.kept, r.judged, r.without_run), (4, 12, 8));
    let said = crate::judge::run::words::closing(&second, None);
    assert_eq!(
        said,
        "resumed: 4 results kept from the earlier run, 4 results judged now, 8 results given \
         without a run (no source, a compile error, or a program the judge could not prepare)\n"
    );
}

#[test]
fn other_conditions_or_a_judge_error_keep_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    let entries = [program("p", &["./p"])];
    let (mut first, _) = resumed(dir.path(), &cases, &entries, None);
    let judge_error = &mut first.submissions[0].cases[1];
    (judge_error.verdict, judge_error.score) = (Verdict::JudgeError, 0);
    let json = dir.path().join("r.json");
    crate::judge::report::json::write_json(&json, &first).unwrap();
    let ids: Vec<CaseId> = cases.iter().map(CaseId::of).collect();
    let earlier = Earlier::read(&json, &first.conditions, &ids).unwrap();
    assert_eq!(earlier.results(), 3, "the judge error is judged again");
    let (_, runs) = resumed(dir.path(), &cases, &entries, Some(&earlier));
    assert_eq!(runs, 1);
    let mut other = first.conditions.clone();
    other.cpu_ms += 1;
    let earlier = Earlier::read(&json, &other, &ids).unwrap();
    assert_eq!(earlier.results(), 0);
    assert!(
        earlier.notes[0].contains("other limits"),
        "{:?}",
        earlier.notes
    );
}

/// A configuration of the given suites (folder, points).
fn suites_config(suites: &[(&Path, u32)]) -> Config {
    let mut config = Config::builtin();
    config.suites = (suites.iter())
        .map(|&(path, points)| crate::config::Suite {
            points,
            ..crate::config::Suite::of_folder(path)
        })
        .collect();
    config
}

#[test]
fn data_that_cannot_be_judged_whole_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (full, empty) = (dir.path().join("full"), dir.path().join("empty"));
    std::fs::create_dir(&full).unwrap();
    std::fs::create_dir(&empty).unwrap();
    cases(&full);
    let Err(SessionError::BadData(faults)) =
        find_cases(&suites_config(&[(&full, 10), (&empty, 10)]))
    else {
        panic!("an empty suite beside a full one was judged")
    };
    assert_eq!(faults.len(), 1);
    assert!(faults[0].why.starts_with("no cases here"), "{}", faults[0]);
    // Regression: points that add up past u32 wrapped (or panicked) in the
    // report's sums.
    let e = find_cases(&suites_config(&[(&full, u32::MAX / 2)])).unwrap_err();
    assert!(matches!(e, SessionError::PointsOverflow(_)), "{e}");
    assert!(e.to_string().contains("lower `points` in [[suite]]"), "{e}");
    let (found, _) = find_cases(&suites_config(&[(&full, u32::MAX / 4)])).unwrap();
    assert_eq!(found.len(), 4);
}

mod starved;
