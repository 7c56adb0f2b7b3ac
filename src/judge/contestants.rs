//! A folder of contestants judged in one go, in the layouts contest tools
//! use ([`Layout`]): LemonLime's `DIR/<contestant>/<problem>.<ext>`, the
//! CCF NOI/NOIP layout of Arbiter and NOI Linux (also LemonLime's sub-folder
//! option) `DIR/<contestant>/<problem>/<problem>.<ext>`, and a class folder
//! of files named after the students, `DIR/<student>.<ext>`. The problem's
//! name matches in any case (`Mayan.CPP`); the language is chosen by the
//! extension (configured languages count).
//!
//! A contestant with no such source, or with several, is still listed with
//! the reason (naming the files seen, so a misnamed `maya.cpp` is pointed
//! at), so the score table shows everyone; an entry of the folder that is no
//! contestant (a stray file, a hidden folder) is skipped with the reason.
//! The folders are the contestants': a link is not followed, and every
//! folder is read up to a bound.

use std::collections::BTreeMap;
use std::fs::DirEntry;
use std::path::{Path, PathBuf};

pub use crate::config::Layout;
use crate::config::languages::recipe_for;
use crate::config::{Languages, Origin, Submission};
use crate::runner::signals;
use crate::untrusted::walk::{WalkError, refuse_pseudo};
pub use folder::ccf_fault;
use folder::source_in;

/// Entries read from one contestant's folder at most.
pub const MAX_ENTRIES: usize = 1000;

/// Entries read from the contest folder at most.
pub const MAX_CONTESTANTS: usize = 20_000;

/// A contestant whose folder does not hold exactly one source of the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub name: String,
    pub why: String,
    /// The judge could not read the folder: its fault, not the contestant's.
    pub judge_fault: bool,
    /// What kind of absence it is, for the reports' status.
    pub kind: Absence,
}

/// Why a contestant has no source to judge, as the reports' status says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Absence {
    /// Nothing of the problem's name (an empty folder, a misnamed file, a
    /// language not known, a link not followed).
    #[default]
    NoSource,
    /// More than one source of the problem.
    Several,
    /// A source of the problem, but not where the collection rules take it
    /// from (CCF's: exactly `<id>/<problem>/<problem>.<ext>`).
    Misplaced,
}

impl Missing {
    /// A contestant without a source through its own doing.
    fn new(name: String, why: String, kind: Absence) -> Missing {
        Missing {
            name,
            why,
            judge_fault: false,
            kind,
        }
    }
}

/// Why a contestant's folder gives no source, and whose fault that is.
#[derive(Debug)]
pub(crate) struct NoSource {
    pub(crate) why: String,
    pub(crate) judge_fault: bool,
    pub(crate) kind: Absence,
}

impl From<String> for NoSource {
    /// The contestant's own doing.
    fn from(why: String) -> NoSource {
        NoSource {
            why,
            judge_fault: false,
            kind: Absence::NoSource,
        }
    }
}

/// A contestant found with a source, and where it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub submission: Submission,
    /// The source, relative to the contest folder, as `amy/mayan/mayan.cpp`.
    pub seen: String,
    /// The layout the source was found in (never `Auto`).
    pub layout: Layout,
    /// Where CCF's collection rules would not have taken it (a name in
    /// another case, a source not in `<problem>/`): judged all the same
    /// under the lenient rules, and said in every report.
    pub outside_ccf: Option<String>,
    /// A source with other names (a contest copied with `cp -al`): why it
    /// is read, or why it will be CE (`untrusted::links`).
    pub link: Option<LinkNote>,
}

/// What the listing says of a source with other names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkNote {
    /// Read: whoever could make the link could read the file.
    Read(crate::untrusted::Allowed),
    /// Refused: it will be CE, saying so.
    Refused(crate::untrusted::links::Foreign),
}

impl std::fmt::Display for LinkNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkNote::Read(allowed) => write!(f, "{allowed}"),
            LinkNote::Refused(foreign) => write!(f, "CE: the source {foreign}"),
        }
    }
}

/// An entry of the contest folder that is no contestant, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub entry: String,
    pub why: String,
}

/// Everyone in a contest folder: the contestants with a source, those
/// without one (with the reason), and the entries that are no contestant.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Contest {
    pub found: Vec<Found>,
    pub missing: Vec<Missing>,
    pub skipped: Vec<Skipped>,
}

