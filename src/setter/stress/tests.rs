//! A stress run through the library alone, with the fake runner: a correct
//! program passes, a wrong one is shrunk, shown, saved and written, and
//! what cannot be written is refused before anything runs or kept apart
//! from the failure shown.

use std::io;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::*;
use crate::puzzle::answer::format_answer;
use crate::puzzle::case::parse_case;
use crate::puzzle::dialect::Dialect;
use crate::runner::fake::{FakeRun, FakeRunner, Scripted};
use crate::setter::spec::Kind;

/// A request for `cases` cases of `kind`, under an empty judge.toml in `dir`.
fn request(dir: &Path, kind: Kind, cases: u64) -> StressRequest {
    let config = dir.join("judge.toml");
    std::fs::write(&config, "").unwrap();
    StressRequest {
        config: Some(config),
        overrides: Overrides::default(),
        draw: Draw {
            seed: 1,
            kinds: vec![kind],
            n: None,
        },
        cases,
        jobs: 1,
        command: vec!["prog".to_string()],
        save: None,
        json: None,
    }
}

/// The reference answer of the case the run was given.
fn right(run: &FakeRun) -> io::Result<Scripted> {
    let case = parse_case(&run.input).map_err(io::Error::other)?;
    let solution = crate::solver::solve(&case.board, case.n, Dialect::default());
    Ok(Scripted::answer(&format_answer(solution.as_deref())))
}

/// A program that never finds a solution.
fn hopeless(_: &FakeRun) -> io::Result<Scripted> {
    Ok(Scripted::answer("-1\n"))
}

fn stress_with(
    request: &StressRequest,
    script: fn(&FakeRun) -> io::Result<Scripted>,
) -> (Result<StressOutcome, StressError>, Vec<String>) {
    let mut said = Vec::new();
    let fake = |_: &Config| -> Result<Box<dyn Runner>, StressError> {
        Ok(Box::new(FakeRunner::new(script)))
    };
    let outcome = run_with(request, fake, &mut |line| said.push(line.to_string()));
    (outcome, said)
}

#[test]
fn a_correct_program_passes_and_the_json_says_no_failure() {
    let dir = tempfile::tempdir().unwrap();
    let mut request = request(dir.path(), Kind::Random, 4);
    request.json = Some(dir.path().join("s.json"));
    let (outcome, said) = stress_with(&request, right);
    let outcome = outcome.unwrap();
    assert_eq!(said, ["sandbox: none"]);
    assert_eq!(outcome.shown, "no failure in 4 cases (seed 1)\n");
    assert_eq!(outcome.exit_code(), exit::SUCCESS);
    assert!(outcome.written.is_ok());
    let json = std::fs::read_to_string(dir.path().join("s.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(value["failure"].is_null(), "{json}");
    assert_eq!(value["judged"], 4);
}

#[test]
fn a_failure_is_shrunk_shown_saved_and_written() {
    let dir = tempfile::tempdir().unwrap();
    let mut request = request(dir.path(), Kind::ExactlyN, 3);
    request.json = Some(dir.path().join("s.json"));
    request.save = Some(dir.path().join("saved"));
    let (outcome, _) = stress_with(&request, hopeless);
    let outcome = outcome.unwrap();
    assert_eq!(outcome.exit_code(), exit::REJECTED);
    assert!(outcome.written.is_ok());
    let shown = &outcome.shown;
    assert!(shown.starts_with("case 1 of 3 (exactly-n, n = "), "{shown}");
    assert!(shown.contains("\nreceived:\n-1\nverdict: WA: "), "{shown}");
    let saved = outcome.saved.clone().unwrap();
    assert_eq!(saved, dir.path().join("saved/stress-1-1.in"));
    assert!(shown.ends_with(&format!("saved as {}\n", saved.display())));
    let Ended::Searched(found) = &outcome.ended else {
        panic!("{:?}", outcome.ended);
    };
    let failure = found.failure.as_ref().unwrap();
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), failure.small);
    assert!(shown.contains(&failure.small));
    let json = std::fs::read_to_string(dir.path().join("s.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["failure"]["index"], 1, "{json}");
}

#[test]
fn a_case_that_cannot_be_saved_is_still_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut request = request(dir.path(), Kind::ExactlyN, 1);
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    request.save = Some(file);
    let (outcome, _) = stress_with(&request, hopeless);
    let outcome = outcome.unwrap();
    assert!(
        outcome
            .shown
            .contains("the smallest case that fails the same way")
    );
    assert!(!outcome.shown.contains("saved as"));
    let e = outcome.written.unwrap_err();
    assert!(e.to_string().contains("a-file: cannot write"), "{e}");
}

#[test]
fn a_json_path_or_a_program_that_cannot_be_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let made = Arc::new(AtomicBool::new(false));
    let refused = |request: &StressRequest| {
        let made = Arc::clone(&made);
        let runner = move |_: &Config| -> Result<Box<dyn Runner>, StressError> {
            made.store(true, Ordering::SeqCst);
            Ok(Box::new(FakeRunner::new(right)))
        };
        let mut said = Vec::new();
        let e = run_with(request, runner, &mut |l| said.push(l.to_string())).unwrap_err();
        assert!(said.is_empty(), "{said:?}");
        e.to_string()
    };
    let mut unwritable = request(dir.path(), Kind::Random, 1);
    unwritable.json = Some(dir.path().join("no/such/folder/s.json"));
    let e = refused(&unwritable);
    assert!(e.contains("cannot write the report there"), "{e}");
    let mut folder = request(dir.path(), Kind::Random, 1);
    folder.command = vec![dir.path().display().to_string()];
    let e = refused(&folder);
    assert!(e.contains("a folder, not a program"), "{e}");
    assert!(!made.load(Ordering::SeqCst), "no runner was made");
}
