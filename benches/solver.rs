//! Solver benchmark: the reference solver against the seed C++ program (g++
//! -O2), measured in the same run, on hard boards (dense, n = 5, every colour
//! at least three times, no solution: the whole tree is searched) stratified
//! by colour count, since few colours are where colour pruning is weak.
//!
//! For each board: the seed's whole process, `mayan solve FILE`'s whole
//! process (the release binary, as a user or a checker calls it), the solver
//! in process, and the nodes and failure-table entries of the search. Then
//! per-stratum medians, the start-up cost of `mayan solve` against
//! `/bin/true`, and the official cases.
//!
//! `cargo bench --bench solver`. Environment: `MAYAN_BENCH_BOARDS` (boards per
//! stratum, default 10), `MAYAN_BENCH_SEED` (default 2011), `MAYAN_BENCH_CPP=0`
//! to skip the seed (for quick comparisons of the solver alone),
//! `MAYAN_BENCH_BASELINE=PATH` to time an older `mayan` binary beside this
//! one, board by board, `MAYAN_BENCH_STATIC=PATH` to time a static build's
//! start-up beside it, and `MAYAN_BENCH_QUICK=1` for in-process searches and
//! the counters only (`MAYAN_BENCH_REPEAT=R`: the best of `R` per board).

#[allow(dead_code)] // the bench uses only the C++ half
#[path = "../tests/support/seeds.rs"]
mod seeds;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use mayan_judge::puzzle::board::Board;
use mayan_judge::puzzle::case::{Case, format_case, read_case_file};
use mayan_judge::puzzle::dialect::Dialect;
use mayan_judge::setter::random::{Rng, Shape, random_board};
use mayan_judge::solver::{SearchStats, Solver};

/// Colour counts per stratum, inclusive.
const STRATA: [(u8, u8); 4] = [(3, 3), (4, 4), (5, 6), (7, 8)];

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The release `mayan` binary cargo built for this bench.
fn mayan_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_mayan"))
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

/// Best of `reps` runs of `mayan solve FILE`; checks the answer is `expected`.
fn time_mayan(mayan: &Path, file: &Path, expected: &str, reps: usize) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let start = Instant::now();
        let out = Command::new(mayan)
            .arg("solve")
            .arg(file)
            .stdin(Stdio::null())
            .output()
            .expect("mayan runs");
        best = best.min(start.elapsed());
        assert!(
            out.status.success(),
            "mayan solve failed on {}",
            file.display()
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            seeds::same_tokens(&text, expected),
            "mayan: {text} vs {expected}"
        );
    }
    best
}

/// Best of `reps` runs of the seed in `work` (its `mayan.in` already written).
fn time_cpp(cpp: &Path, work: &Path, reps: usize) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..reps {
        let start = Instant::now();
        let status = Command::new(cpp)
            .current_dir(work)
            .stdin(Stdio::null())
            .status()
            .expect("the seed runs");
        best = best.min(start.elapsed());
        assert!(status.success());
    }
    let answer = std::fs::read_to_string(work.join("mayan.out")).unwrap();
    assert!(
        seeds::same_tokens(&answer, "-1"),
        "the seed answered {answer}"
    );
    best
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

/// One board's figures, times in ms.
struct Row {
    stratum: usize,
    cpp: Option<f64>,
    process: f64,
    baseline: Option<f64>,
    in_process: f64,
}

impl Row {
    fn ratio(&self) -> Option<f64> {
        self.cpp.map(|c| c / self.process)
    }
}

/// The figures a set of rows sums up to.
fn summary(name: &str, rows: &[&Row]) {
    let get =
        |f: &dyn Fn(&Row) -> Option<f64>| rows.iter().filter_map(|r| f(r)).collect::<Vec<_>>();
    let worst = rows.iter().map(|r| r.process).fold(0.0, f64::max);
    let lowest = get(&|r| r.ratio())
        .into_iter()
        .fold(f64::INFINITY, f64::min);
    let baseline = get(&|r| r.baseline.map(|b| b / r.process));
    let baseline = if baseline.is_empty() {
        String::new()
    } else {
        format!("; baseline/mayan {:.2}x", median(baseline))
    };
    println!(
        "{name:>5}: {:>3} boards; median seed C++ {:>7.1} ms, mayan solve {:>6.3} ms, ratio {:>5.0}x \
         (lowest {lowest:>4.0}x); in process {:>6.3} ms; slowest process {worst:>6.3} ms{baseline}",
        rows.len(),
        median(get(&|r| r.cpp)),
        median(get(&|r| Some(r.process))),
        median(get(&|r| r.ratio())),
        median(get(&|r| Some(r.in_process))),
    );
}

/// What the bench compares against: the seed, and optionally an older
/// `mayan` binary (`MAYAN_BENCH_BASELINE=PATH`), timed in the same run.
struct Rivals {
    cpp: Option<PathBuf>,
    baseline: Option<PathBuf>,
    mayan: PathBuf,
    tmp: PathBuf,
}

impl Rivals {
    /// Times one board every way, the processes alternating so that the
    /// machine's drift falls on all alike.
    fn measure(&self, solver: &mut Solver, stratum: usize, board: &Board) -> (Row, SearchStats) {
        let text = format_case(&Case {
            n: 5,
            board: *board,
        });
        let work = self.tmp.join("work");
        std::fs::create_dir_all(&work).unwrap();
        std::fs::write(work.join("mayan.in"), &text).unwrap();
        let file = self.tmp.join("board.in");
        std::fs::write(&file, &text).unwrap();
        let cpp = self.cpp.as_ref().map(|exe| ms(time_cpp(exe, &work, 2)));
        let process = ms(time_mayan(&self.mayan, &file, "-1", 5));
        let baseline = self
            .baseline
            .as_ref()
            .map(|b| ms(time_mayan(b, &file, "-1", 5)));
        let (t, stats) = time_solver(solver, board, 5, 5);
        let row = Row {
            stratum,
            cpp,
            process,
            baseline,
            in_process: ms(t),
        };
        (row, stats)
    }
}

