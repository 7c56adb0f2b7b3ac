//! The knobs asked of `mayan gen --kind` settled into the [`Options`] of one
//! kind, in one place: every knob is either honoured or refused with an
//! [`OptionsError`] naming its flag and the kind, never silently ignored.
//!
//! Not the knobs' syntax (the command line reads `--blocks 20-25`), nor
//! writing the cases (`write`).

use crate::puzzle::board::WIDTH;
use crate::setter::spec::{Kind, Options, Size, kind_name};

/// The knobs of `mayan gen --kind`, as asked: `None` where not asked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Knobs {
    /// `--n`: moves the cases ask for.
    pub n: Option<u8>,
    /// `--colours`: colours used at most.
    pub colours: Option<u8>,
    /// `--density`: the tallest a column may start.
    pub density: Option<u8>,
    /// `--blocks MIN-MAX`: the blocks on the board.
    pub blocks: Option<(u8, u8)>,
    /// `--waves`: the waves one move of a cascade must set off.
    pub waves: Option<u32>,
    /// `--robust`: only cases whose answer is the same in every dialect.
    pub robust: bool,
}

/// Knobs that do not fit the kind, each message naming the flag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error(
        "--waves {waves}: {} cases do not use it; only --kind cascade asks a move to set off waves",
        kind_name(*kind)
    )]
    WavesUnused { waves: u32, kind: Kind },
    #[error(
        "--robust keeps only cases with one answer in every dialect, and a \
         dialect-sensitive case is one without: give one or the other"
    )]
    RobustSensitive,
    #[error("--n 1: a fewer-than-n case is cleared in fewer than n moves, so n is at least 2")]
    FewerThanOne,
    #[error(
        "--n 1: no dialect-sensitive case asks for one move (no board is cleared in none, \
         and a null swap clears nothing), so n is at least 2"
    )]
    SensitiveInOne,
    #[error("--density {0}: a bottom-row case's blocks stand on the bottom row only (density 1)")]
    BottomRowDensity(u8),
    #[error(
        "--density {0}: a tower case starts with a column of 6 or 7 blocks; give --density 6 or 7"
    )]
    TowerDensity(u8),
    #[error("--blocks {}: {}", blocks_shown(*min, *max), no_room(*kind, *density))]
    BlocksOverRoom {
        kind: Kind,
        min: u8,
        max: u8,
        density: u8,
    },
    #[error(
        "--waves {waves}: a move of {waves} waves clears at least {} blocks, and these cases \
         hold at most {most} (--blocks, else 5 a move within --density); give more of --blocks, \
         --n or --density, or fewer --waves",
        3 * waves
    )]
    WavesOverRoom { waves: u32, most: u8 },
}

/// The options of `kind` from the knobs, or why the knobs do not fit it.
pub fn options(kind: Kind, knobs: &Knobs) -> Result<Options, OptionsError> {
    if let Some(waves) = knobs.waves.filter(|_| kind != Kind::Cascade) {
        return Err(OptionsError::WavesUnused { waves, kind });
    }
    if knobs.robust && kind == Kind::DialectSensitive {
        return Err(OptionsError::RobustSensitive);
    }
    if kind == Kind::FewerThanN && knobs.n == Some(1) {
        return Err(OptionsError::FewerThanOne);
    }
    if kind == Kind::DialectSensitive && knobs.n == Some(1) {
        return Err(OptionsError::SensitiveInOne);
    }
    let density = density(kind, knobs.density)?;
    let size = match knobs.blocks {
        Some((min, max)) => size(kind, (min, max), density)?,
        None => Size::Dense,
    };
    let options = Options {
        n: knobs.n,
        colours: knobs.colours.unwrap_or(4),
        density,
        waves: knobs.waves.unwrap_or(2),
        robust: knobs.robust,
        size,
    };
    if kind == Kind::Cascade {
        room_for_waves(&options)?;
    }
    Ok(options)
}

/// The tallest column `kind` starts with: `--density`, or 7 (1 for
/// `bottom-row`); refused where the kind cannot have it.
fn density(kind: Kind, given: Option<u8>) -> Result<u8, OptionsError> {
    match (kind, given) {
        (Kind::BottomRow, Some(d)) if d != 1 => Err(OptionsError::BottomRowDensity(d)),
        (Kind::BottomRow, _) => Ok(1),
        (Kind::Tower, Some(d)) if d < 6 => Err(OptionsError::TowerDensity(d)),
        (_, d) => Ok(d.unwrap_or(7)),
    }
}

