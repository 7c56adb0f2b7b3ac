//! The harness's own cost: judging a trivial program over 100 cases, against
//! running the same program 100 times bare (spawn and wait), in the same run.
//! Prints both and the cost added per case. Then the sandbox's cost: the same
//! cases judged with every protection and with `--sandbox off`, pair by pair,
//! and with each mechanism left out in turn, to see what costs what; and
//! the making and removing of a set of cpuacct, pids and freezer groups,
//! which cgroup v1 runs keep from one run to the next instead.
//!
//! Then the figures the issue asks for, each against a baseline of the same
//! run: the 100 cases judged in one `--jobs 1` run with every protection,
//! against 100 bare runs (the cost added per case); and a CPU-bound suite
//! judged with `--jobs 2` against `--jobs 1` (the wall time ratio, and the
//! CPU time each case is measured at, which a neighbour must not inflate).
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
use mayan_judge::judge::verdict::Verdict;
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
    let cases: Vec<CaseFile> = (0..CASES).map(|i| bench_case(&case, i)).collect();
    let plan = bench_plan(1);
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
    let sandboxed = ProcessRunner::new();
    whole_run(&sandboxed, &exe, &argv, &case, &cases, &plan, dir.path());
    jobs_scaling(&sandboxed, &case, dir.path());
}

/// The figure: 100 bare runs in a row against the 100 cases judged
/// in one `--jobs 1` run, in alternating rounds; the median round's cost
/// added per case, in wall time and (less at the mercy of a busy machine)
/// in CPU time: the judge's own and its children's, against the bare runs'.
fn whole_run(
    runner: &ProcessRunner,
    exe: &Path,
    argv: &[String],
    case: &Path,
    cases: &[CaseFile],
    plan: &Plan,
    dir: &Path,
) {
    let work = dir.join("bare-whole");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::copy(case, work.join("mayan.in")).unwrap();
    let n = cases.len() as f64;
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    println!(
        "{} cases in one --jobs 1 run, every protection, against as many bare runs:",
        cases.len()
    );
    for round in 0..5 {
        let (start, cpu_start) = (Instant::now(), cpu_ms());
        for _ in cases {
            assert!(
                Command::new(exe)
                    .current_dir(&work)
                    .status()
                    .unwrap()
                    .success()
            );
        }
        let (bare, bare_cpu) = (start.elapsed().as_secs_f64() * 1e3, cpu_ms() - cpu_start);
        let (start, cpu_start) = (Instant::now(), cpu_ms());
        let results = grade_program(runner, argv, cases, plan, &mut |_| {});
        let (judged, judged_cpu) = (start.elapsed().as_secs_f64() * 1e3, cpu_ms() - cpu_start);
        assert!(results.iter().all(|r| r.verdict == Verdict::AC));
        println!(
            "  round {round}: bare {bare:6.1} ms (CPU {bare_cpu:5.1}), judged {judged:6.1} ms (CPU {judged_cpu:5.1}); added per case {:.2} ms (CPU {:.2})",
            (judged - bare) / n,
            (judged_cpu - bare_cpu) / n
        );
        wall.push((judged - bare) / n);
        cpu.push((judged_cpu - bare_cpu) / n);
    }
    wall.sort_by(f64::total_cmp);
    cpu.sort_by(f64::total_cmp);
    println!(
        "  ADDED PER CASE (median of the rounds): {:.2} ms wall (goal <= 1.0 ms), {:.2} ms CPU",
        wall[wall.len() / 2],
        cpu[cpu.len() / 2]
    );
}

/// CPU time of this process and its waited-for children so far, ms.
fn cpu_ms() -> f64 {
    let ms = |who| {
        // SAFETY: rusage is plain data; getrusage fills it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: the pointer is to a local.
        unsafe { libc::getrusage(who, &mut usage) };
        let t = |tv: libc::timeval| tv.tv_sec as f64 * 1e3 + tv.tv_usec as f64 / 1e3;
        t(usage.ru_utime) + t(usage.ru_stime)
    };
    ms(libc::RUSAGE_SELF) + ms(libc::RUSAGE_CHILDREN)
}

