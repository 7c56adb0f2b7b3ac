//! The testlib checker the packages carry (`export::testlib`, C++ compiled
//! against the real testlib.h that `MAYAN_TESTLIB_H` names) held against
//! `mayan check`, verdict and message:
//!
//! - as a judge runs it (testlib's `INPUT OUTPUT ANSWER`, its exit code and
//!   standard error) against `mayan check --protocol testlib`, process by
//!   process, on every case of `cases/` and the official data, in two
//!   policies, with outputs of every kind (`outputs`);
//! - in bulk, over 100,000 outputs on random cases in all eight policies,
//!   through the checker's test-only batch build (`-DMAYAN_CHECKER_BATCH`:
//!   the same code from the case, output and answer bytes on, testlib's
//!   reading left out), against the library's `judge_prefix`, the function
//!   behind every protocol of `mayan check`;
//! - on the judge's own faults (a broken case, a malformed answer file, an
//!   answer `-1` beaten by a solution): FAIL from both.
//!
//! What cannot agree, by design: the C++ checker has no solver, so an
//! answer file that is a solution but not the smallest is trusted (`mayan
//! check` says FAIL; such answer files are left out here), an answer file
//! `-1` for a case with a solution is FAIL only when an output solves it,
//! and an answer file of nothing but whitespace is FAIL (`mayan check`
//! solves the case).

mod outputs;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use mayan_judge::check::protocol::{OUTPUT_LIMIT, escaped, judge_prefix};
use mayan_judge::check::{Accept, CheckVerdict, Policy};
use mayan_judge::export::testlib::checker_source;
use mayan_judge::puzzle::answer::{answer_text, format_answer};
use mayan_judge::puzzle::case::{Case, format_case, parse_case};
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::puzzle::rules::RawMove;
use mayan_judge::setter::random::Rng;
use mayan_judge::solver::Solver;
use mayan_judge::text::decode;
use mayan_judge::untrusted::Prefix;

use crate::support::judges::{have_gxx, testlib_or_skip};

/// One check: the three files and the policy.
struct Record {
    input: Vec<u8>,
    output: Vec<u8>,
    answer: Vec<u8>,
    policy: Policy,
}

/// Every policy: four dialects, two rules of acceptance.
fn policies() -> Vec<Policy> {
    let accepts = [Accept::Lexmin, Accept::AnyValid];
    (Dialect::ALL.iter())
        .flat_map(|&dialect| accepts.map(|accept| Policy { accept, dialect }))
        .collect()
}

fn code(v: CheckVerdict) -> u8 {
    match v {
        CheckVerdict::Accepted => 0,
        CheckVerdict::WrongAnswer => 1,
        CheckVerdict::PresentationError => 2,
        CheckVerdict::Fail => 3,
    }
}

/// What `mayan check` says of a record: its exit code and summary, as its
/// protocols read the files (`files.rs`) and escape the words.
fn mayan_says(r: &Record, name: &str, solver: &mut Solver) -> (u8, String) {
    let case = match parse_case(&decode(&r.input)) {
        Ok(case) => case,
        Err(e) => {
            let why = format!(
                "the input is not a valid case: {name}:{}: {}",
                e.line, e.kind
            );
            return (3, why);
        }
    };
    let expected = answer_text(decode(&r.answer));
    let limit = OUTPUT_LIMIT as usize;
    let prefix = Prefix {
        bytes: r.output[..r.output.len().min(limit)].to_vec(),
        truncated: r.output.len() > limit,
    };
    let j = escaped(judge_prefix(
        &case,
        expected.as_deref(),
        &prefix,
        r.policy,
        solver,
    ));
    (code(j.verdict), j.summary)
}

