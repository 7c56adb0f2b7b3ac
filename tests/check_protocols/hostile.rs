//! The checker protocols against what a contestant may leave as its output
//! (a link to a secret or to the answer file, a named pipe, `/dev/zero`,
//! `/dev/full`, a folder, nothing, a hard link, a 64 GiB sparse file) and
//! where a host writes the result (a planted link or pipe), and against a
//! host's mistakes (a pipe, a device or a folder as the case or the answer
//! file, a bad `MAYAN_*` setting, a bad Lemon full score). Each ends within
//! 10 s (a hang fails the test, the binary killed), gets the verdict its
//! protocol's host expects (the contestant's WA/PE, or the judge's FAIL),
//! and leaks nothing: the secret's text is in no stream and no file.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

use super::{ANSWER, CASE};
use crate::support::{finish, mkfifo};

const SECRET: &str = "the-secret-text-5b1e";

/// The binary, with no `MAYAN_*` setting from the test's environment.
fn mayan() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("mayan"));
    for var in super::MAYAN_VARS {
        cmd.env_remove(var);
    }
    cmd.stdin(Stdio::null());
    cmd
}

/// A folder with a secret, the sample's answer copied, and every thing a
/// contestant could leave in place of its output.
struct Arena {
    dir: TempDir,
}

