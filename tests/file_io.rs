//! File mode as contestants' programs meet it (issue 37): a program that
//! opens `mayan.in` to read and write gets its own copy (the judge as root
//! runs it as another user), what it writes there never reaches the
//! checker, a program that only sleeps is TLE once as idle, and the hints
//! say what a program did with its input. Each program is tiny C built
//! here; each runs under the runner as probed (as root: a user id of its
//! own, its own tmpfs) and as a judge that is not root would run it.
//! Verdicts and messages are asserted, never times.

use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use crate::support::hostile::{ANSWER, CASE};
use mayan_judge::check::Policy;
use mayan_judge::config::{IoConfig, IoMode};
use mayan_judge::judge::plan::Plan;
use mayan_judge::judge::program::grade_program;
use mayan_judge::judge::result::CaseResult;
use mayan_judge::judge::suite::CaseFile;
use mayan_judge::judge::verdict::Verdict;
use mayan_judge::runner::Limits;
use mayan_judge::runner::process::ProcessRunner;
use mayan_judge::runner::sandbox::Sandbox;

fn plan() -> Plan {
    Plan {
        limits: Limits {
            cpu: Duration::from_millis(1000),
            wall: Duration::from_millis(2500),
            memory: 64 << 20,
            output: 1 << 20,
            processes: 16,
        },
        io: IoConfig {
            mode: IoMode::File,
            ..IoConfig::default()
        },
        policy: Policy::default(),
        jobs: 1,
        readable: Vec::new(),
        interrupt: Default::default(),
    }
}

/// The runners: as probed, and as a judge that is not root runs (no user
/// id of its own: the copy is the judge's own, writable).
fn runners() -> Vec<(&'static str, ProcessRunner)> {
    let not_root = Sandbox::probe_without(Vec::new(), &["uid"]);
    vec![
        ("as probed", ProcessRunner::new()),
        (
            "no user id",
            ProcessRunner::with_parts(true, Some(not_root)),
        ),
    ]
}

/// Builds `source` (C) and judges it on the sample case under every
/// runner; the case file must come out unchanged.
fn judge(source: &str) -> Vec<(&'static str, CaseResult)> {
    let dir = tempfile::tempdir().unwrap();
    // The run's user must reach the program.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let exe = crate::support::compile(dir.path(), "gcc", "prog", source);
    std::fs::write(dir.path().join("x.in"), CASE).unwrap();
    std::fs::write(dir.path().join("x.ans"), ANSWER).unwrap();
    let case = CaseFile {
        suite: "s".into(),
        name: "x".into(),
        input: dir.path().join("x.in"),
        answer: Some(dir.path().join("x.ans")),
        points: 10,
    };
    let argv = [exe.to_string_lossy().into_owned()];
    let judged = runners().into_iter().map(|(mode, runner)| {
        let cases = std::slice::from_ref(&case);
        let mut results = grade_program(&runner, &argv, cases, &plan(), &mut |_| {});
        let result = results.pop().expect("a result");
        assert_eq!(
            std::fs::read_to_string(&case.input).unwrap(),
            CASE,
            "{mode}"
        );
        (mode, result)
    });
    judged.collect()
}

/// The C every program here starts with: `answer()` writes the sample's
/// answer to `mayan.out`.
const PRELUDE: &str = r#"
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
static int answer(const char *text) {
    if (!freopen("mayan.out", "w", stdout)) return 3;
    fputs(text, stdout);
    return 0;
}
"#;

const RIGHT: &str = r#"answer("2 1 1\n3 1 1\n3 0 1\n")"#;

fn program(body: &str) -> String {
    format!(
        "{PRELUDE}\nint main(void) {{ {} }}\n",
        body.replace("RIGHT", RIGHT)
    )
}

