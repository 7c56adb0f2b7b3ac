//! The manual's recipes for a contest judged on several machines
//! (`docs/examples/`, shown by `docs/src/teacher/many-machines.md`), each
//! run here as its scheduler would run it, every shard on this machine:
//! GNU parallel over ssh (`parallel.sh`, its machines `:`), a Slurm job
//! array (`judge.sbatch`, once per array index, then the chapter's merge
//! job), a Kubernetes Indexed Job (`judge-job.yaml`, its container's
//! command once per completion index, then the chapter's merge Job). Each
//! merged report must be the report of the same contest judged in one run:
//! the same verdict and score per submission and case, the same totals, the
//! same CSV. Times are never compared.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::support::judges::{have_gxx, tool_or_skip};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> PathBuf {
    root().join("docs/examples").join(name)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn chapter() -> String {
    read(&root().join("docs/src/teacher/many-machines.md"))
}

/// The fenced code block of the chapter that holds `marker`, without its
/// fences.
fn chapter_block(marker: &str) -> String {
    let text = chapter();
    let mut blocks = text.split("```").skip(1).step_by(2);
    let block = blocks
        .find(|b| b.contains(marker))
        .unwrap_or_else(|| panic!("no code block of the chapter holds {marker:?}"));
    block
        .split_once('\n')
        .map_or("", |(_, body)| body)
        .to_string()
}

/// A contest folder as an organiser lays it out, at a path with a space:
/// its judge.toml, two of the bundled suites, and six contestants (CCF's
/// nested layout) whose verdicts differ: all AC, `-1` always (WA but on the
/// two cases without a solution), a crash where there is no solution (RE),
/// an endless loop on the sample (TLE), a source that does not compile
/// (CE), and no source at all. `bin` holds a `mayan` that is this build's,
/// put first on the PATH of every command, as an installed judge is.
struct Contest {
    _dir: tempfile::TempDir,
    path: PathBuf,
    bin: PathBuf,
}

