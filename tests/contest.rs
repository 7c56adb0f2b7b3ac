//! Contest day, as a teacher grades a class: contest folders in every layout
//! judges use (LemonLime's, the CCF NOI/NOIP one of Arbiter and NOI Linux, a
//! class folder of files), only the contestants ranked, each source named
//! after its contestant, and what was found and skipped listed.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn mayan() -> Command {
    Command::cargo_bin("mayan").unwrap()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bundled(name: &str) -> String {
    std::fs::read_to_string(root().join("submissions").join(name)).unwrap()
}

/// Writes `files` (path below `dir`, text), making the folders.
fn lay_out(dir: &Path, files: &[(&str, String)]) {
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// A judge.toml over the sample case, with a demo submission of its own
/// that a contest's ranking must never carry.
fn contest_config(dir: &Path) -> PathBuf {
    let sample = root().join("cases/sample");
    let demo = root().join("submissions/correct.cpp");
    let text = format!(
        "[limits]\ntime = \"2s\"\n[[suite]]\npath = \"{}\"\n\
         [[submission]]\nname = \"demo\"\nsource = \"{}\"\n",
        sample.display(),
        demo.display()
    );
    let path = dir.join("judge.toml");
    std::fs::write(&path, text).unwrap();
    path
}

struct Judged {
    stdout: String,
    stderr: String,
}

fn judge(dir: &Path, args: &[&str]) -> Judged {
    let cfg = contest_config(dir);
    let out = mayan()
        .current_dir(dir)
        .arg("judge")
        .arg("--config")
        .arg(&cfg)
        .args(args)
        .output()
        .unwrap();
    let judged = Judged {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}\n{}",
        judged.stdout,
        judged.stderr
    );
    judged
}

impl Judged {
    /// The verdict row of `who` in the score matrix.
    fn row(&self, who: &str) -> &str {
        let prefix = format!("{who} ");
        let mut rows = self.stdout.lines().filter(|l| l.starts_with(&prefix));
        rows.next_back()
            .unwrap_or_else(|| panic!("no row for {who}:\n{}", self.stdout))
    }
}

#[test]
fn every_layout_of_a_contest_folder_is_found_and_only_the_contestants_ranked() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            ("contest/GD-001/mayan/mayan.cpp", bundled("correct.cpp")),
            ("contest/GD-002/mayan.py", bundled("wrong.py")),
            ("contest/GD-003/maya.cpp", bundled("correct.cpp")),
            ("contest/results.txt", String::new()),
        ],
    );
    std::fs::create_dir_all(dir.path().join("contest/GD-004/mayan")).unwrap();
    let j = judge(dir.path(), &["--contestants", "contest"]);
    assert!(j.row("GD-001").contains("AC"), "{}", j.stdout);
    assert!(j.row("GD-002").contains("WA"), "{}", j.stdout);
    assert!(j.row("GD-003").contains("CE"), "{}", j.stdout);
    assert!(!j.stdout.contains("== demo"), "{}", j.stdout);
    for line in [
        "contestants in contest (layout auto, problem mayan): 2 with a source, 2 without, 1 skipped",
        "GD-001    GD-001/mayan/mayan.cpp (nested)",
        "GD-002    GD-002/mayan.py (flat)",
        "GD-003    no source: no mayan.<ext>: found maya.cpp, a source under another name",
        "skipped   results.txt: not a folder, nor a source in a known language",
        "the configuration's 1 [[submission]] not judged: only the contestants are",
    ] {
        assert!(j.stderr.contains(line), "{line}\n{}", j.stderr);
    }
    assert!(
        j.stdout
            .contains("CE: no source to compile:\n    no mayan.<ext>: found maya.cpp"),
        "{}",
        j.stdout
    );
}

#[test]
fn a_class_folder_of_files_is_judged_by_the_students_names() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            ("class/zhang-san.cpp", bundled("correct.cpp")),
            ("class/李四.py", bundled("wrong.py")),
        ],
    );
    let j = judge(dir.path(), &["--contestants", "class"]);
    assert!(j.row("zhang-san").contains("AC"), "{}", j.stdout);
    assert!(j.row("李四").contains("WA"), "{}", j.stdout);
    assert!(j.stderr.contains("zhang-san.cpp (files)"), "{}", j.stderr);
}

#[test]
fn a_forced_layout_and_another_problem_name_are_honoured() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            ("contest/amy/puzzle/puzzle.cpp", bundled("correct.cpp")),
            ("contest/bob/puzzle.cpp", bundled("correct.cpp")),
        ],
    );
    let args = [
        "--contestants",
        "contest",
        "--layout",
        "nested",
        "--problem",
        "puzzle",
    ];
    let j = judge(dir.path(), &args);
    assert!(j.row("amy").contains("AC"), "{}", j.stdout);
    assert!(j.row("bob").contains("CE"), "{}", j.stdout);
    assert!(
        j.stderr.contains(
            "no puzzle/ folder (layout nested: puzzle/puzzle.<ext>); it holds puzzle.cpp"
        ),
        "{}",
        j.stderr
    );
}

