//! The sets of cpuacct, pids and freezer groups kept between runs: the pool
//! and their names.
//!
//! A kept set's name says which judge made it, `mayan-kept-NS-PID-START-N`
//! (see `leftovers`): a judge killed outright leaves its sets behind, with
//! whatever its runs left running in them, and the next judge's probe kills
//! that and removes them (see `v1`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{Members, remove_members};
use crate::runner::leftovers;

/// Emptied sets (the memory slot always `None`), waiting for a run; removed
/// when the last clone of the hierarchies and the last run's group are gone.
#[derive(Debug, Default)]
pub(super) struct Kept(Mutex<Vec<Members>>);

impl Kept {
    pub fn take(&self) -> Option<Members> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    pub fn put(&self, set: Members) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(set);
    }

    /// What `each` gives for every set kept now.
    pub fn map<T>(&self, each: impl Fn(&Members) -> T) -> Vec<T> {
        let sets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        sets.iter().map(each).collect()
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        let sets = self.0.get_mut().unwrap_or_else(|e| e.into_inner());
        for set in sets.drain(..) {
            remove_members(set);
        }
    }
}

/// The name of a new kept set of this judge, `mayan-kept-NS-PID-START-N`
/// (see `leftovers`), unique in this process.
pub fn set_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("mayan-kept-{}-{n}", leftovers::tag())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_sets_name_is_this_judges() {
        let (a, b) = (set_name(), set_name());
        assert_ne!(a, b);
        let this = leftovers::Judge::this().expect("/proc shows the tests");
        assert_eq!(leftovers::maker(&a).map(|(judge, _)| judge), Some(this));
        assert!(!leftovers::abandoned_group(&a), "this judge's is not swept");
    }
}
