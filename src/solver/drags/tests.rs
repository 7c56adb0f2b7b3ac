use super::*;
use crate::puzzle::rules::{Dir, RawMove, apply, shift};
use crate::setter::random::Rng;

fn needed(spread: [u8; WIDTH]) -> u8 {
    let index = (0..WIDTH).fold(0, |i, x| i | usize::from(spread[x]) << (3 * x));
    NEEDED[index]
}

/// Every spread with at most `cap` blocks a column.
fn spreads(cap: u8) -> impl Iterator<Item = [u8; WIDTH]> {
    let side = usize::from(cap) + 1;
    (0..side.pow(WIDTH as u32)).map(move |mut i| {
        std::array::from_fn(|_| {
            let c = (i % side) as u8;
            i /= side;
            c
        })
    })
}

/// The shapes 3, 4 or 5 blocks vanish in, listed by hand: a line in one
/// column, a line across adjacent columns, or (five) a cross of three and
/// three.
fn is_listed_shape(s: [u8; WIDTH]) -> bool {
    let n: u8 = s.iter().sum();
    let columns: Vec<usize> = (0..WIDTH).filter(|&x| s[x] > 0).collect();
    let adjacent = columns.windows(2).all(|w| w[1] == w[0] + 1);
    let line_across = adjacent && columns.len() == usize::from(n) && s.iter().all(|&c| c <= 1);
    let mut sorted: Vec<u8> = columns.iter().map(|&x| s[x]).collect();
    sorted.sort();
    let cross = n == 5 && adjacent && sorted == [1, 1, 3];
    columns.len() == 1 || line_across || cross
}

#[test]
fn small_colours_can_vanish_exactly_in_lines_and_crosses() {
    for s in spreads(5).filter(|s| (3..=5).contains(&s.iter().sum::<u8>())) {
        assert_eq!(can_vanish(s), is_listed_shape(s), "{s:?}");
    }
}

#[test]
fn larger_colours_need_the_runs_to_add_up() {
    // Two columns of three; a row of five and one of three over columns 2..4.
    assert!(can_vanish([3, 3, 0, 0, 0]));
    assert!(can_vanish([1, 1, 2, 1, 1]));
    assert!(can_vanish([2, 2, 2, 2, 1]));
    // Every column near something, yet the rows cannot add up: 2, 1, 2 needs
    // two runs through column 0 and only one through column 1.
    assert!(!can_vanish([2, 1, 2, 1, 2]));
    assert!(!can_vanish([2, 1, 1, 1, 1]));
    assert!(!can_vanish([1, 1, 1, 1, 2]));
}

#[test]
fn steps_to_a_spread_that_can_vanish() {
    // Three in columns 0, 2, 4: two steps to 1, 1, 1 in columns 1..=3.
    assert_eq!(needed([1, 0, 1, 0, 1]), 2);
    assert_eq!(needed([2, 1, 0, 0, 0]), 1);
    // Four as 2 + 2 in columns 0 and 4: 8 steps to gather in one column,
    // 4 to 1, 1, 1, 1 in columns 0..=3 (three blocks travel 1, 1 and 2).
    assert_eq!(needed([2, 0, 0, 0, 2]), 4);
    // Five as 2, 0, 3: one step to 1, 1, 3.
    assert_eq!(needed([2, 0, 3, 0, 0]), 1);
    // Eight as 2, 1, 2, 1, 2: one block in from each end makes two rows of
    // four, over columns 0..=3 and 1..=4.
    assert_eq!(needed([2, 1, 2, 1, 2]), 2);
    assert_eq!(needed([1, 1, 0, 0, 0]), u8::MAX);
}