#[test]
fn sources_named_after_the_problem_are_named_after_their_contestants() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            ("contest/amy/mayan/mayan.cpp", bundled("correct.cpp")),
            ("contest/bob/mayan/mayan.py", bundled("wrong.py")),
        ],
    );
    let j = judge(
        dir.path(),
        &["contest/amy/mayan/mayan.cpp", "contest/bob/mayan/mayan.py"],
    );
    assert!(j.stdout.contains("== amy\n"), "{}", j.stdout);
    assert!(j.stdout.contains("== bob\n"), "{}", j.stdout);
}

#[test]
fn one_contestants_folder_given_as_the_contest_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(dir.path(), &[("amy/mayan.cpp", bundled("correct.cpp"))]);
    let cfg = contest_config(dir.path());
    let out = mayan()
        .current_dir(dir.path())
        .args(["judge", "--config"])
        .arg(&cfg)
        .args(["--contestants", "amy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("amy: holds mayan.cpp itself, so it is one contestant's folder"),
        "{stderr}"
    );
}

/// Judges `program` (a Python script's text) over the sample case with
/// `--io MODE`, in a folder of its own; the run's standard output.
fn judged_in_mode(program: &str, mode: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sol.py"), program).unwrap();
    let out = mayan()
        .current_dir(dir.path())
        .args(["judge", "--suite"])
        .arg(root().join("cases/sample"))
        .args(["--io", mode, "sol.py"])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_program_for_the_other_io_mode_is_told_which() {
    let stdio = "import sys\nsys.stdin.read()\nprint('2 1 1')\nprint('3 1 1')\n";
    let told = judged_in_mode(stdio, "file");
    assert!(
        told.contains(
            "PE: the program wrote no mayan.out; it printed \"2 1 1 3 1 1\" on standard output \
             instead: a program for --io stdio?"
        ),
        "{told}"
    );
    // As a C++ program whose freopen of mayan.in fails reads standard
    // input, and writes mayan.out all the same.
    let file = "import sys\nsys.stdin.read()\nopen('mayan.out', 'w').write('-1\\n')\n";
    let told = judged_in_mode(file, "stdio");
    assert!(
        told.contains("; it wrote \"-1\" mayan.out instead: a program for --io file?"),
        "{told}"
    );
}

#[test]
fn a_command_in_a_folder_without_cases_is_pointed_to_suite() {
    let dir = tempfile::tempdir().unwrap();
    let out = mayan()
        .current_dir(dir.path())
        .args(["judge", "--", "./a.out"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("name the cases with --suite DIR"),
        "{stderr}"
    );
}

/// A contestant's C++14 program that names a global `data`: under gnu++17
/// `std::data` makes every use ambiguous.
const CPP14: &str = r#"#include <bits/stdc++.h>
using namespace std;
int data[8];
int main() {
    freopen("mayan.in", "r", stdin);
    freopen("mayan.out", "w", stdout);
    data[0] = -1;
    printf("%d\n", data[0]);
    return 0;
}
"#;

#[test]
fn the_noi_preset_compiles_as_noi_linux_and_the_build_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[("contest/amy/mayan/mayan.cpp", CPP14.to_string())],
    );
    let default = judge(dir.path(), &["--contestants", "contest"]);
    assert!(
        default.stdout.contains("CE: compilation failed:"),
        "{}",
        default.stdout
    );
    assert!(default.stdout.contains("ambiguous"), "{}", default.stdout);
    let json = dir.path().join("run.json");
    let json_arg = json.to_str().unwrap();
    let noi = judge(
        dir.path(),
        &[
            "--contestants",
            "contest",
            "--preset",
            "noi",
            "--json",
            json_arg,
        ],
    );
    assert!(
        noi.stdout.contains("sample/statement  WA"),
        "{}",
        noi.stdout
    );
    assert!(
        noi.stderr
            .contains("C++: g++ -std=c++14 -O2 -o {exe} {src} -lm (g++ "),
        "{}",
        noi.stderr
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let build = &report["submissions"][0]["build"];
    assert_eq!(
        build["command"],
        "g++ -std=c++14 -O2 -o program mayan.cpp -lm"
    );
    assert!(
        build["version"].as_str().unwrap().starts_with("g++"),
        "{build}"
    );
}

/// Issue 37: a program that only slept had every case judged again alone
/// as "starved" (twice the wall-clock limit each); it is TLE once, idle.
#[test]
fn a_program_that_only_sleeps_is_tle_once_as_idle() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("sleepy.py"),
        "import time\ntime.sleep(30)\n",
    )
    .unwrap();
    let out = mayan()
        .current_dir(dir.path())
        .args(["judge", "--suite"])
        .arg(root().join("cases/sample"))
        .args([
            "--time-limit",
            "1s",
            "--wall-limit",
            "1s",
            "--jobs",
            "64",
            "sleepy.py",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("sample/statement  TLE"), "{stdout}");
    assert!(stdout.contains(": idle, it slept or waited"), "{stdout}");
    assert!(!stdout.contains("judged again alone"), "{stdout}");
    assert!(
        stderr.contains("warning: --jobs 64 runs more cases at once than the"),
        "{stderr}"
    );
}

