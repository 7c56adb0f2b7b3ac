//! `mayan check` end to end in every protocol: arguments in, exit code, streams
//! and files out; and the binary called by a protocol's name. What a
//! contestant or a careless host may hand it is `hostile`'s.

mod hostile;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use tempfile::TempDir;

const CASE: &str = "cases/sample/statement.in";
const ANSWER: &str = "cases/sample/statement.ans";

/// A folder with outputs of every kind for the statement sample.
struct Outputs {
    dir: TempDir,
}

impl Outputs {
    fn new() -> Outputs {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &[u8]| std::fs::write(dir.path().join(name), text).unwrap();
        write("ac.out", b"2 1 1\n3 1 1\n3 0 1\n");
        write("wa.out", b"2 1 1\n3 1 1\n");
        write("pe.out", b"2 1 1\n3 1 one\n");
        write("bad.ans", b"-1\n");
        write("empty.ans", b"");
        write("huge.out", &vec![b'1'; 2 << 20]);
        Outputs { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
}

/// The settings the checker reads from its environment, which a test
/// leaves out of the binary's.
const MAYAN_VARS: [&str; 4] = [
    "MAYAN_PROTOCOL",
    "MAYAN_ACCEPT",
    "MAYAN_NULL_SWAPS",
    "MAYAN_STEPS",
];

fn mayan() -> Command {
    let mut cmd = Command::cargo_bin("mayan").unwrap();
    for var in MAYAN_VARS {
        cmd.env_remove(var);
    }
    cmd
}

fn check(protocol: &str) -> Command {
    let mut cmd = mayan();
    cmd.args(["check", "--protocol", protocol]);
    cmd
}

#[test]
fn plain_prints_one_verdict_line_and_exits_by_verdict() {
    let o = Outputs::new();
    mayan()
        .args(["check", CASE])
        .arg(o.path("ac.out"))
        .arg(ANSWER)
        .assert()
        .code(0)
        .stdout("AC: the smallest solution, 3 moves\n");
    mayan()
        .args(["check", CASE])
        .arg(o.path("ac.out"))
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("AC:"));
    mayan()
        .args(["check", CASE])
        .arg(o.path("wa.out"))
        .assert()
        .code(1)
        .stdout("WA: the output has 2 moves, the case asks for exactly 3\n");
    mayan()
        .args(["check", CASE])
        .arg(o.path("pe.out"))
        .assert()
        .code(2)
        .stdout("PE: line 2: `one` is not an integer\n");
    mayan()
        .args(["check", CASE])
        .arg(o.path("ac.out"))
        .arg(o.path("bad.ans"))
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("FAIL: the answer file says -1"));
    mayan()
        .args(["check", CASE])
        .arg(o.path("huge.out"))
        .assert()
        .code(2)
        .stdout(predicate::str::contains("larger than"));
}

#[test]
fn plain_draws_the_board_on_stderr_when_it_helps() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.out");
    std::fs::write(&out, "2 1 1\n3 1 -1\n3 0 1\n").unwrap();
    mayan()
        .args(["check", CASE])
        .arg(&out)
        .assert()
        .code(1)
        .stdout("WA: after 3 moves 9 blocks remain\n")
        .stderr(predicate::str::contains("after move 3\n6 |"));
}

#[test]
fn plain_faults_of_the_call_are_fail() {
    mayan()
        .args(["check", CASE])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("FAIL: expected 2 or 3 arguments"));
    let o = Outputs::new();
    mayan()
        .args(["check", "/no/such.in"])
        .arg(o.path("ac.out"))
        .assert()
        .code(3)
        .stdout("FAIL: the input /no/such.in is missing\n");
    // A missing output is the contestant's: its program wrote none.
    mayan()
        .args(["check", CASE, "/no/such.out"])
        .assert()
        .code(2)
        .stdout("PE: the output /no/such.out is missing\n");
}

#[test]
fn dialect_and_policy_flags_reach_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    let case = dir.path().join("a.in");
    let out = dir.path().join("a.out");
    std::fs::write(&case, "2\n1 0\n1 0\n0\n1 0\n0\n").unwrap();
    std::fs::write(&out, "1 0 1\n0 0 1\n").unwrap();
    mayan().arg("check").arg(&case).arg(&out).assert().code(1);
    mayan()
        .args(["check", "--null-swaps", "exclude"])
        .arg(&case)
        .arg(&out)
        .assert()
        .code(0);
    mayan()
        .args(["check", "--accept", "any-valid"])
        .arg(&case)
        .arg(&out)
        .assert()
        .code(0);
    mayan()
        .arg("check")
        .env("MAYAN_NULL_SWAPS", "exclude")
        .arg(&case)
        .arg(&out)
        .assert()
        .code(0);
}