/// The table counts steps among spreads of at most 7 blocks a column (a
/// column's height); a real board's colour has at most 5 in a column (six
/// would hold a run of three), but the spread it is dragged to could in
/// principle be taller. A search with room for 15 a column finds no
/// shorter way from any spread a board can hold.
#[test]
fn the_cap_on_a_column_shortens_no_way() {
    const SIDE: usize = 16;
    let index = |s: &[u8; WIDTH]| (0..WIDTH).fold(0, |i, x| i * SIDE + usize::from(s[x]));
    let mut steps = vec![u8::MAX; SIDE.pow(WIDTH as u32)];
    let mut queue = std::collections::VecDeque::new();
    for s in spreads(15) {
        let n: u8 = s.iter().sum();
        if n != 1 && n != 2 && can_vanish(s) {
            steps[index(&s)] = 0;
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        let here = steps[index(&s)];
        for x in 0..WIDTH - 1 {
            for (from, to) in [(x, x + 1), (x + 1, x)] {
                if s[from] > 0 && s[to] < 15 {
                    let mut next = s;
                    next[from] -= 1;
                    next[to] += 1;
                    if steps[index(&next)] == u8::MAX {
                        steps[index(&next)] = here + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    for s in spreads(5) {
        assert_eq!(needed(s), steps[index(&s)], "{s:?}");
    }
}

#[test]
fn spreads_count_blocks_per_column_and_follow_drags() {
    let board = Board::from_columns(&[vec![1u8, 2, 1, 1], vec![2], vec![1], vec![], vec![3, 1, 2]])
        .unwrap();
    let spreads = Spreads::of(&board);
    assert_eq!(spreads.index[1], 3 | 1 << 6 | 1 << 12);
    assert_eq!(spreads.index[2], 1 | 1 << 3 | 1 << 12);
    // Colour 1: 3, 0, 1, 0, 1, five blocks: to 3, 1, 1 in columns 0..=2 is
    // 1 + 2 steps. Colour 2: 1, 1, 0, 0, 1, three: two steps to 1, 1, 1.
    // Colour 3: one block, never.
    let drags = spreads.drags();
    assert_eq!(drags.stuck, (1 << 1) | (1 << 2) | (1 << 3));
    assert_eq!((drags.most, drags.neediest), (u8::MAX, 1 << 3));
    // A swap and a drop, against a fresh count.
    for (x, y, dir) in [
        (0, 0, Dir::Right),
        (0, 3, Dir::Right),
        (2, 0, Dir::Left),
        (4, 2, Dir::Left),
    ] {
        let mv = Move::new(x, y, dir);
        assert_eq!(
            spreads.dragged(&board, mv),
            Spreads::of(&shift(&board, mv)),
            "{mv}"
        );
    }
}

/// The spreads of `board` as counted cell by cell, with the drags each
/// colour needs looked up afresh.
fn assert_counted(spreads: &Spreads, board: &Board) {
    let mut index = [0u16; MAX_COLOUR as usize + 1];
    for x in 0..WIDTH {
        for y in 0..board.height(x) {
            index[usize::from(board.get(x, y))] += 1 << (3 * x);
        }
    }
    assert_eq!(spreads.index, index, "{board:?}");
    let need: Vec<u8> = index.iter().map(|&i| NEEDED[usize::from(i)]).collect();
    assert_eq!(spreads.need[..], need[..], "{board:?}");
    let set = |f: &dyn Fn(usize) -> bool| {
        (1..need.len())
            .filter(|&c| f(c))
            .fold(0u16, |s, c| s | 1 << c)
    };
    assert_eq!(spreads.stuck, set(&|c| need[c] != 0), "{board:?}");
    assert_eq!(spreads.colours, set(&|c| index[c] != 0), "{board:?}");
    let total: u16 = need.iter().map(|&n| u16::from(n)).sum();
    assert_eq!(spreads.total, total, "{board:?}");
}

/// What the spreads keep beside the counts (each colour's drags, the stuck
/// colours, the sum) stays what a fresh count gives: after every move of
/// random boards, and after the move's cascade.
#[test]
fn kept_drags_match_a_fresh_count_after_drags_and_cascades() {
    use crate::puzzle::rules::settle_after_shift;
    use crate::setter::random::{Shape, random_board};
    let mut rng = Rng::new(7);
    let mut cascades = 0;
    for colours in [2, 3, 5, 10] {
        let shape = Shape {
            colours,
            min_height: 1,
            max_height: 7,
            at_least_three: false,
        };
        for _ in 0..300 {
            let Some(board) = random_board(&mut rng, shape) else {
                continue;
            };
            let spreads = Spreads::of(&board);
            assert_counted(&spreads, &board);
            for x in 0..WIDTH {
                for y in 0..board.height(x) {
                    for (dir, to) in [(Dir::Right, x + 1), (Dir::Left, x.wrapping_sub(1))] {
                        if to >= WIDTH || board.get(x, y) == board.get(to, y) {
                            continue;
                        }
                        let mv = Move::new(x as u8, y as u8, dir);
                        let mut next = shift(&board, mv);
                        let dragged = spreads.dragged(&board, mv);
                        assert_counted(&dragged, &next);
                        if settle_after_shift(&mut next, x, to) != 0 {
                            cascades += 1;
                            assert_counted(&dragged.resolved(&next), &next);
                        }
                    }
                }
            }
        }
    }
    assert!(cascades > 1000, "only {cascades} cascades");
}

/// Every position on every clearing sequence of small random boards (found
/// by plain enumeration) is within the bound: the drags its colours need
/// fit in the moves left.
#[test]
fn no_clearing_sequence_breaks_the_bound() {
    fn clears(board: &Board, left: u8, path: &mut Vec<Board>, found: &mut usize) {
        if board.is_empty() {
            for (i, b) in path.iter().enumerate() {
                let moves_left = (path.len() - i) as u8;
                let drags = Spreads::of(b).drags();
                assert!(
                    drags.total <= 2 * moves_left && drags.most <= moves_left,
                    "{b:?} {drags:?}, {moves_left} moves left"
                );
            }
            *found += 1;
            return;
        }
        if left == 0 {
            return;
        }
        path.push(*board);
        for x in 0..5 {
            for y in 0..7 {
                for g in [1, -1] {
                    if let Ok(next) = apply(board, RawMove { x, y, g }) {
                        clears(&next, left - 1, path, found);
                    }
                }
            }
        }
        path.pop();
    }

    let mut rng = Rng::new(2011);
    let mut found = 0;
    for _ in 0..6000 {
        let mut columns: Vec<Vec<u8>> = vec![Vec::new(); WIDTH];
        for colour in 1..=rng.range(2, 3) as u8 {
            let centre = rng.range(1, 3);
            for _ in 0..rng.range(3, 6) {
                columns[rng.range(centre - 1, centre + 1) as usize].push(colour);
            }
        }
        let Ok(board) = Board::from_columns(&columns) else {
            continue;
        };
        if !crate::puzzle::rules::has_run(&board) {
            clears(&board, 3, &mut Vec::new(), &mut found);
        }
    }
    assert!(found >= 3000, "only {found} clearing sequences");
}

/// The cells of a last move say exactly which moves leave no colour needing
/// a drag, checked against the spreads after each move of random boards.
#[test]
fn last_drags_pick_the_moves_after_which_nothing_needs_a_drag() {
    use crate::setter::random::{Shape, random_board};
    let mut rng = Rng::new(99);
    let shape = Shape {
        colours: 3,
        min_height: 0,
        max_height: 4,
        at_least_three: true,
    };
    let mut agreed = [0, 0];
    for _ in 0..3000 {
        let Some(board) = random_board(&mut rng, shape) else {
            continue;
        };
        let spreads = Spreads::of(&board);
        let (right, left) = spreads.last_drag_cells(&board);
        let stuck = spreads.drags().stuck;
        for x in 0..WIDTH {
            for y in 0..board.height(x) {
                for dir in [Dir::Right, Dir::Left] {
                    let to = match dir {
                        Dir::Right if x + 1 < WIDTH => x + 1,
                        Dir::Left if x > 0 => x - 1,
                        _ => continue,
                    };
                    let (p, q) = (board.get(x, y), board.get(to, y));
                    if p == q {
                        continue;
                    }
                    let (here, there) = match dir {
                        Dir::Right => (right, left),
                        Dir::Left => (left, right),
                    };
                    let dragged = (1u16 << p) | (1 << q);
                    let predicted = here[x] & 1 << (4 * y) != 0
                        && (q == 0 || there[to] & 1 << (4 * y) != 0)
                        && stuck & !dragged == 0;
                    let mv = Move::new(x as u8, y as u8, dir);
                    let actual = spreads.dragged(&board, mv).total == 0;
                    assert_eq!(predicted, actual, "{board:?} {mv}");
                    agreed[usize::from(actual)] += 1;
                }
            }
        }
    }
    assert!(agreed[0] > 10_000 && agreed[1] > 100, "{agreed:?}");
}

#[test]
fn the_last_drag_table_is_the_needed_table_one_drag_on() {
    for (index, &bits) in LAST_DRAGS.iter().enumerate() {
        let spread = spread_of(index);
        for x in 0..WIDTH {
            let moved = |to: usize| {
                let mut s = spread;
                s[x] -= 1;
                s[to] += 1;
                needed(s) == 0
            };
            let right = spread[x] > 0 && x + 1 < WIDTH && spread[x + 1] < CAP as u8 && moved(x + 1);
            let left = spread[x] > 0 && x > 0 && spread[x - 1] < CAP as u8 && moved(x - 1);
            assert_eq!(bits & (1 << x) != 0, right, "{spread:?} {x} right");
            assert_eq!(bits & (1 << (8 + x)) != 0, left, "{spread:?} {x} left");
        }
    }
}
