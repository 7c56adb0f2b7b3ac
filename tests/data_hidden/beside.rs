//! The judge's files beside a program it runs: a script the configuration
//! names brings the files beside it into its runs (its modules, its data),
//! but never the configuration, a report or a suite's answers; a command
//! that names one of them is refused before anything runs.

use std::path::Path;

use super::{cheat_py, judge, stderr, suite_in};

/// A script that fails (exit 3) when any of the judge's files lies beside
/// its copy, and else prints -1 (WA on the sample).
const NOSY: &str = "import os, sys\n\
here = os.path.dirname(os.path.abspath(__file__))\n\
found = [n for n in ('judge.toml', 'old.csv', 'statement.ans') if os.path.exists(os.path.join(here, n))]\n\
sys.exit(3) if found else print(-1)\n";

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    super::open_to_all(path);
}

#[test]
fn a_configured_script_gets_no_configuration_or_report_from_beside_it() {
    // Regression: the files beside a configured command's script or source
    // were copied into its runs, among them judge.toml and the reports.
    let dir = tempfile::tempdir().unwrap();
    suite_in(dir.path());
    write(&dir.path().join("nosy.py"), NOSY);
    write(&dir.path().join("helper.py"), "X = 1\n");
    write(&dir.path().join("old.csv"), "an earlier report\n");
    for program in [
        "command = [\"python3\", \"nosy.py\"]",
        "source = \"nosy.py\"",
    ] {
        let config = format!(
            "[[suite]]\nname = \"s\"\npath = \"s\"\n[[submission]]\nname = \"nosy\"\n{program}\n"
        );
        write(&dir.path().join("judge.toml"), &config);
        let (out, verdict) = judge(dir.path(), &["--csv", "old.csv"]);
        let said = stderr(&out);
        assert_eq!(
            verdict, "WA",
            "{program}: the judge's files were beside it: {said}"
        );
    }
}

#[test]
fn a_command_naming_the_judges_data_is_refused_before_anything_runs() {
    // Regression: `-- /bin/cat s/statement.ans` was judged, the answer
    // copied for the run, and AC.
    let dir = tempfile::tempdir().unwrap();
    let answer = suite_in(dir.path());
    write(
        &dir.path().join("judge.toml"),
        "[[suite]]\nname = \"s\"\npath = \"s\"\n",
    );
    let (out, verdict) = judge(dir.path(), &["--", "/bin/cat", "s/statement.ans"]);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(verdict, "none", "nothing ran: {said}");
    assert!(
        said.contains("the command after -- names s/statement.ans, inside the cases of suite `s`"),
        "{said}"
    );
    // The same from the configuration, and a script kept in the suite
    // (whose answers would come along with it).
    let script = cheat_py(dir.path(), &answer);
    std::fs::copy(&script, dir.path().join("s/cheat.py")).unwrap();
    for command in [
        "[\"/bin/cat\", \"s/statement.ans\"]",
        "[\"python3\", \"s/cheat.py\"]",
    ] {
        let config = format!(
            "[[suite]]\nname = \"s\"\npath = \"s\"\n[[submission]]\nname = \"cat\"\ncommand = {command}\n"
        );
        write(&dir.path().join("judge.toml"), &config);
        let (out, verdict) = judge(dir.path(), &[]);
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{command}: {said}");
        assert_eq!(verdict, "none", "nothing ran: {said}");
        assert!(said.contains("the command of `cat` names s/"), "{said}");
        assert!(said.contains("which no run may read"), "{said}");
    }
}

#[test]
fn answers_a_suite_links_to_in_a_system_folder_are_hidden_too() {
    // Regression: a suite of links into /usr/local/share (data kept once,
    // linked into each suite): the suite's folder was hidden, the files it
    // links to were not, and a contestant printed the answer by its real
    // path.
    let Some(system) = super::SystemFolder::new("linked") else {
        return;
    };
    let answer = suite_in(&system.0);
    let dir = tempfile::tempdir().unwrap();
    let linked = dir.path().join("linked");
    std::fs::create_dir(&linked).unwrap();
    for ext in ["in", "ans"] {
        let name = format!("statement.{ext}");
        std::os::unix::fs::symlink(answer.with_file_name(&name), linked.join(&name)).unwrap();
    }
    // A folder of them linked as a whole, too.
    std::os::unix::fs::symlink(answer.parent().unwrap(), dir.path().join("whole")).unwrap();
    let python = cheat_py(dir.path(), &answer);
    for suite in ["linked", "whole"] {
        let args = ["--suite", suite, "--", "python3", &python.to_string_lossy()];
        let (out, verdict) = judge(dir.path(), &args);
        let said = stderr(&out);
        assert_ne!(
            verdict, "AC",
            "{suite}: the contestant read the answer: {said}"
        );
        assert_ne!(verdict, "none", "{suite}: {said}");
        assert!(std::fs::read_to_string(&answer).unwrap().contains(' '));
    }
}

