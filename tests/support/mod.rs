//! Helpers shared by the integration tests.

pub mod browser;
pub mod hostile;
pub mod judges;
pub mod naive;
pub mod seeds;

use std::path::{Path, PathBuf};

use mayan_judge::puzzle::board::Board;
use mayan_judge::setter::random::{Rng, Shape, random_board};

/// A random case of varied density and colour count, with an `n` small enough
/// for the exhaustive solver: up to 5 moves on sparse boards, 3 on dense ones.
/// Every other case is "planted": a few colours of exactly 3 to 5 blocks each
/// dropped into random columns, which is often solvable in a few moves.
pub fn varied_case(rng: &mut Rng) -> (Board, u8) {
    if rng.range(0, 1) == 0 {
        return planted_case(rng);
    }
    loop {
        let max_height = rng.range(1, 5) as u8;
        let shape = Shape {
            colours: rng.range(2, 6) as u8,
            min_height: rng.range(0, u64::from(max_height)) as u8,
            max_height,
            at_least_three: rng.range(0, 3) != 0,
        };
        let Some(board) = random_board(rng, shape) else {
            continue;
        };
        if board.is_empty() {
            continue;
        }
        let most = match board.block_count() {
            0..=7 => 5,
            8..=11 => 4,
            _ => 3,
        };
        return (board, rng.range(1, most) as u8);
    }
}

fn planted_case(rng: &mut Rng) -> (Board, u8) {
    loop {
        let mut columns: Vec<Vec<u8>> = vec![Vec::new(); 5];
        for colour in 1..=rng.range(1, 4) as u8 {
            for _ in 0..rng.range(3, 5) {
                let x = rng.range(0, 4) as usize;
                if columns[x].len() < 7 {
                    columns[x].push(colour);
                }
            }
        }
        let board = Board::from_columns(&columns).expect("at most 7 per column");
        if board.is_empty() || mayan_judge::puzzle::rules::has_run(&board) {
            continue;
        }
        let most = if board.block_count() <= 9 { 4 } else { 3 };
        return (board, rng.range(1, most) as u8);
    }
}

/// Compiles `source` with `compiler` (gcc or g++) at -O2 into `dir/name`.
pub fn compile(dir: &Path, compiler: &str, name: &str, source: &str) -> PathBuf {
    let ext = if compiler == "gcc" { "c" } else { "cpp" };
    let src = dir.join(format!("{name}.{ext}"));
    let exe = dir.join(name);
    std::fs::write(&src, source).unwrap();
    let out = std::process::Command::new(compiler)
        .arg("-O2")
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{compiler} failed on {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}
