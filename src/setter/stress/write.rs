//! What a stress run writes when asked: what was found as JSON (`--json`),
//! written whole through the reports' atomic writer
//! (`judge::report::reporters::write_whole`: a reader never sees half a
//! file), and the small failing case with its answer (`--save`). Not
//! responsible for checking the JSON path before the run (`run` does, with
//! `judge::report::outputs`), nor for what is shown (`words`).

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::StressError;
use super::judging::{Failure, Found};
use crate::judge::report::reporters::write_whole;

/// The JSON file of a stress run.
#[derive(Serialize)]
struct Summary<'a> {
    seed: u64,
    cases: u64,
    judged: u64,
    failure: &'a Option<Failure>,
    /// The signal that stopped the search (`SIGTERM`), if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<String>,
}

/// Writes what a run of `cases` cases drawn from `seed` found as JSON at
/// `path`, the failure `null` when there was none, and the signal that
/// stopped it (`stopped_by`) when one did.
pub fn write_json(
    path: &Path,
    (seed, cases): (u64, u64),
    found: &Found,
    stopped_by: Option<i32>,
) -> Result<(), StressError> {
    let summary = Summary {
        seed,
        cases,
        judged: found.judged,
        failure: &found.failure,
        stopped_by: stopped_by.map(crate::runner::signal_name),
    };
    // Through a JSON value: its keys in the order the file always had.
    let text = serde_json::to_value(&summary).and_then(|v| serde_json::to_string_pretty(&v));
    let written = text
        .map_err(std::io::Error::from)
        .and_then(|text| write_whole(path, (text + "\n").as_bytes()));
    written.map_err(|source| StressError::Json {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes a failure's small case and its answer as `DIR/NAME.in` and
/// `.ans`; returns the input's path.
pub fn save(dir: &Path, name: &str, failure: &Failure) -> Result<PathBuf, StressError> {
    let write = |path: PathBuf, text: &str| {
        std::fs::write(&path, text)
            .map(|()| path.clone())
            .map_err(|source| StressError::Write { path, source })
    };
    std::fs::create_dir_all(dir).map_err(|source| StressError::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    let input = write(dir.join(format!("{name}.in")), &failure.small)?;
    write(dir.join(format!("{name}.ans")), &failure.expected)?;
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_keeps_its_keys_in_order_and_says_null_for_no_failure() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let found = Found {
            judged: 3,
            failure: None,
        };
        write_json(&path, (7, 4), &found, None).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\n  \"cases\": 4,\n  \"failure\": null,\n  \"judged\": 3,\n  \"seed\": 7\n}\n"
        );
        let folder = dir.path().join("gone/s.json");
        let e = write_json(&folder, (7, 4), &found, None).unwrap_err();
        assert!(e.to_string().ends_with("gone/s.json: cannot write"), "{e}");
    }
}
