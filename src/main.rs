use std::process::ExitCode;

use clap::Parser;
use mayan_judge::cli::{Cli, EXIT_ERROR, effective_args, run};

fn main() -> ExitCode {
    let cli = Cli::parse_from(effective_args(std::env::args_os().collect()));
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("mayan: {e:#}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}
