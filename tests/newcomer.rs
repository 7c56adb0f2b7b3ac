//! A newcomer's first hour, end to end through the binary: a private (0700)
//! folder holding `a.out`, `sol.py` and `sol.cpp`, judged as a shell user
//! types it (`-- ./a.out`, `-- python3 sol.py`, `sol.cpp`) with every
//! protection on, each getting its real verdict; sizes and durations as
//! people write them; and the everyday flags.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn judge(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mayan"))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .arg("judge")
        .arg("--suite")
        .arg(root().join("cases/sample"))
        .args(args)
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// A home folder only its owner may enter, holding the three programs.
fn private_home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    std::fs::set_permissions(home.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let work = home.path().join("work");
    std::fs::create_dir(&work).unwrap();
    std::fs::copy(root().join("submissions/correct.cpp"), work.join("sol.cpp")).unwrap();
    std::fs::copy(root().join("submissions/wrong.py"), work.join("sol.py")).unwrap();
    crate::support::compile(
        &work,
        "g++",
        "a.out",
        &std::fs::read_to_string(work.join("sol.cpp")).unwrap(),
    );
    home
}

#[test]
fn my_own_programs_in_a_private_folder_get_their_real_verdicts() {
    let home = private_home();
    let work = home.path().join("work");
    let out = judge(&work, &["--", "./a.out"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("sample/statement  AC"),
        "{}",
        text(&out)
    );
    let out = judge(&work, &["--", "python3", "sol.py"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("WA: -1, but a solution exists"),
        "{}",
        text(&out)
    );
    let out = judge(&work, &["sol.cpp"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("== sol.cpp"), "{}", text(&out));
}

#[test]
fn an_re_shows_the_end_of_the_programs_standard_error() {
    let home = private_home();
    let work = home.path().join("work");
    std::fs::write(
        work.join("crash.py"),
        "import sys\nprint('reading the board', file=sys.stderr)\nraise ValueError('bad token')\n",
    )
    .unwrap();
    let out = judge(&work, &["--", "python3", "crash.py"]);
    let all = text(&out);
    assert!(
        all.contains(
            "RE: exit code 1; it never read mayan.in (could it not open it?); its standard error \
             ends:"
        ),
        "{all}"
    );
    assert!(all.contains("ValueError: bad token"), "{all}");
}

#[test]
fn a_bare_memory_number_is_mib_and_the_header_says_what_was_understood() {
    let home = private_home();
    let work = home.path().join("work");
    for (flag, says) in [
        ("256", "256 MiB memory"),
        ("256M", "256 MiB memory"),
        ("1GiB", "1 GiB memory"),
    ] {
        let out = judge(&work, &["-m", flag, "-t", "1.5", "--", "./a.out"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        assert!(text(&out).contains(says), "{flag}: {}", text(&out));
        assert!(
            text(&out).contains("1.5 s CPU (wall 4.5 s)"),
            "{}",
            text(&out)
        );
    }
}

#[test]
fn quiet_prints_only_the_tables_and_filters_pick_cases() {
    let home = private_home();
    let work = home.path().join("work");
    let out = judge(&work, &["-q", "--case", "stat*", "--", "./a.out"]);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text(&out).contains("sample/statement  AC"));
    let out = judge(&work, &["--case", "nothing-like-it", "--", "./a.out"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).contains("nothing matches nothing-like-it"),
        "{}",
        text(&out)
    );
}

/// My own source may be a link (to a file named otherwise): it is followed,
/// the name I gave picks the language; a contestant's link stays CE (see
/// tests/trust.rs).
#[test]
fn my_own_source_may_be_a_link() {
    let home = private_home();
    let work = home.path().join("work");
    std::fs::rename(work.join("sol.cpp"), work.join("solution-v2.txt")).unwrap();
    std::os::unix::fs::symlink("solution-v2.txt", work.join("sol.cpp")).unwrap();
    let out = judge(&work, &["sol.cpp"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("sample/statement  AC"),
        "{}",
        text(&out)
    );
}