/// The contest folder cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ContestError {
    #[error(
        "{}: cannot read the contestants: {source}{}",
        path.display(),
        if source.kind() == std::io::ErrorKind::NotFound {
            "; give the folder that holds the contestants' folders (--contestants DIR, or \
             [contestants] path in judge.toml)"
        } else {
            ""
        }
    )]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: more than {MAX_CONTESTANTS} entries; is it the contest folder?", path.display())]
    TooMany { path: PathBuf },
    #[error(
        "{}: holds {source_name} itself, so it is one contestant's folder, not the contest's: \
         give the folder that holds the contestants' folders, or judge the file alone \
         (`mayan judge {}`)",
        path.display(), path.join(source_name).display()
    )]
    OneContestant { path: PathBuf, source_name: String },
    #[error(
        "{}: its one contestant would be {folder}/, the problem's own folder, so it is one \
         contestant's folder (as GD-0001 holding {folder}/{folder}.cpp), not the contest's: \
         give the folder that holds the contestants' folders",
        path.display()
    )]
    ProblemFolder { path: PathBuf, folder: String },
    #[error(transparent)]
    Walk(#[from] WalkError),
}

/// What a contest folder is read with.
#[derive(Debug, Clone, Copy)]
pub struct Lookup<'a> {
    /// The source's name without its extension, and the nested folder's.
    pub problem: &'a str,
    pub layout: Layout,
    pub languages: &'a Languages,
    pub rules: Collection,
}

/// Which sources a contest folder's contestants are judged from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Collection {
    /// The source of the problem wherever the layout finds it, its name in
    /// any case (`Mayan.CPP`, `<id>/mayan.cpp` beside `<id>/mayan/`); what
    /// CCF would not collect is judged and said so.
    #[default]
    Lenient,
    /// CCF's rules for NOI and NOIP (NOI Linux's names are case-sensitive):
    /// exactly `<id>/<problem>/<problem>.<ext>`; anything else is not
    /// judged, and said why.
    Ccf,
}

/// The contestants under `folder`, each list sorted by name; a folder on a
/// pseudo file system (`/sys`) is refused, and a SIGINT or SIGTERM stops
/// the listing.
pub fn contestants(folder: &Path, lookup: Lookup) -> Result<Contest, ContestError> {
    let read = |source| ContestError::Read {
        path: folder.to_path_buf(),
        source,
    };
    refuse_pseudo(folder)?;
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(read)? {
        if let Some(signal) = signals::received() {
            let root = folder.to_path_buf();
            return Err(WalkError::Stopped { root, signal }.into());
        }
        if entries.len() == MAX_CONTESTANTS {
            return Err(ContestError::TooMany {
                path: folder.to_path_buf(),
            });
        }
        entries.push(entry.map_err(read)?);
    }
    entries.sort_by_key(DirEntry::file_name);
    let mut contest = Contest::default();
    let mut files: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    let mut own_source = None;
    for entry in entries {
        // Shown as a row of every table: one line, whatever its bytes.
        let name = crate::text::name_of(&entry.file_name());
        let kind = entry.file_type().map_err(read)?;
        if name.starts_with('.') {
            contest.skip(&name, "a hidden entry");
        } else if kind.is_dir() || (kind.is_symlink() && entry.path().is_dir()) {
            contest.folder(&entry, &name, lookup);
        } else if !matches!(lookup.layout, Layout::Auto | Layout::Files) {
            contest.skip(&name, &format!("not a folder (layout {})", lookup.layout));
        } else if recipe_for(&entry.path(), lookup.languages).is_none() {
            contest.skip(&name, "not a folder, nor a source in a known language");
        } else if is_problem(&entry.path(), lookup.problem) && lookup.layout == Layout::Auto {
            contest.skip(&name, "the problem's source itself, not a contestant's");
            own_source.get_or_insert(name);
        } else {
            let stem = entry.path().file_stem().map(crate::text::name_of);
            files
                .entry(stem.unwrap_or_default())
                .or_default()
                .push(entry.path());
        }
    }
    contest.files(folder, files, lookup);
    contest.merge_namesakes();
    if let Some(source_name) = own_source.filter(|_| contest.is_empty()) {
        return Err(ContestError::OneContestant {
            path: folder.to_path_buf(),
            source_name,
        });
    }
    if let Some(own) = contest.problem_folder_alone(lookup.problem) {
        let path = folder.to_path_buf();
        return Err(ContestError::ProblemFolder { path, folder: own });
    }
    contest
        .found
        .sort_by(|a, b| a.submission.name.cmp(&b.submission.name));
    contest.missing.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(contest)
}

