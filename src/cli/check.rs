//! `mayan check`: the special judge, in the protocol asked for. In the
//! plain protocol a plain answer file `X.ans` gives way to the dialect's own
//! file beside it, as `mayan judge` reads (`judge::answer_files`); the other
//! protocols read exactly the files their judge names.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::check::protocol::{self, Protocol};
use crate::check::{Accept, Policy};
use crate::judge::answer_files;
use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

#[derive(Args, Debug)]
#[command(after_help = crate::check::protocol::EXIT_HELP)]
pub struct CheckArgs {
    /// Calling convention; a binary named mayan-testlib, mayan-kattis,
    /// mayan-lemon, mayan-cms or mayan-check picks its own.
    #[arg(long, value_enum, value_name = "NAME", env = "MAYAN_PROTOCOL", default_value_t = Protocol::Plain)]
    pub protocol: Protocol,
    /// Accept only the smallest solution, or any valid one.
    #[arg(long, value_enum, value_name = "POLICY", env = "MAYAN_ACCEPT", default_value_t = Accept::Lexmin)]
    pub accept: Accept,
    /// Whether a swap of two equal colours counts as a move.
    #[arg(long, value_enum, value_name = "HOW", env = "MAYAN_NULL_SWAPS", default_value_t = NullSwaps::Include)]
    pub null_swaps: NullSwaps,
    /// Exactly n moves, or at most n.
    #[arg(long, value_enum, value_name = "HOW", env = "MAYAN_STEPS", default_value_t = Steps::Exact)]
    pub steps: Steps,
    /// Also write the case drawn as one self-contained HTML page to FILE:
    /// the output replayed on boards beside the smallest solution (plain
    /// protocol).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// The protocol's arguments, in its order (plain: INPUT OUTPUT and an optional ANSWER).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0.., value_name = "ARGS")]
    pub args: Vec<String>,
}

pub(super) fn check(args: &CheckArgs) -> u8 {
    let policy = Policy {
        accept: args.accept,
        dialect: Dialect::new(args.null_swaps, args.steps),
    };
    let protocol_args = match args.protocol {
        Protocol::Plain => with_dialect_answer(&args.args, policy.dialect),
        _ => args.args.clone(),
    };
    match &args.html {
        None => protocol::run(args.protocol, &protocol_args, policy),
        Some(html) if args.protocol == Protocol::Plain => {
            protocol::plain::run_drawn(&protocol_args, policy, html)
        }
        Some(_) => {
            eprintln!("mayan check: --html works with the plain protocol only");
            crate::exit::ERROR
        }
    }
}

/// The plain protocol's `INPUT OUTPUT ANSWER` with the answer file `mayan
/// judge` would read under `dialect` ([`answer_files::for_dialect`]): a
/// plain `X.ans` gives way to `X.exclude.ans` and the like, said on
/// standard error. Other arguments are left as they are.
fn with_dialect_answer(args: &[String], dialect: Dialect) -> Vec<String> {
    let mut args = args.to_vec();
    if let [_, output, answer] = args.as_mut_slice() {
        let read = answer_files::for_dialect(Path::new(answer), dialect);
        // Never the contestant's output taken for the answer.
        if read != Path::new(answer) && read != Path::new(output) {
            let read = read.display().to_string();
            eprintln!("mayan check: reading {read}, the answer file for {dialect}, not {answer}");
            *answer = read;
        }
    }
    args
}
