use super::*;

fn board(cols: [&[u8]; 5]) -> Board {
    Board::from_columns(&cols).unwrap()
}

fn mv(x: i64, y: i64, g: i64) -> RawMove {
    RawMove { x, y, g }
}

#[test]
fn swap_exchanges_two_blocks() {
    let b = board([&[1, 2], &[3, 4], &[], &[], &[]]);
    let after = apply(&b, mv(0, 1, 1)).unwrap();
    assert_eq!(after, board([&[1, 4], &[3, 2], &[], &[], &[]]));
}

#[test]
fn drop_falls_onto_the_target_column_and_the_source_settles() {
    let b = board([&[1, 2, 3], &[4], &[], &[], &[]]);
    let after = apply(&b, mv(0, 1, 1)).unwrap();
    assert_eq!(after, board([&[1, 3], &[4, 2], &[], &[], &[]]));
}

#[test]
fn left_drop_into_an_empty_column() {
    let b = board([&[], &[5, 6, 7], &[], &[], &[]]);
    let after = apply(&b, mv(1, 2, -1)).unwrap();
    assert_eq!(after, board([&[7], &[5, 6], &[], &[], &[]]));
}

#[test]
fn statement_figure_1_to_3_vertical_run_then_fall() {
    // The 4 at (3, 3) moves left, drops onto column 2 and makes three 4s
    // there, which vanish; the 3 that stood above it in column 3 falls.
    let b = board([&[], &[], &[1, 4, 4], &[2, 2, 1, 4, 3], &[]]);
    let after = apply(&b, mv(3, 3, -1)).unwrap();
    assert_eq!(after, board([&[], &[], &[1], &[2, 2, 1, 3], &[]]));
}

#[test]
fn cross_vanishes_all_five_at_once() {
    // Row 0: 1 1 _ 1; column 2 will get 1 at the bottom with 1 1 above.
    let b = board([&[1], &[1], &[2, 1, 1], &[1, 2], &[]]);
    // Swap (2,0)=2 with (3,0)=1: row 0 becomes 1 1 1 2 and column 2 is 1 1 1.
    let after = apply(&b, mv(2, 0, 1)).unwrap();
    assert_eq!(after, board([&[], &[], &[], &[2, 2], &[]]));
}

#[test]
fn two_runs_at_once_statement_figure_4() {
    // Dropping the 3 out of column 2 lowers its 1 and 2s by one: row 0 becomes
    // 1 1 1 and row 1 becomes 2 2 2 together; both vanish and the last 2 falls.
    let b = board([&[1, 2], &[1, 2], &[3, 1, 2, 2], &[], &[]]);
    let t = trace(&b, mv(2, 0, 1)).unwrap();
    assert_eq!(t.waves.len(), 1);
    assert_eq!(t.waves[0].0.len(), 6);
    assert_eq!(*t.after(), board([&[], &[], &[2], &[3], &[]]));
}

#[test]
fn runs_of_four_and_five_vanish_whole() {
    let mut row = board([&[3], &[3], &[3], &[3], &[3]]);
    assert_eq!(resolve(&mut row), 1);
    assert!(row.is_empty());
    let mut col = board([&[2, 4, 4, 4, 4, 1], &[], &[], &[], &[]]);
    assert_eq!(resolve(&mut col), 1);
    assert_eq!(col, board([&[2, 1], &[], &[], &[], &[]]));
}

#[test]
fn cascade_of_three_waves() {
    // Wave 1: the 1s of row 3. Wave 2: column 0's 3s, now contiguous.
    // Wave 3: column 0's 5 falls into row 1 beside two 5s.
    let mut b = board([&[5, 3, 3, 1, 3, 5], &[6, 5, 6, 1], &[5, 5, 7, 1], &[], &[]]);
    assert_eq!(resolve(&mut b), 3);
    assert_eq!(b, board([&[5], &[6, 6], &[5, 7], &[], &[]]));
}

#[test]
fn nothing_vanishes_while_falling() {
    // Column 0's three 3s vanish; its 2 falls from row 3 to row 0 past row 1,
    // where it would have made 2 2 2. It lands in row 0 and nothing more goes.
    let mut b = board([&[3, 3, 3, 2], &[4, 2], &[5, 2], &[], &[]]);
    assert_eq!(resolve(&mut b), 1);
    assert_eq!(b, board([&[2], &[4, 2], &[5, 2], &[], &[]]));
}

#[test]
fn null_swap_changes_nothing() {
    let b = board([&[1, 2], &[3, 2], &[], &[], &[]]);
    assert_eq!(apply(&b, mv(0, 1, 1)).unwrap(), b);
}

#[test]
fn left_move_onto_a_block_is_the_neighbours_right_move() {
    let b = board([&[1, 2], &[3, 4, 5], &[2], &[], &[]]);
    assert_eq!(apply(&b, mv(1, 1, -1)), apply(&b, mv(0, 1, 1)));
}