/// The folder the checkers are built in, for the whole test run.
fn build_dir() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// The checker for `policy` (or the batch build) compiled against
/// `testlib`, as the judges compile it, once per test run; its build must
/// be free of warnings under -Wall.
fn compiled(testlib: &Path, policy: Policy, batch: bool) -> PathBuf {
    static BUILT: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let key = format!(
        "{}-{}-{}{}",
        policy.dialect.null_swaps,
        policy.dialect.steps,
        code_of(policy.accept),
        if batch { "-batch" } else { "" }
    );
    // Held while compiling: a checker is built once, never run half-written.
    let mut built = BUILT.get_or_init(Default::default).lock().unwrap();
    if let Some(exe) = built.get(&key) {
        return exe.clone();
    }
    let dir = build_dir();
    let (src, exe) = (dir.join(format!("{key}.cpp")), dir.join(&key));
    std::fs::write(&src, checker_source(policy)).unwrap();
    let mut cmd = Command::new("g++");
    cmd.args(["-std=c++14", "-O2", "-Wall", "-I"])
        .arg(testlib.parent().unwrap());
    if batch {
        cmd.arg("-DMAYAN_CHECKER_BATCH");
    }
    let out = cmd.arg("-o").arg(&exe).arg(&src).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && said.is_empty(),
        "g++ -std=c++14 -O2 -Wall {key}:\n{said}"
    );
    built.insert(key, exe.clone());
    exe
}

fn code_of(accept: Accept) -> &'static str {
    match accept {
        Accept::Lexmin => "lexmin",
        Accept::AnyValid => "any-valid",
    }
}

/// The smallest solution under `d`, as moves (`None`: -1).
fn smallest(case: &Case, d: Dialect, solver: &mut Solver) -> Option<Vec<RawMove>> {
    solver
        .solve(&case.board, case.n, d)
        .map(|moves| moves.into_iter().map(RawMove::from).collect())
}

/// The records of one case: every output of `outputs` in every policy of
/// `policies`, each against the smallest answer (`answer_file`'s text in
/// the default dialect when given), and a valid solution that is not the
/// smallest when there is one.
fn records_of(
    input: &[u8],
    answer_file: Option<&[u8]>,
    policies: &[Policy],
    rng: &mut Rng,
    solver: &mut Solver,
) -> Vec<Record> {
    let case = parse_case(&decode(input)).expect("a valid case");
    let mut records = Vec::new();
    for &policy in policies {
        let d = policy.dialect;
        let reference = smallest(&case, d, solver);
        let answer = match answer_file {
            Some(text) if d == Dialect::default() => text.to_vec(),
            _ => format_answer(solver.solve(&case.board, case.n, d).as_deref()).into_bytes(),
        };
        let mut outputs = outputs::outputs(&case, d, reference.as_deref(), rng);
        if let Some(other) = (reference.as_deref())
            .filter(|_| case.board.block_count() <= 12)
            .and_then(|r| outputs::other_solution(&case, d, r, solver))
        {
            outputs.push(
                other
                    .iter()
                    .map(|m| format!("{} {} {}\n", m.x, m.y, m.g))
                    .collect::<String>()
                    .into_bytes(),
            );
        }
        for output in outputs {
            records.push(Record {
                input: input.to_vec(),
                output,
                answer: answer.clone(),
                policy,
            });
        }
    }
    records
}

/// Runs the batch build on `records`; one result per record.
fn batch_says(exe: &Path, records: &[Record]) -> Vec<(u8, String)> {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let said = std::thread::scope(|s| {
        let reader = s.spawn(|| {
            BufReader::new(stdout)
                .lines()
                .map(Result::unwrap)
                .collect::<Vec<String>>()
        });
        for r in records {
            let (d, flag) = (r.policy.dialect, |on: bool| u8::from(on));
            let header = format!(
                "{} {} {} {} {} {}\n",
                flag(d.null_swaps == NullSwaps::Include),
                flag(d.steps == Steps::AtMost),
                flag(r.policy.accept == Accept::AnyValid),
                r.input.len(),
                r.output.len(),
                r.answer.len()
            );
            stdin.write_all(header.as_bytes()).unwrap();
            for bytes in [&r.input, &r.output, &r.answer] {
                stdin.write_all(bytes).unwrap();
            }
        }
        drop(stdin);
        reader.join().unwrap()
    });
    assert!(child.wait().unwrap().success());
    said.iter()
        .map(|line| {
            let (verdict, message) = line.split_once(' ').unwrap_or((line, ""));
            (verdict.parse().unwrap(), message.to_string())
        })
        .collect()
}