#[test]
fn a_program_that_opens_its_input_to_read_and_write_is_accepted() {
    // Issue 37: `freopen("mayan.in", "r+", stdin)` failed on the judge's
    // copy (root's, 0644) under the run's user id: PE on every case.
    let source = program(
        "if (!freopen(\"mayan.in\", \"r+\", stdin)) return 1; int n; \
         if (scanf(\"%d\", &n) != 1 || n != 3) return 2; return RIGHT;",
    );
    for (mode, r) in judge(&source) {
        assert_eq!(r.verdict, Verdict::AC, "{mode}: {}", r.message);
    }
}

#[test]
fn what_a_program_writes_into_its_input_is_not_what_it_is_judged_on() {
    // It reads the case, writes over it a case whose answer is -1, and
    // answers -1: judged on the true case, that is WA.
    let source = program(
        "FILE *f = fopen(\"mayan.in\", \"r+\"); if (!f) return 1; int n; \
         if (fscanf(f, \"%d\", &n) != 1) return 2; rewind(f); \
         fputs(\"1\\n1 0\\n0\\n0\\n0\\n0\\n\", f); fclose(f); return answer(\"-1\\n\");",
    );
    for (mode, r) in judge(&source) {
        assert_eq!(r.verdict, Verdict::WA, "{mode}: {}", r.message);
        assert!(
            r.message.starts_with("-1, but a solution exists"),
            "{mode}: {}",
            r.message
        );
        assert_eq!(r.input, CASE, "{mode}: the case as judged");
    }
}

#[test]
fn a_program_that_only_sleeps_is_tle_once_as_idle() {
    // Issue 37: a sleeper was judged again alone as "starved" on every case.
    let source = program("sleep(60); return RIGHT;");
    for (mode, r) in judge(&source) {
        assert_eq!(r.verdict, Verdict::TLE, "{mode}: {}", r.message);
        assert!(
            r.message.ends_with(": idle, it slept or waited"),
            "{mode}: {}",
            r.message
        );
        assert!(!r.judged_again, "{mode}");
    }
}

#[test]
fn a_stdio_program_that_crashes_in_file_mode_is_pointed_to_stdio() {
    let source = program(
        "int n = 0; if (scanf(\"%d\", &n) != 1) raise(SIGSEGV); \
         printf(\"%d\\n\", n); return 0;",
    );
    for (mode, r) in judge(&source) {
        assert_eq!(r.verdict, Verdict::RE, "{mode}: {}", r.message);
        assert_eq!(
            r.message,
            "killed by SIGSEGV; it read standard input (empty in file mode) and never mayan.in: \
             a program for --io stdio?",
            "{mode}"
        );
    }
}

#[test]
fn a_stdio_program_spinning_on_the_empty_input_in_file_mode_is_pointed_to_stdio() {
    // Seen on real contestants' programs: `while (scanf(...) != EOF)`
    // variants that never end at the end of an empty standard input.
    let source = program("int n; for (;;) if (scanf(\"%d\", &n) == 1) break; return RIGHT;");
    for (mode, r) in judge(&source) {
        assert_eq!(r.verdict, Verdict::TLE, "{mode}: {}", r.message);
        assert!(
            r.message.ends_with(
                "; it read standard input (empty in file mode) and never mayan.in: a program \
                 for --io stdio?"
            ),
            "{mode}: {}",
            r.message
        );
    }
}

#[test]
fn a_program_that_never_opens_its_input_is_told_so() {
    // A misspelt name: its open fails, and it gives up.
    let source = program("if (!freopen(\"maya.in\", \"r\", stdin)) return 1; return RIGHT;");
    for (mode, r) in judge(&source) {
        assert_eq!(r.verdict, Verdict::RE, "{mode}: {}", r.message);
        assert_eq!(
            r.message, "exit code 1; it never read mayan.in (could it not open it?)",
            "{mode}"
        );
    }
    let silent = program("if (!freopen(\"maya.in\", \"r\", stdin)) return 0; return RIGHT;");
    for (mode, r) in judge(&silent) {
        assert_eq!(r.verdict, Verdict::PE, "{mode}: {}", r.message);
        assert_eq!(
            r.message,
            "the program wrote no mayan.out; it never read mayan.in (could it not open it?) and \
             printed nothing either",
            "{mode}"
        );
    }
}
