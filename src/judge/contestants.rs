//! A folder of contestants judged in one go, laid out as LemonLime lays out a
//! contest: one subfolder per contestant holding `<problem>.<ext>`, the
//! language chosen by the extension. A contestant with no such file, or with
//! several, is still listed, so the score table shows everyone.

use std::collections::BTreeMap;
use std::path::Path;

use crate::config::languages::recipe_for;
use crate::config::{LanguageConfig, Submission};

/// A contestant whose folder does not hold exactly one source of the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub name: String,
    pub why: String,
}

/// The contestants under `folder`, sorted by name: submissions for those with
/// exactly one source file of `problem` in a known language (configured
/// languages count), and the others with the reason.
pub fn contestants(
    folder: &Path,
    problem: &str,
    languages: &BTreeMap<String, LanguageConfig>,
) -> std::io::Result<(Vec<Submission>, Vec<Missing>)> {
    let mut dirs: Vec<_> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .collect();
    dirs.sort_by_key(|e| e.file_name());
    let (mut found, mut missing) = (Vec::new(), Vec::new());
    for dir in dirs {
        let name = dir.file_name().to_string_lossy().into_owned();
        let mut sources: Vec<_> = std::fs::read_dir(dir.path())?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.file_stem().is_some_and(|s| s == problem) && recipe_for(p, languages).is_some()
            })
            .collect();
        sources.sort();
        match sources.as_slice() {
            [one] => found.push(Submission {
                name,
                command: None,
                source: Some(one.clone()),
            }),
            [] => missing.push(Missing {
                name,
                why: format!("no {problem}.<ext> with a known language"),
            }),
            many => {
                let names: Vec<String> = many
                    .iter()
                    .filter_map(|p| p.file_name())
                    .map(|n| n.to_string_lossy().into_owned())
                    .collect();
                missing.push(Missing {
                    name,
                    why: format!("several sources: {}", names.join(", ")),
                });
            }
        }
    }
    Ok((found, missing))
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
        ] {
            let d = dir.path().join(who);
            std::fs::create_dir(&d).unwrap();
            for f in files {
                std::fs::write(d.join(f), "").unwrap();
            }
        }
        let (found, missing) = contestants(dir.path(), "mayan", &BTreeMap::new()).unwrap();
        let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["amy", "bob"]);
        assert!(found[1].source.as_ref().unwrap().ends_with("bob/mayan.cpp"));
        assert_eq!(
            missing[0],
            Missing {
                name: "cid".into(),
                why: "no mayan.<ext> with a known language".into()
            }
        );
        assert_eq!(missing[1].why, "several sources: mayan.c, mayan.pas");
    }
}