/// A case of `cases/dialect` whose answer differs between the null-swaps
/// rules: `X.ans` holds include's, `X.exclude.ans` exclude's.
const DIALECT_CASE: &str = "cases/dialect/fewer-than-n";

/// `mayan check` with `flags`, the dialect case, `output` and `answer`.
fn check_dialect_case(flags: &[&str], output: &Path, answer: &str) -> Command {
    let mut cmd = mayan();
    cmd.arg("check")
        .args(flags)
        .arg(format!("{DIALECT_CASE}.in"))
        .arg(output)
        .arg(format!("{DIALECT_CASE}{answer}"));
    cmd
}

// `mayan check --null-swaps exclude X.in OUT X.ans` read X.ans (include's
// answer) and said FAIL, where `mayan judge` reads X.exclude.ans.
#[test]
fn plain_reads_the_dialects_own_answer_beside_a_plain_x_ans() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("exclude.out");
    std::fs::write(&out, "2 0 1\n1 0 1\n").unwrap();
    let note = "mayan check: reading cases/dialect/fewer-than-n.exclude.ans, \
                the answer file for null-swaps = exclude, steps = exact, \
                not cases/dialect/fewer-than-n.ans\n";
    check_dialect_case(&["--null-swaps", "exclude"], &out, ".ans")
        .assert()
        .code(0)
        .stdout("AC: the smallest solution, 2 moves\n")
        .stderr(note);
    check_dialect_case(
        &["--null-swaps", "exclude", "--steps", "at-most"],
        &out,
        ".ans",
    )
    .assert()
    .code(0)
    .stderr(predicate::str::contains(
        "reading cases/dialect/fewer-than-n.exclude.at-most.ans",
    ));
    // The default dialect reads X.ans, and says nothing about it.
    check_dialect_case(&[], &out, ".ans")
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "WA: a valid solution, but not the smallest",
        ))
        .stderr(predicate::str::contains("reading").not());
}

#[test]
fn a_dialects_own_answer_file_and_the_other_protocols_are_read_as_given() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("exclude.out");
    std::fs::write(&out, "2 0 1\n1 0 1\n").unwrap();
    check_dialect_case(&["--null-swaps", "exclude"], &out, ".exclude.ans")
        .assert()
        .code(0)
        .stderr("");
    // Exclude's answer under include: the judge is wrong, whatever X.ans says.
    check_dialect_case(&[], &out, ".exclude.ans")
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with(
            "FAIL: the answer file says 2 0 1 / 1 0 1",
        ));
    let testlib = ["--protocol", "testlib", "--null-swaps", "exclude"];
    check_dialect_case(&testlib, &out, ".ans")
        .assert()
        .code(3)
        .stderr(predicate::str::starts_with(
            "FAIL the answer file says 1 0 1 / 4 0 -1",
        ));
}

#[test]
fn testlib_speaks_testlib() {
    let o = Outputs::new();
    let cases = [
        ("ac.out", 0, "ok the smallest solution"),
        ("wa.out", 1, "wrong answer the output has 2 moves"),
        ("pe.out", 2, "wrong output format line 2"),
    ];
    for (out, code, message) in cases {
        check("testlib")
            .arg(CASE)
            .arg(o.path(out))
            .arg(ANSWER)
            .assert()
            .code(code)
            .stderr(predicate::str::starts_with(message));
    }
    check("testlib")
        .arg(CASE)
        .arg(o.path("ac.out"))
        .arg(o.path("bad.ans"))
        .assert()
        .code(3)
        .stderr(predicate::str::starts_with("FAIL the answer file says -1"));
    // An empty answer file stands for "none": the reference decides.
    check("testlib")
        .arg(CASE)
        .arg(o.path("ac.out"))
        .arg(o.path("empty.ans"))
        .assert()
        .code(0);
}

