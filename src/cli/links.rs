//! `mayan links [DIR]`: the protocol-named checkers (`mayan-testlib`,
//! `mayan-kattis`, ...) made beside `mayan`, as symbolic links or copies,
//! for judges that call a checker by a fixed name and arguments. After
//! `cargo install` the binary is alone in `~/.cargo/bin`; this is the step
//! that gives it its other names. Making them is the library's
//! (`check::protocol::links`); this reads the flags and prints each made.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use crate::check::protocol::links::{Request, make_links};

#[derive(Args, Debug)]
#[command(after_help = crate::exit::HELP)]
pub struct LinksArgs {
    /// The folder to make them in [default: the folder of this `mayan`]
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Copy the binary instead of linking to it (for a judge that will not
    /// follow links, or a package moved to another machine)
    #[arg(long)]
    pub copy: bool,
    /// Replace files already there under those names
    #[arg(long)]
    pub force: bool,
}

pub(super) fn links_command(args: &LinksArgs) -> Result<u8> {
    let request = Request {
        dir: args.dir.as_deref(),
        binary: None,
        copy: args.copy,
        force: args.force,
    };
    let mut out = std::io::stdout().lock();
    let mut told = Ok(());
    make_links(&request, &mut |made| {
        if told.is_ok() {
            told = writeln!(out, "{made}");
        }
    })?;
    told?;
    Ok(crate::exit::SUCCESS)
}
