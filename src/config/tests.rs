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
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("tools")).unwrap();
    let text = "[sandbox]\nmode = \"strict\"\nreadable = [\"/usr/lib\", \"tools\"]\n[limits]\nprocesses = 8\n";
    let config = Config::parse(text, &dir.path().join("judge.toml")).unwrap();
    assert_eq!(config.sandbox.mode, SandboxMode::Strict);
    assert_eq!(
        config.sandbox.readable,
        vec![PathBuf::from("/usr/lib"), dir.path().join("tools")]
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
        "j.toml: line 3: limits.processes = 0 is below 1"
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
    flagged
        .apply(&Overrides {
            answer_extension: Some("a".into()),
            ..Overrides::default()
        })
        .unwrap();
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

#[test]
fn io_file_names_that_leave_the_working_folder_or_clash_are_refused_at_load() {
    // Regression: an absolute or `../` name made the judge (root) write the
    // case over any file of the machine; an empty or equal one made every
    // right program PE or RE.
    for (io, key_line, why) in [
        ("input-file = \"/etc/passwd\"", 3, "holds `/`"),
        ("input-file = \"../x.in\"", 3, "holds `/`"),
        ("output-file = \"\"", 3, "is empty"),
        ("output-file = \".\"", 3, "is a folder"),
        ("output-file = \"..\"", 3, "is a folder"),
        ("input-file = \"a\\u0000b\"", 3, "control character"),
        ("input-file = \"a\\nb\"", 3, "control character"),
        ("input-file = \"a b\"", 3, "other than letters"),
        (
            "input-file = \"x\"\noutput-file = \"x\"",
            4,
            "write over its input",
        ),
    ] {
        let text = format!("[rules]\n[io]\n{io}\n");
        let e = Config::parse(&text, Path::new("j.toml"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("j.toml: line {key_line}: [io] ")),
            "{io}: {e}"
        );
        assert!(e.contains(why), "{io}: {e}");
    }
    let stdio = "[io]\nmode = \"stdio\"\ninput-file = \"/tmp/x\"\n";
    assert!(
        Config::parse(stdio, Path::new("j.toml")).is_err(),
        "checked in stdio mode too: --io file may turn it on"
    );
}

#[test]
fn limits_below_their_floor_or_over_their_ceiling_are_refused_at_load() {
    for (limits, line, start) in [
        (
            "time = \"0.0000001\"",
            2,
            "limits.time = 100ns is below the floor of 10 ms",
        ),
        (
            "time = \"5ms\"",
            2,
            "limits.time = 5ms is below the floor of 10 ms",
        ),
        ("time = \"1h\"", 2, "`1h` is not a duration"),
        (
            "time = \"20min\"",
            2,
            "limits.time = 1200 s is over the ceiling of 600 s",
        ),
        (
            "memory = \"1B\"",
            2,
            "limits.memory = 1 B is below the floor of 4 MiB",
        ),
        (
            "memory = \"100GiB\"",
            2,
            "limits.memory = 100 GiB is over the ceiling",
        ),
        (
            "output = \"1B\"",
            2,
            "limits.output = 1 B is below the floor of 1 KiB",
        ),
        (
            "source = \"10B\"",
            2,
            "limits.source = 10 B is below the floor of 1 KiB",
        ),
        (
            "wall = \"1ms\"",
            2,
            "limits.wall = 1ms is below the floor of 10 ms",
        ),
        (
            "processes = 4000000000",
            2,
            "limits.processes = 4000000000 is over the ceiling of 1024",
        ),
        (
            "wall-multiple = 0",
            2,
            "limits.wall-multiple = 0 is below 1",
        ),
        (
            "wall-multiple = 1000",
            2,
            "limits.wall-multiple = 1000 is over the ceiling of 100",
        ),
        (
            "time = \"3s\"\nwall = \"1s\"",
            3,
            "the wall-clock limit limits.wall (1 s) is below the time limit limits.time (3 s)",
        ),
        (
            "time = \"10min\"\nwall-multiple = 10",
            3,
            "the wall-clock limit limits.time x limits.wall-multiple (6000 s) is over the ceiling of 3600 s",
        ),
        (
            "compile-time = \"0.5s\"",
            2,
            "limits.compile-time = 500ms is below the floor of 1 s",
        ),
        (
            "compile-memory = \"64MiB\"",
            2,
            "limits.compile-memory = 64 MiB is below the floor of 128 MiB",
        ),
        (
            "compile-time = \"10min\"\nwall-multiple = 10",
            2,
            "the wall-clock limit of a compilation, limits.compile-time x limits.wall-multiple (6000 s), is over the ceiling of 3600 s",
        ),
    ] {
        let text = format!("[limits]\n{limits}\n");
        let e = Config::parse(&text, Path::new("j.toml"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("j.toml: line {line}: {start}")),
            "{limits}: {e}"
        );
    }
    let floors = "[limits]\ntime = \"10ms\"\nmemory = \"4MiB\"\noutput = \"1KiB\"\nsource = \"1KiB\"\nwall = \"10ms\"\n";
    assert!(
        Config::parse(floors, Path::new("j.toml")).is_ok(),
        "the floors themselves are limits"
    );
}

#[test]
fn a_flag_that_cannot_work_with_the_file_is_refused_naming_it() {
    let mut config = Config::parse("[limits]\nwall = \"10s\"\n", Path::new("j.toml")).unwrap();
    let e = config
        .apply(&Overrides {
            time: Some(Duration::from_secs(20)),
            ..Overrides::default()
        })
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(
            "the wall-clock limit limits.wall (10 s) is below the time limit --time-limit (20 s)"
        ),
        "{e}"
    );
    let e = Config::builtin()
        .apply(&Overrides {
            wall: Some(Duration::from_secs(1)),
            ..Overrides::default()
        })
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("--wall-limit (1 s) is below the time limit limits.time (3 s)"),
        "{e}"
    );
    let e = Config::builtin()
        .apply(&Overrides {
            memory: Some(1),
            ..Overrides::default()
        })
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("--memory-limit = 1 B is below the floor of 4 MiB"),
        "{e}"
    );
}