/// A script and the module beside it, as a user keeps them.
fn script_with_module(dir: &Path) {
    let script = "import sys\nfrom helper import answer\nsys.stdin.read()\nprint(answer())\n";
    let module = "def answer():\n    return '2 1 1\\n3 1 1\\n3 0 1'\n";
    lay_out(
        dir,
        &[
            ("mine/sol.py", script.to_string()),
            ("mine/helper.py", module.to_string()),
        ],
    );
}

#[test]
fn the_users_own_script_finds_the_module_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    script_with_module(dir.path());
    let toml = format!(
        "[io]\nmode = \"stdio\"\n[[suite]]\npath = \"{}\"\n\
         [[submission]]\nname = \"mine\"\nsource = \"mine/sol.py\"\n",
        root().join("cases/sample").display()
    );
    std::fs::write(dir.path().join("judge.toml"), toml).unwrap();
    // A command and a configured submission are the user's own: the module
    // comes along. A source named on the command line may be a student's:
    // it comes alone.
    for (how, verdict) in [
        (&["--", "python3", "mine/sol.py"][..], "AC"),
        (&[][..], "AC"),
        (&["mine/sol.py"][..], "RE"),
    ] {
        let out = mayan()
            .current_dir(dir.path())
            .arg("judge")
            .args(how)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let row = format!("sample/statement  {verdict}");
        assert!(stdout.contains(&row), "{how:?}:\n{stdout}");
    }
}

#[test]
fn a_private_file_or_a_pipe_beside_a_script_is_not_staged() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    script_with_module(dir.path());
    let mine = dir.path().join("mine");
    let private = mine.join("helper.py");
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    let fifo = std::ffi::CString::new(mine.join("pipe.py").to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    let out = mayan()
        .current_dir(dir.path())
        .args(["judge", "--io", "stdio", "--suite"])
        .arg(root().join("cases/sample"))
        .args(["--", "python3", "mine/sol.py"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("sample/statement  RE"), "{stdout}");
    assert!(stdout.contains("No module named 'helper'"), "{stdout}");
}

#[test]
fn a_contestant_never_gets_the_files_beside_its_source() {
    // In a class folder the files beside a source are other students'.
    let dir = tempfile::tempdir().unwrap();
    let copier = "import sys\nfrom amy import answer\nsys.stdin.read()\nprint(answer())\n";
    let amy = "def answer():\n    return '2 1 1\\n3 1 1\\n3 0 1'\nif __name__ == '__main__':\n    import sys\n    sys.stdin.read()\n    print(answer())\n";
    lay_out(
        dir.path(),
        &[
            ("class/amy.py", amy.to_string()),
            ("class/bob.py", copier.to_string()),
        ],
    );
    let j = judge(dir.path(), &["--contestants", "class", "--io", "stdio"]);
    assert!(j.row("amy").contains("AC"), "{}", j.stdout);
    assert!(j.row("bob").contains("RE"), "{}", j.stdout);
    assert!(j.stdout.contains("No module named 'amy'"), "{}", j.stdout);
}

/// The two accepted programs of the seeds (C++ with file I/O, Pascal with
/// standard I/O) as two contestants of a CCF contest, under NOI Linux's
/// compilers: the C++ one is accepted, the Pascal one, judged in the
/// contest's file mode, is told that it printed its answer instead.
#[test]
fn real_contestants_in_the_ccf_layout_under_the_noi_preset() {
    if std::process::Command::new("fpc")
        .arg("-iV")
        .output()
        .is_err()
    {
        assert!(std::env::var_os("CI").is_none(), "CI must have fpc");
        eprintln!("SKIPPED: no fpc");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            (
                "contest/GD-01/mayan/mayan.cpp",
                crate::support::seeds::cpp_source(),
            ),
            (
                "contest/GD-02/mayan/mayan.pas",
                crate::support::seeds::pascal_source(),
            ),
        ],
    );
    let j = judge(dir.path(), &["--contestants", "contest", "--preset", "noi"]);
    assert!(j.row("GD-01").contains("AC"), "{}", j.stdout);
    assert!(j.row("GD-02").contains("PE"), "{}", j.stdout);
    assert!(
        j.stdout.contains("PE: the program wrote no mayan.out; it printed nothing either, and read standard input (empty in file mode) but never mayan.in: a program for --io stdio?"),
        "{}",
        j.stdout
    );
    assert!(
        j.stderr
            .contains("Pascal: fpc -O2 -v0 -o{exe} {src} (Free Pascal "),
        "{}",
        j.stderr
    );
}