/// `--blocks MIN-MAX` as a size, if such boards fit under `density`.
fn size(kind: Kind, (min, max): (u8, u8), density: u8) -> Result<Size, OptionsError> {
    let room = WIDTH as u8 * density;
    if min > room {
        return Err(OptionsError::BlocksOverRoom {
            kind,
            min,
            max,
            density,
        });
    }
    Ok(Size::Blocks {
        min,
        max: max.min(room),
    })
}

/// `--blocks` as given: `B`, or `MIN-MAX`.
fn blocks_shown(min: u8, max: u8) -> String {
    if min == max {
        min.to_string()
    } else {
        format!("{min}-{max}")
    }
}

/// Why boards of `kind` under `density` have no room for the blocks asked.
fn no_room(kind: Kind, density: u8) -> String {
    match kind {
        Kind::BottomRow => "a bottom-row case holds at most 5 blocks".to_string(),
        _ => format!(
            "columns of at most --density {density} hold {} blocks",
            WIDTH as u8 * density
        ),
    }
}

/// Refuses waves no case of these options can hold: each wave clears at
/// least three blocks.
fn room_for_waves(options: &Options) -> Result<(), OptionsError> {
    let n = options.n.unwrap_or(3);
    let (_, most) = options.size.blocks(n, options.density);
    if u32::from(most) < 3 * options.waves {
        return Err(OptionsError::WavesOverRoom {
            waves: options.waves,
            most,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unasked_knobs_give_each_kind_its_defaults() {
        let o = options(Kind::ExactlyN, &Knobs::default()).unwrap();
        assert_eq!(o, Options::default());
        let row = options(Kind::BottomRow, &Knobs::default()).unwrap();
        assert_eq!(row.density, 1);
        let blocks = Knobs {
            blocks: Some((20, 40)),
            density: Some(6),
            ..Knobs::default()
        };
        let o = options(Kind::Random, &blocks).unwrap();
        assert_eq!(o.size, Size::Blocks { min: 20, max: 30 }, "cut to the room");
    }

    #[test]
    fn knobs_that_do_not_fit_the_kind_are_refused_naming_the_flag() {
        let refused = |kind, knobs: Knobs| options(kind, &knobs).unwrap_err().to_string();
        let waves = Knobs {
            waves: Some(3),
            ..Knobs::default()
        };
        assert_eq!(
            refused(Kind::Cross, waves),
            "--waves 3: cross cases do not use it; only --kind cascade asks a move to set off waves"
        );
        let robust = Knobs {
            robust: true,
            ..Knobs::default()
        };
        assert!(refused(Kind::DialectSensitive, robust).starts_with("--robust keeps only"));
        let one = Knobs {
            n: Some(1),
            ..Knobs::default()
        };
        assert!(refused(Kind::FewerThanN, one).starts_with("--n 1: a fewer-than-n case"));
        assert!(refused(Kind::DialectSensitive, one).starts_with("--n 1: no dialect-sensitive"));
        let low = |d| Knobs {
            density: Some(d),
            ..Knobs::default()
        };
        assert!(refused(Kind::BottomRow, low(2)).starts_with("--density 2: a bottom-row case"));
        assert!(refused(Kind::Tower, low(5)).contains("give --density 6 or 7"));
        let blocks = |min, max, density| Knobs {
            blocks: Some((min, max)),
            density: Some(density),
            ..Knobs::default()
        };
        assert_eq!(
            refused(Kind::Random, blocks(11, 12, 2)),
            "--blocks 11-12: columns of at most --density 2 hold 10 blocks"
        );
        assert_eq!(
            refused(Kind::BottomRow, blocks(6, 6, 1)),
            "--blocks 6: a bottom-row case holds at most 5 blocks"
        );
        let many = Knobs {
            waves: Some(4),
            blocks: Some((6, 9)),
            ..Knobs::default()
        };
        assert!(
            refused(Kind::Cascade, many)
                .starts_with("--waves 4: a move of 4 waves clears at least 12 blocks, and these cases hold at most 9 ")
        );
    }
}
