//! A share of a judging run, for running it on several machines: `K/N`
//! (shard `K` of `N`, counted from 1, as `cargo nextest --partition
//! count:K/N`) holds every `N`-th (submission, case) pair, dealt out in the
//! order of the run (each submission's cases in turn), so every pair is in
//! exactly one shard and the shards differ in size by at most one pair.
//!
//! Only which pair goes where is decided here: the session judges a share
//! (`Session::judge_part`) and `report::merge` puts the shards' reports back
//! together.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Shard `shard` of `of`, counted from 1. Read back from a report only
/// when `1 <= shard <= of` ([`Partition::new`]): a shard of 0 would divide
/// by zero where pairs are dealt out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Written")]
pub struct Partition {
    pub shard: u32,
    pub of: u32,
}

/// A partition as a report holds it, before it is checked.
#[derive(Deserialize)]
struct Written {
    shard: u32,
    of: u32,
}

impl TryFrom<Written> for Partition {
    type Error = PartitionError;

    fn try_from(w: Written) -> Result<Partition, PartitionError> {
        Partition::new(w.shard, w.of)
    }
}

/// A `--partition` value that is not `K/N` with `1 <= K <= N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartitionError {
    #[error("`{0}` is not K/N (shard K of N, as 2/3)")]
    Form(String),
    #[error("shard {shard} of {of} does not exist: K/N needs 1 <= K <= N")]
    OutOfRange { shard: u32, of: u32 },
}

impl Partition {
    /// Shard `shard` of `of`, when `1 <= shard <= of`.
    pub fn new(shard: u32, of: u32) -> Result<Partition, PartitionError> {
        if shard == 0 || shard > of {
            return Err(PartitionError::OutOfRange { shard, of });
        }
        Ok(Partition { shard, of })
    }

    /// Whether this shard judges case `case` of entry `entry`, in a run of
    /// `cases` cases per entry.
    pub fn holds(self, entry: usize, case: usize, cases: usize) -> bool {
        self.shard_of(entry * cases + case) == self.shard
    }

    /// The shard (counted from 1) that judges the `pair`-th pair of the run.
    fn shard_of(self, pair: usize) -> u32 {
        // Both fit: `of` is a u32 and the remainder is below it.
        (pair % self.of as usize) as u32 + 1
    }
}

impl FromStr for Partition {
    type Err = PartitionError;

    fn from_str(text: &str) -> Result<Partition, PartitionError> {
        let form = || PartitionError::Form(text.to_string());
        let (shard, of) = text.split_once('/').ok_or_else(form)?;
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| form());
        Partition::new(number(shard)?, number(of)?)
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.shard, self.of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shards(of: u32) -> Vec<Partition> {
        (1..=of).map(|k| Partition::new(k, of).unwrap()).collect()
    }

    #[test]
    fn every_pair_is_in_exactly_one_shard_and_shards_are_even() {
        for (entries, cases) in [(1, 1), (1, 38), (3, 38), (4, 7), (2, 1), (5, 3)] {
            for of in 1..=9 {
                let mut sizes = vec![0usize; of as usize];
                for e in 0..entries {
                    for c in 0..cases {
                        let holders: Vec<u32> = shards(of)
                            .into_iter()
                            .filter(|p| p.holds(e, c, cases))
                            .map(|p| p.shard)
                            .collect();
                        assert_eq!(holders.len(), 1, "{entries}x{cases} in {of}: {holders:?}");
                        sizes[holders[0] as usize - 1] += 1;
                    }
                }
                let (min, max) = (sizes.iter().min(), sizes.iter().max());
                assert!(max.unwrap() - min.unwrap() <= 1, "{sizes:?}");
            }
        }
    }

    #[test]
    fn the_same_partition_always_holds_the_same_pairs() {
        let p: Partition = "2/3".parse().unwrap();
        let held = |p: Partition| -> Vec<(usize, usize)> {
            (0..3)
                .flat_map(|e| (0..5).map(move |c| (e, c)))
                .filter(|&(e, c)| p.holds(e, c, 5))
                .collect()
        };
        assert_eq!(held(p), held(Partition::new(2, 3).unwrap()));
        assert_eq!(held(p), [(0, 1), (0, 4), (1, 2), (2, 0), (2, 3)]);
        assert_eq!(p.to_string(), "2/3");
    }

    // `"of": 0` in a shard's report panicked `report merge` (a remainder by
    // zero).
    #[test]
    fn a_partition_read_back_must_exist() {
        let read = |text: &str| serde_json::from_str::<Partition>(text).map_err(|e| e.to_string());
        assert_eq!(
            read(r#"{"shard": 2, "of": 3}"#),
            Ok(Partition { shard: 2, of: 3 })
        );
        for bad in [
            r#"{"shard": 1, "of": 0}"#,
            r#"{"shard": 0, "of": 0}"#,
            r#"{"shard": 0, "of": 2}"#,
            r#"{"shard": 3, "of": 2}"#,
        ] {
            let e = read(bad).unwrap_err();
            assert!(
                e.contains("does not exist: K/N needs 1 <= K <= N"),
                "{bad}: {e}"
            );
        }
        assert!(read(r#"{"shard": -1, "of": 2}"#).is_err());
        assert!(read(r#"{"shard": 1, "of": 4294967296}"#).is_err());
    }

    #[test]
    fn malformed_partitions_are_refused_with_the_reason() {
        assert_eq!("1/1".parse(), Partition::new(1, 1));
        for bad in ["", "3", "a/2", "1/", "/2", "1/2/3", "-1/2"] {
            assert_eq!(
                bad.parse::<Partition>(),
                Err(PartitionError::Form(bad.into()))
            );
        }
        assert_eq!(
            "0/2".parse::<Partition>().unwrap_err().to_string(),
            "shard 0 of 2 does not exist: K/N needs 1 <= K <= N"
        );
        assert!("3/2".parse::<Partition>().is_err());
        assert!("1/0".parse::<Partition>().is_err());
    }
}
