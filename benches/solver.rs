//! Solver benchmark: `mayan solve` against the seed C++ program (g++ -O2),
//! measured in the same run, on hard boards (dense, n = 5, every colour at
//! least three times, no solution: the whole tree is searched) stratified by
//! colour count, since few colours are where colour pruning is weak.
//!
//! For each board: the seed's whole process, and `mayan solve FILE`'s whole
//! process with no flag, with `--null-swaps exclude` and with `--steps
//! at-most`, each for every binary measured: this build (as `cargo build
//! --release` and `cargo install --path .` make it: dynamically linked),
//! the packages' binary (static: `cargo dist`, which `mayan export` ships;
//! built when missing, or `MAYAN_BENCH_STATIC=PATH`) and an older one
//! (`MAYAN_BENCH_BASELINE=PATH`). Times are CPU time (user +
//! system, from `wait4`), the best of several runs per board, the programs
//! alternating so the machine's drift falls on all alike. Then per-stratum
//! medians and ratios, where a process's time goes (the kernel's process,
//! the C library's start-up, the rest of start-up, the search) against C
//! programs that do nothing but read the case and print `-1` (the floor),
//! and the official cases.
//!
//! First, in the process: what reading `mayan solve`'s command line costs
//! through the parser `main` uses for it (clap holding only `solve`'s
//! arguments, `cli::SolveLine`) against clap's whole command tree, which
//! builds every command's arguments and help.
//!
//! `cargo bench --bench solver`. Environment: `MAYAN_BENCH_BOARDS` (boards per
//! stratum, default 10), `MAYAN_BENCH_SEED` (default 2011), `MAYAN_BENCH_CPP=0`
//! to skip the seed (for quick comparisons of builds), `MAYAN_BENCH_BASELINE`
//! and `MAYAN_BENCH_STATIC` (above), and `MAYAN_BENCH_QUICK=1` for in-process
//! searches and the counters only (`MAYAN_BENCH_REPEAT=R`: the best of `R`
//! per board).

#[allow(dead_code)] // the bench uses only the C++ half
#[path = "../tests/support/seeds.rs"]
mod seeds;
#[path = "support/startup.rs"]
mod startup;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use mayan_judge::puzzle::answer::format_answer;
use mayan_judge::puzzle::board::Board;
use mayan_judge::puzzle::case::{Case, format_case, read_case_file};
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::setter::random::{Rng, Shape, random_board};
use mayan_judge::solver::{SearchStats, Solver};

use startup::Floors;

/// Colour counts per stratum, inclusive.
const STRATA: [(u8, u8); 4] = [(3, 3), (4, 4), (5, 6), (7, 8)];

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn colours_present(board: &Board) -> u8 {
    board.colour_counts()[1..]
        .iter()
        .filter(|&&c| c > 0)
        .count() as u8
}

/// `count` dense boards using exactly `lo..=hi` colours, with no solution in
/// 5 moves (checked with the solver under test: a bench, not a test).
fn stratum_boards(
    rng: &mut Rng,
    solver: &mut Solver,
    (lo, hi): (u8, u8),
    count: usize,
) -> Vec<Board> {
    let mut boards = Vec::with_capacity(count);
    while boards.len() < count {
        let colours = rng.range(u64::from(lo), u64::from(hi)) as u8;
        let shape = Shape {
            colours,
            min_height: 4,
            max_height: 7,
            at_least_three: true,
        };
        let Some(board) = random_board(rng, shape) else {
            continue;
        };
        if colours_present(&board) == colours
            && solver.solve(&board, 5, Dialect::default()).is_none()
        {
            boards.push(board);
        }
    }
    boards
}

/// Best of `reps` in-process solves (the machine is shared: the minimum is the
/// least noisy estimate of the solver's own cost), with the last search's
/// counters.
fn time_solver(solver: &mut Solver, board: &Board, n: u8, reps: usize) -> (Duration, SearchStats) {
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let start = Instant::now();
        std::hint::black_box(solver.solve(board, n, Dialect::default()));
        best = best.min(start.elapsed());
    }
    (best, solver.stats())
}

fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The command lines timed on every board, with the dialect each asks for.
const FLAGS: [(&str, &[&str], Dialect); 3] = [
    (
        "no flag",
        &[],
        Dialect::new(NullSwaps::Include, Steps::Exact),
    ),
    (
        "--null-swaps exclude",
        &["--null-swaps", "exclude"],
        Dialect::new(NullSwaps::Exclude, Steps::Exact),
    ),
    (
        "--steps at-most",
        &["--steps", "at-most"],
        Dialect::new(NullSwaps::Include, Steps::AtMost),
    ),
];

/// Runs of each `mayan` process per board (the best is kept), and of the seed.
const MAYAN_REPS: usize = 5;
const SEED_REPS: usize = 2;

/// A `mayan` binary measured.
struct Build {
    name: &'static str,
    path: PathBuf,
    dynamic: bool,
}

/// The binaries the environment names, this build first.
fn builds() -> Vec<Build> {
    let mut builds = vec![("this build", PathBuf::from(env!("CARGO_BIN_EXE_mayan")))];
    builds.push(("packages", dist_binary()));
    if let Some(path) = std::env::var_os("MAYAN_BENCH_BASELINE") {
        builds.push(("baseline", PathBuf::from(path)));
    }
    builds
        .into_iter()
        .map(|(name, path)| Build {
            name,
            dynamic: startup::is_dynamic(&path),
            path,
        })
        .collect()
}

/// The packages' static binary: `MAYAN_BENCH_STATIC`, else `cargo dist`'s,
/// built now when it is not there yet.
fn dist_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("MAYAN_BENCH_STATIC") {
        return PathBuf::from(path);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let built = root.join(format!("target/{}/dist/mayan", env!("MAYAN_HOST_TUPLE")));
    if !built.is_file() {
        println!("building the packages' binary: cargo dist");
        let status = Command::new(env!("CARGO"))
            .arg("dist")
            .current_dir(root)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo dist failed");
    }
    built
}

/// One board's figures: CPU ms of the seed, and of every build with every
/// flag set (`times[build][flags]`).
struct Row {
    stratum: usize,
    seed: Option<f64>,
    times: Vec<[f64; FLAGS.len()]>,
}

/// Times one board every way, the processes alternating run by run.
fn measure(
    builds: &[Build],
    seed: Option<&Path>,
    solver: &mut Solver,
    tmp: &Path,
    (stratum, board): (usize, &Board),
) -> Row {
    let text = format_case(&Case {
        n: 5,
        board: *board,
    });
    let work = tmp.join("work");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::write(work.join("mayan.in"), &text).unwrap();
    let file = tmp.join("board.in");
    std::fs::write(&file, &text).unwrap();
    let expected =
        FLAGS.map(|(_, _, dialect)| format_answer(solver.solve(board, 5, dialect).as_deref()));
    let seed = seed.map(|exe| {
        let best = (0..SEED_REPS)
            .map(|_| time_seed(exe, &work))
            .fold(f64::MAX, f64::min);
        let answer = std::fs::read_to_string(work.join("mayan.out")).unwrap();
        assert!(
            seeds::same_tokens(&answer, "-1"),
            "the seed answered {answer}"
        );
        best
    });
    let mut times = vec![[f64::MAX; FLAGS.len()]; builds.len()];
    // Flag set by flag set, the builds taking turns: with more than one
    // build, no run follows a run of its own binary, as a checker's call
    // follows the contestant's program (a binary run again at once starts
    // 0.1 to 0.15 ms faster here, its pages still in the caches).
    for _ in 0..MAYAN_REPS {
        for (f, (_, flags, _)) in FLAGS.iter().enumerate() {
            for (build, best) in builds.iter().zip(&mut times) {
                let (t, out) = startup::run(
                    Command::new(&build.path)
                        .arg("solve")
                        .args(*flags)
                        .arg(&file),
                );
                assert!(
                    seeds::same_tokens(&out, &expected[f]),
                    "{}: {out} vs {}",
                    build.name,
                    expected[f]
                );
                best[f] = best[f].min(t);
            }
        }
    }
    Row {
        stratum,
        seed,
        times,
    }
}

