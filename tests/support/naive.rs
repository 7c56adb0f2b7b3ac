//! A plain, obviously correct implementation of the rules and an exhaustive
//! solver, written apart from the library (arrays of cells, plain loops, no
//! packing, no pruning but one: a colour with 1 or 2 blocks can never vanish).
//! Slow by design; it is the yardstick the fast code is tested against.

pub const W: usize = 5;
pub const H: usize = 7;

/// `grid[x][y]`, 0 for empty.
pub type Grid = [[u8; H]; W];

pub fn grid_from_columns(columns: &[Vec<u8>]) -> Grid {
    let mut g = [[0u8; H]; W];
    for (x, col) in columns.iter().enumerate() {
        for (y, &c) in col.iter().enumerate() {
            g[x][y] = c;
        }
    }
    g
}

pub fn columns_of(g: &Grid) -> Vec<Vec<u8>> {
    g.iter()
        .map(|col| col.iter().copied().filter(|&c| c != 0).collect())
        .collect()
}

fn fall(g: &mut Grid) {
    for col in g.iter_mut() {
        let kept: Vec<u8> = col.iter().copied().filter(|&c| c != 0).collect();
        *col = [0; H];
        col[..kept.len()].copy_from_slice(&kept);
    }
}

/// One round: every cell in a horizontal or vertical line of 3+ equal colours
/// is cleared at once. Returns whether anything was cleared.
fn eliminate(g: &mut Grid) -> bool {
    let mut mark = [[false; H]; W];
    for x in 0..W {
        for y in 0..H {
            let c = g[x][y];
            if c == 0 {
                continue;
            }
            if x + 2 < W && g[x + 1][y] == c && g[x + 2][y] == c {
                mark[x][y] = true;
                mark[x + 1][y] = true;
                mark[x + 2][y] = true;
            }
            if y + 2 < H && g[x][y + 1] == c && g[x][y + 2] == c {
                mark[x][y] = true;
                mark[x][y + 1] = true;
                mark[x][y + 2] = true;
            }
        }
    }
    let mut any = false;
    for x in 0..W {
        for y in 0..H {
            if mark[x][y] {
                g[x][y] = 0;
                any = true;
            }
        }
    }
    any
}

pub fn settle(g: &mut Grid) {
    fall(g);
    while eliminate(g) {
        fall(g);
    }
}

/// The move `(x, y, g)` if legal: swap with the neighbour, or the block leaves
/// its column and lands on top of the target column.
pub fn apply(g: &Grid, x: i64, y: i64, dir: i64) -> Option<Grid> {
    if dir != 1 && dir != -1 {
        return None;
    }
    if !(0..W as i64).contains(&x) || !(0..H as i64).contains(&y) {
        return None;
    }
    let (x, y) = (x as usize, y as usize);
    if g[x][y] == 0 {
        return None;
    }
    let tx = x as i64 + dir;
    if !(0..W as i64).contains(&tx) {
        return None;
    }
    let tx = tx as usize;
    let mut next = *g;
    if next[tx][y] != 0 {
        let t = next[tx][y];
        next[tx][y] = next[x][y];
        next[x][y] = t;
    } else {
        let c = next[x][y];
        next[x][y] = 0;
        let top = (0..H)
            .find(|&yy| next[tx][yy] == 0)
            .expect("target column has room");
        // The block falls from row y: it lands on the first empty cell from the
        // bottom, which is at or below y since (tx, y) is empty.
        next[tx][top] = c;
    }
    settle(&mut next);
    Some(next)
}

fn is_empty(g: &Grid) -> bool {
    g.iter().all(|col| col.iter().all(|&c| c == 0))
}

fn has_dead_colour(g: &Grid) -> bool {
    let mut count = [0u32; 16];
    for col in g {
        for &c in col {
            count[c as usize] += 1;
        }
    }
    (1..16).any(|c| count[c] == 1 || count[c] == 2)
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub null_swaps: bool,
    pub at_most: bool,
}

/// The smallest solution by plain depth-first search over every legal move in
/// the order x, y, then g = 1 before g = -1.
pub fn solve(g: &Grid, n: usize, rules: Rules) -> Option<Vec<(i64, i64, i64)>> {
    let mut path = Vec::new();
    if dfs(g, n, rules, &mut path) {
        Some(path)
    } else {
        None
    }
}

fn dfs(g: &Grid, left: usize, rules: Rules, path: &mut Vec<(i64, i64, i64)>) -> bool {
    if is_empty(g) {
        return left == 0 || rules.at_most;
    }
    if left == 0 || has_dead_colour(g) {
        return false;
    }
    for x in 0..W as i64 {
        for y in 0..H as i64 {
            for dir in [1, -1] {
                let Some(next) = apply(g, x, y, dir) else {
                    continue;
                };
                let tx = (x + dir) as usize;
                let same = g[tx][y as usize] == g[x as usize][y as usize];
                if same && !rules.null_swaps {
                    continue;
                }
                path.push((x, y, dir));
                if dfs(&next, left - 1, rules, path) {
                    return true;
                }
                path.pop();
            }
        }
    }
    false
}
