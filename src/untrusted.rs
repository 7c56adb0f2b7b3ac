//! Reading what somebody else made (a contestant's output, a case, an answer
//! file, standard input): never more than a bound, so an endless or huge
//! input cannot exhaust the judge's memory.

use std::io::Read;
use std::path::Path;

/// Reads at most `limit` bytes; `None` when there was more.
pub fn read_bounded(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader.take(limit + 1).read_to_end(&mut bytes)?;
    Ok(if bytes.len() as u64 > limit {
        None
    } else {
        Some(bytes)
    })
}

/// Reads a file of at most `limit` bytes; `None` when it holds more.
pub fn read_file_bounded(path: &Path, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    read_bounded(std::fs::File::open(path)?, limit)
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
    }
}
