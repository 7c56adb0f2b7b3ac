//! Solver benchmark: the reference solver against the seed C++ program (g++ -O2)
//! on hard boards (dense, n = 5, every colour at least three times, generated
//! from a fixed seed), measured in the same run, plus the official cases.
//!
//! `cargo bench --bench solver` prints per-board times and ratios. Environment:
//! `MAYAN_BENCH_BOARDS` (default 30) and `MAYAN_BENCH_SEED` (default 2011).

#[allow(dead_code)] // the bench uses only the C++ half
#[path = "../tests/support/seeds.rs"]
mod seeds;

use std::path::Path;
use std::time::{Duration, Instant};

use mayan_judge::puzzle::board::Board;
use mayan_judge::puzzle::case::{Case, format_case, read_case_file};
use mayan_judge::puzzle::dialect::Dialect;
use mayan_judge::setter::random::hard_boards;
use mayan_judge::solver::Solver;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Best of `reps` in-process solves (the machine is shared: the minimum is the
/// least noisy estimate of the solver's own cost).
fn time_solver(solver: &mut Solver, board: &Board, n: u8, reps: usize) -> (Duration, u64, bool) {
    let mut best = Duration::MAX;
    let mut solved = false;
    for _ in 0..reps {
        let start = Instant::now();
        solved = solver.solve(board, n, Dialect::default()).is_some();
        best = best.min(start.elapsed());
    }
    (best, solver.stats().nodes, solved)
}

fn time_process(run: impl Fn()) -> Duration {
    let start = Instant::now();
    run();
    start.elapsed()
}

fn median(mut values: Vec<f64>) -> f64 {
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

fn main() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-solver");
    let cpp = seeds::build_cpp(&tmp).expect("the C++ seed builds with g++");
    let count = env_number("MAYAN_BENCH_BOARDS", 30) as usize;
    let seed = env_number("MAYAN_BENCH_SEED", 2011);
    let mut solver = Solver::new();

    println!("hard boards: {count}, seed {seed}, n = 5, default dialect");
    println!(
        "{:>5} {:>6} {:>12} {:>12} {:>10} {:>9} {:>7}",
        "board", "blocks", "seed C++ ms", "solver ms", "ratio", "nodes", "answer"
    );
    let (mut ratios, mut ours, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    for (i, board) in hard_boards(seed, count).iter().enumerate() {
        let text = format_case(&Case {
            n: 5,
            board: *board,
        });
        let work = tmp.join("work");
        let cpp_time = time_process(|| {
            seeds::run_cpp(&cpp, &text, &work);
        });
        let (our_time, nodes, solved) = time_solver(&mut solver, board, 5, 3);
        let ratio = cpp_time.as_secs_f64() / our_time.as_secs_f64();
        println!(
            "{i:>5} {:>6} {:>12.1} {:>12.3} {:>9.0}x {nodes:>9} {:>7}",
            board.block_count(),
            ms(cpp_time),
            ms(our_time),
            ratio,
            if solved { "solved" } else { "-1" }
        );
        ratios.push(ratio);
        ours.push(ms(our_time));
        theirs.push(ms(cpp_time));
    }
    let worst = ours.iter().cloned().fold(0.0, f64::max);
    println!(
        "median: seed C++ {:.1} ms, solver {:.3} ms; median ratio {:.0}x; ratio of medians {:.0}x; slowest board {:.3} ms",
        median(theirs.clone()),
        median(ours.clone()),
        median(ratios),
        median(theirs) / median(ours),
        worst
    );

    println!("\nofficial cases (best of 20, in process):");
    let dir = seeds::shared_dir().join("mayan-noip2011");
    for i in 1..=10 {
        let path = dir.join(format!("{i}.in"));
        let case = read_case_file(&path).expect("official case reads");
        let (t, nodes, _) = time_solver(&mut solver, &case.board, case.n, 20);
        println!("  case {i:>2}: {:>8.3} ms, {nodes} nodes", ms(t));
    }
}