impl Contest {
    /// The name of the one contestant, when it is named as the problem
    /// (`mayan`, `Mayan`): the folder read was then a contestant's own,
    /// holding its `mayan/` folder.
    fn problem_folder_alone(&self, problem: &str) -> Option<String> {
        let name = match (self.found.as_slice(), self.missing.as_slice()) {
            ([one], []) => &one.submission.name,
            ([], [one]) => &one.name,
            _ => return None,
        };
        name.eq_ignore_ascii_case(problem).then(|| name.clone())
    }

    /// True when the folder holds no contestant at all.
    pub fn is_empty(&self) -> bool {
        self.found.is_empty() && self.missing.is_empty()
    }

    /// What was found, a line each, for a terminal (names escaped): every
    /// contestant with the source seen or the reason there is none, then
    /// every entry skipped.
    pub fn listing(&self) -> String {
        self.listed(true)
    }

    /// The listing, with or without the contestants whose source was found
    /// (a contest of hundreds lists only those it has something to say
    /// of).
    pub fn listed(&self, found_too: bool) -> String {
        use crate::text::{pad, visible, width};
        let names = self.found.iter().map(|f| f.submission.name.as_str());
        let names = names.chain(self.missing.iter().map(|m| m.name.as_str()));
        let column = names.map(|n| width(&visible(n))).max().unwrap_or(0).max(8);
        let mut lines: Vec<(String, String)> = Vec::new();
        for f in &self.found {
            let mut line = format!("{} ({})", visible(&f.seen), f.layout);
            if let Some(fault) = &f.outside_ccf {
                line += &format!("; judged, though {fault}");
            }
            let refused = matches!(f.link, Some(LinkNote::Refused(_)));
            if let Some(link) = f.link.as_ref().filter(|_| found_too || refused) {
                line += &format!("; {link}");
            }
            if !found_too && f.outside_ccf.is_none() && !refused {
                continue;
            }
            lines.push((f.submission.name.clone(), line));
        }
        for m in &self.missing {
            let what = match m.kind {
                Absence::Misplaced => "misplaced",
                Absence::NoSource => "no source",
                Absence::Several => "not judged",
            };
            lines.push((m.name.clone(), format!("{what}: {}", visible(&m.why))));
        }
        lines.sort();
        let mut out = String::new();
        for (name, line) in lines {
            out += &format!("  {}  {line}\n", pad(&visible(&name), column));
        }
        for s in &self.skipped {
            let what = format!("{}: {}", visible(&s.entry), s.why);
            out += &format!("  {}  {what}\n", pad("skipped", column));
        }
        if !found_too {
            out += &self.links_read();
        }
        out
    }

    /// One line for the sources with other names that are read, where the
    /// listing does not name every source (a copy made with `cp -al`).
    fn links_read(&self) -> String {
        let read = (self.found.iter())
            .filter(|f| matches!(f.link, Some(LinkNote::Read(_))))
            .count();
        match read {
            0 => String::new(),
            n => format!(
                "  {}: read, as whoever could make each link could read the file \
                 (a copy made with `cp -al`?)\n",
                crate::text::plural(n, "hard-linked source")
            ),
        }
    }

    fn skip(&mut self, entry: &str, why: &str) {
        self.skipped.push(Skipped {
            entry: entry.to_string(),
            why: why.to_string(),
        });
    }

    /// A contestant's folder (or a link standing for one).
    fn folder(&mut self, entry: &DirEntry, name: &str, lookup: Lookup) {
        if lookup.layout == Layout::Files {
            return self.skip(name, "a folder (layout files: a source per student)");
        }
        let found = match entry.file_type().is_ok_and(|t| t.is_symlink()) {
            true => Err(NoSource::from(
                "the folder is a symbolic link, which the judge does not follow".to_string(),
            )),
            false => source_in(&entry.path(), lookup),
        };
        let found = found.map(|(source, layout)| {
            let seen = shown_below(Path::new(name), &entry.path(), &source);
            let outside_ccf = ccf_fault(&entry.path(), &source, lookup.problem);
            (source, layout, seen, outside_ccf)
        });
        match found {
            Ok((_, _, seen, Some(fault))) if lookup.rules == Collection::Ccf => {
                let why = format!("found {seen}, not judged: {fault}");
                self.missing
                    .push(Missing::new(name.into(), why, Absence::Misplaced));
            }
            Ok((source, layout, seen, outside_ccf)) => self.found.push(Found {
                seen,
                link: link_note(&source),
                submission: contestant(name, source),
                layout,
                outside_ccf,
            }),
            Err(no) => self.missing.push(Missing {
                name: name.to_string(),
                why: no.why,
                judge_fault: no.judge_fault,
                kind: no.kind,
            }),
        }
    }