#[test]
fn testlib_writes_result_files_plain_and_appes() {
    let o = Outputs::new();
    let result = o.path("result.txt");
    check("testlib")
        .arg(CASE)
        .arg(o.path("wa.out"))
        .arg(ANSWER)
        .arg(&result)
        .assert()
        .code(1);
    assert_eq!(
        std::fs::read_to_string(&result).unwrap(),
        "wrong answer the output has 2 moves, the case asks for exactly 3\n"
    );
    let xml = o.path("result.xml");
    check("testlib")
        .arg(CASE)
        .arg(o.path("ac.out"))
        .arg(ANSWER)
        .arg(&xml)
        .arg("-appes")
        .assert()
        .code(0);
    assert_eq!(
        std::fs::read_to_string(&xml).unwrap(),
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome=\"accepted\">ok the smallest solution, 3 moves</result>\n"
    );
    check("testlib")
        .arg(CASE)
        .arg(o.path("pe.out"))
        .arg(ANSWER)
        .arg(&xml)
        .arg("-appes")
        .assert()
        .code(2);
    assert!(
        std::fs::read_to_string(&xml)
            .unwrap()
            .contains("outcome=\"presentation-error\"")
    );
    check("testlib")
        .arg(CASE)
        .arg(o.path("ac.out"))
        .arg(ANSWER)
        .arg(&xml)
        .arg("-bogus")
        .assert()
        .code(3);
}

#[test]
fn kattis_reads_stdin_and_writes_the_feedback_dir() {
    let o = Outputs::new();
    let feedback = tempfile::tempdir().unwrap();
    let run = |output: &str, flags: &[&str]| {
        let mut cmd = check("kattis");
        cmd.arg(CASE)
            .arg(ANSWER)
            .arg(feedback.path())
            .args(flags)
            .write_stdin(std::fs::read(o.path(output)).unwrap());
        cmd
    };
    run("ac.out", &[]).assert().code(42);
    let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
    assert_eq!(message, "AC: the smallest solution, 3 moves\n");
    run("wa.out", &[]).assert().code(43);
    run("pe.out", &[]).assert().code(43);
    let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
    assert!(message.starts_with("PE: line 2"), "{message}");
    run("huge.out", &[]).assert().code(43);
    run("ac.out", &["--accept", "any-valid"]).assert().code(42);
    run("ac.out", &["--bogus", "x"]).assert().code(1);
    let mut cmd = check("kattis");
    cmd.arg(CASE)
        .arg(o.path("bad.ans"))
        .arg(feedback.path())
        .write_stdin("2 1 1\n3 1 1\n3 0 1\n");
    cmd.assert().code(1);
}

#[test]
fn lemon_writes_score_and_message_and_exits_0_on_the_contestants_verdicts() {
    let o = Outputs::new();
    let (score, message) = (o.path("score.txt"), o.path("message.txt"));
    for (out, want) in [("ac.out", "10\n"), ("wa.out", "0\n"), ("pe.out", "0\n")] {
        check("lemon")
            .arg(CASE)
            .arg(o.path(out))
            .arg(ANSWER)
            .arg("10")
            .arg(&score)
            .arg(&message)
            .assert()
            .code(0);
        assert_eq!(std::fs::read_to_string(&score).unwrap(), want, "{out}");
    }
    assert!(
        std::fs::read_to_string(&message)
            .unwrap()
            .starts_with("PE: line 2")
    );
}

/// `mayan-lemon` with the full score 10, the score and message files in
/// `o`'s folder.
fn lemon(o: &Outputs, input: impl AsRef<Path>, output: &str, answer: impl AsRef<Path>) -> Command {
    let mut cmd = check("lemon");
    cmd.arg(input.as_ref())
        .arg(o.path(output))
        .arg(answer.as_ref())
        .arg("10")
        .arg(o.path("score.txt"))
        .arg(o.path("message.txt"));
    cmd
}

/// Score 0 in the score file, and the message file starting with `fault`.
fn assert_lemon_fault_files(o: &Outputs, fault: &str) {
    assert_eq!(std::fs::read_to_string(o.path("score.txt")).unwrap(), "0\n");
    let message = std::fs::read_to_string(o.path("message.txt")).unwrap();
    assert!(message.starts_with(fault), "{message}");
}

