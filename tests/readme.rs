//! The README's examples are tests: every `console` block is run by
//! `trycmd` (each `$ mayan ...` line, its exit code and its output, with
//! `...` and `[..]` standing for times, paths and other lines that vary), in
//! a scratch folder that holds what the README's commands name: the bundled
//! `judge.toml`, `cases/` and `submissions/`, `../shared`, a `./buggy` and a
//! `./my-solution` built here, and the `contestant.out` the text describes.

use std::os::unix::fs::symlink;
use std::path::Path;

#[test]
fn readme_examples_run_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    // trycmd runs README.md's commands in README.in/ beside it.
    let readme = scratch.path().join("README.md");
    std::fs::copy(root.join("README.md"), &readme).unwrap();
    let work = scratch.path().join("README.in");
    std::fs::create_dir(&work).unwrap();
    for name in ["judge.toml", "cases", "submissions"] {
        symlink(root.join(name), work.join(name)).unwrap();
    }
    symlink(
        crate::support::seeds::shared_dir(),
        scratch.path().join("shared"),
    )
    .unwrap();
    build_programs(&work);
    std::fs::write(work.join("contestant.out"), "1 0 1\n0 0 1\n").unwrap();
    trycmd::TestCases::new()
        .register_bin("mayan", Path::new(env!("CARGO_BIN_EXE_mayan")))
        .timeout(std::time::Duration::from_secs(600))
        .case(&readme)
        .run();
}

/// `./buggy` (the stress example: tries g = -1 before g = 1) and
/// `./my-solution` (the correct program on standard streams).
fn build_programs(work: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let correct = std::fs::read_to_string(root.join("submissions/correct.cpp")).unwrap();
    let buggy = correct.replace(
        "for (int g = 1; g >= -1; g -= 2)",
        "for (int g = -1; g <= 1; g += 2)",
    );
    let stdio = correct
        .replace("std::fopen(\"mayan.in\", \"r\")", "stdin")
        .replace("std::fopen(\"mayan.out\", \"w\")", "stdout");
    assert!(buggy != correct && stdio != correct, "the edits must apply");
    crate::support::compile(work, "g++", "buggy", &buggy);
    crate::support::compile(work, "g++", "my-solution", &stdio);
}

/// The README's `judge.toml` example is a configuration the judge accepts,
/// and names every key of the embedded default.
#[test]
fn readme_judge_toml_example_is_valid_and_complete() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let block: String = readme
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a toml block")
        .to_string();
    mayan_judge::config::Config::parse(&block, &root.join("judge.toml"))
        .unwrap_or_else(|e| panic!("the README's judge.toml: {e}\n{block}"));
    let default = std::fs::read_to_string(root.join("src/config/default.toml")).unwrap();
    let key = |line: &str| {
        let line = line.trim();
        (!line.starts_with('#') && line.contains(" = "))
            .then(|| line.split(" = ").next().unwrap().trim().to_string())
    };
    let shown: Vec<String> = block.lines().filter_map(key).collect();
    for k in default.lines().filter_map(key) {
        assert!(shown.contains(&k), "the README's judge.toml lacks `{k}`");
    }
}
