//! A folder of contestants judged in one go, laid out as LemonLime lays out a
//! contest: one subfolder per contestant holding `<problem>.<ext>` (the name
//! in any case, as `Mayan.cpp`), the language chosen by the extension
//! (configured languages count). A contestant with no such file, or with
//! several, is still listed, with the reason, so the score table shows
//! everyone. The folders are the contestants': a folder that is a link is
//! not followed, and a folder is read up to [`MAX_ENTRIES`] entries.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::config::languages::recipe_for;
use crate::config::{LanguageConfig, Submission};

/// Entries read from one contestant's folder at most.
pub const MAX_ENTRIES: usize = 1000;

/// A contestant whose folder does not hold exactly one source of the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub name: String,
    pub why: String,
}

/// The contestants under `folder`, sorted by name: submissions for those with
/// exactly one source file of `problem` in a known language, and the others
/// with the reason.
pub fn contestants(
    folder: &Path,
    problem: &str,
    languages: &BTreeMap<String, LanguageConfig>,
) -> std::io::Result<(Vec<Submission>, Vec<Missing>)> {
    let mut entries: Vec<_> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir() || t.is_symlink()))
        .collect();
    entries.sort_by_key(|e| e.file_name());
    let (mut found, mut missing) = (Vec::new(), Vec::new());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let why = if entry.file_type().is_ok_and(|t| t.is_symlink()) {
            Err("the folder is a symbolic link, which the judge does not follow".to_string())
        } else {
            source_of(&entry.path(), problem, languages)
        };
        match why {
            Ok(source) => found.push(Submission {
                name,
                command: None,
                source: Some(source),
                contestants: true,
            }),
            Err(why) => missing.push(Missing { name, why }),
        }
    }
    Ok((found, missing))
}

/// The one source of `problem` in a contestant's folder, or why there is
/// none to judge.
fn source_of(
    dir: &Path,
    problem: &str,
    languages: &BTreeMap<String, LanguageConfig>,
) -> Result<PathBuf, String> {
    let listed = std::fs::read_dir(dir).map_err(|e| format!("the folder cannot be read: {e}"))?;
    let mut named = Vec::new();
    for (n, entry) in listed.filter_map(Result::ok).enumerate() {
        if n >= MAX_ENTRIES {
            return Err(format!("the folder holds more than {MAX_ENTRIES} entries"));
        }
        let path = entry.path();
        let stem = path.file_stem().map(|s| s.to_string_lossy().to_lowercase());
        if stem.as_deref() == Some(&problem.to_lowercase()) {
            named.push(path);
        }
    }
    named.sort();
    let file_name = |p: &PathBuf| {
        p.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    };
    let known: Vec<&PathBuf> = named
        .iter()
        .filter(|p| recipe_for(p, languages).is_some())
        .collect();
    match (known.as_slice(), named.as_slice()) {
        ([one], _) => Ok((*one).clone()),
        ([], []) if std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_none()) => {
            Err("the folder is empty".to_string())
        }
        ([], []) => Err(format!("no {problem}.<ext> in the folder")),
        ([], found) => {
            let names: Vec<String> = found.iter().map(file_name).collect();
            Err(format!(
                "{}: no language for this extension (known: {})",
                names.join(", "),
                crate::config::languages::known_extensions(languages).join(", ")
            ))
        }
        (many, _) => {
            let names: Vec<String> = many.iter().map(|p| file_name(p)).collect();
            Err(format!("several sources: {}", names.join(", ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_source_per_contestant_the_rest_explained() {
        let dir = tempfile::tempdir().unwrap();
        for (who, files) in [
            ("bob", &["mayan.cpp", "notes.txt"][..]),
            ("amy", &["mayan.py"]),
            ("cid", &[]),
            ("dee", &["mayan.c", "mayan.pas"]),
            ("eve", &["Mayan.CPP"]),
            ("fay", &["mayan.java", "notes.txt"]),
            ("gus", &["main.cpp"]),
        ] {
            let d = dir.path().join(who);
            std::fs::create_dir(&d).unwrap();
            for f in files {
                std::fs::write(d.join(f), "").unwrap();
            }
        }
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("mayan.cpp"), "").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("hal")).unwrap();
        let (found, missing) = contestants(dir.path(), "mayan", &BTreeMap::new()).unwrap();
        let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["amy", "bob", "eve"]);
        assert!(found[1].source.as_ref().unwrap().ends_with("bob/mayan.cpp"));
        let why: Vec<(&str, &str)> = missing
            .iter()
            .map(|m| (m.name.as_str(), m.why.as_str()))
            .collect();
        assert_eq!(
            why,
            [
                ("cid", "the folder is empty"),
                ("dee", "several sources: mayan.c, mayan.pas"),
                (
                    "fay",
                    "mayan.java: no language for this extension (known: c, cpp, cc, cxx, pas, pp, rs, py)"
                ),
                ("gus", "no mayan.<ext> in the folder"),
                (
                    "hal",
                    "the folder is a symbolic link, which the judge does not follow"
                ),
            ]
        );
    }
}
