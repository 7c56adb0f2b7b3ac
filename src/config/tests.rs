//! judge.toml read as people write it, and what is refused, with its line.

use std::time::Duration;

use super::*;
use crate::check::Accept;
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

#[test]
fn reads_rules_and_suites_relative_to_the_file() {
    let text = "[rules]\nnull-swaps = \"exclude\"\nsteps = \"at-most\"\n\n[[suite]]\nname = \"a\"\npath = \"cases/a\"\n";
    let config = Config::parse(text, Path::new("/x/judge.toml")).unwrap();
    assert_eq!(
        config.rules,
        Dialect::new(NullSwaps::Exclude, Steps::AtMost)
    );
    assert_eq!(config.suites[0].path, PathBuf::from("/x/cases/a"));
}

#[test]
fn sandbox_mode_readable_folders_and_process_limit() {
    let text = "[sandbox]\nmode = \"strict\"\nreadable = [\"/opt/pypy\", \"tools\"]\n[limits]\nprocesses = 8\n";
    let config = Config::parse(text, Path::new("/j/judge.toml")).unwrap();
    assert_eq!(config.sandbox.mode, SandboxMode::Strict);
    assert_eq!(
        config.sandbox.readable,
        vec![PathBuf::from("/opt/pypy"), PathBuf::from("/j/tools")]
    );
    assert_eq!(config.limits.processes, 8);
    assert_eq!(Config::builtin().sandbox.mode, SandboxMode::Auto);
    assert_eq!(Config::builtin().limits.processes, 64);
    let e = Config::parse("[sandbox]\nmode = \"loose\"\n", Path::new("j.toml")).unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
    let e = Config::parse("[limits]\nprocesses = 0\n", Path::new("j.toml")).unwrap_err();
    assert!(e.to_string().contains("processes"), "{e}");
}

#[test]
fn no_file_and_an_empty_file_mean_the_embedded_defaults() {
    let origin = Path::new("/p/judge.toml");
    let empty = Config::parse("", origin).unwrap();
    assert_eq!(empty, Config::parse(DEFAULT_TOML, origin).unwrap());
    assert_eq!(empty.rules, Dialect::default());
    assert_eq!(empty.suites.len(), 1);
    assert_eq!(empty.suites[0].name, "cases");
    assert_eq!(empty.suites[0].path, PathBuf::from("/p/cases"));
    assert_eq!(Config::builtin().suites[0].path, PathBuf::from("cases"));
}

#[test]
fn a_suite_without_a_name_is_named_after_its_folder() {
    let text = "[[suite]]\npath = \"tests/hard-ones\"\n";
    let config = Config::parse(text, Path::new("judge.toml")).unwrap();
    assert_eq!(config.suites[0].name, "hard-ones");
    assert_eq!(config.suites[0].points, 10);
}

#[test]
fn faults_found_after_parsing_name_their_line() {
    let text = "[limits]\ntime = \"1s\"\nprocesses = 0\n";
    let e = Config::parse(text, Path::new("j.toml")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "j.toml: line 3: limits.processes must be at least 1"
    );
    let text = "[[submission]]\nname = \"a\"\nsource = \"a.c\"\n\n[[submission]]\nname = \"b\"\n";
    let e = Config::parse(text, Path::new("j.toml")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("j.toml: line 5: submission `b` needs exactly one"),
        "{e}"
    );
    let text = "[[suite]]\nname = \"x\"\npath = \"a\"\n[[suite]]\npath = \"b/x\"\n";
    let e = Config::parse(text, Path::new("j.toml")).unwrap_err();
    assert_eq!(e.to_string(), "j.toml: line 4: two suites are named `x`");
}

#[test]
fn a_language_that_cannot_work_is_refused_at_load() {
    // Regression: `compile = []` passed the check, then the judge panicked.
    let text = "[language.x]\nextensions = [\"x\"]\ncompile = []\nrun = [\"{exe}\"]\n";
    let e = Config::parse(text, Path::new("j.toml")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("j.toml: line 3: language `x` has an empty `compile`"),
        "{e}"
    );
    let text = "[language.y]\nextensions = []\nrun = [\"y\"]\n";
    let e = Config::parse(text, Path::new("j.toml")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("j.toml: line 2: language `y` needs at least one extension"),
        "{e}"
    );
}

