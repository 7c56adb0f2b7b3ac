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

/// A case with 3 or 4 colours, where colour pruning is weakest and the
/// solver leans on bounds that count drags. Two in three are made solvable
/// in `n` moves by playing a clearing board backwards (see
/// [`unplayed_case`]), so their colours need exactly the drags the solution
/// gives them: where an unsound bound would cut; the rest dense random
/// boards (heights 3 to 6, `n` up to 2), mostly without a solution. The
/// flag says the case is known to be solvable.
pub fn few_colour_case(rng: &mut Rng) -> (Board, u8, bool) {
    let colours = rng.range(3, 4) as u8;
    if rng.range(0, 2) != 0 {
        loop {
            if let Some((board, n)) = unplayed_case(rng, colours, 3) {
                return (board, n, true);
            }
        }
    }
    loop {
        let shape = Shape {
            colours,
            min_height: 3,
            max_height: 6,
            at_least_three: true,
        };
        if let Some(board) = random_board(rng, shape) {
            return (board, rng.range(1, 2) as u8, false);
        }
    }
}

/// A board that vanishes at once (runs of three stacked on a flat floor),
/// then 1 to `most` moves taken back: a swap swapped back, or a block dragged
/// onto a column's top put back into its neighbour. Every board on the way
/// back must be free of runs, so the moves replay forwards exactly: the case
/// is solvable in `n` moves (though its smallest solution may be another).
pub fn unplayed_case(rng: &mut Rng, colours: u8, most: u8) -> Option<(Board, u8)> {
    let mut columns: Vec<Vec<u8>> = vec![Vec::new(); 5];
    for _ in 0..rng.range(2, 5) {
        let colour = rng.range(1, u64::from(colours)) as u8;
        let x = rng.range(0, 4) as usize;
        let flat = x + 2 < 5 && (x..x + 3).all(|c| columns[c].len() == columns[x].len());
        if flat && columns[x].len() < 7 && rng.range(0, 1) == 0 {
            (x..x + 3).for_each(|c| columns[c].push(colour));
        } else if columns[x].len() + 3 <= 7 {
            columns[x].extend([colour; 3]);
        }
    }
    let n = rng.range(1, u64::from(most)) as u8;
    for _ in 0..n {
        take_back(rng, &mut columns)?;
        if mayan_judge::puzzle::rules::has_run(&Board::from_columns(&columns).ok()?) {
            return None;
        }
    }
    Some((Board::from_columns(&columns).ok()?, n))
}

/// Undoes a random move on `columns`: a swap of two different colours side
/// by side, or a drop (the top block of a column goes back into a neighbour,
/// at a row the block could have been dragged from onto that top).
fn take_back(rng: &mut Rng, columns: &mut [Vec<u8>]) -> Option<()> {
    let x = rng.range(0, 3) as usize;
    let (from, to) = if rng.range(0, 1) == 0 {
        (x, x + 1)
    } else {
        (x + 1, x)
    };
    if rng.range(0, 1) == 0 {
        let y = rng.range(0, 6) as usize;
        let (a, b) = (columns[from].get(y)?, columns[to].get(y)?);
        if a == b {
            return None;
        }
        let (a, b) = (*a, *b);
        (columns[from][y], columns[to][y]) = (b, a);
        return Some(());
    }
    // The block on top of `to` came from `from`, row y, with y at or above
    // the top of `to` before it landed (so the target cell was empty).
    let top = columns[to].len().checked_sub(1)?;
    if columns[from].len() >= 7 || top > columns[from].len() {
        return None;
    }
    let y = rng.range(top as u64, columns[from].len() as u64) as usize;
    let block = columns[to].pop()?;
    columns[from].insert(y, block);
    Some(())
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

/// Runs `cmd` to its end, for at most 10 s, its output captured: a command
/// that waits on a pipe fails the test (and is killed) instead of hanging
/// it.
pub fn finish(mut cmd: std::process::Command) -> std::process::Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = (cmd.stdout(Stdio::piped()).stderr(Stdio::piped()))
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{cmd:?} still ran after 10 s: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Makes a named pipe at `path`.
pub fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
}