/// One run of the seed in `work` (its `mayan.in` already written).
fn time_seed(exe: &Path, work: &Path) -> f64 {
    startup::run(Command::new(exe).current_dir(work)).0
}

fn print_header(builds: &[Build]) {
    print!("{:>7} {:>3} {:>6} {:>9}", "colours", "#", "blocks", "seed");
    for build in builds {
        for (f, _) in FLAGS.iter().enumerate() {
            print!(
                " {:>11}",
                format!("{}{}", short(build.name), ["", " -x", " -a"][f])
            );
        }
    }
    println!("   (CPU ms; -x: --null-swaps exclude, -a: --steps at-most)");
}

fn short(name: &str) -> &str {
    name.split(' ').next_back().unwrap_or(name)
}

fn print_row(i: usize, board: &Board, row: &Row) {
    let seed = row.seed.map_or("-".into(), |c| format!("{c:.1}"));
    print!(
        "{:>7} {i:>3} {:>6} {seed:>9}",
        colours_present(board),
        board.block_count()
    );
    for t in row.times.iter().flatten() {
        print!(" {t:>11.3}");
    }
    println!();
}

/// The figures a set of rows sums up to, per build and flag set.
fn summary(name: &str, builds: &[Build], rows: &[&Row]) {
    let seeds: Vec<f64> = rows.iter().filter_map(|r| r.seed).collect();
    println!(
        "{name:>5}: {} boards, seed median {:.1} ms",
        rows.len(),
        median(seeds)
    );
    for (b, build) in builds.iter().enumerate() {
        for (f, (flags, _, _)) in FLAGS.iter().enumerate() {
            let cpu: Vec<f64> = rows.iter().map(|r| r.times[b][f]).collect();
            let ratios: Vec<f64> = rows
                .iter()
                .filter_map(|r| Some(r.seed? / r.times[b][f]))
                .collect();
            let lowest = ratios.iter().copied().fold(f64::INFINITY, f64::min);
            let slowest = cpu.iter().copied().fold(0.0, f64::max);
            println!(
                "       {:<10} {flags:<20} median {:>6.3} ms, ratio to the seed {:>5.0}x (lowest {lowest:>4.0}x), slowest {slowest:>6.3} ms",
                build.name,
                median(cpu),
                median(ratios),
            );
        }
    }
}

fn main() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-solver");
    std::fs::create_dir_all(&tmp).unwrap();
    let count = env_number("MAYAN_BENCH_BOARDS", 10) as usize;
    let seed = env_number("MAYAN_BENCH_SEED", 2011);
    let mut solver = Solver::new();
    let mut rng = Rng::new(seed);
    parsers();
    if env_number("MAYAN_BENCH_QUICK", 0) != 0 {
        return quick(&mut solver, &mut rng, count);
    }
    let cpp = (env_number("MAYAN_BENCH_CPP", 1) != 0)
        .then(|| seeds::build_cpp(&tmp).expect("the C++ seed builds with g++"));
    let builds = builds();
    println!(
        "hard boards: {count} per stratum, seed {seed}, n = 5, no solution in the default dialect"
    );
    for build in &builds {
        let linking = if build.dynamic { "dynamic" } else { "static" };
        println!("{}: {} ({linking})", build.name, build.path.display());
    }
    print_header(&builds);
    let mut rows = Vec::new();
    let mut boards = Vec::new();
    for (s, &stratum) in STRATA.iter().enumerate() {
        for (i, board) in stratum_boards(&mut rng, &mut solver, stratum, count)
            .into_iter()
            .enumerate()
        {
            let row = measure(&builds, cpp.as_deref(), &mut solver, &tmp, (s, &board));
            print_row(i, &board, &row);
            rows.push(row);
            boards.push(board);
        }
    }
    println!();
    for (s, &(lo, hi)) in STRATA.iter().enumerate() {
        let name = if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo}-{hi}")
        };
        summary(
            &name,
            &builds,
            &rows.iter().filter(|r| r.stratum == s).collect::<Vec<_>>(),
        );
    }
    summary("all", &builds, &rows.iter().collect::<Vec<_>>());
    match Floors::build(&tmp) {
        Some(floors) => start_up(&builds, &floors, &rows, &tmp),
        None => println!("\nno floors (gcc could not build them): no start-up split"),
    }
    official(&mut solver, &builds[0].path);
}

