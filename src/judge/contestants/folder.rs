//! One contestant's folder: the one source of the problem in it and the
//! layout it was found in, or why there is none to judge (empty, misnamed,
//! several, a language not known, a link not followed); and where CCF's
//! collection would not take a source found. Read to a bound; a folder the
//! judge cannot read is its fault, not the contestant's.

use std::fs::DirEntry;
use std::path::{Path, PathBuf};

use super::{Absence, Layout, Lookup, MAX_ENTRIES, NoSource, file_name, is_problem};
use crate::config::languages::{known_extensions, recipe_for};

/// The entries of a folder, sorted, at most [`MAX_ENTRIES`]; a folder the
/// judge cannot read, or one on a pseudo file system (a link to `/sys`), is
/// its own fault.
fn listing(dir: &Path) -> Result<Vec<DirEntry>, NoSource> {
    if let Err(e) = crate::untrusted::walk::refuse_pseudo(dir) {
        return Err(NoSource {
            why: e.to_string(),
            judge_fault: true,
            kind: Absence::NoSource,
        });
    }
    let listed = std::fs::read_dir(dir).map_err(|e| NoSource {
        why: format!("the judge cannot read the folder: {e}"),
        judge_fault: true,
        kind: Absence::NoSource,
    })?;
    let mut entries = Vec::new();
    for entry in listed.filter_map(Result::ok) {
        if entries.len() == MAX_ENTRIES {
            let why = format!("the folder holds more than {MAX_ENTRIES} entries");
            return Err(why.into());
        }
        entries.push(entry);
    }
    entries.sort_by_key(DirEntry::file_name);
    Ok(entries)
}

/// The one source of the problem in a contestant's folder and the layout it
/// was found in, or why there is none to judge.
pub(super) fn source_in(dir: &Path, lookup: Lookup) -> Result<(PathBuf, Layout), NoSource> {
    let entries = listing(dir)?;
    let nested = entries
        .iter()
        .find(|e| e.file_name().to_string_lossy().to_lowercase() == lookup.problem.to_lowercase());
    let problem = lookup.problem;
    match (lookup.layout, nested) {
        (Layout::Flat, _) | (Layout::Auto, None) => Ok((pick(&entries, lookup)?, Layout::Flat)),
        (_, Some(sub)) if sub.file_type().is_ok_and(|t| t.is_symlink()) => {
            Err(format!("{problem}/ is a symbolic link, which the judge does not follow").into())
        }
        (_, Some(sub)) if sub.file_type().is_ok_and(|t| t.is_dir()) => {
            let within = |why: String| format!("{problem}/: {why}");
            let inner = listing(&sub.path()).map_err(|e| NoSource {
                why: within(e.why),
                ..e
            })?;
            let source = pick(&inner, lookup).map_err(|e| NoSource {
                why: within(e.to_string()),
                ..NoSource::from(e)
            })?;
            Ok((source, Layout::Nested))
        }
        (Layout::Auto, Some(_)) => Ok((pick(&entries, lookup)?, Layout::Flat)),
        _ => Err(format!(
            "no {problem}/ folder (layout nested: {problem}/{problem}.<ext>); {}",
            holds(&entries)
        )
        .into()),
    }
}

/// What a folder holds, for a message: its first names, and how many more.
fn holds(entries: &[DirEntry]) -> String {
    if entries.is_empty() {
        return "the folder is empty".to_string();
    }
    let names: Vec<String> = entries
        .iter()
        .take(5)
        .map(|e| file_name(&e.path()))
        .collect();
    let more = entries.len().saturating_sub(names.len());
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!("it holds {}{more}", names.join(", "))
}

/// Why a folder's entries give no one source of the problem: the
/// contestant's doing.
#[derive(Debug, thiserror::Error)]
enum NoPick {
    #[error("the folder is empty")]
    Empty,
    #[error("no {problem}.<ext>: {holds}")]
    Unnamed { problem: String, holds: String },
    #[error("{}: no language for this extension (known: {})", names.join(", "), known.join(", "))]
    UnknownLanguage {
        names: Vec<String>,
        known: Vec<String>,
    },
    #[error("several sources: {}", .0.join(", "))]
    Several(Vec<String>),
}

impl From<NoPick> for NoSource {
    fn from(no: NoPick) -> NoSource {
        let kind = match no {
            NoPick::Several(_) => Absence::Several,
            _ => Absence::NoSource,
        };
        NoSource {
            kind,
            ..NoSource::from(no.to_string())
        }
    }
}

/// Why CCF's collection would not take `source` from the contestant's
/// folder `folder`: it takes exactly `<problem>/<problem>.<ext>` below it,
/// every name in its case (NOI Linux's names are case-sensitive). `None`
/// when it would.
pub fn ccf_fault(folder: &Path, source: &Path, problem: &str) -> Option<String> {
    let below = source.strip_prefix(folder).unwrap_or(source);
    let parts: Vec<String> = (below.components())
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let expected = format!("CCF collects exactly {problem}/{problem}.<ext>");
    let stem = Path::new(parts.last()?)
        .file_stem()?
        .to_string_lossy()
        .into_owned();
    match parts.as_slice() {
        [_] => Some(format!("not in a folder {problem}/; {expected}")),
        [dir, _] if dir != problem => Some(format!(
            "the folder is {dir}/, not {problem}/; {expected}, names in their case"
        )),
        [_, file] if stem != problem => Some(format!(
            "the file is {file}, not {problem}.<ext>; {expected}, names in their case"
        )),
        [_, _] => None,
        _ => Some(expected),
    }
}

/// The one source of the problem among a folder's entries.
fn pick(entries: &[DirEntry], lookup: Lookup) -> Result<PathBuf, NoPick> {
    let problem = lookup.problem;
    let files = entries
        .iter()
        .filter(|e| !e.file_type().is_ok_and(|t| t.is_dir()));
    let named: Vec<PathBuf> = files
        .map(|e| e.path())
        .filter(|p| is_problem(p, problem))
        .collect();
    let known: Vec<&PathBuf> = named
        .iter()
        .filter(|p| recipe_for(p, lookup.languages).is_some())
        .collect();
    match (known.as_slice(), named.as_slice()) {
        ([one], _) => Ok((*one).clone()),
        ([], []) if entries.is_empty() => Err(NoPick::Empty),
        ([], []) => Err(NoPick::Unnamed {
            problem: problem.to_string(),
            holds: misnamed(entries, lookup),
        }),
        ([], found) => Err(NoPick::UnknownLanguage {
            names: found.iter().map(|p| file_name(p)).collect(),
            known: known_extensions(lookup.languages),
        }),
        (many, _) => Err(NoPick::Several(many.iter().map(|p| file_name(p)).collect())),
    }
}

/// What a folder with no source of the problem holds: the sources under
/// another name first (a misnamed file is the usual mistake), else its
/// entries.
fn misnamed(entries: &[DirEntry], lookup: Lookup) -> String {
    let sources: Vec<String> = entries
        .iter()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| recipe_for(p, lookup.languages).is_some())
        .map(|p| file_name(&p))
        .collect();
    match sources.as_slice() {
        [] => holds(entries),
        [one] => format!(
            "found {one}, a source under another name (a contest judges only {}.<ext>)",
            lookup.problem
        ),
        many => format!(
            "found {}, sources under other names (a contest judges only {}.<ext>)",
            many.join(", "),
            lookup.problem
        ),
    }
}
