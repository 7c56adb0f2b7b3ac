use std::process::ExitCode;

use clap::Parser;
use mayan_judge::cli::{Cli, check_parse_failure, effective_args, plain_solve, protocol_help, run};
use mayan_judge::exit;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(help) = protocol_help(&args) {
        print!("{help}");
        return ExitCode::SUCCESS;
    }
    let args = effective_args(args);
    let cli = match plain_solve(&args).map_or_else(|| Cli::try_parse_from(&args), Ok) {
        Ok(cli) => cli,
        // A checker's bad flag or setting is said the protocol's way.
        Err(e) => match check_parse_failure(&args, &e) {
            Some(code) => return ExitCode::from(code),
            None => e.exit(),
        },
    };
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        // The reader went away (`mayan ... | head`): stop quietly, as a
        // program killed by SIGPIPE would.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::from(exit::BROKEN_PIPE)
        }
        Err(e) => {
            let causes = e.chain().map(|c| c.to_string());
            let told = mayan_judge::text::error_chain(causes);
            eprintln!("mayan: {}", mayan_judge::text::visible(&told));
            ExitCode::from(exit::ERROR)
        }
    }
}