#[test]
fn a_compilation_gets_ten_seconds_of_cpu_unless_written() {
    let builtin = Config::builtin().limits;
    assert_eq!(builtin.compile_time, Duration::from_secs(10));
    assert_eq!(builtin.compile_wall_clock(), Duration::from_secs(30));
    assert_eq!(builtin.compile_memory, 2 << 30);
    let text = "[limits]\ncompile-time = \"5s\"\ncompile-memory = \"512MiB\"\nwall-multiple = 2\n";
    let limits = Config::parse(text, Path::new("j.toml")).unwrap().limits;
    assert_eq!(limits.compile_wall_clock(), Duration::from_secs(10));
    assert_eq!(limits.compile_memory, 512 << 20);
}

#[test]
fn a_language_that_would_fail_every_contestant_is_refused_at_load() {
    // Regression: each of these passed the load, then gave CE or RE to every
    // contestant instead of saying the configuration was wrong.
    for (table, line, why) in [
        (
            "compile = [\"g++\", \"{src}\"]\nrun = [\"{exe}\"]",
            3,
            "a `compile` that never names {exe}",
        ),
        (
            "compile = [\"g++\", \"-o\", \"{exe}\", \"a.cpp\"]\nrun = [\"{exe}\"]",
            3,
            "never names {src}",
        ),
        (
            "compile = [\"g++\", \"-o\", \"{exe}\", \"{sorce}\"]\nrun = [\"{exe}\"]",
            3,
            "has `{sorce}` in `compile`, which is not a placeholder",
        ),
        (
            "compile = [\"g++\", \"-o\", \"{exe}\", \"{src}\"]\nrun = [\"{exe}\", \"{input}\"]",
            4,
            "has `{input}` in `run`",
        ),
        (
            "run = [\"{exe}\"]",
            3,
            "a `run` naming {exe}, but no `compile` builds it",
        ),
        (
            "run = [\"python3\", \"main.py\"]",
            3,
            "a `run` that never names {src}",
        ),
    ] {
        let text = format!("[language.x]\nextensions = [\"x\"]\n{table}\n");
        let e = Config::parse(&text, Path::new("j.toml"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("j.toml: line {line}: language `x` ")),
            "{table}: {e}"
        );
        assert!(e.contains(why), "{table}: {e}");
    }
    let shell =
        "[language.sh]\nextensions = [\"sh\"]\nrun = [\"sh\", \"-c\", \"${SHELL:-sh} {src}\"]\n";
    assert!(
        Config::parse(shell, Path::new("j.toml")).is_ok(),
        "a shell's ${{VAR}} is no placeholder"
    );
    let pascal = "[language.p]\nextensions = [\"p\"]\ncompile = [\"fpc\", \"-o{exe}\", \"{src}\"]\nrun = [\"{exe}\"]\n";
    assert!(Config::parse(pascal, Path::new("j.toml")).is_ok());
}

