//! What a report says of each submission besides its results: what was
//! judged (the source, as found in the contest folder or as given, and the
//! layout it was found in), where CCF's collection would not have taken it,
//! and, in a word, why its score is what it is ([`Status`]): the column a
//! spreadsheet sorts a zero by.

use serde::{Deserialize, Serialize};

/// Why a submission scored what it did, in a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Run on its cases: its score is its results'.
    #[default]
    Judged,
    /// Its source did not compile.
    CompileError,
    /// Its source is empty (or white space only): nothing was compiled.
    EmptySource,
    /// No source of the problem was handed in.
    NoSource,
    /// More than one source of the problem.
    SeveralSources,
    /// A source, but not where the collection rules take one from (CCF's:
    /// `<id>/<problem>/<problem>.<ext>`, names in their case).
    Misplaced,
    /// The judge could not judge it (its fault, or the data's): not
    /// counted.
    NotJudged,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Status::Judged => "judged",
            Status::CompileError => "CE",
            Status::EmptySource => "empty source",
            Status::NoSource => "no source",
            Status::SeveralSources => "several sources",
            Status::Misplaced => "misplaced",
            Status::NotJudged => "not judged",
        })
    }
}

/// What was judged of a submission, and why its score is what it is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    #[serde(default)]
    pub status: Status,
    /// The source judged: relative to the contest folder for a
    /// contestant's (`GD-0119/mayan/mayan.cpp`), as given otherwise; the
    /// file found for one not judged because misplaced. Absent for a
    /// command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The layout a contestant's source was found in (`nested`, `flat`,
    /// `files`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
    /// Where CCF's collection would not have taken the source judged (a
    /// name in another case, a source outside `<problem>/`): judged all the
    /// same under the lenient rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outside_ccf: Option<String>,
}
