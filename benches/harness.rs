//! The harness's own cost: judging a trivial program over 100 cases, against
//! running the same program 100 times bare (spawn and wait), in the same run.
//! Prints both and the cost added per case. Then the sandbox's cost: the same
//! cases judged with every protection and with `--sandbox off`, pair by pair,
//! and with each mechanism left out in turn, to see what costs what; and
//! the making and removing of the two cgroups the sandbox added (pids,
//! freezer), which `--sandbox off` keeps too.
//!
//! `cargo bench --bench harness`

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use mayan_judge::check::Policy;
use mayan_judge::config::{IoConfig, SandboxMode};
use mayan_judge::judge::plan::Plan;
use mayan_judge::judge::program::grade_program;
use mayan_judge::judge::suite::CaseFile;
use mayan_judge::runner::process::ProcessRunner;
use mayan_judge::runner::sandbox::Sandbox;
use mayan_judge::runner::{Limits, Runner};

const CASES: usize = 100;

fn main() {
    let dir = tempfile::tempdir().unwrap();
    // A trivial program: copies nothing, answers -1 (right for the case used).
    let src = dir.path().join("p.c");
    let exe = dir.path().join("p");
    std::fs::write(&src, "#include <stdio.h>\nint main(void){ FILE *f = fopen(\"mayan.out\", \"w\"); fputs(\"-1\\n\", f); fclose(f); return 0; }\n").unwrap();
    assert!(
        Command::new("gcc")
            .arg("-O2")
            .arg("-o")
            .arg(&exe)
            .arg(&src)
            .status()
            .unwrap()
            .success()
    );
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/rules/no-solution.in");
    let cases: Vec<CaseFile> = (0..CASES)
        .map(|i| CaseFile {
            suite: "bench".into(),
            name: format!("{i}"),
            input: case.clone(),
            answer: Some(case.with_extension("ans")),
            points: 1,
        })
        .collect();
    let plan = Plan {
        limits: Limits {
            cpu: std::time::Duration::from_secs(1),
            wall: std::time::Duration::from_secs(3),
            memory: 128 << 20,
            output: 1 << 20,
            processes: 16,
        },
        io: IoConfig::default(),
        policy: Policy::default(),
        jobs: 1,
    };
    let argv = vec![exe.to_string_lossy().into_owned()];
    for runner in [ProcessRunner::new(), ProcessRunner::without_cgroups()] {
        measure(&runner, &exe, &argv, &case, &cases, &plan, dir.path());
    }
    let plain = ProcessRunner::configured(SandboxMode::Off, Vec::new()).unwrap();
    println!("sandbox cost, paired against --sandbox off (same cgroups) in the same run:");
    let variants: [(&str, &[&str]); 6] = [
        ("every protection", &[]),
        ("without the tmpfs", &["tmpfs"]),
        ("without its own user id", &["uid"]),
        ("without Landlock", &["landlock"]),
        ("without seccomp", &["seccomp"]),
        ("without the network namespace", &["netns"]),
    ];
    for (name, without) in variants {
        let sandboxed =
            ProcessRunner::with_parts(true, Some(Sandbox::probe_without(Vec::new(), without)));
        paired(name, &sandboxed, &plain, &argv, &cases, &plan);
    }
    cgroup_cost();
}

/// Judges each case with `a` and with `b`, alternating which goes first;
/// prints the median and mean of the differences per case.
fn paired(
    name: &str,
    a: &ProcessRunner,
    b: &ProcessRunner,
    argv: &[String],
    cases: &[CaseFile],
    plan: &Plan,
) {
    let time = |runner: &ProcessRunner, case: &CaseFile| {
        let start = Instant::now();
        let results = grade_program(runner, argv, std::slice::from_ref(case), plan, &mut |_| {});
        assert_eq!(
            results[0].verdict,
            mayan_judge::judge::verdict::Verdict::AC,
            "{}",
            results[0].message
        );
        start.elapsed().as_secs_f64() * 1e3
    };
    let (mut total_a, mut total_b, mut added) = (0.0, 0.0, Vec::new());
    for (i, case) in cases.iter().enumerate() {
        let (ta, tb) = if i % 2 == 0 {
            let ta = time(a, case);
            (ta, time(b, case))
        } else {
            let tb = time(b, case);
            (time(a, case), tb)
        };
        total_a += ta;
        total_b += tb;
        added.push(ta - tb);
    }
    added.sort_by(f64::total_cmp);
    println!(
        "  {name:32} {total_a:7.1} ms vs {total_b:7.1} ms for {} cases (ratio {:.2}x); added per case: median {:.2} ms, mean {:.2} ms",
        cases.len(),
        total_a / total_b,
        added[added.len() / 2],
        (total_a - total_b) / cases.len() as f64
    );
}

/// Making and removing a group in the pids and freezer hierarchies, as each
/// run now does besides memory and cpuacct.
fn cgroup_cost() {
    let roots = ["/sys/fs/cgroup/pids", "/sys/fs/cgroup/freezer"];
    let name = format!("mayan-bench-{}", std::process::id());
    let mut times = Vec::new();
    for _ in 0..100 {
        let start = Instant::now();
        for root in roots {
            if std::fs::create_dir(Path::new(root).join(&name)).is_err() {
                println!("  (no pids/freezer cgroups here)");
                return;
            }
        }
        for root in roots {
            std::fs::remove_dir(Path::new(root).join(&name)).unwrap();
        }
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "  pids + freezer groups made and removed: median {:.3} ms per run",
        times[50]
    );
}

fn measure(
    runner: &ProcessRunner,
    exe: &Path,
    argv: &[String],
    case: &Path,
    cases: &[CaseFile],
    plan: &Plan,
    dir: &Path,
) {
    let work = dir.join("bare");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::copy(case, work.join("mayan.in")).unwrap();
    // Bare runs and judged cases interleave, one pair at a time, so that the
    // machine's drift falls on both alike; the median of the pairs'
    // differences is the figure.
    let (mut bare_total, mut judged_total, mut added) = (0.0, 0.0, Vec::new());
    for case in cases {
        let start = Instant::now();
        assert!(
            Command::new(exe)
                .current_dir(&work)
                .status()
                .unwrap()
                .success()
        );
        let bare = start.elapsed().as_secs_f64() * 1e3;
        let start = Instant::now();
        let results = grade_program(runner, argv, std::slice::from_ref(case), plan, &mut |_| {});
        let judged = start.elapsed().as_secs_f64() * 1e3;
        assert_eq!(
            results[0].verdict,
            mayan_judge::judge::verdict::Verdict::AC,
            "{}",
            results[0].message
        );
        bare_total += bare;
        judged_total += judged;
        added.push(judged - bare);
    }
    added.sort_by(f64::total_cmp);
    println!("measured by {}:", runner.method());
    println!(
        "  {CASES} bare runs {bare_total:.1} ms, {CASES} judged cases {judged_total:.1} ms (ratio {:.2}x); \
         added per case: median {:.2} ms, mean {:.2} ms",
        judged_total / bare_total,
        added[CASES / 2],
        (judged_total - bare_total) / CASES as f64
    );
}