#[test]
fn a_problem_name_that_is_no_plain_file_name_is_refused_at_load() {
    for (problem, why) in [
        ("", "is empty"),
        ("..", "is a folder"),
        ("a/b", "holds `/`"),
        ("a\nb", "holds a control character"),
    ] {
        let text = format!("[contestants]\npath = \"contest\"\nproblem = {problem:?}\n");
        let e = Config::parse(&text, Path::new("j.toml"))
            .unwrap_err()
            .to_string();
        let start = format!("j.toml: line 3: contestants.problem = {problem:?} {why}");
        assert!(e.starts_with(&start), "{problem:?}: {e}");
    }
    let e = Config::parse("[contestants]\npath = \"\"\n", Path::new("j.toml")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("j.toml: line 2: contestants.path is empty"),
        "{e}"
    );
}

#[test]
fn empty_paths_are_refused_rather_than_read_as_this_files_folder() {
    let e = Config::parse(
        "[[suite]]\nname = \"a\"\npath = \"\"\n",
        Path::new("/j/judge.toml"),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/j/judge.toml: line 3: suite path is empty"),
        "{e}"
    );
    let e = Config::parse(
        "[sandbox]\nreadable = [\"/opt\", \"\"]\n",
        Path::new("j.toml"),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("j.toml: line 2: sandbox.readable holds an empty path"),
        "{e}"
    );
    let dot = Config::parse("[[suite]]\npath = \".\"\n", Path::new("/j/judge.toml")).unwrap();
    assert_eq!(dot.suites[0].path, PathBuf::from("/j/."));
}

#[test]
fn submissions_that_cannot_work_are_refused_at_load() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("bin/sol.cpp")).unwrap();
    let origin = dir.path().join("judge.toml");
    for (table, line, why) in [
        (
            "name = \"a\"\nsource = \"bin/sol.cpp\"",
            3,
            "submission `a`: its source ",
        ),
        (
            "name = \"a\"\ncommand = [\"./bin\"]",
            3,
            "submission `a`: its program ./bin is a folder",
        ),
        (
            "name = \"\"\ncommand = [\"true\"]",
            2,
            "submission name \"\"",
        ),
        (
            "name = \"a\\tb\"\ncommand = [\"true\"]",
            2,
            "submission name \"a\\tb\": a submission's name is shown",
        ),
        (
            "name = \"a\"\ncommand = []",
            3,
            "submission `a` has an empty command",
        ),
    ] {
        let text = format!("[[submission]]\n{table}\n");
        let e = Config::parse(&text, &origin).unwrap_err().to_string();
        let start = format!("{}: line {line}: {why}", origin.display());
        assert!(e.starts_with(&start), "{table}: {e}");
    }
    let text = "[[submission]]\nname = \"a\"\ncommand = [\"true\"]\n[[submission]]\nname = \"a\"\ncommand = [\"false\"]\n";
    let e = Config::parse(text, &origin).unwrap_err().to_string();
    assert!(e.ends_with("line 5: two submissions are named `a`"), "{e}");
    let on_path = "[[submission]]\nname = \"a\"\ncommand = [\"bin\"]\n";
    assert!(
        Config::parse(on_path, &origin).is_ok(),
        "a bare name is looked up on PATH"
    );
}

#[test]
fn suite_folders_named_alike_or_empty_on_the_command_line_are_refused() {
    let flagged = |suites: &[&str]| {
        Config::builtin().apply(&Overrides {
            suites: suites.iter().map(PathBuf::from).collect(),
            ..Overrides::default()
        })
    };
    assert!(flagged(&["a/cases", "b/hard"]).is_ok());
    let e = flagged(&["a/cases", "b/cases"]).unwrap_err().to_string();
    assert!(
        e.starts_with("--suite a/cases and --suite b/cases are both named `cases`"),
        "{e}"
    );
    let e = flagged(&["x", "x"]).unwrap_err().to_string();
    assert!(e.contains("both named `x`"), "{e}");
    let e = flagged(&[""]).unwrap_err().to_string();
    assert!(e.starts_with("--suite \"\": an empty path"), "{e}");
}