/// Holds the batch build against `mayan check` on `records`, in two
/// halves at once (the machine's two cores): how many differ, and how many
/// of each verdict `mayan check` gave (AC, WA, PE, FAIL).
fn compare_in_bulk(exe: &Path, records: &[Record]) -> (usize, [usize; 4]) {
    let half = records.len().div_ceil(2);
    std::thread::scope(|s| {
        let runs: Vec<_> = (records.chunks(half))
            .map(|chunk| {
                s.spawn(move || {
                    let cpp = batch_says(exe, chunk);
                    assert_eq!(cpp.len(), chunk.len(), "the batch checker stopped early");
                    let mut solver = Solver::new();
                    let (mut differ, mut verdicts) = (0, [0; 4]);
                    for (r, got) in chunk.iter().zip(cpp) {
                        let want = mayan_says(r, "INPUT", &mut solver);
                        verdicts[usize::from(want.0)] += 1;
                        if got != want {
                            differ += 1;
                            if differ <= 10 {
                                eprintln!("DIFFER {:?} on {:?} (answer {:?}, output {:?}):\n  mayan check: {want:?}\n  testlib:     {got:?}", r.policy, String::from_utf8_lossy(&r.input), String::from_utf8_lossy(&r.answer), shown(&r.output));
                            }
                        }
                    }
                    (differ, verdicts)
                })
            })
            .collect();
        let mut total = (0, [0; 4]);
        for run in runs {
            let (differ, verdicts) = run.join().unwrap();
            total.0 += differ;
            (0..4).for_each(|i| total.1[i] += verdicts[i]);
        }
        total
    })
}

#[test]
fn the_testlib_checker_agrees_with_mayan_check_on_over_100000_outputs() {
    let test = "the_testlib_checker_agrees_with_mayan_check_on_over_100000_outputs";
    let Some(testlib) = testlib_or_skip(test).filter(|_| have_gxx(test)) else {
        return;
    };
    let start = Instant::now();
    let exe = compiled(&testlib, Policy::default(), true);
    let built = start.elapsed();
    let (mut rng, mut solver) = (Rng::new(0x07E5_711B), Solver::new());
    let mut records = Vec::new();
    while records.len() < 100_000 {
        let (board, n) = if rng.range(0, 2) == 0 {
            let (board, n, _) = crate::support::few_colour_case(&mut rng);
            (board, n)
        } else {
            crate::support::varied_case(&mut rng)
        };
        let input = format_case(&Case { n, board });
        records.extend(records_of(
            input.as_bytes(),
            None,
            &policies(),
            &mut rng,
            &mut solver,
        ));
    }
    records.extend(huge_outputs());
    let made = start.elapsed();
    let (differ, verdicts) = compare_in_bulk(&exe, &records);
    eprintln!(
        "{} outputs in 8 policies ({verdicts:?} AC, WA, PE, FAIL): {differ} differ; built in {:.1} s, made in {:.1} s, compared in {:.1} s",
        records.len(),
        built.as_secs_f64(),
        (made - built).as_secs_f64(),
        (start.elapsed() - made).as_secs_f64()
    );
    assert_eq!(
        differ, 0,
        "the testlib checker and mayan check differ on {differ} outputs"
    );
}

