//! Regression tests, each named after what broke, with a line saying what
//! it was.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn mayan(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("mayan").unwrap();
    cmd.current_dir(dir).env("NO_COLOR", "1");
    cmd
}

/// An empty judge.toml had no suite at all, where no judge.toml meant
/// `cases/`: the two now mean the same, the embedded defaults.
#[test]
fn an_empty_judge_toml_means_the_same_as_none() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("cases")).unwrap();
    std::fs::write(
        dir.path().join("cases/a.in"),
        "1\n1 1 2 0\n2 2 1 0\n0\n0\n0\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("cases/a.ans"), "0 2 1\n").unwrap();
    let without = mayan(dir.path()).arg("validate").output().unwrap();
    std::fs::write(dir.path().join("judge.toml"), "").unwrap();
    let with = mayan(dir.path()).arg("validate").output().unwrap();
    assert_eq!(without.stdout, with.stdout);
    assert!(String::from_utf8_lossy(&with.stdout).contains("validated 1 case"));
}

/// `[language.x] compile = []` passed the configuration check, then the judge
/// panicked (exit 101) when it compiled a source of that language.
#[test]
fn an_empty_compile_command_is_a_configuration_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let toml = "[language.x]\nextensions = [\"x\"]\ncompile = []\nrun = [\"{exe}\"]\n";
    std::fs::write(dir.path().join("judge.toml"), toml).unwrap();
    mayan(dir.path())
        .arg("judge")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "judge.toml: line 3: language `x` has an empty `compile`",
        ));
}

/// Contestants' sources were looked up among the built-in languages only,
/// so a `[language.*]` extension gave "no mayan.<ext> with a known language".
#[test]
fn contestants_count_configured_languages() {
    let dir = tempfile::tempdir().unwrap();
    let amy = dir.path().join("contest/amy");
    std::fs::create_dir_all(&amy).unwrap();
    std::fs::write(amy.join("mayan.py3"), "print(-1)\n").unwrap();
    let toml = "[language.py3]\nextensions = [\"py3\"]\nrun = [\"python3\", \"{src}\"]\n\
                [contestants]\npath = \"contest\"\n[io]\nmode = \"stdio\"\n\
                [[suite]]\npath = \"cases\"\n";
    std::fs::write(dir.path().join("judge.toml"), toml).unwrap();
    std::fs::create_dir(dir.path().join("cases")).unwrap();
    std::fs::write(dir.path().join("cases/a.in"), "1\n1 2 0\n2 1 0\n0\n0\n0\n").unwrap();
    mayan(dir.path())
        .args(["judge", "--sandbox", "off"])
        .assert()
        .success()
        .stdout(predicate::str::contains("== amy"))
        .stdout(predicate::str::contains("cases/a  AC"));
}