impl Contest {
    /// `None` (after a note; a failure on CI) without g++.
    fn new(test: &str) -> Option<Contest> {
        if !have_gxx(test) {
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("the contest");
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_mayan"), bin.join("mayan")).unwrap();
        let mut answers = BTreeMap::new();
        for suite in ["sample", "rules"] {
            let to = path.join("cases").join(suite);
            std::fs::create_dir_all(&to).unwrap();
            for entry in std::fs::read_dir(root().join("cases").join(suite)).unwrap() {
                let from = entry.unwrap().path();
                std::fs::copy(&from, to.join(from.file_name().unwrap())).unwrap();
                if from.extension().is_some_and(|e| e == "in") {
                    answers.insert(read(&from), read(&from.with_extension("ans")));
                }
            }
        }
        let sample = read(&root().join("cases/sample/statement.in"));
        // A lookup of the answer files, then what each contestant does.
        let lookup = format!(
            "import sys\nANSWERS = {}\nboard = open('mayan.in').read()\nanswer = ANSWERS[board]\n",
            serde_json::to_string(&answers).unwrap()
        );
        let write = "open('mayan.out', 'w').write(answer)\n";
        let files = [
            ("GD-001/mayan/mayan.py", format!("{lookup}{write}")),
            (
                "GD-002/mayan/mayan.c",
                "#include <stdio.h>\nint main(void) { FILE *f = fopen(\"mayan.out\", \"w\"); fputs(\"-1\\n\", f); return 0; }\n".to_string(),
            ),
            (
                "GD-003/mayan/mayan.py",
                format!("{lookup}if answer.strip() == '-1':\n    sys.exit(3)\n{write}"),
            ),
            (
                "GD-004/mayan/mayan.py",
                format!(
                    "{lookup}while board == {}:\n    pass\n{write}",
                    serde_json::to_string(&sample).unwrap()
                ),
            ),
            ("GD-005/mayan/mayan.cpp", "int main( {\n".to_string()),
        ];
        for (file, text) in files {
            let file = path.join("contestants").join(file);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
        std::fs::create_dir_all(path.join("contestants/GD-006/mayan")).unwrap();
        std::fs::write(
            path.join("judge.toml"),
            "[limits]\ntime = \"1s\"\n\n\
             [[suite]]\nname = \"sample\"\npath = \"cases/sample\"\n\n\
             [[suite]]\nname = \"rules\"\npath = \"cases/rules\"\n\n\
             [contestants]\npath = \"contestants\"\n",
        )
        .unwrap();
        Some(Contest {
            _dir: dir,
            path,
            bin,
        })
    }

    /// `program` in the contest folder, with this build's `mayan` first on
    /// the PATH.
    fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut dirs = vec![self.bin.clone()];
        dirs.extend(std::env::split_paths(&path));
        let mut cmd = Command::new(program);
        cmd.current_dir(&self.path)
            .env("PATH", std::env::join_paths(dirs).unwrap())
            .env_remove("MAYAN");
        cmd
    }

    fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// The contest judged in one run, its JSON report and CSV beside the
    /// contest folder's own files.
    fn judge_in_one_run(&self) -> (Value, String) {
        let mut cmd = self.command("mayan");
        cmd.args(["judge", "--quiet", "--config", "judge.toml"])
            .args(["--json", "one-run.json", "--csv", "one-run.csv"]);
        let out = run(&mut cmd);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        let report = self.report("one-run.json");
        assert_verdicts(&report);
        (report, read(&self.file("one-run.csv")))
    }

    fn report(&self, name: &str) -> Value {
        serde_json::from_str(&read(&self.file(name))).unwrap()
    }

    /// The merged report is the one run's: verdicts, scores and totals per
    /// submission and case, and the CSV.
    fn assert_merged_as_one_run(&self, one_run: &(Value, String)) {
        let merged = self.report("results.json");
        assert_eq!(results(&merged), results(&one_run.0));
        assert!(merged["partition"].is_null(), "the merge is the whole run");
        assert_eq!(read(&self.file("scores.csv")), one_run.1);
        assert!(self.file("report.html").is_file());
        assert!(self.file("report.files").is_dir());
    }
}

fn run(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// A command's standard output and error, for a failure's message.
fn text(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// What a report says of each submission and case, times and messages
/// left out.
fn results(report: &Value) -> Vec<Value> {
    let submissions = report["submissions"].as_array().expect("submissions");
    submissions
        .iter()
        .map(|s| {
            let cases: Vec<Value> = (s["cases"].as_array().unwrap().iter())
                .map(|c| {
                    serde_json::json!([
                        c["suite"],
                        c["name"],
                        c["verdict"],
                        c["score"],
                        c["points"]
                    ])
                })
                .collect();
            serde_json::json!({
                "name": s["name"],
                "compile_error": s["compile_error"],
                "no_source": s["no_source"],
                "build": s["build"],
                "cases": cases,
                "score": s["score"],
                "max_score": s["max_score"],
                "accepted": s["accepted"],
                "not_judged": s["not_judged"],
            })
        })
        .collect()
}

/// The contestants' verdicts are the ones they were written to get.
fn assert_verdicts(report: &Value) {
    let verdicts = |who: &str| -> Vec<(String, String)> {
        let s = (report["submissions"].as_array().unwrap().iter())
            .find(|s| s["name"] == who)
            .unwrap_or_else(|| panic!("no {who} in the report"));
        (s["cases"].as_array().unwrap().iter())
            .map(|c| {
                let case = format!(
                    "{}/{}",
                    c["suite"].as_str().unwrap(),
                    c["name"].as_str().unwrap()
                );
                (case, c["verdict"].as_str().unwrap_or("").to_string())
            })
            .collect()
    };
    let no_solution = |case: &str| case.ends_with("no-solution");
    let all = verdicts("GD-001");
    assert_eq!(all.len(), 14);
    assert!(all.iter().all(|(_, v)| v == "AC"), "{all:?}");
    for (case, v) in verdicts("GD-002") {
        assert_eq!(
            v,
            if no_solution(&case) { "AC" } else { "WA" },
            "GD-002 {case}"
        );
    }
    for (case, v) in verdicts("GD-003") {
        assert_eq!(
            v,
            if no_solution(&case) { "RE" } else { "AC" },
            "GD-003 {case}"
        );
    }
    for (case, v) in verdicts("GD-004") {
        let expected = if case == "sample/statement" {
            "TLE"
        } else {
            "AC"
        };
        assert_eq!(v, expected, "GD-004 {case}");
    }
    let submissions = report["submissions"].as_array().unwrap();
    let gd = |who: &str| submissions.iter().find(|s| s["name"] == who).unwrap();
    assert!(gd("GD-005")["compile_error"].is_string());
    assert_eq!(gd("GD-006")["no_source"], true);
}

/// The chapter's check with jq that every contestant was built the same
/// way (its source, compile command and compiler) on every shard that
/// built it: silent on these shards, and naming GD-001 once a shard says
/// it built GD-001 otherwise. Run when jq is here.
fn check_built_alike(contest: &Contest, count: usize) {
    if which("jq").is_none() {
        eprintln!("the chapter's check with jq not run: no jq");
        return;
    }
    let check = chapter_block("uniq -d").replace("-of-8.json", &format!("-of-{count}.json"));
    let built_otherwise = || {
        let out = run(contest.command("sh").arg("-c").arg(&check));
        assert!(out.status.success(), "{check}: {}", text(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(built_otherwise(), "", "{check}");
    let second = contest.file(&format!("shards/shard-2-of-{count}.json"));
    let mut shard: Value = serde_json::from_str(&read(&second)).unwrap();
    let submissions = shard["submissions"].as_array_mut().unwrap();
    let gd1 = submissions.iter_mut().find(|s| s["name"] == "GD-001");
    gd1.unwrap()["fingerprint"] = "sha256:built-with-another-compiler".into();
    std::fs::write(&second, shard.to_string()).unwrap();
    assert_eq!(built_otherwise(), "GD-001\n", "{check}");
}

fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// The shards' reports the recipes write for `count` shards.
fn shard_files(contest: &Contest, count: usize) -> Vec<PathBuf> {
    (1..=count)
        .map(|k| contest.file(&format!("shards/shard-{k}-of-{count}.json")))
        .collect()
}

#[test]
fn the_chapter_shows_every_recipe_file() {
    let text = chapter();
    for file in ["parallel.sh", "judge.sbatch", "judge-job.yaml"] {
        let include = format!("{{{{#include ../../examples/{file}}}}}");
        assert!(text.contains(&include), "the chapter lacks {include}");
        assert!(example(file).is_file());
    }
    assert!(
        text.contains("../trust/sandbox.md"),
        "a link to the sandbox chapter"
    );
}

fn gnu_parallel(test: &str) -> Option<PathBuf> {
    tool_or_skip(
        test,
        "MAYAN_GNU_PARALLEL",
        "parallel",
        "apt-get install parallel; .ci/run does",
    )
}

/// `parallel.sh` with GNU parallel `parallel` (its folder first on the
/// PATH), given `args`.
fn parallel_sh(contest: &Contest, parallel: &Path, args: &[&str]) -> Command {
    let mut cmd = contest.command("bash");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![
        contest.bin.clone(),
        parallel.parent().unwrap().to_path_buf(),
    ];
    dirs.extend(std::env::split_paths(&path));
    cmd.env("PATH", std::env::join_paths(dirs).unwrap())
        .arg(example("parallel.sh"))
        .arg(&contest.path)
        .args(args);
    cmd
}

#[test]
fn gnu_parallel_judges_the_shards_on_this_machine_and_merges_them_into_the_one_run() {
    let test = "many_machines::gnu_parallel";
    let Some(parallel) = gnu_parallel(test) else {
        return;
    };
    let Some(contest) = Contest::new(test) else {
        return;
    };
    let one_run = contest.judge_in_one_run();
    // The defaults: 8 shards, on this machine only (`:`).
    let out = run(&mut parallel_sh(&contest, &parallel, &[]));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("parallel.sh: merged 8 shards"),
        "{}",
        text(&out)
    );
    assert!(shard_files(&contest, 8).iter().all(|f| f.is_file()));
    contest.assert_merged_as_one_run(&one_run);
    assert!(read(&contest.file("report.txt")).contains("GD-001"));
    check_built_alike(&contest, 8);
    rejudge_the_borderline(&contest, &one_run);
}

/// The chapter's re-judge of the cases near the time limit, after the
/// merge: here the endless loop's TLE, judged again (TLE again) and folded
/// into the merged report. Run when jq is here.
fn rejudge_the_borderline(contest: &Contest, one_run: &(Value, String)) {
    if which("jq").is_none() {
        eprintln!("the chapter's re-judge with jq not run: no jq");
        return;
    }
    let mut cmd = contest.command("bash");
    cmd.arg("-c").arg(chapter_block("borderline.tsv"));
    let out = run(&mut cmd);
    // 1: the merged report still has cases not accepted.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let borderline = read(&contest.file("borderline.tsv"));
    let cases: Vec<&str> = (borderline.lines())
        .map(|l| l.rsplit_once('\t').unwrap().0)
        .collect();
    // The endless loop is always among them; a case whose CPU time came
    // near the limit on a loaded machine may join it (it is judged again
    // and folded in the same way), so the test does not hang on the clock.
    assert!(
        cases.contains(&"GD-004\tsample/statement\tTLE"),
        "{borderline}"
    );
    contest.assert_merged_as_one_run(one_run);
    let rejudged = &contest.report("results.json")["rejudged"];
    let replaced = rejudged[0]["replaced"].as_array().unwrap();
    assert!(
        replaced.contains(&serde_json::json!("GD-004")),
        "{rejudged}"
    );
    assert_eq!(rejudged.as_array().unwrap().len(), 1, "{rejudged}");
}

#[test]
fn a_shard_that_fails_is_named_and_nothing_is_merged_until_it_is_judged_again() {
    let test = "many_machines::a_shard_that_fails";
    let Some(parallel) = gnu_parallel(test) else {
        return;
    };
    let Some(contest) = Contest::new(test) else {
        return;
    };
    // A judge that fails on shard 2 of 3, as one on a broken machine.
    let broken = contest.bin.join("broken-mayan");
    std::fs::write(
        &broken,
        format!(
            "#!/bin/sh\ncase \"$*\" in *'--partition 2/3 '*) echo 'cannot read judge.toml' >&2; exit 2 ;; esac\nexec '{}' \"$@\"\n",
            env!("CARGO_BIN_EXE_mayan")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&broken, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut cmd = parallel_sh(&contest, &parallel, &["3"]);
    let out = run(cmd.env("MAYAN", &broken));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        stderr.contains("parallel.sh: shard 2/3 failed on : (exit 2, signal 0)"),
        "{stderr}"
    );
    assert!(stderr.contains("cannot read judge.toml"), "{stderr}");
    assert!(
        !stderr.contains("shard 1/3") && !stderr.contains("shard 3/3"),
        "{stderr}"
    );
    assert!(stderr.contains("not merged"), "{stderr}");
    assert!(!contest.file("results.json").exists());
    assert!(!contest.file("scores.csv").exists());
    // Run again with a working judge: shards 1 and 3 keep what they
    // judged, shard 2 is judged, and the merge is the one run's.
    let one_run = contest.judge_in_one_run();
    let out = run(&mut parallel_sh(&contest, &parallel, &["3"]));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    for k in [1, 3] {
        let shard = contest.report(&format!("shards/shard-{k}-of-3.json"));
        let kept = shard["resumed"]["kept"].as_u64().unwrap_or(0);
        assert!(kept >= 20, "shard {k} kept {kept} results of 28");
    }
    let shard = contest.report("shards/shard-2-of-3.json");
    assert_eq!(shard["resumed"]["kept"].as_u64().unwrap_or(0), 0, "{shard}");
    contest.assert_merged_as_one_run(&one_run);
}

#[test]
fn parallel_sh_refuses_what_is_not_a_contest_or_a_shard_count() {
    let Some(contest) = Contest::new("many_machines::parallel_sh_refuses") else {
        return;
    };
    let out = run(contest
        .command("bash")
        .arg(example("parallel.sh"))
        .arg(&contest.path)
        .arg("0"));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("SHARDS is a whole number above 0, not '0'")
    );
    let out = run(contest
        .command("bash")
        .arg(example("parallel.sh"))
        .arg(contest.file("cases")));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no judge.toml in"));
}

/// The `#SBATCH` options of the Slurm script, as `key` and `value`.
fn sbatch_options(script: &str) -> BTreeMap<String, String> {
    let mut options = BTreeMap::new();
    for line in script.lines().take_while(|l| l.starts_with('#')) {
        let Some(option) = line.strip_prefix("#SBATCH ") else {
            continue;
        };
        let (key, value) = option
            .strip_prefix("--")
            .and_then(|o| o.split_once('='))
            .unwrap_or_else(|| panic!("not --key=value: {line}"));
        assert!(!value.is_empty() && !value.contains(' '), "{line}");
        options.insert(key.to_string(), value.to_string());
    }
    options
}

#[test]
fn the_slurm_array_judges_a_shard_per_task_and_the_merge_job_merges_them() {
    let script = read(&example("judge.sbatch"));
    let out = run(Command::new("bash").arg("-n").arg(example("judge.sbatch")));
    assert!(out.status.success(), "{}", text(&out));
    let options = sbatch_options(&script);
    let array = &options["array"];
    let count: usize = array
        .strip_prefix("1-")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("--array={array} is not 1-N"));
    for key in ["job-name", "ntasks", "cpus-per-task", "mem-per-cpu", "time"] {
        assert!(options.contains_key(key), "no #SBATCH --{key}");
    }
    for used in [
        "index=${SLURM_ARRAY_TASK_ID:?",
        "count=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:?",
        "--partition \"$index/$count\"",
        "--jobs \"${SLURM_CPUS_PER_TASK:-1}\"",
        "--json \"shards/shard-$index-of-$count.json\"",
    ] {
        assert!(script.contains(used), "judge.sbatch lacks {used}");
    }
    let Some(contest) = Contest::new("many_machines::the_slurm_array") else {
        return;
    };
    let one_run = contest.judge_in_one_run();
    // Each task as Slurm starts it: a copy of the script, run in the
    // folder it was submitted from, with the array's variables.
    let elsewhere = tempfile::tempdir().unwrap();
    let spooled = elsewhere.path().join("slurm_script");
    std::fs::copy(example("judge.sbatch"), &spooled).unwrap();
    for k in 1..=count {
        let mut cmd = contest.command("bash");
        cmd.arg(&spooled)
            .current_dir(elsewhere.path())
            .env("SLURM_SUBMIT_DIR", &contest.path)
            .env("SLURM_ARRAY_TASK_ID", k.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", count.to_string())
            .env("SLURM_ARRAY_TASK_MIN", "1")
            .env("SLURM_ARRAY_TASK_MAX", count.to_string())
            .env("SLURM_CPUS_PER_TASK", &options["cpus-per-task"]);
        let out = run(&mut cmd);
        assert_eq!(out.status.code(), Some(0), "task {k}: {}", text(&out));
    }
    assert!(shard_files(&contest, count).iter().all(|f| f.is_file()));
    // The merge job of the chapter: what its --wrap runs.
    let submit = chapter_block("sbatch --dependency=afterok");
    let wrap = submit
        .split_once("--wrap='")
        .and_then(|(_, rest)| rest.split_once('\''))
        .map(|(wrapped, _)| wrapped)
        .expect("the merge job's --wrap='...'");
    assert!(wrap.contains(&format!("-of-{count}.json")), "{wrap}");
    let out = run(contest.command("sh").arg("-c").arg(wrap));
    assert_eq!(out.status.code(), Some(0), "{wrap}: {}", text(&out));
    contest.assert_merged_as_one_run(&one_run);
    check_built_alike(&contest, count);
    // A task of an array that is not 1-N is refused: its count would be
    // wrong.
    let mut cmd = contest.command("bash");
    cmd.arg(&spooled)
        .env("SLURM_SUBMIT_DIR", &contest.path)
        .env("SLURM_ARRAY_TASK_ID", "3")
        .env("SLURM_ARRAY_TASK_COUNT", "1")
        .env("SLURM_ARRAY_TASK_MIN", "3")
        .env("SLURM_ARRAY_TASK_MAX", "3");
    let out = run(&mut cmd);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("set SHARDS=N"));
}

/// The YAML file or block as JSON values, a value per document.
fn yaml(text: &str) -> Value {
    serde_norway::from_str(text).unwrap_or_else(|e| panic!("not YAML: {e}\n{text}"))
}

/// A Job's only container.
fn container(job: &Value) -> &Value {
    let containers = job["spec"]["template"]["spec"]["containers"]
        .as_array()
        .expect("containers");
    assert_eq!(containers.len(), 1);
    &containers[0]
}

/// The container's command and arguments, run here as the container
/// would run them in its working folder, the contest folder, with its
/// environment and `extra`.
fn run_container(contest: &Contest, job: &Value, extra: &[(&str, String)]) -> Output {
    let c = container(job);
    let mut argv: Vec<String> = (c["command"].as_array().unwrap().iter())
        .chain(c["args"].as_array().into_iter().flatten())
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    // The cgroup step moves the shell only in a container's own cgroup
    // namespace; pointed here at an empty folder, it is skipped, never
    // applied to this machine's hierarchy.
    let empty = tempfile::tempdir().unwrap();
    for arg in &mut argv {
        *arg = arg.replace(
            "cgroup=/sys/fs/cgroup",
            &format!("cgroup='{}'", empty.path().display()),
        );
    }
    let mut cmd = contest.command(&argv[0]);
    cmd.args(&argv[1..]);
    for var in c["env"].as_array().into_iter().flatten() {
        cmd.env(
            var["name"].as_str().unwrap(),
            var["value"].as_str().unwrap(),
        );
    }
    for (name, value) in extra {
        cmd.env(name, value);
    }
    run(&mut cmd)
}

/// The folder the Job's pods mount the contest at, checked to be the
/// working folder of its container and a claim every pod can mount.
fn contest_mount(job: &Value, claim: &str) -> String {
    let c = container(job);
    let mounts = c["volumeMounts"].as_array().expect("volumeMounts");
    assert_eq!(mounts.len(), 1);
    let volumes = job["spec"]["template"]["spec"]["volumes"]
        .as_array()
        .unwrap();
    let volume = volumes
        .iter()
        .find(|v| v["name"] == mounts[0]["name"])
        .unwrap();
    assert_eq!(volume["persistentVolumeClaim"]["claimName"], claim);
    assert_eq!(c["workingDir"], mounts[0]["mountPath"]);
    mounts[0]["mountPath"].as_str().unwrap().to_string()
}

#[test]
fn the_kubernetes_indexed_job_judges_a_shard_per_index_and_the_merge_job_merges_them() {
    let job = yaml(&read(&example("judge-job.yaml")));
    assert_eq!(job["apiVersion"], "batch/v1");
    assert_eq!(job["kind"], "Job");
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"], "Indexed");
    let count = spec["completions"].as_u64().expect("completions") as usize;
    assert_eq!(spec["parallelism"], spec["completions"]);
    assert_eq!(spec["template"]["spec"]["restartPolicy"], "Never");
    let c = container(&job);
    let env: BTreeMap<&str, &str> = (c["env"].as_array().unwrap().iter())
        .map(|v| (v["name"].as_str().unwrap(), v["value"].as_str().unwrap()))
        .collect();
    assert_eq!(
        env["SHARDS"],
        count.to_string(),
        "SHARDS is the completions"
    );
    let script = c["args"][0].as_str().unwrap();
    for used in [
        "index=${JOB_COMPLETION_INDEX:?",
        "shard=$((index + 1))",
        "--partition \"$shard/$SHARDS\"",
        "--json \"shards/shard-$shard-of-$SHARDS.json\"",
        "cgroup=/sys/fs/cgroup",
    ] {
        assert!(
            script.contains(used),
            "the container's command lacks {used}"
        );
    }
    // --jobs as many as the CPUs the pod is given.
    let cpus = c["resources"]["limits"]["cpu"].as_str().unwrap();
    assert!(script.contains(&format!("--jobs {cpus} ")), "{script}");
    assert_eq!(c["resources"]["requests"], c["resources"]["limits"]);
    assert_eq!(c["securityContext"]["privileged"], true);
    let mount = contest_mount(&job, "mayan-contest");
    let Some(contest) = Contest::new("many_machines::the_kubernetes_indexed_job") else {
        return;
    };
    let one_run = contest.judge_in_one_run();
    for index in 0..count {
        let out = run_container(
            &contest,
            &job,
            &[("JOB_COMPLETION_INDEX", index.to_string())],
        );
        assert_eq!(out.status.code(), Some(0), "index {index}: {}", text(&out));
    }
    assert!(shard_files(&contest, count).iter().all(|f| f.is_file()));
    // The merge Job of the chapter, on the same volume.
    let merge = yaml(&chapter_block("name: mayan-merge"));
    assert_eq!(merge["kind"], "Job");
    assert_eq!(container(&merge)["image"], c["image"]);
    assert_eq!(contest_mount(&merge, "mayan-contest"), mount);
    let out = run_container(&contest, &merge, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    contest.assert_merged_as_one_run(&one_run);
    // Without its index the command refuses rather than judge shard 1.
    let out = run_container(&contest, &job, &[]);
    assert_ne!(out.status.code(), Some(0), "{}", text(&out));
}
