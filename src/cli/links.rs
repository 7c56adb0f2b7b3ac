//! `mayan links [DIR]`: the protocol-named checkers (`mayan-testlib`,
//! `mayan-kattis`, ...) made beside `mayan`, as symbolic links or copies,
//! for judges that call a checker by a fixed name and arguments. After
//! `cargo install` the binary is alone in `~/.cargo/bin`; this is the step
//! that gives it its other names.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use crate::check::protocol::PROGRAM_NAMES;

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
    let me = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .context("cannot find this program's own file")?;
    let dir = match &args.dir {
        Some(dir) => dir.clone(),
        None => me.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    if !dir.is_dir() {
        bail!("{}: not a folder", dir.display());
    }
    // Every name is checked before any is made: an error leaves nothing
    // half done.
    for (name, _) in PROGRAM_NAMES {
        check(&me, &dir.join(name), args)?;
    }
    let mut out = std::io::stdout().lock();
    for (name, _) in PROGRAM_NAMES {
        let path = dir.join(name);
        make(&me, &path, args)?;
        let how = if args.copy { "copy of" } else { "->" };
        writeln!(out, "{} {how} {}", path.display(), me.display())?;
    }
    Ok(crate::exit::SUCCESS)
}

/// True when `path` is already a link to `me`.
fn links_to_me(me: &Path, path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
        && std::fs::read_link(path).is_ok_and(|target| target == me)
}

/// Whether one name may be made: nothing there, a link to `me` already, or
/// (with `--force`) a file that is not a folder.
fn check(me: &Path, path: &Path, args: &LinksArgs) -> Result<()> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    if links_to_me(me, path) && !args.copy {
        return Ok(());
    }
    if !args.force {
        bail!("{} already exists; --force replaces it", path.display());
    }
    if meta.is_dir() {
        bail!("{} is a folder; not replacing it", path.display());
    }
    Ok(())
}

/// One name: a link to `me` (or a copy), refusing to replace a file that is
/// something else unless told to. A link to `me` already there is kept.
fn make(me: &Path, path: &Path, args: &LinksArgs) -> Result<()> {
    check(me, path, args)?;
    if links_to_me(me, path) && !args.copy {
        return Ok(());
    }
    if std::fs::symlink_metadata(path).is_ok() {
        std::fs::remove_file(path).with_context(|| format!("{}: cannot remove", path.display()))?;
    }
    let made = if args.copy {
        std::fs::copy(me, path).map(|_| ())
    } else {
        std::os::unix::fs::symlink(me, path)
    };
    made.with_context(|| format!("{}: cannot make", path.display()))
}
