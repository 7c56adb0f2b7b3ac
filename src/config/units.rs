//! Durations (`"3s"`, `"500ms"`) and sizes (`"128MiB"`, `"64KiB"`, `"1GiB"`,
//! plain bytes) as `judge.toml` and the command line write them.

use std::time::Duration;

/// A duration or size that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    #[error("`{0}` is not a duration: write \"3s\" or \"500ms\"")]
    NotADuration(String),
    #[error("`{0}` is out of range: more than 0, at most a day")]
    DurationOutOfRange(String),
    #[error("`{0}` is not a size: write \"128MiB\", \"64KiB\" or a number of bytes")]
    NotASize(String),
    #[error("`{0}` is too large")]
    SizeTooLarge(String),
}

/// Parses `"3s"`, `"1.5s"`, `"500ms"`.
pub fn parse_duration(text: &str) -> Result<Duration, UnitError> {
    let t = text.trim();
    let bad = || UnitError::NotADuration(text.to_string());
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else {
        return Err(bad());
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if !(value.is_finite() && value > 0.0 && value * scale <= 86_400.0) {
        return Err(UnitError::DurationOutOfRange(text.to_string()));
    }
    Ok(Duration::from_secs_f64(value * scale))
}

/// Parses `"128MiB"`, `"64KiB"`, `"1GiB"`, `"4096"` (bytes); `MB`, `KB`, `GB`
/// are read as their binary twins, as judges commonly mean them.
pub fn parse_size(text: &str) -> Result<u64, UnitError> {
    let t = text.trim();
    let units: [(&str, u64); 7] = [
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
        ("GB", 1 << 30),
        ("MB", 1 << 20),
        ("KB", 1 << 10),
        ("B", 1),
    ];
    let (number, scale) = units
        .iter()
        .find_map(|&(unit, scale)| t.strip_suffix(unit).map(|n| (n, scale)))
        .unwrap_or((t, 1));
    let bad = || UnitError::NotASize(text.to_string());
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if !(value.is_finite() && value > 0.0) {
        return Err(bad());
    }
    let bytes = value * scale as f64;
    if bytes > (1u64 << 50) as f64 {
        return Err(UnitError::SizeTooLarge(text.to_string()));
    }
    Ok(bytes as u64)
}

/// Serde adapters for the two forms.
pub mod serde_units {
    use serde::{Deserialize, Deserializer};

    pub fn duration<'de, D: Deserializer<'de>>(d: D) -> Result<std::time::Duration, D::Error> {
        let text = String::deserialize(d)?;
        super::parse_duration(&text).map_err(serde::de::Error::custom)
    }

    pub fn size<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        super::parse_size(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("3s"), Ok(Duration::from_secs(3)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert!(parse_duration("3").is_err());
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("fast").is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("128MiB"), Ok(128 << 20));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("256MB"), Ok(256 << 20));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("0MiB").is_err());
    }
}
