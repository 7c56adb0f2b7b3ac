use std::process::ExitCode;

use clap::Parser;
use mayan_judge::cli::{Cli, EXIT_ERROR, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("mayan: {e:#}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}
