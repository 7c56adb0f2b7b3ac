//! `mayan report merge` as one call ([`write_merged`]): the report paths
//! checked (none of them over a report read, but `--json`, which may
//! replace the run's own report with the merged one), the reports read and put together, then shown and written by
//! the same reporters as a judging run's (`reporters::standard`), each
//! later report's note said first.

use std::path::PathBuf;

use super::{MergeError, Merged, Shard, merge_noting, read_report};
use crate::judge::event::{Event, Observer, Tone};
use crate::judge::report::outputs::{self, Inputs, OutputError, Outputs};
use crate::judge::report::reporters::{self, Display, Outcome};

/// Reports that cannot be put together, or written where asked.
#[derive(Debug, thiserror::Error)]
pub enum MergeRunError {
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Merge(#[from] MergeError),
}

/// Reads the reports at `paths`, puts them together, and shows and writes
/// the result as `outputs` asks, on the terminal as `display` does.
pub fn write_merged(
    paths: &[PathBuf],
    outputs: &Outputs,
    display: Display,
) -> Result<Outcome, MergeRunError> {
    outputs.check()?;
    let mut read = Inputs::default();
    for path in paths {
        read.file("a report read", path);
    }
    // Every report is read whole before any is written (and a merge keeps
    // no journal), so --json may name one of them; no other report may.
    let others = Outputs {
        json: None,
        ..outputs.clone()
    };
    others.check_inputs(&read)?;
    // Nor its temporary file: a report read there would be removed.
    if let Some(json) = &outputs.json {
        let tmp = outputs::tmp_path(json);
        if let Some((input, inside)) = read.hit_by(&tmp) {
            let (flag, input) = (outputs::TMP, input.clone());
            let path = tmp;
            return Err(OutputError::OverInput {
                flag,
                path,
                input,
                inside,
            }
            .into());
        }
    }
    let shards = (paths.iter())
        .map(|path| {
            let report = read_report(path)?;
            Ok(Shard {
                path: path.clone(),
                report,
            })
        })
        .collect::<Result<Vec<_>, MergeError>>()?;
    let Merged { report, rejudged } = merge_noting(shards)?;
    let mut reporters = reporters::standard(outputs, display);
    let notes: String = (rejudged.iter())
        .map(|note| format!("{}\n", crate::text::visible(&note.to_string())))
        .collect();
    if !notes.is_empty() {
        reporters.on(&Event::Said(Tone::Info, &notes));
    }
    reporters.on(&Event::Finished(&report));
    let written = reporters.close();
    Ok(Outcome { report, written })
}