    /// A folder `amy/` and a source `amy.cpp` beside it are one contestant
    /// with two entries: listed once, without a source, saying so.
    fn merge_namesakes(&mut self) {
        let names = (self.found.iter().map(|f| &f.submission.name))
            .chain(self.missing.iter().map(|m| &m.name));
        let mut seen = std::collections::BTreeSet::new();
        let twice: Vec<String> = names.filter(|n| !seen.insert(*n)).cloned().collect();
        for name in twice {
            self.found.retain(|f| f.submission.name != name);
            self.missing.retain(|m| m.name != name);
            let why = format!("several entries: the folder {name}/ and a source {name}.<ext>");
            self.missing.push(Missing::new(name, why, Absence::Several));
        }
    }

    /// The sources at the top of the folder, a student each by the stem
    /// (under CCF's rules, a source there is no contestant's collected
    /// one).
    fn files(&mut self, folder: &Path, files: BTreeMap<String, Vec<PathBuf>>, lookup: Lookup) {
        for (name, mut sources) in files {
            if sources.len() > 1 {
                let names: Vec<String> = sources.iter().map(|p| file_name(p)).collect();
                let why = format!("several sources: {}", names.join(", "));
                self.missing.push(Missing::new(name, why, Absence::Several));
                continue;
            }
            let Some(source) = sources.pop() else {
                continue;
            };
            let seen = shown_below(Path::new(""), folder, &source);
            if lookup.rules == Collection::Ccf {
                let problem = lookup.problem;
                let why = format!(
                    "found {seen}, not judged: a source at the top of the contest folder, \
                     where CCF collects exactly <id>/{problem}/{problem}.<ext>"
                );
                self.missing
                    .push(Missing::new(name, why, Absence::Misplaced));
                continue;
            }
            self.found.push(Found {
                seen,
                link: link_note(&source),
                submission: contestant(&name, source),
                layout: Layout::Files,
                outside_ccf: None,
            });
        }
    }
}

/// What the listing says of a source with other names: why it is read, or
/// why it will be CE; nothing for a file with one name (or one the
/// compile step will refuse for another reason, saying so).
fn link_note(source: &Path) -> Option<LinkNote> {
    use crate::untrusted::{Refusal, source_link};
    match source_link(source) {
        Ok(allowed) => allowed.map(LinkNote::Read),
        Err(Refusal::ForeignLink(foreign)) => Some(LinkNote::Refused(foreign)),
        Err(_) => None,
    }
}

fn contestant(name: &str, source: PathBuf) -> Submission {
    Submission {
        name: name.to_string(),
        command: None,
        source: Some(source),
        origin: Origin::Contestant,
    }
}

/// `source` as seen from the contest folder: `prefix` then its path below
/// `folder`.
fn shown_below(prefix: &Path, folder: &Path, source: &Path) -> String {
    let below = source.strip_prefix(folder).unwrap_or(source);
    crate::text::name_of(prefix.join(below).as_os_str())
}

/// The file name of `path` as a name to show ([`crate::text::name_of`]).
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map_or(String::new(), crate::text::name_of)
}

/// True when `path`'s stem is the problem's name, in any case: by the
/// contest's convention, a contestant's source.
pub fn is_problem(path: &Path, problem: &str) -> bool {
    path.file_stem()
        .is_some_and(|s| s.to_string_lossy().to_lowercase() == problem.to_lowercase())
}

/// The name of a source named on the command line: its file name, or, when
/// that is the problem's (`alice/mayan/mayan.cpp`), the nearest folder
/// above it not named after the problem (`alice`).
pub fn source_name(source: &Path, problem: &str) -> String {
    if !is_problem(source, problem) {
        return file_name(source);
    }
    let absolute = std::path::absolute(source).unwrap_or_else(|_| source.to_path_buf());
    absolute
        .ancestors()
        .skip(1)
        .filter_map(Path::file_name)
        .map(crate::text::name_of)
        .find(|n| n.to_lowercase() != problem.to_lowercase())
        .unwrap_or_else(|| file_name(source))
}

mod folder;

#[cfg(test)]
mod tests;
