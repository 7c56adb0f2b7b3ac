//! `mayan check`: the special judge, in the protocol asked for.

use clap::Args;

use crate::check::protocol::{self, Protocol};
use crate::check::{Accept, Policy};
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
    /// The protocol's arguments, in its order (plain: INPUT OUTPUT and an optional ANSWER).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0.., value_name = "ARGS")]
    pub args: Vec<String>,
}

pub(super) fn check(args: &CheckArgs) -> u8 {
    let policy = Policy {
        accept: args.accept,
        dialect: Dialect::new(args.null_swaps, args.steps),
    };
    protocol::run(args.protocol, &args.args, policy)
}