#[test]
fn illegal_moves_are_typed() {
    let b = board([&[1], &[], &[], &[], &[2]]);
    assert_eq!(apply(&b, mv(0, 0, 0)), Err(Illegal::BadDirection { g: 0 }));
    assert_eq!(
        apply(&b, mv(5, 0, 1)),
        Err(Illegal::OffBoard { x: 5, y: 0 })
    );
    assert_eq!(
        apply(&b, mv(0, 7, 1)),
        Err(Illegal::OffBoard { x: 0, y: 7 })
    );
    assert_eq!(
        apply(&b, mv(-1, 0, 1)),
        Err(Illegal::OffBoard { x: -1, y: 0 })
    );
    assert_eq!(apply(&b, mv(1, 0, 1)), Err(Illegal::NoBlock { x: 1, y: 0 }));
    assert_eq!(apply(&b, mv(0, 1, 1)), Err(Illegal::NoBlock { x: 0, y: 1 }));
    assert_eq!(
        apply(&b, mv(0, 0, -1)),
        Err(Illegal::LeavesBoard { x: 0, y: 0, g: -1 })
    );
    assert_eq!(
        apply(&b, mv(4, 0, 1)),
        Err(Illegal::LeavesBoard { x: 4, y: 0, g: 1 })
    );
    assert_eq!(
        Illegal::NoBlock { x: 4, y: 2 }.to_string(),
        "there is no block at (4, 2)"
    );
}

#[test]
fn statement_sample_clears_in_three_moves() {
    let b = board([&[1], &[2, 1], &[2, 3, 4], &[3, 1], &[2, 4, 3, 4]]);
    let r = replay(
        &b,
        &[mv(2, 1, 1), mv(3, 1, 1), mv(3, 0, 1)],
        NullSwaps::Include,
    );
    assert_eq!(r.illegal, None);
    assert_eq!(r.boards.len(), 3);
    assert!(r.boards[2].is_empty());
}

#[test]
fn replay_stops_at_the_first_illegal_move() {
    let b = board([&[1], &[2, 1], &[2, 3, 4], &[3, 1], &[2, 4, 3, 4]]);
    let r = replay(
        &b,
        &[mv(2, 1, 1), mv(4, 6, 1), mv(3, 0, 1)],
        NullSwaps::Include,
    );
    assert_eq!(r.boards.len(), 1);
    assert_eq!(r.illegal, Some((1, Illegal::NoBlock { x: 4, y: 6 })));
    assert_eq!(r.last_board(&b), &r.boards[0]);
    assert_eq!(r.before(&b, 0), &b);
    assert_eq!(r.before(&b, 1), &r.boards[0]);
}

#[test]
fn a_null_swap_is_no_move_under_exclude() {
    let b = board([&[1], &[1], &[], &[], &[]]);
    assert!(check_move_under(&b, mv(0, 0, 1), NullSwaps::Include).is_ok());
    assert_eq!(
        check_move_under(&b, mv(0, 0, 1), NullSwaps::Exclude),
        Err(Illegal::NullSwap { colour: 1 })
    );
    let r = replay(&b, &[mv(0, 0, 1)], NullSwaps::Exclude);
    assert_eq!(r.illegal, Some((0, Illegal::NullSwap { colour: 1 })));
}

#[test]
fn trace_records_each_wave() {
    let b = board([&[1], &[2, 1], &[2, 3, 4], &[3, 1], &[2, 4, 3, 4]]);
    let t = trace(&b, mv(2, 1, 1)).unwrap();
    assert_eq!(t.shifted.get(3, 1), 3);
    assert_eq!(Some(t.after()), apply(&b, mv(2, 1, 1)).ok().as_ref());
    assert!(t.waves.iter().all(|(cells, _)| cells.len() >= 3));
}

#[test]
fn move_order_is_x_then_y_then_right_first() {
    let mut moves = [
        Move::new(1, 0, Dir::Left),
        Move::new(0, 3, Dir::Left),
        Move::new(1, 0, Dir::Right),
        Move::new(0, 3, Dir::Right),
        Move::new(0, 4, Dir::Right),
    ];
    moves.sort();
    let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(text, ["0 3 1", "0 3 -1", "0 4 1", "1 0 1", "1 0 -1"]);
}

#[test]
fn removing_marked_rows_at_once_matches_one_row_at_a_time() {
    // Every set of marks on a full column of seven distinct nibbles, and on
    // shorter columns (marks only where a block is).
    let full = 0x0765_4321;
    for height in 1..=HEIGHT {
        let word = full & ((1u32 << (4 * height)) - 1);
        for rows in 1u32..(1 << height) {
            let m = (0..height)
                .filter(|y| rows & (1 << y) != 0)
                .fold(0, |m, y| m | 1 << (4 * y));
            let one_by_one = (0..height)
                .rev()
                .filter(|y| rows & (1 << y) != 0)
                .fold(word, remove_row);
            assert_eq!(remove_rows(word, m), one_by_one, "{word:#x} {m:#x}");
        }
    }
}