impl Arena {
    fn new() -> Arena {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("secret.txt"), format!("{SECRET}\n")).unwrap();
        std::fs::copy(ANSWER, d.join("copy.ans")).unwrap();
        std::fs::write(d.join("ac.out"), "2 1 1\n3 1 1\n3 0 1\n").unwrap();
        let link = |target: &Path, name: &str| std::os::unix::fs::symlink(target, d.join(name));
        link(&d.join("secret.txt"), "secret.out").unwrap();
        link(&d.join("copy.ans"), "answer.out").unwrap();
        link(Path::new("/dev/zero"), "zero-link.out").unwrap();
        link(&d.join("copy.ans"), "linked.ans").unwrap();
        std::fs::hard_link(d.join("secret.txt"), d.join("hard.out")).unwrap();
        std::fs::create_dir(d.join("folder.out")).unwrap();
        mkfifo(&d.join("fifo.out"));
        let sparse = File::create(d.join("sparse.out")).unwrap();
        sparse.set_len(64 << 30).unwrap();
        Arena { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// The outputs a contestant may leave, and a word of what the checker
    /// must say of each.
    fn outputs(&self) -> Vec<(PathBuf, &'static str)> {
        let mut all: Vec<(PathBuf, &str)> = [
            ("secret.out", "symbolic link"),
            ("answer.out", "symbolic link"),
            ("zero-link.out", "symbolic link"),
            ("hard.out", "hard link"),
            ("folder.out", "folder"),
            ("fifo.out", "named pipe"),
            ("missing.out", "is missing"),
            ("sparse.out", "larger than"),
        ]
        .into_iter()
        .map(|(name, word)| (self.path(name), word))
        .collect();
        all.push(("/dev/zero".into(), "device"));
        all.push(("/dev/full".into(), "device"));
        all
    }
}

/// Every stream and file of a run, as text, to look for the secret in.
fn all_text(out: &Output, files: &[PathBuf]) -> String {
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text += &String::from_utf8_lossy(&out.stderr);
    for f in files {
        text += &std::fs::read_to_string(f).unwrap_or_default();
    }
    text
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

// `ln -s SECRET out; mayan check 4.in out 4.ans` printed the secret's
// first line in its PE, and a pipe as the output hung testlib for ever.
#[test]
fn an_output_that_is_not_a_regular_file_is_the_contestants_pe_in_every_protocol() {
    let a = Arena::new();
    for (output, word) in a.outputs() {
        let shown = output.display().to_string();
        let mut plain = mayan();
        plain.args(["check", CASE]).arg(&output).arg(ANSWER);
        let out = finish(plain);
        assert_eq!(out.status.code(), Some(2), "plain, {shown}: {out:?}");
        assert!(stdout(&out).starts_with("PE: "), "{shown}: {out:?}");
        assert!(stdout(&out).contains(word), "{shown}: {out:?}");
        assert!(!all_text(&out, &[]).contains(SECRET), "{shown}");

        let mut testlib = mayan();
        let result = a.path("result.txt");
        testlib.args(["check", "--protocol", "testlib", CASE]);
        testlib.arg(&output).arg(ANSWER).arg(&result);
        let out = finish(testlib);
        assert_eq!(out.status.code(), Some(2), "testlib, {shown}: {out:?}");
        assert!(stderr(&out).starts_with("wrong output format "), "{out:?}");
        assert!(!all_text(&out, &[result]).contains(SECRET), "{shown}");

        let (score, message) = (a.path("score.txt"), a.path("message.txt"));
        let mut lemon = mayan();
        lemon
            .args(["check", "--protocol", "lemon", CASE])
            .arg(&output);
        lemon.args([ANSWER, "10"]).arg(&score).arg(&message);
        let out = finish(lemon);
        assert_eq!(out.status.code(), Some(0), "lemon, {shown}: {out:?}");
        assert_eq!(std::fs::read_to_string(&score).unwrap(), "0\n");
        let said = std::fs::read_to_string(&message).unwrap();
        assert!(said.starts_with("PE: ") && said.contains(word), "{said}");
        assert!(!all_text(&out, &[message]).contains(SECRET), "{shown}");

        let mut cms = mayan();
        cms.args(["check", "--protocol", "cms", CASE, ANSWER])
            .arg(&output);
        let out = finish(cms);
        assert_eq!(out.status.code(), Some(0), "cms, {shown}: {out:?}");
        assert_eq!(stdout(&out), "0.0\n", "{shown}");
        assert!(stderr(&out).contains(word), "{out:?}");
        assert!(!all_text(&out, &[]).contains(SECRET), "{shown}");
    }
}

#[test]
fn kattis_reads_an_endless_standard_input_only_to_its_bound() {
    let a = Arena::new();
    let feedback = tempfile::tempdir().unwrap();
    let mut kattis = mayan();
    kattis.args(["check", "--protocol", "kattis", CASE, ANSWER]);
    kattis.arg(feedback.path());
    kattis.stdin(File::open("/dev/zero").unwrap());
    let out = finish(kattis);
    assert_eq!(out.status.code(), Some(43), "{out:?}");
    let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
    assert!(
        message.starts_with("PE: the output is larger than"),
        "{message}"
    );
    // A pipe as the answer is the host's mistake: said, not waited on.
    let mut kattis = mayan();
    kattis.args(["check", "--protocol", "kattis", CASE]);
    kattis.arg(a.path("fifo.out")).arg(feedback.path());
    kattis.stdin(File::open(a.path("ac.out")).unwrap());
    let out = finish(kattis);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(stderr(&out).contains("is a named pipe"), "{out:?}");
}

/// The protocol's FAIL: its code, and where it says so.
fn assert_fail(protocol: &str, out: &Output, files: &[PathBuf], word: &str) {
    let code = match protocol {
        "plain" | "testlib" => 3,
        _ => 1,
    };
    assert_eq!(out.status.code(), Some(code), "{protocol}: {out:?}");
    let said = match protocol {
        "plain" => stdout(out),
        _ => stderr(out),
    };
    assert!(said.contains(word), "{protocol}: {said}");
    if protocol == "lemon" {
        assert_eq!(std::fs::read_to_string(&files[0]).unwrap(), "0\n");
        let message = std::fs::read_to_string(&files[1]).unwrap();
        assert!(
            message.starts_with("FAIL: ") && message.contains(word),
            "{message}"
        );
    }
}

/// `mayan check` in `protocol` on the sample with `input`, `output` and
/// `answer`, and the result files the protocol writes (in `a`'s folder).
fn checked(a: &Arena, protocol: &str, [input, output, answer]: [&Path; 3]) -> Command {
    let mut cmd = mayan();
    cmd.args(["check", "--protocol", protocol]);
    match protocol {
        "cms" => cmd.arg(input).arg(answer).arg(output),
        "lemon" => (cmd.arg(input).arg(output).arg(answer).arg("10"))
            .arg(a.path("score.txt"))
            .arg(a.path("message.txt")),
        _ => cmd.arg(input).arg(output).arg(answer),
    };
    cmd
}

// A pipe as the answer file hung every protocol; a link to the answer is
// the jury's own and is read.
#[test]
fn a_pipe_device_or_folder_as_the_case_or_answer_is_the_judges_fail_at_once() {
    let a = Arena::new();
    let files = [a.path("score.txt"), a.path("message.txt")];
    let (case, ac) = (Path::new(CASE), a.path("ac.out"));
    let (fifo, folder) = (a.path("fifo.out"), a.path("folder.out"));
    let jury_faults: [([&Path; 3], &str); 5] = [
        ([case, &ac, &fifo], "the answer file"),
        ([&fifo, &ac, Path::new(ANSWER)], "the input"),
        ([case, &ac, Path::new("/dev/zero")], "is a device"),
        (
            [Path::new("/dev/zero"), &ac, Path::new(ANSWER)],
            "is a device",
        ),
        ([case, &ac, &folder], "is a folder"),
    ];
    for protocol in ["plain", "testlib", "lemon", "cms"] {
        for (paths, word) in jury_faults {
            let out = finish(checked(&a, protocol, paths));
            assert_fail(protocol, &out, &files, word);
        }
        let out = finish(checked(&a, protocol, [case, &ac, &a.path("linked.ans")]));
        let want = if protocol == "lemon" { "10\n" } else { "" };
        assert_eq!(out.status.code(), Some(0), "{protocol}: {out:?}");
        if protocol == "lemon" {
            assert_eq!(std::fs::read_to_string(&files[0]).unwrap(), want);
        }
    }
}

// Lemon's score file beside the output could be a link the program left
// there (to a file of the judge's, overwritten with the score) or a pipe
// (the checker blocked writing it).
#[test]
fn a_result_file_left_as_a_link_or_a_pipe_is_not_written_through() {
    let a = Arena::new();
    let victim = a.path("victim.txt");
    std::fs::write(&victim, "the judge's own file\n").unwrap();
    std::os::unix::fs::symlink(&victim, a.path("score-link")).unwrap();
    mkfifo(&a.path("score-fifo"));
    for score in ["score-link", "score-fifo"] {
        let mut lemon = mayan();
        lemon.args(["check", "--protocol", "lemon", CASE]);
        lemon.arg(a.path("ac.out")).args([ANSWER, "10"]);
        lemon.arg(a.path(score)).arg(a.path("message.txt"));
        let out = finish(lemon);
        assert_eq!(out.status.code(), Some(1), "{score}: {out:?}");
        assert!(stderr(&out).contains("not written"), "{out:?}");
    }
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "the judge's own file\n"
    );
    let mut testlib = mayan();
    testlib.args(["check", "--protocol", "testlib", CASE]);
    testlib
        .arg(a.path("ac.out"))
        .arg(ANSWER)
        .arg(a.path("score-fifo"));
    let out = finish(testlib);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
}

// MAYAN_ACCEPT=bogus made clap exit 2: PE for every contestant under plain
// and testlib.
#[test]
fn a_bad_setting_is_the_protocols_judge_fault_never_a_verdict() {
    let a = Arena::new();
    let files = [a.path("score.txt"), a.path("message.txt")];
    let ac = a.path("ac.out");
    let settings = [
        ("MAYAN_ACCEPT", "bogus"),
        ("MAYAN_NULL_SWAPS", "sometimes"),
        ("MAYAN_STEPS", ""),
    ];
    for protocol in ["plain", "testlib", "lemon", "cms"] {
        for (var, value) in settings {
            let mut cmd = checked(&a, protocol, [Path::new(CASE), &ac, Path::new(ANSWER)]);
            cmd.env(var, value);
            let out = finish(cmd);
            assert_fail(protocol, &out, &files, var);
            assert!(all_text(&out, &[]).contains("misconfigured"), "{out:?}");
        }
    }
    let mut flag = mayan();
    flag.args(["check", "--accept", "bogus", CASE]).arg(&ac);
    let out = finish(flag);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(stdout(&out).starts_with("FAIL: mayan check is misconfigured: invalid value 'bogus'"));
    let mut unknown = mayan();
    unknown.env("MAYAN_PROTOCOL", "testlab");
    unknown.args(["check", CASE]).arg(&ac).arg(ANSWER);
    let out = finish(unknown);
    assert_eq!(
        out.status.code(),
        Some(3),
        "a fault in every protocol: {out:?}"
    );
    assert!(stderr(&out).contains("MAYAN_PROTOCOL"), "{out:?}");
    let mut html = mayan();
    html.args(["check", "--protocol", "testlib", "--html", "x.html", CASE]);
    html.arg(&ac).arg(ANSWER);
    assert_eq!(finish(html).status.code(), Some(3));
}

#[test]
fn the_binary_named_for_testlib_or_kattis_says_a_bad_setting_its_way() {
    let a = Arena::new();
    let link = |name: &str| {
        let path = a.path(name);
        std::os::unix::fs::symlink(assert_cmd::cargo::cargo_bin("mayan"), &path).unwrap();
        path
    };
    let mut testlib = Command::new(link("mayan-testlib"));
    testlib
        .env("MAYAN_ACCEPT", "bogus")
        .arg(CASE)
        .arg(a.path("ac.out"));
    testlib.arg(ANSWER).arg(a.path("r.xml")).arg("-appes");
    let out = finish(testlib);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let xml = std::fs::read_to_string(a.path("r.xml")).unwrap();
    assert!(xml.contains("outcome=\"fail\""), "{xml}");
    let feedback = tempfile::tempdir().unwrap();
    let mut kattis = Command::new(link("mayan-kattis"));
    kattis.env("MAYAN_STEPS", "many").args([CASE, ANSWER]);
    kattis.arg(feedback.path());
    kattis.stdin(File::open(a.path("ac.out")).unwrap());
    let out = finish(kattis);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
    assert!(message.contains("MAYAN_STEPS"), "{message}");
}

#[test]
fn a_lemon_full_score_that_is_not_a_score_is_a_judge_fault() {
    let a = Arena::new();
    let files = [a.path("score.txt"), a.path("message.txt")];
    let lemon = |full: &str| {
        let mut cmd = mayan();
        cmd.args(["check", "--protocol", "lemon", CASE]);
        cmd.arg(a.path("ac.out")).args([ANSWER, full]);
        cmd.arg(&files[0]).arg(&files[1]);
        finish(cmd)
    };
    for full in [
        "ten",
        "-5",
        "",
        "2.5",
        "2147483648",
        "99999999999999999999999",
    ] {
        let out = lemon(full);
        assert_fail("lemon", &out, &files, "full score");
    }
    let out = lemon("2147483647");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read_to_string(&files[0]).unwrap(), "2147483647\n");
}