fn print_row(i: usize, board: &Board, row: &Row, stats: &SearchStats) {
    let or_dash = |v: Option<f64>, f: &dyn Fn(f64) -> String| v.map_or("-".into(), f);
    println!(
        "{:>7} {i:>3} {:>6} {:>11} {:>10.3} {:>10} {:>10.3} {:>7} {:>9} {:>9} {:>8} {:>8}",
        colours_present(board),
        board.block_count(),
        or_dash(row.cpp, &|c| format!("{c:.1}")),
        row.process,
        or_dash(row.baseline, &|b| format!("{b:.3}")),
        row.in_process,
        or_dash(row.ratio(), &|r| format!("{r:.0}x")),
        stats.nodes,
        stats.nodes_by_left[0],
        stats.hits,
        stats.remembered,
    );
}

fn main() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-solver");
    std::fs::create_dir_all(&tmp).unwrap();
    let count = env_number("MAYAN_BENCH_BOARDS", 10) as usize;
    let seed = env_number("MAYAN_BENCH_SEED", 2011);
    let mut solver = Solver::new();
    let mut rng = Rng::new(seed);
    if env_number("MAYAN_BENCH_QUICK", 0) != 0 {
        return quick(&mut solver, &mut rng, count);
    }
    let rivals = Rivals {
        cpp: (env_number("MAYAN_BENCH_CPP", 1) != 0)
            .then(|| seeds::build_cpp(&tmp).expect("the C++ seed builds with g++")),
        baseline: std::env::var_os("MAYAN_BENCH_BASELINE").map(PathBuf::from),
        mayan: mayan_binary(),
        tmp,
    };
    println!("hard boards: {count} per stratum, seed {seed}, n = 5, default dialect, no solution");
    println!("mayan: {}", rivals.mayan.display());
    println!(
        "{:>7} {:>3} {:>6} {:>11} {:>10} {:>10} {:>10} {:>7} {:>9} {:>9} {:>8} {:>8}",
        "colours",
        "#",
        "blocks",
        "seed C++ ms",
        "process ms",
        "baseline",
        "solver ms",
        "ratio",
        "nodes",
        "last",
        "hits",
        "table"
    );
    let mut rows = Vec::new();
    for (s, &stratum) in STRATA.iter().enumerate() {
        let boards = stratum_boards(&mut rng, &mut solver, stratum, count);
        for (i, board) in boards.iter().enumerate() {
            let (row, stats) = rivals.measure(&mut solver, s, board);
            print_row(i, board, &row, &stats);
            rows.push(row);
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
            &rows.iter().filter(|r| r.stratum == s).collect::<Vec<_>>(),
        );
    }
    summary("all", &rows.iter().collect::<Vec<_>>());
    start_up(&rivals.mayan, &rivals.tmp);
    official(&mut solver, &rivals.mayan);
}

/// `mayan solve` on a trivial case against `/bin/true`, paired run by run;
/// the medians and the median of the differences. Also a static build, when
/// `MAYAN_BENCH_STATIC` names one (the packages' binary: the README's "A
/// static binary for the packages"): what the loader costs shows beside it.
fn start_up(mayan: &Path, tmp: &Path) {
    let file = tmp.join("trivial.in");
    std::fs::write(&file, "1\n0\n0\n0\n0\n0\n").unwrap();
    let run = |cmd: &mut Command| {
        let start = Instant::now();
        let status = cmd
            .stdout(Stdio::null())
            .stdin(Stdio::null())
            .status()
            .expect("runs");
        assert!(status.success());
        ms(start.elapsed())
    };
    let mut builds = vec![("`mayan solve`", mayan.to_path_buf())];
    if let Some(path) = std::env::var_os("MAYAN_BENCH_STATIC") {
        builds.push(("static build", PathBuf::from(path)));
    }
    let mut bare = Vec::new();
    let mut times = vec![(Vec::new(), Vec::new()); builds.len()];
    for _ in 0..200 {
        let t = run(&mut Command::new("/bin/true"));
        bare.push(t);
        for ((_, exe), (ours, added)) in builds.iter().zip(&mut times) {
            let m = run(Command::new(exe).arg("solve").arg(&file));
            ours.push(m);
            added.push(m - t);
        }
    }
    println!(
        "\nstart-up (200 rounds): /bin/true median {:.3} ms",
        median(bare)
    );
    for ((name, _), (ours, added)) in builds.iter().zip(times) {
        println!(
            "  {name} on an empty board {:.3} ms; added: median {:.3} ms",
            median(ours),
            median(added)
        );
    }
}

fn official(solver: &mut Solver, mayan: &Path) {
    println!("\nofficial cases (in process best of 20; whole process best of 5):");
    let dir = seeds::shared_dir().join("mayan-noip2011");
    for i in 1..=10 {
        let path = dir.join(format!("{i}.in"));
        let case = read_case_file(&path).expect("official case reads");
        let (t, stats) = time_solver(solver, &case.board, case.n, 20);
        let answer = std::fs::read_to_string(dir.join(format!("{i}.ans"))).unwrap();
        let process = time_mayan(mayan, &path, &answer, 5);
        println!(
            "  case {i:>2}: {:>8.3} ms in process, {:>7.3} ms process, {:>7} nodes, {:>6} table",
            ms(t),
            ms(process),
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
