//! What a command reads ([`Inputs`]: the configuration, the cases and
//! answers, the suites' and the contest's folders, the sources, the files
//! a checker is given), which nothing it writes may replace or land in: `--json s/a.ans` would replace an
//! answer, `--csv judge.toml` the configuration, `--junit
//! c/alice/mayan.c` a contestant's source, and a report inside a suite or
//! a contest folder would be read as part of it by the next run.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

mod aliases;
pub use aliases::{aliased_by, linked_in_open};

/// One thing a command reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// What it is, as a sentence names it: "the configuration", "the
    /// folder of suite `s`".
    pub what: String,
    pub path: PathBuf,
    /// A folder: nothing may be written anywhere inside it.
    pub folder: bool,
    /// A folder only for what will be written in it (a report not there
    /// yet): what lies inside it exposes nothing of it.
    pub to_come: bool,
    /// A folder whose files may have other names (a contest copied with
    /// hard links, `cp -al`): what a contestant's link may reach is
    /// `untrusted::links`'s to decide, not a reason to refuse the folder.
    pub linked_ok: bool,
}

/// Everything a command reads (see the module's docs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inputs(Vec<Input>);

impl Inputs {
    /// No input at all.
    pub fn none() -> &'static Inputs {
        static NONE: Inputs = Inputs(Vec::new());
        &NONE
    }

    /// Adds a file read.
    pub fn file(&mut self, what: impl Into<String>, path: &Path) {
        self.push(what.into(), path, false);
    }

    /// Adds a folder read, and so everything inside it.
    pub fn folder(&mut self, what: impl Into<String>, path: &Path) {
        self.push(what.into(), path, true);
    }

    /// Adds the folder a file not there yet will be written in: guarded
    /// as the file's place, but a folder inside it exposes nothing.
    pub fn folder_to_come(&mut self, what: impl Into<String>, path: &Path) {
        self.push(what.into(), path, true).to_come = true;
    }

    /// Adds a file or folder whose files may have other names (see
    /// [`Input::linked_ok`]): the contest folder, a source.
    pub fn linked(&mut self, what: impl Into<String>, path: &Path, folder: bool) {
        self.push(what.into(), path, folder).linked_ok = true;
    }

    /// Adds an input as it is.
    pub fn add(&mut self, input: Input) {
        self.0.push(input);
    }

    /// Adds the files a command names (its program, a script it is given).
    pub fn command(&mut self, command: &[String]) {
        for word in command.iter().filter(|w| Path::new(w).is_file()) {
            self.file("a file of the command", Path::new(word));
        }
    }

    /// Adds an input and hands it back, to be marked.
    fn push(&mut self, what: String, path: &Path, folder: bool) -> &mut Input {
        let mut input = Input::file(what, path.to_path_buf());
        input.folder = folder;
        self.0.push(input);
        self.0.last_mut().expect("just pushed")
    }

    /// The input a file written at `path` would replace (`Ok(false)`
    /// beside it) or land inside (`true`), if any. Paths are compared as
    /// the files they name: through links, `.` and `..`, and an existing
    /// file by its device and inode, so that a second name of an input (a
    /// hard link) is found too.
    pub fn hit_by(&self, path: &Path) -> Option<(&Input, bool)> {
        let written = resolved(path);
        let node = node_of(path);
        self.0.iter().find_map(|input| {
            let read = resolved(&input.path);
            let same = written == read || (node.is_some() && node == node_of(&input.path));
            if same {
                return Some((input, false));
            }
            // A folder only to come holds nothing of the judge's yet.
            let inside = input.folder && !input.to_come && written.starts_with(&read);
            inside.then_some((input, true))
        })
    }
}

impl Inputs {
    /// Every input, in the order added.
    pub fn iter(&self) -> impl Iterator<Item = &Input> {
        self.0.iter()
    }

    /// Adds every input of `other`.
    pub fn extend(&mut self, other: Inputs) {
        self.0.extend(other.0);
    }

    /// The first input that a folder every run may read, `open`, exposes
    /// (see [`Input::exposed_by`]).
    pub fn exposed_by(&self, open: &Path) -> Option<Exposure> {
        self.0.iter().find_map(|input| input.exposed_by(open))
    }
}

impl Input {
    /// A file read, `what` naming it.
    pub fn file(what: String, path: PathBuf) -> Input {
        Input {
            what,
            path,
            folder: false,
            to_come: false,
            linked_ok: false,
        }
    }

    /// Whether a folder every run may read, `open`, exposes this input:
    /// the input, a folder, holds it or is it (`Reach::Inside`: a folder of
    /// the system or of the configuration inside a suite or the contest
    /// folder; not a folder only to come), or the input lies inside it
    /// (`Reach::Holds`). Paths are compared as real
    /// paths; an input or folder that is not there exposes nothing.
    pub fn exposed_by(&self, open: &Path) -> Option<Exposure> {
        let open_real = std::fs::canonicalize(open).ok()?;
        let real = std::fs::canonicalize(&self.path).ok()?;
        let reach = if self.folder && !self.to_come && open_real.starts_with(&real) {
            Reach::Inside
        } else if real.starts_with(&open_real) {
            Reach::Holds
        } else {
            return None;
        };
        Some(Exposure {
            input: self.clone(),
            folder: open.to_path_buf(),
            reach,
        })
    }
}