/// The time to read typical `mayan solve` lines, through the solve-only
/// parser and through the whole tree: the median of many reads each,
/// alternated, in microseconds.
fn parsers() {
    use clap::Parser;
    use mayan_judge::cli::{Cli, SolveLine};
    const READS: usize = 2000;
    let lines: [&[&str]; 3] = [
        &["mayan", "solve", "case.in"],
        &["mayan", "solve", "--null-swaps", "exclude", "case.in"],
        &["mayan", "--color", "never", "solve", "--steps=at-most", "-"],
    ];
    println!("reading mayan solve's command line (median of {READS} reads, microseconds):");
    println!(
        "{:<50} {:>10} {:>10} {:>7}",
        "line", "solve-only", "whole", "ratio"
    );
    for line in lines {
        let (mut only, mut whole) = (Vec::new(), Vec::new());
        for _ in 0..READS {
            let start = Instant::now();
            let read = SolveLine::try_parse_from(line).map(SolveLine::into_cli);
            only.push(start.elapsed().as_secs_f64() * 1e6);
            let start = Instant::now();
            let full = Cli::try_parse_from(line);
            whole.push(start.elapsed().as_secs_f64() * 1e6);
            assert_eq!(format!("{read:?}"), format!("{full:?}"), "{line:?}");
        }
        let (only, whole) = (median(only), median(whole));
        let shown = line[1..].join(" ");
        println!(
            "{shown:<50} {only:>10.1} {whole:>10.1} {:>6.1}x",
            whole / only
        );
    }
    println!();
}

/// Where a `mayan solve` process's time goes, build by build, against the
/// floors: medians over paired rounds of CPU time.
fn start_up(builds: &[Build], floors: &Floors, rows: &[Row], tmp: &Path) {
    let file = tmp.join("trivial.in");
    std::fs::write(&file, "1\n0\n0\n0\n0\n0\n").unwrap();
    let cpu = |exe: &Path, args: &[&str]| startup::run(Command::new(exe).args(args).arg(&file)).0;
    let floor_paths = [&floors.bare, &floors.glibc_static, &floors.glibc_dynamic];
    let mut floor_times = [const { Vec::new() }; 3];
    let mut empty = vec![Vec::new(); builds.len()];
    for _ in 0..200 {
        for (exe, times) in floor_paths.iter().zip(&mut floor_times) {
            times.push(cpu(exe, &[]));
        }
        for (build, times) in builds.iter().zip(&mut empty) {
            times.push(cpu(&build.path, &["solve"]));
        }
    }
    let [bare, glibc_static, glibc_dynamic] = floor_times.map(median);
    println!(
        "\nfloors (a C program that reads the case and prints -1; CPU, median of 200): \
         no C library {bare:.3} ms, glibc static {glibc_static:.3} ms, glibc dynamic {glibc_dynamic:.3} ms"
    );
    for ((b, build), empty) in builds.iter().enumerate().zip(empty) {
        let floor = if build.dynamic {
            glibc_dynamic
        } else {
            glibc_static
        };
        let empty = median(empty);
        let hard = median(rows.iter().map(|r| r.times[b][0]).collect());
        println!(
            "  {}: kernel's process {bare:.3} ms + C library start-up {:.3} ms + the rest of start-up, \
             reading and printing {:.3} ms + search (median hard board) {:.3} ms = {hard:.3} ms; \
             {:+.0}% over its floor ({floor:.3} ms, glibc {}), {:.1}x the floor without a C library",
            build.name,
            floor - bare,
            empty - floor,
            hard - empty,
            (hard / floor - 1.0) * 100.0,
            if build.dynamic { "dynamic" } else { "static" },
            hard / bare,
        );
    }
}