/// Outputs around the 1 MiB that both read: a byte order mark counts.
fn huge_outputs() -> Vec<Record> {
    let input = b"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n".to_vec();
    let answer = b"2 1 1\n3 1 1\n3 0 1\n".to_vec();
    let limit = OUTPUT_LIMIT as usize;
    let mut outputs = Vec::new();
    for len in [limit - 1, limit, limit + 1, 3 * limit] {
        outputs.push(vec![b'1'; len]);
        let mut spaced = b"\xEF\xBB\xBF2 1 1\n3 1 1\n3 0 1\n".to_vec();
        spaced.resize(len, b' ');
        outputs.push(spaced);
    }
    (outputs.into_iter())
        .map(|output| Record {
            input: input.clone(),
            output,
            answer: answer.clone(),
            policy: Policy::default(),
        })
        .collect()
}

/// The word testlib says a verdict with (exit codes 0 to 3).
const WORDS: [&str; 4] = ["ok", "wrong answer", "wrong output format", "FAIL"];

/// The exit code and standard error of one run.
fn run(cmd: &mut Command) -> (i32, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the compiled checker and `mayan check --protocol testlib` on each
/// record's files, as a judge calls them; the records where the two differ
/// (only in verdict when `verdict_only`), described.
fn compare_as_judged(testlib: &Path, records: &[Record], verdict_only: bool) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let half = records.len().div_ceil(2);
    std::thread::scope(|s| {
        let runs: Vec<_> = (records.chunks(half).enumerate())
            .map(|(part, chunk)| {
                let dir = dir.path();
                s.spawn(move || {
                    let mut differ = Vec::new();
                    for (i, r) in chunk.iter().enumerate() {
                        let file = |ext: &str| dir.join(format!("{part}-{i}.{ext}"));
                        let files = [file("in"), file("out"), file("ans")];
                        for (path, bytes) in files.iter().zip([&r.input, &r.output, &r.answer]) {
                            std::fs::write(path, bytes).unwrap();
                        }
                        let cpp = run(Command::new(compiled(testlib, r.policy, false)).args(&files));
                        let (code, said) = run(mayan_check(r.policy).args(&files));
                        let word = WORDS.get(code as usize).copied().unwrap_or("?");
                        let summary = (said.strip_prefix(&format!("{word} ")))
                            .unwrap_or(&said)
                            .trim_end_matches('\n');
                        let want = (code, format!("{word} {summary}\n"));
                        if want.0 != cpp.0 || (!verdict_only && want.1 != cpp.1) {
                            differ.push(format!("{:?} on {:?}, output {:?}:\n  mayan check: {want:?}\n  testlib:     {cpp:?}", r.policy, String::from_utf8_lossy(&r.input), shown(&r.output)));
                        }
                    }
                    differ
                })
            })
            .collect();
        runs.into_iter().flat_map(|r| r.join().unwrap()).collect()
    })
}

/// `mayan check --protocol testlib` in `policy`, with no setting of its
/// environment.
fn mayan_check(policy: Policy) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mayan"));
    for var in [
        "MAYAN_PROTOCOL",
        "MAYAN_ACCEPT",
        "MAYAN_NULL_SWAPS",
        "MAYAN_STEPS",
    ] {
        cmd.env_remove(var);
    }
    let d = policy.dialect;
    cmd.args([
        "check",
        "--protocol",
        "testlib",
        "--null-swaps",
        &d.null_swaps.to_string(),
    ]);
    cmd.args([
        "--steps",
        &d.steps.to_string(),
        "--accept",
        code_of(policy.accept),
    ]);
    cmd
}

/// Every case of `cases/` and of the official data, with its answer file
/// (`X.ans`, the default dialect's).
fn every_case() -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut inputs = Vec::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("cases")];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().map(Result::unwrap) {
            let path = entry.path();
            match path.extension().and_then(|e| e.to_str()) {
                _ if path.is_dir() => folders.push(path),
                Some("in") => inputs.push((path.clone(), path.with_extension("ans"))),
                _ => {}
            }
        }
    }
    let official = crate::support::seeds::official_cases().into_iter();
    inputs.extend(official.map(|(_, input, answer)| (input, answer)));
    assert!(inputs.len() >= 55, "{} cases", inputs.len());
    (inputs.into_iter())
        .map(|(input, answer)| {
            (
                std::fs::read(input).unwrap(),
                std::fs::read(answer).unwrap(),
            )
        })
        .collect()
}