#[test]
fn a_suite_inside_the_contest_folder_or_holding_it_is_refused() {
    // Regression: `[[suite]] path = "contest/alice"` (and the contest
    // folder given as a suite) were judged: the answers lay in a folder
    // the contestants' files are read from.
    let dir = tempfile::tempdir().unwrap();
    let contest = dir.path().join("contest");
    let alice = contest.join("alice");
    std::fs::create_dir_all(alice.join("mayan")).unwrap();
    write(&alice.join("mayan/mayan.py"), "print(-1)\n");
    suite_in(&alice);
    // A suite holding a contest folder.
    let t = dir.path().join("t");
    suite_in(&t);
    std::fs::create_dir_all(t.join("s/c/bob/mayan")).unwrap();
    write(&t.join("s/c/bob/mayan/mayan.py"), "print(-1)\n");
    for (suite, contestants, said) in [
        (
            "contest/alice/s",
            "contest",
            "lies inside the contest folder",
        ),
        ("t/s", "t/s/c", "holds the contest folder"),
    ] {
        let args = ["--suite", suite, "--contestants", contestants];
        let (out, verdict) = judge(dir.path(), &args);
        let stderr = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{suite}: {stderr}");
        assert_eq!(verdict, "none", "nothing ran: {stderr}");
        assert!(stderr.contains(said), "{suite}: {stderr}");
        assert!(
            stderr.contains("keep the suites and the contest folder apart"),
            "{stderr}"
        );
    }
}

#[test]
fn a_scripts_modules_come_along_when_a_report_is_written_beside_it() {
    // Regression: the folder a report not yet written goes in was guarded
    // whole, so a script below it came without its modules: RE, "No
    // module named 'helper'".
    let dir = tempfile::tempdir().unwrap();
    suite_in(dir.path());
    let p = dir.path().join("p");
    std::fs::create_dir(&p).unwrap();
    super::open_to_all(&p);
    write(&p.join("helper.py"), "ANSWER = -1\n");
    write(&p.join("x.py"), "import helper\nprint(helper.ANSWER)\n");
    for report in ["--csv", "--html"] {
        let args = ["--suite", "s", report, "out", "--", "python3", "p/x.py"];
        let (out, verdict) = judge(dir.path(), &args);
        assert_eq!(verdict, "WA", "{report}: {}", stderr(&out));
    }
}

#[test]
fn a_report_to_come_in_a_system_folder_is_refused_not_hidden() {
    // Regression: `--json /usr/lib/r.json` hid /usr/lib from every run (to
    // hide the report to come), and every case was a judge error: "g++:
    // not found".
    let dir = tempfile::tempdir().unwrap();
    suite_in(dir.path());
    let report = format!("/usr/lib/mayan-test-{}.json", std::process::id());
    let args = ["--suite", "s", "--csv", &report, "--", "/bin/true"];
    let (out, _) = judge(dir.path(), &args);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(!Path::new(&report).exists());
    // SAFETY: geteuid takes nothing.
    if unsafe { libc::geteuid() } != 0 {
        // Not root: /usr/lib cannot be written at all, which is said first.
        assert!(said.contains("cannot write the report there"), "{said}");
        return;
    }
    let refused = "write the report outside the system folders";
    assert!(said.contains(refused), "{said}");
}

#[test]
fn a_suite_reaching_the_contest_folder_through_a_link_is_refused() {
    // Regression: a link in the suite to the contest folder, to one
    // contestant or to a contestant's file, and a hard link of one, were
    // judged: the contestant's files were read as cases.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bob = d.join("c/bob/mayan");
    std::fs::create_dir_all(&bob).unwrap();
    write(&bob.join("mayan.py"), "print(-1)\n");
    let answer = suite_in(d);
    std::fs::copy(&answer, bob.join("x.ans")).unwrap();
    for (name, hard, to) in [
        ("lc", false, "c"),
        ("lb", false, "c/bob"),
        ("h.ans", true, "c/bob/mayan/x.ans"),
    ] {
        let at = d.join("s").join(name);
        match hard {
            true => std::fs::hard_link(d.join(to), &at).unwrap(),
            false => std::os::unix::fs::symlink(d.join(to), &at).unwrap(),
        }
        let (out, verdict) = judge(d, &["--suite", "s", "--contestants", "c"]);
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {said}");
        assert_eq!(verdict, "none", "nothing ran: {said}");
        assert!(
            said.contains("keep the suites and the contest folder apart"),
            "{said}"
        );
        std::fs::remove_file(&at).unwrap();
    }
}