/// How a folder every run may read reaches an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    /// The input lies inside the folder (or, a file, is it).
    Holds,
    /// The folder lies inside the input, a folder, or is it.
    Inside,
    /// As the other, but by another name of the input (a hard link, a bind
    /// mount; see [`aliased_by`]), the path given of the exposure.
    Alias(Box<Reach>),
}

/// An input that a folder every run may read exposes (see
/// [`Inputs::exposed_by`]); shown as "/usr holds the cases of suite `s`
/// (/usr/local/share/x/s)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exposure {
    pub input: Input,
    /// The folder, as configured or as the system names it.
    pub folder: PathBuf,
    pub reach: Reach,
}

impl std::fmt::Display for Exposure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let input = format!(
            "{} ({})",
            self.input.what,
            crate::text::visible(&self.input.path.display().to_string())
        );
        let folder = crate::text::visible(&self.folder.display().to_string());
        match &self.reach {
            Reach::Holds => write!(f, "{folder} holds {input}"),
            Reach::Inside => write!(f, "{folder} lies inside {input}"),
            Reach::Alias(reach) if **reach == Reach::Inside => {
                write!(f, "{folder} lies inside another name (a mount) of {input}")
            }
            Reach::Alias(_) => write!(
                f,
                "{folder} is another name (a hard link or a mount) of {input}"
            ),
        }
    }
}

/// A path as the file it names: its folder's real path and its name (the
/// real path of the whole when it exists, through its links).
fn resolved(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    folder.join(path.file_name().unwrap_or(path.as_os_str()))
}

/// The device and inode of an existing regular file (`None` otherwise,
/// and for a folder, compared by path).
fn node_of(path: &Path) -> Option<(u64, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    meta.is_file().then(|| (meta.dev(), meta.ino()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_its_links_and_whatever_is_inside_a_folder_are_hit() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("s")).unwrap();
        std::fs::write(d.join("s/a.ans"), "1").unwrap();
        std::fs::write(d.join("judge.toml"), "").unwrap();
        std::fs::hard_link(d.join("judge.toml"), d.join("copy.toml")).unwrap();
        std::os::unix::fs::symlink(d.join("s"), d.join("link")).unwrap();
        let mut inputs = Inputs::default();
        inputs.file("the configuration", &d.join("judge.toml"));
        inputs.folder("the folder of suite `s`", &d.join("s"));
        let hit = |p: &str| {
            inputs
                .hit_by(&d.join(p))
                .map(|(i, inside)| (i.what.clone(), inside))
        };
        let config = Some(("the configuration".to_string(), false));
        assert_eq!(hit("judge.toml"), config);
        assert_eq!(hit("./judge.toml"), config);
        assert_eq!(hit("copy.toml"), config);
        let suite = "the folder of suite `s`".to_string();
        assert_eq!(hit("s"), Some((suite.clone(), false)));
        assert_eq!(hit("s/a.ans"), Some((suite.clone(), true)));
        assert_eq!(hit("link/new.csv"), Some((suite.clone(), true)));
        assert_eq!(hit("s/../r.json"), None);
        assert_eq!(hit("r.json"), None);
        assert_eq!(hit("s.csv"), None);
    }

    #[test]
    fn a_folder_exposes_what_lies_inside_it_and_what_holds_it() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("env/s")).unwrap();
        std::fs::create_dir_all(d.join("contest/alice")).unwrap();
        std::fs::create_dir_all(d.join("tools")).unwrap();
        let mut inputs = Inputs::default();
        inputs.folder("the cases of suite `s`", &d.join("env/s"));
        inputs.folder("the contest folder", &d.join("contest"));
        inputs.folder("a report not there", &d.join("nowhere"));
        let reach = |p: &str| {
            inputs
                .exposed_by(&d.join(p))
                .map(|e| (e.input.what, e.reach))
        };
        let suite = "the cases of suite `s`".to_string();
        assert_eq!(reach("env"), Some((suite.clone(), Reach::Holds)));
        assert_eq!(reach("env/s"), Some((suite, Reach::Inside)));
        let contest = "the contest folder".to_string();
        assert_eq!(reach("contest/alice"), Some((contest, Reach::Inside)));
        assert_eq!(reach("tools"), None);
        assert_eq!(reach("missing"), None);
        let shown = inputs.exposed_by(&d.join("env")).unwrap().to_string();
        let expected = format!(
            "{} holds the cases of suite `s` ({})",
            d.join("env").display(),
            d.join("env/s").display()
        );
        assert_eq!(shown, expected);
    }
}