fn official(solver: &mut Solver, mayan: &Path) {
    println!("\nofficial cases (in process best of 20; whole process CPU best of 5):");
    let dir = seeds::shared_dir().join("mayan-noip2011");
    for i in 1..=10 {
        let path = dir.join(format!("{i}.in"));
        let case = read_case_file(&path).expect("official case reads");
        let (t, stats) = time_solver(solver, &case.board, case.n, 20);
        let answer = std::fs::read_to_string(dir.join(format!("{i}.ans"))).unwrap();
        let process = (0..5)
            .map(|_| {
                let (t, out) = startup::run(Command::new(mayan).arg("solve").arg(&path));
                assert!(seeds::same_tokens(&out, &answer), "case {i}: {out}");
                t
            })
            .fold(f64::MAX, f64::min);
        println!(
            "  case {i:>2}: {:>8.3} ms in process, {process:>7.3} ms process, {:>7} nodes, {:>6} table",
            ms(t),
            stats.nodes,
            stats.remembered
        );
    }
}

/// In process only, one search per board (then the official cases, counted
/// apart): for instruction counts
/// (`valgrind --tool=callgrind --toggle-collect=*solve_each*`) and a quick
/// look at the counters. `MAYAN_BENCH_REPEAT=R` times each board as the best
/// of `R` searches (default 1: this machine's noise needs about 10 to compare
/// two builds), `MAYAN_BENCH_DUMP=DIR` also writes the boards there.
fn quick(solver: &mut Solver, rng: &mut Rng, count: usize) {
    let mut boards = Vec::new();
    for &stratum in &STRATA {
        for (i, board) in stratum_boards(rng, solver, stratum, count)
            .into_iter()
            .enumerate()
        {
            if let Some(dir) = std::env::var_os("MAYAN_BENCH_DUMP").map(PathBuf::from) {
                let text = format_case(&Case { n: 5, board });
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join(format!("c{}-{i:02}.in", stratum.0)), text).unwrap();
            }
            boards.push((board, 5));
        }
    }
    let dir = seeds::shared_dir().join("mayan-noip2011");
    for i in 1..=10 {
        let case = read_case_file(&dir.join(format!("{i}.in"))).expect("official case reads");
        boards.push((case.board, case.n));
    }
    let reps = env_number("MAYAN_BENCH_REPEAT", 1).max(1) as usize;
    let rows = solve_each(solver, &boards, reps);
    let mut total = SearchStats::default();
    for (i, ((board, _), (t, s))) in boards.iter().zip(rows).enumerate() {
        println!(
            "{:>2} {t:>8.3} ms nodes {:>8} hits {:>7} transposed {:>7} table {:>7} by left {:?}",
            colours_present(board),
            s.nodes,
            s.hits,
            s.transposed,
            s.remembered,
            &s.nodes_by_left[..6]
        );
        if i + 10 >= boards.len() {
            continue; // an official case
        }
        total.nodes += s.nodes;
        total.hits += s.hits;
        total.transposed += s.transposed;
        total.remembered += s.remembered;
    }
    println!(
        "total: nodes {} hits {} transposed {} table {}",
        total.nodes, total.hits, total.transposed, total.remembered
    );
}

#[inline(never)]
fn solve_each(solver: &mut Solver, boards: &[(Board, u8)], reps: usize) -> Vec<(f64, SearchStats)> {
    boards
        .iter()
        .map(|&(board, n)| {
            let (best, stats) = time_solver(solver, &board, n, reps);
            (ms(best), stats)
        })
        .collect()
}
