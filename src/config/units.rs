//! Durations (`"3s"`, `"500ms"`, a bare number of seconds) and sizes
//! (`"128MiB"`, `"256M"`, `"64KiB"`, `"1GiB"`, a bare number of MiB) as
//! `judge.toml` and the command line write them, and both shown as people
//! read them.

use std::time::Duration;

/// A duration or size that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    #[error("`{0}` is not a duration: write \"3s\", \"500ms\" or a number of seconds")]
    NotADuration(String),
    #[error("`{0}` is out of range: more than 0, at most a day")]
    DurationOutOfRange(String),
    #[error("`{0}` is no time at all: give more than 0")]
    Zero(String),
    #[error("`{0}` is not a size: write \"128MiB\", \"256M\", \"64KiB\" or a number of MiB")]
    NotASize(String),
    #[error("`{0}` is too large")]
    SizeTooLarge(String),
}

/// Splits `"256 MiB"` into the number and the unit (lower case, spaces
/// between them allowed).
fn split_unit(text: &str) -> (&str, String) {
    let t = text.trim();
    let at = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(t.len());
    (t[..at].trim(), t[at..].trim().to_ascii_lowercase())
}

/// Parses `"3s"`, `"1.5s"`, `"500ms"`, `"2 min"`, and a bare number as
/// seconds (`"3"`).
pub fn parse_duration(text: &str) -> Result<Duration, UnitError> {
    let bad = || UnitError::NotADuration(text.to_string());
    let (number, unit) = split_unit(text);
    let scale = match unit.as_str() {
        "" | "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
        "ms" | "msec" => 1e-3,
        "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
        _ => return Err(bad()),
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    if value == 0.0 {
        return Err(UnitError::Zero(text.to_string()));
    }
    if !(value.is_finite() && value > 0.0 && value * scale <= 86_400.0) {
        return Err(UnitError::DurationOutOfRange(text.to_string()));
    }
    Ok(Duration::from_secs_f64(value * scale))
}

/// Parses `"128MiB"`, `"128M"`, `"128MB"`, `"64KiB"`, `"1GiB"`, `"4096B"`,
/// and a bare number as MiB (`"256"`), as judges and `oj` mean it; `KB`,
/// `MB` and `GB` are read as their binary twins, as judges commonly mean
/// them. Units in any case.
pub fn parse_size(text: &str) -> Result<u64, UnitError> {
    let bad = || UnitError::NotASize(text.to_string());
    let (number, unit) = split_unit(text);
    let scale: u64 = match unit.as_str() {
        "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "" | "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => return Err(bad()),
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    if !(value.is_finite() && value > 0.0) {
        return Err(bad());
    }
    let bytes = value * scale as f64;
    if bytes > (1u64 << 50) as f64 {
        return Err(UnitError::SizeTooLarge(text.to_string()));
    }
    Ok(bytes as u64)
}

/// A size as people read it: `128 MiB`, `64 KiB`, `100 B`.
pub fn show_size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b.is_multiple_of(1 << 30) => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b.is_multiple_of(1 << 20) => format!("{} MiB", b >> 20),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1 << 20) as f64),
        b if b >= 1 << 10 && b.is_multiple_of(1 << 10) => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}

/// A duration as people read it: `3 s`, `1.5 s`, `500 ms`.
pub fn show_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms >= 1000 && ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else if ms >= 1000 {
        format!("{:.1} s", d.as_secs_f64())
    } else {
        format!("{ms} ms")
    }
}

/// Serde adapters for the two forms.
pub mod serde_units {
    use serde::{Deserialize, Deserializer};

    /// A value as written: `"3s"`, or a bare number (`time = 1`), which
    /// means what the same number as text does.
    #[derive(Deserialize)]
    #[serde(
        untagged,
        expecting = "expected a duration (\"1s\", \"500ms\") or a size (\"256MiB\"): a string, or a number"
    )]
    enum Written {
        Text(String),
        Number(f64),
    }

    impl Written {
        fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
            Ok(match Written::deserialize(d)? {
                Written::Text(text) => text,
                Written::Number(n) => n.to_string(),
            })
        }
    }

    pub fn duration<'de, D: Deserializer<'de>>(d: D) -> Result<std::time::Duration, D::Error> {
        let text = Written::text(d)?;
        super::parse_duration(&text).map_err(serde::de::Error::custom)
    }

    pub fn optional_duration<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<std::time::Duration>, D::Error> {
        duration(d).map(Some)
    }

    pub fn size<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = Written::text(d)?;
        super::parse_size(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("3s"), Ok(Duration::from_secs(3)));
        assert_eq!(parse_duration("3"), Ok(Duration::from_secs(3)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("500 ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1min"), Ok(Duration::from_secs(60)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("fast").is_err());
        assert!(parse_duration("3h").is_err());
    }

    #[test]
    fn a_bare_number_in_the_configuration_means_what_the_text_does() {
        #[derive(serde::Deserialize)]
        struct Limits {
            #[serde(deserialize_with = "serde_units::duration")]
            time: Duration,
            #[serde(deserialize_with = "serde_units::size")]
            memory: u64,
        }
        let limits: Limits = toml::from_str("time = 1\nmemory = 256").unwrap();
        assert_eq!(limits.time, Duration::from_secs(1));
        assert_eq!(limits.memory, 256 << 20);
        let limits: Limits = toml::from_str("time = 0.5\nmemory = \"64KiB\"").unwrap();
        assert_eq!(limits.time, Duration::from_millis(500));
        assert_eq!(limits.memory, 64 << 10);
        let e = toml::from_str::<Limits>("time = true\nmemory = 1")
            .err()
            .unwrap();
        assert!(e.to_string().contains("expected a duration"), "{e}");
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("128MiB"), Ok(128 << 20));
        assert_eq!(parse_size("256"), Ok(256 << 20));
        assert_eq!(parse_size("256M"), Ok(256 << 20));
        assert_eq!(parse_size("256MB"), Ok(256 << 20));
        assert_eq!(parse_size("256 mib"), Ok(256 << 20));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("4096B"), Ok(4096));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("0MiB").is_err());
        assert!(parse_size("12 parsecs").is_err());
    }

    #[test]
    fn shown_as_people_read_them() {
        assert_eq!(show_size(128 << 20), "128 MiB");
        assert_eq!(show_size(1536 << 10), "1.5 MiB");
        assert_eq!(show_size(4096), "4 KiB");
        assert_eq!(show_duration(Duration::from_secs(3)), "3 s");
        assert_eq!(show_duration(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(show_duration(Duration::from_millis(500)), "500 ms");
    }
}
