//! Scratch profiling driver: solves the given case files repeatedly.
use mayan_judge::case::read_case_file;
use mayan_judge::dialect::Dialect;
use mayan_judge::solver::Solver;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reps: usize = args[0].parse().unwrap();
    let cases: Vec<_> = args[1..].iter().map(|p| read_case_file(p.as_ref()).unwrap()).collect();
    let mut s = Solver::new();
    let t = std::time::Instant::now();
    for _ in 0..reps {
        for c in &cases { s.solve(&c.board, c.n, Dialect::default()); }
    }
    println!("{:?} per rep, nodes of last {}", t.elapsed() / reps as u32, s.stats().nodes);
}