// A judge fault used to exit 0 with score 0, so LemonLime showed the
// contestant an ordinary 0 instead of its special judge error.
#[test]
fn lemon_exits_non_zero_on_a_judge_fault_and_still_writes_the_files() {
    let o = Outputs::new();
    std::fs::write(o.path("wrong.ans"), "2 1 1\n3 1 -1\n3 0 1\n").unwrap();
    let faults = [
        // The jury says -1; the contestant's valid solution clears the board.
        (CASE, "bad.ans", "FAIL: the answer file says -1"),
        // The answer file contradicts the reference solver.
        (
            CASE,
            "wrong.ans",
            "FAIL: the answer file says 2 1 1 / 3 1 -1",
        ),
        (
            "/no/such.in",
            "bad.ans",
            "FAIL: the input /no/such.in is missing",
        ),
    ];
    for (input, answer, fault) in faults {
        lemon(&o, input, "ac.out", o.path(answer))
            .assert()
            .code(1)
            .stderr(predicate::str::starts_with(fault));
        assert_lemon_fault_files(&o, fault);
    }
    // A missing output is the contestant's verdict, not the judge's fault.
    lemon(&o, CASE, "no-such.out", ANSWER).assert().code(0);
    assert_lemon_fault_files(&o, "PE: the output ");
}

#[test]
fn lemon_bad_calls_are_judge_faults() {
    let o = Outputs::new();
    let (score, message) = (o.path("score.txt"), o.path("message.txt"));
    check("lemon")
        .arg(CASE)
        .arg(o.path("ac.out"))
        .arg(ANSWER)
        .arg("ten")
        .arg(&score)
        .arg(&message)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("full score `ten`"));
    assert_lemon_fault_files(&o, "FAIL: full score `ten` is not a whole number");
    check("lemon")
        .arg(CASE)
        .arg(o.path("ac.out"))
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("expected 6 arguments, got 2"));
    check("lemon")
        .arg(CASE)
        .arg(o.path("ac.out"))
        .arg(ANSWER)
        .arg("10")
        .arg("/no/such/folder/score.txt")
        .arg(&message)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot write"));
}

#[test]
fn cms_prints_the_score_and_the_message() {
    let o = Outputs::new();
    check("cms")
        .arg(CASE)
        .arg(ANSWER)
        .arg(o.path("ac.out"))
        .assert()
        .code(0)
        .stdout("1.0\n")
        .stderr("the smallest solution, 3 moves\n");
    check("cms")
        .arg(CASE)
        .arg(ANSWER)
        .arg(o.path("wa.out"))
        .assert()
        .code(0)
        .stdout("0.0\n")
        .stderr(predicate::str::starts_with("the output has 2 moves"));
    check("cms")
        .arg(CASE)
        .arg(o.path("bad.ans"))
        .arg(o.path("ac.out"))
        .assert()
        .code(1);
}

/// A link to the binary under another name, in a fresh folder.
fn named(name: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join(name);
    let real = assert_cmd::cargo::cargo_bin("mayan");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    (dir, link)
}

#[test]
fn the_binary_named_for_a_protocol_speaks_it_with_the_judges_fixed_arguments() {
    let o = Outputs::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_keep, testlib) = named("mayan-testlib");
    Command::new(&testlib)
        .current_dir(root)
        .args([CASE, o.path("ac.out").to_str().unwrap(), ANSWER])
        .assert()
        .code(0)
        .stderr(predicate::str::starts_with("ok "));
    Command::new(&testlib)
        .current_dir(root)
        .env("MAYAN_ACCEPT", "any-valid")
        .args([
            CASE,
            o.path("wa.out").to_str().unwrap(),
            ANSWER,
            o.path("r.xml").to_str().unwrap(),
            "-appes",
        ])
        .assert()
        .code(1);
    let (_keep2, lemon) = named("mayan-lemon");
    let score = o.path("s.txt");
    Command::new(&lemon)
        .current_dir(root)
        .args([
            CASE,
            o.path("ac.out").to_str().unwrap(),
            ANSWER,
            "7",
            score.to_str().unwrap(),
            o.path("m.txt").to_str().unwrap(),
        ])
        .assert()
        .code(0);
    assert_eq!(std::fs::read_to_string(&score).unwrap(), "7\n");
    let (_keep3, plain) = named("mayan-check");
    Command::new(&plain)
        .current_dir(root)
        .args([CASE, o.path("wa.out").to_str().unwrap()])
        .assert()
        .code(1);
}
