//! The `mayan` binary: the command line goes to the library's one entry
//! (`cli::main`), whose answer is the exit code.

fn main() -> std::process::ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    std::process::ExitCode::from(mayan_judge::cli::main(args))
}
