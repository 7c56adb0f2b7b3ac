//! Reading what somebody else made (a contestant's output, a case, an answer
//! file, standard input): never more than a bound, so an endless or huge
//! input cannot exhaust the judge's memory; and opening what a contestant
//! controls without following its links or blocking on its pipes, and what
//! a user names without blocking on a pipe either (`open`); a source with
//! other names only where its maker could read it (`links`); walking a
//! folder a user names within bounds (`walk`).

pub mod links;
pub mod open;
pub mod walk;

use std::io::Read;
use std::path::Path;

pub use links::{Allowed, open_source, source_link};
pub use open::{Opened, Refusal, open_beneath, open_named, open_regular};

/// The first bytes of a stream, at most `limit`, and whether there was
/// more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefix {
    pub bytes: Vec<u8>,
    pub truncated: bool,
}

/// Reads at most `limit` bytes, and one more to know whether there was more.
pub fn read_prefix(reader: impl Read, limit: u64) -> std::io::Result<Prefix> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    let truncated = bytes.len() as u64 > limit;
    bytes.truncate(limit as usize);
    Ok(Prefix { bytes, truncated })
}

/// The last `limit` bytes of a file of `size` bytes (all of a smaller one).
pub fn read_tail(mut file: std::fs::File, size: u64, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Seek, SeekFrom};
    file.seek(SeekFrom::Start(size.saturating_sub(limit)))?;
    Ok(read_prefix(file, limit)?.bytes)
}

/// Reads at most `limit` bytes; `None` when there was more.
pub fn read_bounded(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let prefix = read_prefix(reader, limit)?;
    Ok((!prefix.truncated).then_some(prefix.bytes))
}

/// Reads a file of at most `limit` bytes; `None` when it holds more. Only
/// a regular file is read (its links followed, [`open_named`]): a pipe or
/// a device is an error at once.
pub fn read_file_bounded(path: &Path, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let opened = open_named(path).map_err(Refusal::into_io)?;
    read_bounded(opened.file, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_reading_stops_past_the_limit() {
        assert_eq!(
            read_bounded(&b"12345"[..], 5).unwrap(),
            Some(b"12345".to_vec())
        );
        assert_eq!(read_bounded(&b"123456"[..], 5).unwrap(), None);
        let endless = std::io::repeat(b'7');
        assert_eq!(read_bounded(endless, 1000).unwrap(), None);
        let prefix = read_prefix(std::io::repeat(b'7'), 3).unwrap();
        assert_eq!(
            (prefix.bytes.as_slice(), prefix.truncated),
            (&b"777"[..], true)
        );
    }
}
