//! Setter benchmark: how fast `mayan gen` makes the cases that matter most,
//! and what they look like next to the official ones.
//!
//! For each request (dense exactly-n cases of the command, a fuller
//! board, few colours, a cascade, a hard case, the suite): the time in
//! process to make 20 cases, the candidates drawn per accepted case (a
//! candidate is a board built backwards or drawn at random, or a draw that
//! gave none), the block counts, and the solver's nodes to find the
//! smallest answer and to prove no shorter one; then the same nodes for the
//! official cases 4 to 10, and the whole `mayan gen` process for the issue's
//! command.
//!
//! `cargo bench --bench setter`. Environment: `MAYAN_BENCH_CASES` (cases per
//! request, default 20), `MAYAN_BENCH_SEED` (default 2011).

#[allow(dead_code)] // the bench uses only the shared folder
#[path = "../tests/support/seeds.rs"]
mod seeds;

use std::process::Command;
use std::time::Instant;

use mayan_judge::puzzle::case::{Case, read_case_file};
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps, Steps};
use mayan_judge::setter::kinds::{Kind, Options, Size, search, seeded};
use mayan_judge::setter::random::Rng;
use mayan_judge::setter::repeats::Distinct;
use mayan_judge::setter::suite;
use mayan_judge::solver::Solver;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The solver's nodes to find the smallest answer in `n`, and to search
/// `n - 1` moves (the proof that none is shorter, for a case that needs n).
fn nodes(solver: &mut Solver, case: &Case) -> (u64, u64) {
    solver.solve(&case.board, case.n, Dialect::default());
    let at_n = solver.stats().nodes;
    let fewer = Dialect::new(NullSwaps::Exclude, Steps::Exact);
    solver.solve(&case.board, case.n.saturating_sub(1), fewer);
    (at_n, solver.stats().nodes)
}

fn median(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}

/// Makes `count` different cases of each (kind, options) in turn, as `gen`
/// does, and prints the figures.
fn request(title: &str, plan: &[(Kind, Options)], mut rng: Rng) {
    let (mut solver, mut distinct) = (Solver::new(), Distinct::new());
    let (mut cases, mut candidates) = (Vec::new(), 0);
    let start = Instant::now();
    for (i, (kind, options)) in plan.iter().enumerate() {
        // As gen: a case repeating one made before is drawn again, 100 times.
        for _ in 0..100 {
            let found = search(*kind, options, &mut rng, &mut solver);
            candidates += found.candidates;
            let Some(case) = found.case else {
                println!("{title}: no case found for case {}", i + 1);
                return;
            };
            if distinct.insert(&case, std::path::Path::new("")).is_none() {
                cases.push(case);
                break;
            }
        }
        if cases.len() <= i {
            println!("{title}: case {} repeats earlier ones only", i + 1);
            return;
        }
    }
    let elapsed = start.elapsed();
    let blocks: Vec<u64> = cases.iter().map(|c| c.board.block_count() as u64).collect();
    let (at_n, fewer): (Vec<u64>, Vec<u64>) = cases.iter().map(|c| nodes(&mut solver, c)).unzip();
    println!(
        "{title:<44} {:>3} cases {:>8.1} ms {:>6.1} candidates/case  blocks {}-{} (median {})  nodes: answer {}, n-1 {} (medians)",
        cases.len(),
        elapsed.as_secs_f64() * 1000.0,
        candidates as f64 / cases.len() as f64,
        blocks.iter().min().unwrap_or(&0),
        blocks.iter().max().unwrap_or(&0),
        median(blocks.clone()),
        median(at_n),
        median(fewer),
    );
}

fn main() {
    let count = env_number("MAYAN_BENCH_CASES", 20) as usize;
    let seed = env_number("MAYAN_BENCH_SEED", 2011);
    let five = Options {
        n: Some(5),
        ..Options::default()
    };
    let blocks = |min, max| Size::Blocks { min, max };
    let requests: [(&str, Kind, Options); 6] = [
        ("exactly-n --n 5 --density 7", Kind::ExactlyN, five),
        (
            "exactly-n --n 5 --blocks 30-33 --colours 5",
            Kind::ExactlyN,
            Options {
                size: blocks(30, 33),
                colours: 5,
                ..five
            },
        ),
        (
            "exactly-n --n 5 --colours 3",
            Kind::ExactlyN,
            Options { colours: 3, ..five },
        ),
        (
            "cascade --n 5 --waves 3",
            Kind::Cascade,
            Options { waves: 3, ..five },
        ),
        ("tower --n 5", Kind::Tower, five),
        (
            "hard --colours 3",
            Kind::Hard,
            Options { colours: 3, ..five },
        ),
    ];
    println!("making {count} cases each (seed {seed}), in process:");
    for (title, kind, options) in requests {
        request(title, &vec![(kind, options); count], seeded(kind, seed));
    }
    let slots: Vec<(Kind, Options)> = (0..count)
        .map(|i| suite::slot(i, count))
        .map(|s| (s.kind, s.options))
        .collect();
    let title = format!("--suite --count {count}");
    request(&title, &slots, suite::seeded(seed));
    official();
    whole_process(count);
}

/// The solver's nodes on the official cases 4 to 10 (1 to 3 are tiny).
fn official() {
    let dir = seeds::shared_dir().join("mayan-noip2011");
    let mut solver = Solver::new();
    print!("official cases, nodes (answer / n-1):");
    for i in 4..=10 {
        let Ok(case) = read_case_file(&dir.join(format!("{i}.in"))) else {
            print!(" {i}: unreadable");
            continue;
        };
        let (at_n, fewer) = nodes(&mut solver, &case);
        print!(" {i}: {at_n}/{fewer}");
    }
    println!();
}

/// `mayan gen --kind exactly-n --n 5 --density 7 --count COUNT`, the whole
/// process, writing the files and every dialect's answer.
fn whole_process(count: usize) {
    let out = tempfile::tempdir().expect("a scratch folder");
    let start = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_mayan"))
        .args(["gen", "--kind", "exactly-n", "--n", "5", "--density", "7"])
        .args(["--count", &count.to_string(), "--out"])
        .arg(out.path())
        .stdout(std::process::Stdio::null())
        .status()
        .expect("mayan runs");
    println!(
        "mayan gen --kind exactly-n --n 5 --density 7 --count {count}: {:.1} ms, whole process ({status})",
        start.elapsed().as_secs_f64() * 1000.0
    );
}