#[test]
fn run_as_a_judge_runs_it_the_testlib_checker_agrees_with_mayan_check_on_every_case() {
    let test = "run_as_a_judge_runs_it_the_testlib_checker_agrees_with_mayan_check_on_every_case";
    let Some(testlib) = testlib_or_skip(test).filter(|_| have_gxx(test)) else {
        return;
    };
    let start = Instant::now();
    let other = Policy {
        accept: Accept::AnyValid,
        dialect: Dialect::new(NullSwaps::Exclude, Steps::AtMost),
    };
    let (mut rng, mut solver) = (Rng::new(2011), Solver::new());
    let mut records = Vec::new();
    for (input, answer) in every_case() {
        let policies = [Policy::default(), other];
        records.extend(records_of(
            &input,
            Some(&answer),
            &policies,
            &mut rng,
            &mut solver,
        ));
    }
    records.extend(huge_outputs());
    let differ = compare_as_judged(&testlib, &records, false);
    eprintln!(
        "{} outputs judged by both, process by process: {} differ, in {:.1} s",
        records.len(),
        differ.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The start of an output, for a message.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]);
    format!("{text:?} ({} bytes)", bytes.len())
}

#[test]
fn the_judges_own_faults_are_fail_from_both() {
    let test = "the_judges_own_faults_are_fail_from_both";
    let Some(testlib) = testlib_or_skip(test).filter(|_| have_gxx(test)) else {
        return;
    };
    let sample = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
    let solution = "2 1 1\n3 1 1\n3 0 1\n";
    let record = |input: &str, output: &str, answer: &str| Record {
        input: input.into(),
        output: output.into(),
        answer: answer.into(),
        policy: Policy::default(),
    };
    // The same messages: what both read alike.
    let alike = [
        record("", solution, solution),
        record("6\n0\n0\n0\n0\n0\n", "-1\n", "-1\n"),
        record("3\n1 1 1 0\n0\n0\n0\n0\n", "-1\n", "-1\n"),
        record("3\n1 0\n0\n0\n0\n", "-1\n", "-1\n"),
        record("3\n1 0\n0\n0\n0\n0\n7\n", "-1\n", "-1\n"),
        record("3\n1 2 3 4 5 6 7 8 0\n0\n0\n0\n0\n", "-1\n", "-1\n"),
        record("3\n11 0\n0\n0\n0\n0\n", "-1\n", "-1\n"),
        record(sample, solution, "2 1 1\n3 1\n"),
        record(sample, solution, "-1 0\n"),
        record(sample, solution, "x\n"),
        record(sample, solution, "\u{feff}"),
    ];
    // FAIL from both, in other words: the C++ checker has no solver.
    let faults = [
        record(sample, solution, "-1\n"),
        record(sample, "-1\n", "2 1 1\n3 1 1\n"),
        record(sample, "-1\n", "0 0 1\n0 0 1\n0 0 1\n"),
    ];
    let mut solver = Solver::new();
    for r in alike.iter().chain(&faults) {
        assert_eq!(
            mayan_says(r, "x", &mut solver).0,
            3,
            "{:?}",
            String::from_utf8_lossy(&r.answer)
        );
    }
    let differ = compare_as_judged(&testlib, &alike, false);
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    let differ = compare_as_judged(&testlib, &faults, true);
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // An answer file of nothing but whitespace: `mayan check` solves the
    // case; the C++ checker, with no solver, cannot, and says so.
    let blank = record(sample, solution, "   \n");
    assert_eq!(mayan_says(&blank, "x", &mut solver).0, 0);
    let differ = compare_as_judged(&testlib, &[blank], true);
    assert!(
        differ.len() == 1 && differ[0].contains("testlib:     (3, \"FAIL the answer file is empty"),
        "{differ:?}"
    );
}