/// A CPU-bound suite judged with `--jobs 1` and with `--jobs 2`, in
/// alternating rounds: the wall time ratio (2 jobs on 2 cores: close to
/// 0.5) and the mean CPU time measured per case under each (ratio close to
/// 1: no inflation by the neighbour).
fn jobs_scaling(runner: &ProcessRunner, case: &Path, dir: &Path) {
    let exe = dir.join("busy");
    let src = dir.join("busy.c");
    std::fs::write(&src, BUSY).unwrap();
    let built = Command::new("gcc")
        .arg("-O2")
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .status();
    assert!(built.unwrap().success());
    let argv = vec![exe.to_string_lossy().into_owned()];
    let cases: Vec<CaseFile> = (0..16).map(|i| bench_case(case, i)).collect();
    let mut plan = bench_plan(1);
    let (mut walls, mut cpus) = ([0.0; 2], [0.0; 2]);
    for round in 0..3 {
        for (slot, jobs) in [(0, 1), (1, 2)] {
            plan.jobs = jobs;
            let start = Instant::now();
            let results = grade_program(runner, &argv, &cases, &plan, &mut |_| {});
            let wall = start.elapsed().as_secs_f64() * 1e3;
            for r in &results {
                assert_eq!(r.verdict, Verdict::AC, "{}", r.message);
            }
            let cpu = results.iter().map(|r| r.cpu_ms as f64).sum::<f64>() / cases.len() as f64;
            println!(
                "  round {round}, --jobs {jobs}: wall {wall:7.1} ms, CPU per case {cpu:5.1} ms"
            );
            walls[slot] += wall;
            cpus[slot] += cpu;
        }
    }
    println!(
        "  JOBS 2 vs 1 on a CPU-bound suite ({} cores here): wall ratio {:.2} (goal about 0.5), CPU per case ratio {:.2} (goal about 1.0)",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        walls[1] / walls[0],
        cpus[1] / cpus[0]
    );
}

/// Burns some 100 ms of CPU, then answers -1.
const BUSY: &str = "#include <stdio.h>\nint main(void){ volatile unsigned long x = 0; for (unsigned long i = 0; i < 40000000UL; i++) x += i; FILE *f = fopen(\"mayan.out\", \"w\"); fputs(\"-1\\n\", f); fclose(f); return 0; }\n";

/// The `i`th copy of the bench's case.
fn bench_case(case: &Path, i: usize) -> CaseFile {
    CaseFile {
        suite: "bench".into(),
        name: format!("{i}"),
        input: case.to_path_buf(),
        answer: Some(case.with_extension("ans")),
        points: 1,
    }
}

fn bench_plan(jobs: usize) -> Plan {
    Plan {
        limits: Limits {
            cpu: std::time::Duration::from_secs(1),
            wall: std::time::Duration::from_secs(3),
            memory: 128 << 20,
            output: 1 << 20,
            processes: 16,
        },
        io: IoConfig::default(),
        policy: Policy::default(),
        jobs,
        readable: Vec::new(),
        interrupt: Default::default(),
    }
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

/// Making and removing a group in the cpuacct, pids and freezer hierarchies
/// (and opening their `cgroup.procs`), which v1 runs no longer do each time:
/// the set is kept for the next run.
fn cgroup_cost() {
    let roots = [
        "/sys/fs/cgroup/cpuacct",
        "/sys/fs/cgroup/pids",
        "/sys/fs/cgroup/freezer",
    ];
    let name = format!("mayan-bench-{}", std::process::id());
    let mut times = Vec::new();
    for _ in 0..100 {
        let start = Instant::now();
        for root in roots {
            let dir = Path::new(root).join(&name);
            if std::fs::create_dir(&dir).is_err() {
                println!("  (no cgroup v1 cpuacct, pids and freezer here)");
                for root in roots {
                    let _ = std::fs::remove_dir(Path::new(root).join(&name));
                }
                return;
            }
            drop(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(dir.join("cgroup.procs")),
            );
        }
        for root in roots {
            std::fs::remove_dir(Path::new(root).join(&name)).unwrap();
        }
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "  a cpuacct, pids and freezer set made and removed (v1 runs keep theirs): median {:.3} ms",
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
