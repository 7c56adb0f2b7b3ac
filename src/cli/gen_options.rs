//! `mayan gen`'s flags settled into the options of one kind, in one place:
//! every flag is either honoured or refused with a message naming it and the
//! kind, never silently ignored.

use anyhow::{Result, bail};

use super::gen_cases::GenArgs;
use crate::puzzle::board::WIDTH;
use crate::setter::kinds::{Kind, Options, Size, kind_name};

/// The options of `kind` from the flags, or why the flags do not fit it.
pub(super) fn options(kind: Kind, args: &GenArgs) -> Result<Options> {
    let name = kind_name(kind);
    if let Some(waves) = args.waves.filter(|_| kind != Kind::Cascade) {
        bail!(
            "--waves {waves}: {name} cases do not use it; only --kind cascade asks a move to set off waves"
        );
    }
    if args.robust && kind == Kind::DialectSensitive {
        bail!(
            "--robust keeps only cases with one answer in every dialect, and a \
             dialect-sensitive case is one without: give one or the other"
        );
    }
    if kind == Kind::FewerThanN && args.n == Some(1) {
        bail!("--n 1: a fewer-than-n case is cleared in fewer than n moves, so n is at least 2");
    }
    if kind == Kind::DialectSensitive && args.n == Some(1) {
        bail!(
            "--n 1: no dialect-sensitive case asks for one move (no board is cleared in none, \
             and a null swap clears nothing), so n is at least 2"
        );
    }
    let density = density(kind, args.density)?;
    let size = match args.blocks {
        Some((min, max)) => size(kind, (min, max), density)?,
        None => Size::Dense,
    };
    let options = Options {
        n: args.n,
        colours: args.colours.unwrap_or(4),
        density,
        waves: args.waves.unwrap_or(2),
        robust: args.robust,
        size,
    };
    if kind == Kind::Cascade {
        room_for_waves(&options)?;
    }
    Ok(options)
}

/// The tallest column `kind` starts with: `--density`, or 7 (1 for
/// `bottom-row`); refused where the kind cannot have it.
fn density(kind: Kind, given: Option<u8>) -> Result<u8> {
    match (kind, given) {
        (Kind::BottomRow, Some(d)) if d != 1 => bail!(
            "--density {d}: a bottom-row case's blocks stand on the bottom row only (density 1)"
        ),
        (Kind::BottomRow, _) => Ok(1),
        (Kind::Tower, Some(d)) if d < 6 => bail!(
            "--density {d}: a tower case starts with a column of 6 or 7 blocks; give --density 6 or 7"
        ),
        (_, d) => Ok(d.unwrap_or(7)),
    }
}

/// `--blocks MIN-MAX` as a size, if such boards fit under `density`.
fn size(kind: Kind, (min, max): (u8, u8), density: u8) -> Result<Size> {
    let room = WIDTH as u8 * density;
    let shown = if min == max {
        min.to_string()
    } else {
        format!("{min}-{max}")
    };
    if min > room {
        let why = match kind {
            Kind::BottomRow => "a bottom-row case holds at most 5 blocks".to_string(),
            _ => format!("columns of at most --density {density} hold {room} blocks"),
        };
        bail!("--blocks {shown}: {why}");
    }
    Ok(Size::Blocks {
        min,
        max: max.min(room),
    })
}

/// Refuses waves no case of these options can hold: each wave clears at
/// least three blocks.
fn room_for_waves(options: &Options) -> Result<()> {
    let n = options.n.unwrap_or(3);
    let (_, most) = options.size.blocks(n, options.density);
    if u32::from(most) < 3 * options.waves {
        bail!(
            "--waves {}: a move of {} waves clears at least {} blocks, and these cases hold at \
             most {most} (--blocks, else 5 a move within --density); give more of --blocks, \
             --n or --density, or fewer --waves",
            options.waves,
            options.waves,
            3 * options.waves
        );
    }
    Ok(())
}
