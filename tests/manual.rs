//! The manual's examples are tests: every `console` block of README.md and
//! of every chapter under `docs/src/` is run by `trycmd` (each `$ mayan ...`
//! line, its exit code and its output, with `...` and `[..]` standing for
//! times, paths and other lines that vary), each file in a scratch folder
//! of its own that holds what the examples name: the bundled `judge.toml`,
//! `cases/` and `submissions/`, `../shared`, a `./buggy` and a
//! `./my-solution`, the `contestant.out` the text describes and a
//! demonstration contest `contest/` (GD-0001 the correct program, GD-0002
//! the wrong one, GD-0003 nothing), made by `docs/examples/tour-files.sh`
//! as a reader makes them. The links between the pages
//! must lead to pages and headings that exist, and the judge.toml
//! reference's example must be a valid configuration naming every key.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every page of the manual.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    for entry in walkdir::WalkDir::new(root().join("docs/src")).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "md") {
            pages.push(entry.into_path());
        }
    }
    pages
}

#[test]
fn the_examples_of_the_readme_and_the_manual_run_as_shown() {
    let scratch = tempfile::tempdir().unwrap();
    let programs = scratch.path().join("programs");
    std::fs::create_dir(&programs).unwrap();
    build_programs(&programs);
    symlink(
        crate::support::seeds::shared_dir(),
        scratch.path().join("shared"),
    )
    .unwrap();
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("mayan", Path::new(env!("CARGO_BIN_EXE_mayan")))
        .timeout(std::time::Duration::from_secs(600));
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        if !text.contains("```console") {
            continue;
        }
        // trycmd runs PAGE.md's commands in PAGE.in/ beside it.
        let relative = page.strip_prefix(root()).unwrap();
        let flat = relative.to_string_lossy().replace('/', "-");
        let copy = scratch.path().join(&flat);
        std::fs::write(&copy, text).unwrap();
        let work = scratch.path().join(flat.replace(".md", ".in"));
        std::fs::create_dir(&work).unwrap();
        furnish(&work, &programs);
        cases.case(&copy);
    }
    cases.run();
}

/// What every page's examples name, in `work`: the repository's
/// `judge.toml`, `cases/` and `submissions/`, and what
/// `docs/examples/tour-files.sh` made in `programs` (the programs linked,
/// the rest copied: an example may write beside it).
fn furnish(work: &Path, programs: &Path) {
    for name in ["judge.toml", "cases", "submissions"] {
        symlink(root().join(name), work.join(name)).unwrap();
    }
    for name in ["buggy", "my-solution"] {
        symlink(programs.join(name), work.join(name)).unwrap();
    }
    let copied = std::process::Command::new("cp")
        .args(["-R", "contestant.out", "contest"])
        .arg(work)
        .current_dir(programs)
        .status()
        .unwrap();
    assert!(copied.success());
}

/// What the examples name that the repository does not hold, made in
/// `dir` by `docs/examples/tour-files.sh`, as a reader makes it.
fn build_programs(dir: &Path) {
    let out = std::process::Command::new("sh")
        .arg(root().join("docs/examples/tour-files.sh"))
        .arg(dir)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "tour-files.sh: {said}");
    for made in [
        "my-solution",
        "buggy",
        "contestant.out",
        "contest/GD-0001/mayan/mayan.cpp",
    ] {
        assert!(dir.join(made).exists(), "tour-files.sh made no {made}");
    }
}

/// Every link of a page to another page (or to a heading of one) leads to
/// a page and a heading that exist, as mdBook names headings.
#[test]
fn every_link_between_pages_leads_somewhere() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = match file {
                "" => page.clone(),
                f => page.parent().unwrap().join(f),
            };
            let shown = format!("{}: {target}", page.strip_prefix(root()).unwrap().display());
            if !file.is_file() {
                broken.push(format!("{shown}: no such file"));
                continue;
            }
            let linked = || std::fs::read_to_string(&file).unwrap_or_default();
            if !anchor.is_empty() && !headings(&linked()).iter().any(|h| h == anchor) {
                broken.push(format!("{shown}: no such heading"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The targets of the Markdown links `[text](target)` of `text`, outside
/// code blocks.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                out.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    out
}

/// The ids mdBook gives the headings of a page: lower case, spaces as
/// `-`, other punctuation but `-` and `_` left out.
fn headings(text: &str) -> Vec<String> {
    (text.lines())
        .filter_map(|l| {
            l.strip_prefix('#')
                .map(|h| h.trim_start_matches('#').trim())
        })
        .map(|h| {
            (h.chars())
                .filter_map(|c| match c {
                    c if c.is_alphanumeric() || c == '_' || c == '-' => {
                        Some(c.to_lowercase().next().unwrap_or(c))
                    }
                    c if c.is_whitespace() => Some('-'),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_heading_ids_are_mdbooks() {
    assert_eq!(
        headings("## A run stopped halfway, and --resume\n# `judge.toml`"),
        ["a-run-stopped-halfway-and---resume", "judgetoml"]
    );
}

/// The judge.toml reference's example is a configuration the judge
/// accepts, and names every key of the embedded default.
#[test]
fn the_judge_toml_example_is_valid_and_complete() {
    let page = root().join("docs/src/reference/judge-toml.md");
    let text = std::fs::read_to_string(page).unwrap();
    let block: String = text
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a toml block")
        .to_string();
    mayan_judge::config::Config::parse(&block, &root().join("judge.toml"))
        .unwrap_or_else(|e| panic!("the manual's judge.toml: {e}\n{block}"));
    let default = std::fs::read_to_string(root().join("src/config/default.toml")).unwrap();
    let key = |line: &str| {
        let line = line.trim();
        (!line.starts_with('#') && line.contains(" = "))
            .then(|| line.split(" = ").next().unwrap().trim().to_string())
    };
    let shown: Vec<String> = block.lines().filter_map(key).collect();
    for k in default.lines().filter_map(key) {
        assert!(shown.contains(&k), "the manual's judge.toml lacks `{k}`");
    }
}