#[test]
fn a_misnamed_output_file_is_named() {
    let wrote = "open('Mayan.out', 'w').write('2 1 1\\n3 1 1\\n3 0 1\\n')\n";
    let told = judged_in_mode(wrote, "file");
    assert!(
        told.contains("PE: the program wrote no mayan.out; it wrote Mayan.out instead (a misnamed output file?)"),
        "{told}"
    );
}

// Under --preset noi, GD-0118/mayan/Mayan.cpp and GD-0119/mayan.cpp scored
// 100 where CCF collects neither; and no report said which file was judged,
// nor why a score was 0.
#[test]
fn ccfs_collection_under_the_noi_preset_and_every_report_says_what_was_judged_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let correct = bundled("correct.cpp");
    lay_out(
        dir.path(),
        &[
            ("contest/GD-0118/mayan/Mayan.cpp", correct.clone()),
            ("contest/GD-0119/mayan.cpp", correct.clone()),
            ("contest/GD-0120/mayan/mayan.cpp", correct.clone()),
            ("contest/GD-0121/mayan/mayan.cpp", "  \n".to_string()),
            (
                "contest/GD-0122/mayan/mayan.cpp",
                "int main( {\n".to_string(),
            ),
            ("contest/GD-0123/mayan/notes.txt", String::new()),
        ],
    );
    let reports = ["--json", "r.json", "--csv", "r.csv", "--html", "r.html"];
    let mut args = vec!["--contestants", "contest", "--preset", "noi"];
    args.extend(reports);
    let j = judge(dir.path(), &args);
    assert!(
        j.stderr
            .contains("GD-0118   misplaced: found GD-0118/mayan/Mayan.cpp"),
        "{}",
        j.stderr
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    let status = |who: &str| {
        let subs = json["submissions"].as_array().unwrap();
        let sub = subs.iter().find(|s| s["name"] == who).unwrap();
        (
            sub["status"].as_str().unwrap().to_string(),
            sub["score"].as_u64().unwrap(),
            sub.get("source").and_then(|s| s.as_str()).map(String::from),
        )
    };
    assert_eq!(status("GD-0118"), ("misplaced".into(), 0, None));
    assert_eq!(status("GD-0119"), ("misplaced".into(), 0, None));
    assert_eq!(
        status("GD-0120"),
        ("judged".into(), 10, Some("GD-0120/mayan/mayan.cpp".into()))
    );
    assert_eq!(status("GD-0121").0, "empty-source");
    assert_eq!(status("GD-0122").0, "compile-error");
    assert_eq!(status("GD-0123").0, "no-source");
    let csv = std::fs::read_to_string(dir.path().join("r.csv")).unwrap();
    assert!(csv.contains(",GD-0119,0,10,0,misplaced,,\"found GD-0119/mayan.cpp, not judged: not in a folder mayan/"), "{csv}");
    assert!(
        csv.contains(",GD-0120,10,10,0,judged,GD-0120/mayan/mayan.cpp,,"),
        "{csv}"
    );
    assert!(
        csv.contains(",GD-0121,0,10,0,empty source,GD-0121/mayan/mayan.cpp,,"),
        "{csv}"
    );
    let pages: String = (1..=6)
        .map(|i| std::fs::read_to_string(dir.path().join(format!("r.files/s{i}.html"))).unwrap())
        .collect();
    assert!(
        pages.contains("status: <strong>misplaced</strong>"),
        "{pages}"
    );
    assert!(
        pages.contains("source <code>GD-0120/mayan/mayan.cpp</code> (nested)"),
        "{pages}"
    );

    // The lenient rules judge what CCF would not take, and say so everywhere.
    let mut args = vec!["--contestants", "contest"];
    args.extend(reports);
    let j = judge(dir.path(), &args);
    assert!(
        j.stderr.contains("judged, though not in a folder mayan/"),
        "{}",
        j.stderr
    );
    let csv = std::fs::read_to_string(dir.path().join("r.csv")).unwrap();
    assert!(
        csv.contains(
            ",GD-0119,10,10,0,judged,GD-0119/mayan.cpp,\"judged, though not in a folder mayan/"
        ),
        "{csv}"
    );
    let json = std::fs::read_to_string(dir.path().join("r.json")).unwrap();
    assert!(
        json.contains("\"outside_ccf\": \"the file is Mayan.cpp, not mayan.<ext>"),
        "{json}"
    );
}