#[test]
fn unknown_keys_are_named_with_their_line() {
    let e = Config::parse(
        "[rules]\nnull-swap = \"include\"\n",
        Path::new("judge.toml"),
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("judge.toml: line 2: unknown field `null-swap`"),
        "{text}"
    );
    let e = Config::parse("[rules]\nsteps = \"fewest\"\n", Path::new("j.toml")).unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
    assert!(e.to_string().contains("fewest"), "{e}");
}

#[test]
fn limits_io_checker_and_submissions() {
    let text = "[limits]\ntime = \"1s\"\nmemory = \"256MiB\"\n[io]\nmode = \"stdio\"\n[checker]\naccept = \"any-valid\"\n\
                [[submission]]\nname = \"a\"\nsource = \"a.cpp\"\n[[submission]]\nname = \"b\"\ncommand = [\"python3\", \"b.py\"]\n";
    let config = Config::parse(text, Path::new("/j/judge.toml")).unwrap();
    assert_eq!(config.limits.time, Duration::from_secs(1));
    assert_eq!(config.limits.memory, 256 << 20);
    assert_eq!(config.limits.output, 16 << 20);
    assert_eq!(config.io.mode, IoMode::Stdio);
    assert_eq!(config.checker.accept, Accept::AnyValid);
    assert_eq!(
        config.submissions[0].source,
        Some(PathBuf::from("/j/a.cpp"))
    );
    let e = Config::parse("[limits]\ntime = \"3h\"\n", Path::new("judge.toml")).unwrap_err();
    assert!(
        e.to_string().contains("line 2") && e.to_string().contains("not a duration"),
        "{e}"
    );
    let e = Config::parse("[[submission]]\nname = \"x\"\n", Path::new("judge.toml")).unwrap_err();
    assert!(
        e.to_string()
            .contains("exactly one of `command` and `source`"),
        "{e}"
    );
}

#[test]
fn duplicate_suite_names_are_an_error() {
    let text = "[[suite]]\nname = \"a\"\npath = \"x\"\n[[suite]]\nname = \"a\"\npath = \"y\"\n";
    let e = Config::parse(text, Path::new("judge.toml")).unwrap_err();
    assert!(e.to_string().contains("two suites are named `a`"), "{e}");
}

#[test]
fn a_source_in_no_known_language_is_refused_at_load() {
    let text = "[[submission]]\nname = \"j\"\nsource = \"Main.java\"\n";
    let e = Config::parse(text, Path::new("j.toml")).unwrap_err();
    assert!(
        e.to_string().starts_with("j.toml: line 3: submission `j`: no language for the extension of Main.java (known: c, cpp"),
        "{e}"
    );
}

#[test]
fn a_suite_reads_answer_files_of_the_extension_written() {
    let text = "[[suite]]\npath = \"lemon\"\nanswer-extension = \"out\"\n[[suite]]\npath = \"b\"\n";
    let config = Config::parse(text, Path::new("judge.toml")).unwrap();
    assert_eq!(config.suites[0].answer_extension, "out");
    assert_eq!(config.suites[1].answer_extension, "ans");
    let mut flagged = config.clone();
    flagged.apply(&Overrides {
        answer_extension: Some("a".into()),
        ..Overrides::default()
    });
    assert!(flagged.suites.iter().all(|s| s.answer_extension == "a"));
    for (value, why) in [
        ("", "is empty"),
        ("data/out", "holds `/`"),
        (".out", "starts with `.`"),
        ("in", "would name the answer files as cases"),
        ("x.in", "would name the answer files as cases"),
    ] {
        let text = format!(
            "[[suite]]\npath = \"a\"\n[[suite]]\nname = \"b\"\npath = \"b\"\npoints = 5\nanswer-extension = {value:?}\n"
        );
        let e = Config::parse(&text, Path::new("j.toml")).unwrap_err();
        let prefix = format!("j.toml: line 7: suite `b`: answer-extension = {value:?} {why}");
        assert!(e.to_string().starts_with(&prefix), "{e}");
    }
}
