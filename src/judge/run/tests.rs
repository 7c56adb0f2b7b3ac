//! A judging run through the library alone, with the fake runner: judged
//! with a JSON report and its journal, stopped halfway, resumed.

use std::io;
use std::path::Path;

use super::*;
use crate::judge::event::Fanout;
use crate::judge::report::reporters::JsonReport;
use crate::judge::verdict::Verdict;
use crate::runner::fake::{FakeRun, FakeRunner, Scripted};

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
const SAMPLE_ANSWER: &str = "2 1 1\n3 1 1\n3 0 1\n";

/// A contest folder: judge.toml, a suite of four sample cases, two
/// submissions run as commands.
fn contest(dir: &Path) -> Request {
    let cases = dir.join("cases");
    std::fs::create_dir(&cases).unwrap();
    for name in ["a", "b", "c", "d"] {
        std::fs::write(cases.join(format!("{name}.in")), SAMPLE).unwrap();
        std::fs::write(cases.join(format!("{name}.ans")), SAMPLE_ANSWER).unwrap();
    }
    let config = dir.join("judge.toml");
    std::fs::write(
        &config,
        "[[suite]]\nname = \"s\"\npath = \"cases\"\n\
         [[submission]]\nname = \"ok\"\ncommand = [\"ok\"]\n\
         [[submission]]\nname = \"bad\"\ncommand = [\"bad\"]\n",
    )
    .unwrap();
    Request {
        config: Some(config),
        jobs: 1,
        outputs: Outputs {
            json: Some(dir.join("r.json")),
            ..Outputs::default()
        },
        ..Request::default()
    }
}

/// `ok` answers right, `bad` answers -1.
fn script(run: &FakeRun) -> io::Result<Scripted> {
    Ok(Scripted::answer(match run.spec.argv[0].as_str() {
        "ok" => SAMPLE_ANSWER,
        _ => "-1\n",
    }))
}

fn prepare(request: Request) -> Run {
    let fake =
        |_: &Config| -> Result<Box<dyn Runner>, RunError> { Ok(Box::new(FakeRunner::new(script))) };
    match Run::prepare_with(request, fake) {
        Ok(run) => run,
        Err(e) => panic!("{e}"),
    }
}

/// Raises the run's interrupt once `after` cases are done.
struct StopAfter {
    after: usize,
    interrupt: Interrupt,
}

impl Observer for StopAfter {
    fn on(&mut self, event: &Event<'_>) {
        if let Event::CaseDone { .. } = event {
            self.after = self.after.saturating_sub(1);
            if self.after == 0 {
                self.interrupt.raise(libc::SIGINT);
            }
        }
    }
}

#[test]
fn a_run_stopped_halfway_keeps_its_journal_and_a_resumed_run_judges_only_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let request = contest(dir.path());
    let journal = dir.path().join("r.json.journal");

    let run = prepare(request.clone());
    let mut observers = Fanout::default();
    observers.push(JsonReport::new(dir.path().join("r.json")));
    observers.push(StopAfter {
        after: 3,
        interrupt: run.interrupt(),
    });
    let report = run.judge(&mut observers).unwrap();
    observers.close().unwrap();
    assert!(report.interrupted);
    assert_eq!(report.exit_code(), crate::exit::INTERRUPTED);
    let judged: usize = report.submissions.iter().map(|s| s.cases.len()).sum();
    assert_eq!(judged, 3);
    assert!(journal.is_file(), "a stopped run keeps its journal");

    // Without --resume, the journal left behind is in the way.
    let again = Run::prepare_with(request.clone(), |_| Ok(Box::new(FakeRunner::new(script))));
    assert!(matches!(
        again.err(),
        Some(RunError::Output(OutputError::JournalLeft(_)))
    ));

    let run = prepare(Request {
        resume: true,
        ..request
    });
    let mut observers = Fanout::default();
    observers.push(JsonReport::new(dir.path().join("r.json")));
    let report = run.judge(&mut observers).unwrap();
    observers.close().unwrap();
    assert!(!report.interrupted);
    let resumed = report.resumed.clone().unwrap();
    assert_eq!((resumed.kept, resumed.judged), (3, 5));
    let verdicts: Vec<Vec<Verdict>> = (report.submissions.iter())
        .map(|s| s.cases.iter().map(|c| c.verdict).collect())
        .collect();
    assert_eq!(verdicts, [[Verdict::AC; 4], [Verdict::WA; 4]]);
    assert!(!journal.exists(), "a finished run removes its journal");
    let written = crate::judge::report::merge::read_report(&dir.path().join("r.json")).unwrap();
    assert_eq!(written.submissions.len(), 2);
    assert_eq!(report.exit_code(), crate::exit::REJECTED);
}

#[test]
fn the_events_open_with_what_was_found_and_end_with_the_finished_report() {
    let dir = tempfile::tempdir().unwrap();
    let run = prepare(Request {
        outputs: Outputs::default(),
        ..contest(dir.path())
    });
    #[derive(Default)]
    struct Kinds(Vec<String>);
    impl Observer for Kinds {
        fn on(&mut self, event: &Event<'_>) {
            self.0.push(match event {
                Event::Said(..) => "said".into(),
                Event::Started { .. } => "started".into(),
                Event::SubmissionStarted { head, .. } => format!("start {}", head.name),
                Event::Note { .. } => "note".into(),
                Event::CaseDone { .. } => "case".into(),
                Event::SubmissionDone { .. } => "done".into(),
                Event::Finished(r) => format!("finished {}", r.submissions.len()),
            });
        }
    }
    let mut kinds = Kinds::default();
    run.judge(&mut kinds).unwrap();
    let cases = || std::iter::repeat_n("case".to_string(), 4);
    let mut expected = vec!["said".to_string(), "started".into(), "start ok".into()];
    expected.extend(cases());
    expected.extend(["done".into(), "start bad".into()]);
    expected.extend(cases());
    expected.extend(["done".into(), "finished 2".into()]);
    assert_eq!(kinds.0, expected);
}

#[test]
fn bad_requests_are_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let request = contest(dir.path());
    let refused = |r: Request| match Run::prepare_with(r, |_| panic!("no runner is made")) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    };
    let e = refused(Request {
        cases: vec!["nothing-*".into()],
        ..request.clone()
    });
    assert_eq!(e, "nothing matches nothing-*");
    let e = refused(Request {
        command: vec![dir.path().display().to_string()],
        ..request.clone()
    });
    assert!(e.contains("a folder, not a program"), "{e}");
    let e = refused(Request {
        sources: vec![dir.path().join("none.cpp")],
        ..request.clone()
    });
    assert!(e.ends_with("none.cpp: no such source file"), "{e}");
    let e = refused(Request {
        partition: Some("1/2".parse().unwrap()),
        outputs: Outputs {
            csv: Some(dir.path().join("r.csv")),
            ..Outputs::default()
        },
        ..request
    });
    assert!(e.contains("--csv after `mayan report merge`"), "{e}");
}
