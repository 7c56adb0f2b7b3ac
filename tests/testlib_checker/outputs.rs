//! The outputs the differential tests try on a case: the reference answer
//! as it is and respaced, valid solutions that are not the smallest, legal
//! moves that do not clear the board, too few and too many moves, illegal
//! moves, `-1`, and malformed text (junk tokens, numbers out of range,
//! bytes that are not UTF-8, control and bidirectional characters, long
//! tokens, a byte order mark, cut-off moves, tokens after the answer).

use mayan_judge::puzzle::board::{Board, HEIGHT, WIDTH};
use mayan_judge::puzzle::case::Case;
use mayan_judge::puzzle::dialect::{Dialect, NullSwaps};
use mayan_judge::puzzle::rules::{RawMove, apply, check_move_under};
use mayan_judge::setter::random::Rng;
use mayan_judge::solver::Solver;

/// Tokens a careless or hostile contestant prints.
const JUNK: &[&str] = &[
    "x",
    "1.0",
    "+1",
    "-0",
    "007",
    "+",
    "-",
    "--1",
    "1e3",
    "0x1",
    "１",
    "99999999999999999999",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "[1]",
    "[",
    "]",
    "\u{1b}[31m",
    "a\u{202e}b",
    "\u{7f}",
    "\u{9b}",
    "\u{feff}1",
    "颜色",
    "\u{0}",
    "1\u{1}",
];

/// Separators, some of them Unicode whitespace that a token reader splits on.
const SPACES: &[&str] = &[
    " ", "\n", "\r\n", "\t", "  \n\n", "\u{b}", "\u{c}", "\u{85}", "\u{a0}", "\u{3000}",
    "\u{2028}", "\r",
];

fn text(moves: &[RawMove]) -> String {
    moves
        .iter()
        .map(|m| format!("{} {} {}\n", m.x, m.y, m.g))
        .collect()
}

/// Every legal move on `board` under `null_swaps`, in answer order.
fn legal_moves(board: &Board, null_swaps: NullSwaps) -> Vec<RawMove> {
    let mut all = Vec::new();
    for x in 0..WIDTH as i64 {
        for y in 0..HEIGHT as i64 {
            for g in [1, -1] {
                let m = RawMove { x, y, g };
                if check_move_under(board, m, null_swaps).is_ok() {
                    all.push(m);
                }
            }
        }
    }
    all
}

/// `k` random legal moves from the start (fewer when the board empties).
fn random_legal(case: &Case, k: usize, null_swaps: NullSwaps, rng: &mut Rng) -> Vec<RawMove> {
    let (mut board, mut moves) = (case.board, Vec::new());
    for _ in 0..k {
        let legal = legal_moves(&board, null_swaps);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.range(0, legal.len() as u64 - 1) as usize];
        board = apply(&board, m).expect("a legal move");
        moves.push(m);
    }
    moves
}

/// A solution whose first move is not the smallest's, when one exists: the
/// first legal first move after which the rest can be solved.
pub fn other_solution(
    case: &Case,
    d: Dialect,
    smallest: &[RawMove],
    solver: &mut Solver,
) -> Option<Vec<RawMove>> {
    let first = *smallest.first()?;
    for m in legal_moves(&case.board, d.null_swaps) {
        if m == first || case.n < 2 {
            continue;
        }
        let after = apply(&case.board, m).expect("a legal move");
        if let Some(rest) = solver.solve(&after, case.n - 1, d) {
            let mut moves = vec![m];
            moves.extend(rest.into_iter().map(RawMove::from));
            return Some(moves);
        }
    }
    None
}

fn respaced(text: &str, rng: &mut Rng) -> String {
    let mut out = String::new();
    if rng.range(0, 3) == 0 {
        out.push('\u{feff}');
    }
    for token in text.split_whitespace() {
        out.push_str(SPACES[rng.range(0, SPACES.len() as u64 - 1) as usize]);
        out.push_str(token);
    }
    out.push_str(SPACES[rng.range(0, SPACES.len() as u64 - 1) as usize]);
    out
}

fn pick<'a>(list: &[&'a str], rng: &mut Rng) -> &'a str {
    list[rng.range(0, list.len() as u64 - 1) as usize]
}

/// `text` with one token replaced, removed or added.
fn mutated(text: &str, rng: &mut Rng) -> String {
    let mut tokens: Vec<String> = text.split_whitespace().map(String::from).collect();
    let i = rng.range(0, tokens.len() as u64) as usize;
    let value = (rng.range(0, 11) as i64 - 2).to_string();
    match rng.range(0, 4) {
        0 if i < tokens.len() => tokens[i] = value,
        1 if i < tokens.len() => {
            tokens.remove(i);
        }
        2 => tokens.insert(i, pick(JUNK, rng).to_string()),
        3 => tokens.insert(i, value),
        _ => tokens.push("0 0 1".to_string()),
    }
    tokens.join(" ")
}

/// Random bytes, often not UTF-8.
fn noise(rng: &mut Rng) -> Vec<u8> {
    let len = rng.range(0, 40) as usize;
    (0..len).map(|_| rng.range(0, 255) as u8).collect()
}

/// The outputs tried on `case` whose smallest solution under `d` is
/// `reference` (`None`: -1).
pub fn outputs(
    case: &Case,
    d: Dialect,
    reference: Option<&[RawMove]>,
    rng: &mut Rng,
) -> Vec<Vec<u8>> {
    let n = usize::from(case.n);
    let answer = reference.map_or_else(|| "-1\n".to_string(), text);
    let mut out: Vec<String> = vec![
        answer.clone(),
        respaced(&answer, rng),
        mutated(&answer, rng),
        mutated(&mutated(&answer, rng), rng),
        "-1\n".to_string(),
        text(&random_legal(case, n, d.null_swaps, rng)),
        text(&random_legal(
            case,
            rng.range(0, n as u64 + 1) as usize,
            d.null_swaps,
            rng,
        )),
        format!("{answer}{}", pick(JUNK, rng)),
        String::new(),
    ];
    let cut = rng.range(0, answer.len() as u64) as usize;
    out.push(answer[..cut].to_string());
    let junk: Vec<&str> = (0..rng.range(1, 6)).map(|_| pick(JUNK, rng)).collect();
    out.push(junk.join(pick(SPACES, rng)));
    let long = "7".repeat(rng.range(20, 40) as usize);
    out.push(format!("{long} 0 1\n"));
    let mut bytes: Vec<Vec<u8>> = out.into_iter().map(String::into_bytes).collect();
    bytes.push(noise(rng));
    let mut digits = answer.into_bytes();
    digits.insert(
        rng.range(0, digits.len() as u64) as usize,
        rng.range(0x80, 0xff) as u8,
    );
    bytes.push(digits);
    bytes
}
