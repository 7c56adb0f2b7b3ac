//! Which answer file holds a case's answer under a dialect.
//!
//! A case `X.in` may have answer files named for what they hold: `X.ans`
//! for every dialect, `X.<null-swaps>.ans` (`X.exclude.ans`) or
//! `X.<steps>.ans` (`X.at-most.ans`) for the dialects with that rule, and
//! `X.<null-swaps>.<steps>.ans` (`X.exclude.at-most.ans`) for one dialect.
//! Under a dialect the judge reads the most specific file that exists, in
//! that order: `X.<null-swaps>.<steps>.ans`, `X.<null-swaps>.ans`,
//! `X.<steps>.ans`, `X.ans`. So a case whose answer is the same everywhere
//! needs only `X.ans`, and the shipped suites judge right under every
//! dialect.
//!
//! `ans` is a suite's answer extension (`[[suite]] answer-extension`); with
//! `out` (LemonLime's and Cena's habit) the same names end in `.out`
//! instead: `X.out`, `X.exclude.out`, ... Every function here takes the
//! extension, without its dot. `mayan check`, given `X.ans` (or `X.out`),
//! reads the same file ([`for_dialect`]).

use std::path::{Path, PathBuf};

use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

/// The files that can hold `input`'s answer under `dialect`, the most
/// specific first.
pub fn candidates(input: &Path, dialect: Dialect, ext: &str) -> [PathBuf; 4] {
    let (ns, steps) = (dialect.null_swaps, dialect.steps);
    [
        input.with_extension(format!("{ns}.{steps}.{ext}")),
        input.with_extension(format!("{ns}.{ext}")),
        input.with_extension(format!("{steps}.{ext}")),
        input.with_extension(ext),
    ]
}

/// The answer file the judge reads for `input` under `dialect`: the most
/// specific that exists.
pub fn find(input: &Path, dialect: Dialect, ext: &str) -> Option<PathBuf> {
    candidates(input, dialect, ext)
        .into_iter()
        .find(|p| p.exists())
}

/// The file that holds the answer under `dialect` when a call names
/// `answer`: for a plain `X.ans` (or `X.out`), the file [`find`] picks for a
/// case `X.in` in its folder with that extension (the case itself need not
/// be there), or `answer` when no candidate exists; a dialect's own file
/// (`X.exclude.ans`), or any other name, is `answer` as given.
pub fn for_dialect(answer: &Path, dialect: Dialect) -> PathBuf {
    let ext = answer.extension().and_then(|e| e.to_str());
    let answer_like = |e: &&str| matches!(*e, "ans" | "out") && is_for_every_dialect(answer);
    match ext.filter(answer_like) {
        Some(ext) => {
            find(&answer.with_extension("in"), dialect, ext).unwrap_or_else(|| answer.to_path_buf())
        }
        None => answer.to_path_buf(),
    }
}

/// Whether `answer` is named `X.<ext>` with no rule's word (`exclude`,
/// `at-most`, ...) before the extension.
fn is_for_every_dialect(answer: &Path) -> bool {
    let words: Vec<String> = (Dialect::ALL.iter())
        .flat_map(|d| [d.null_swaps.to_string(), d.steps.to_string()])
        .collect();
    let stem = answer.file_stem().map(Path::new);
    let word = stem.and_then(Path::extension).and_then(|w| w.to_str());
    word.is_none_or(|w| !words.iter().any(|x| x == w))
}

/// The dialects under which `answer` is the file read for `input`.
pub fn served_by(input: &Path, answer: &Path, ext: &str) -> Vec<Dialect> {
    (Dialect::ALL.into_iter())
        .filter(|&d| find(input, d, ext).as_deref() == Some(answer))
        .collect()
}

/// What stands between `X` and the extension in the name of an answer file
/// of `X.in`: nothing, a rule (`exclude`, `at-most`), or both rules
/// (`exclude.at-most`).
fn dialect_parts() -> Vec<String> {
    let mut parts = vec![String::new()];
    for ns in [NullSwaps::Include, NullSwaps::Exclude] {
        parts.push(ns.to_string());
    }
    for steps in [Steps::Exact, Steps::AtMost] {
        parts.push(steps.to_string());
    }
    for d in Dialect::ALL {
        parts.push(format!("{}.{}", d.null_swaps, d.steps));
    }
    parts
}

/// Every name an answer file of `input` can have, `X.ans` first.
pub fn all_names(input: &Path, ext: &str) -> Vec<PathBuf> {
    (dialect_parts().iter())
        .map(|parts| match parts.is_empty() {
            true => input.with_extension(ext),
            false => input.with_extension(format!("{parts}.{ext}")),
        })
        .collect()
}

/// The case `X.in` beside `file` that `file` is an answer file of (one of
/// [`all_names`]`(X.in, ext)`), when there is one.
pub fn case_of(file: &Path, ext: &str) -> Option<PathBuf> {
    let name = file.file_name()?.to_str()?;
    let stem = name.strip_suffix(ext)?.strip_suffix('.')?;
    dialect_parts().iter().find_map(|parts| {
        let x = match parts.is_empty() {
            true => Some(stem),
            false => stem.strip_suffix(parts.as_str())?.strip_suffix('.'),
        }?;
        let input = file.with_file_name(format!("{x}.in"));
        (!x.is_empty() && input.is_file()).then_some(input)
    })
}

/// When the case `input` is named as another case `X.in` beside it with a
/// rule's word before `.in` (`X.exclude.in`): `X.in`. Their answer files
/// would be confused, `X.exclude.ans` being the answer of `X.exclude.in`
/// and of `X.in` under `null-swaps = exclude`.
pub fn shadowed_case(input: &Path) -> Option<PathBuf> {
    let name = input.file_name()?.to_str()?;
    let stem = name.strip_suffix(".in")?;
    dialect_parts().iter().skip(1).find_map(|parts| {
        let x = stem.strip_suffix(parts.as_str())?.strip_suffix('.')?;
        let other = input.with_file_name(format!("{x}.in"));
        (!x.is_empty() && other.is_file()).then_some(other)
    })
}

/// When `file` is named as an answer file of a case `X.in` beside it, but
/// with another extension than `ext` (`X.out` in a suite of `.ans`
/// answers): that case, and the extension `file` has.
pub fn look_alike(file: &Path, ext: &str) -> Option<(PathBuf, String)> {
    let other = file.extension()?.to_str()?;
    if other == ext || crate::config::answer_extension_fault(other).is_some() {
        return None;
    }
    case_of(file, other).map(|input| (input, other.to_string()))
}

/// The file a tool writes to give `dialect` its own answer: `X.ans` for
/// the default dialect, else named by the rules that differ from the
/// default (`X.exclude.ans`, `X.at-most.ans`, `X.exclude.at-most.ans`).
/// Give the default dialect's file first and the others in
/// [`Dialect::ALL`]'s order, each only where the file read so far would be
/// wrong, and every dialect reads its own answer.
pub fn name_for(input: &Path, dialect: Dialect, ext: &str) -> PathBuf {
    let default = Dialect::default();
    let ns = (dialect.null_swaps != default.null_swaps).then_some(dialect.null_swaps.to_string());
    let steps = (dialect.steps != default.steps).then_some(dialect.steps.to_string());
    let parts: Vec<String> = ns.into_iter().chain(steps).collect();
    match parts.is_empty() {
        true => input.with_extension(ext),
        false => input.with_extension(format!("{}.{ext}", parts.join("."))),
    }
}

/// `null-swaps/steps` of each dialect, for messages: `exclude/at-most`.
pub fn short_names(dialects: &[Dialect]) -> String {
    let names: Vec<String> = (dialects.iter())
        .map(|d| format!("{}/{}", d.null_swaps, d.steps))
        .collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, "-1\n").unwrap();
        path
    }

    const EXCLUDE_EXACT: Dialect = Dialect::new(NullSwaps::Exclude, Steps::Exact);
    const INCLUDE_AT_MOST: Dialect = Dialect::new(NullSwaps::Include, Steps::AtMost);
    const EXCLUDE_AT_MOST: Dialect = Dialect::new(NullSwaps::Exclude, Steps::AtMost);

    #[test]
    fn a_case_named_as_another_with_a_rules_word_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let x = touch(dir.path(), "x.in");
        let shadow = touch(dir.path(), "x.exclude.in");
        let both = touch(dir.path(), "x.exclude.at-most.in");
        assert_eq!(shadowed_case(&shadow), Some(x.clone()));
        // x.exclude.at-most.ans: x.exclude.in's answer under at-most too.
        assert_eq!(shadowed_case(&both), Some(shadow.clone()));
        assert_eq!(shadowed_case(&x), None);
        assert_eq!(shadowed_case(&touch(dir.path(), "y.exclude.in")), None);
        assert_eq!(shadowed_case(&touch(dir.path(), "a.b.in")), None);
    }

    #[test]
    fn the_most_specific_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let input = touch(dir.path(), "x.in");
        assert_eq!(find(&input, Dialect::default(), "ans"), None);
        let plain = touch(dir.path(), "x.ans");
        for d in Dialect::ALL {
            assert_eq!(find(&input, d, "ans").as_ref(), Some(&plain), "{d}");
        }
        let steps = touch(dir.path(), "x.at-most.ans");
        let ns = touch(dir.path(), "x.exclude.ans");
        assert_eq!(find(&input, Dialect::default(), "ans"), Some(plain.clone()));
        assert_eq!(find(&input, EXCLUDE_EXACT, "ans"), Some(ns.clone()));
        assert_eq!(find(&input, INCLUDE_AT_MOST, "ans"), Some(steps.clone()));
        // The null-swaps rule is more specific than the steps rule.
        assert_eq!(find(&input, EXCLUDE_AT_MOST, "ans"), Some(ns.clone()));
        let both = touch(dir.path(), "x.exclude.at-most.ans");
        assert_eq!(find(&input, EXCLUDE_AT_MOST, "ans"), Some(both.clone()));
        assert_eq!(served_by(&input, &ns, "ans"), vec![EXCLUDE_EXACT]);
        assert_eq!(served_by(&input, &plain, "ans"), vec![Dialect::default()]);
        assert!(
            served_by(&input, &touch(dir.path(), "x.include.ans"), "ans")
                .contains(&Dialect::default())
        );
    }

    #[test]
    fn a_plain_answer_gives_way_to_the_dialects_own_file() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("z.ans");
        // Nothing exists: the name as given (the read will say so).
        assert_eq!(for_dialect(&plain, EXCLUDE_EXACT), plain);
        touch(dir.path(), "z.ans");
        assert_eq!(for_dialect(&plain, EXCLUDE_EXACT), plain);
        let ns = touch(dir.path(), "z.exclude.ans");
        let both = touch(dir.path(), "z.exclude.at-most.ans");
        assert_eq!(for_dialect(&plain, Dialect::default()), plain);
        assert_eq!(for_dialect(&plain, EXCLUDE_EXACT), ns);
        assert_eq!(for_dialect(&plain, EXCLUDE_AT_MOST), both);
        assert_eq!(for_dialect(&plain, INCLUDE_AT_MOST), plain);
        // A dialect's own file, or another name, is read as given.
        assert_eq!(for_dialect(&ns, Dialect::default()), ns);
        assert_eq!(for_dialect(&both, EXCLUDE_EXACT), both);
        let at_most = dir.path().join("z.at-most.ans");
        assert_eq!(for_dialect(&at_most, EXCLUDE_AT_MOST), at_most);
        let txt = dir.path().join("z.txt");
        assert_eq!(for_dialect(&txt, EXCLUDE_EXACT), txt);
        // A dot in the case's name is no rule's word.
        let dotted = touch(dir.path(), "z.v2.ans");
        let dotted_ns = touch(dir.path(), "z.v2.exclude.ans");
        assert_eq!(for_dialect(&dotted, EXCLUDE_EXACT), dotted_ns);
    }

    #[test]
    fn written_names_are_read_back_for_their_dialect() {
        let dir = tempfile::tempdir().unwrap();
        let input = touch(dir.path(), "y.in");
        for d in Dialect::ALL {
            touch(
                dir.path(),
                name_for(&input, d, "ans")
                    .file_name()
                    .unwrap()
                    .to_str()
                    .unwrap(),
            );
        }
        for d in Dialect::ALL {
            assert_eq!(
                find(&input, d, "ans"),
                Some(name_for(&input, d, "ans")),
                "{d}"
            );
            assert!(all_names(&input, "ans").contains(&name_for(&input, d, "ans")));
        }
        assert_eq!(
            name_for(&input, EXCLUDE_AT_MOST, "ans"),
            dir.path().join("y.exclude.at-most.ans")
        );
        assert_eq!(all_names(&input, "ans").len(), 9);
    }

    #[test]
    fn another_extension_gives_the_same_names_ending_in_it() {
        let dir = tempfile::tempdir().unwrap();
        let input = touch(dir.path(), "mayan1.in");
        touch(dir.path(), "mayan1.ans");
        assert_eq!(find(&input, Dialect::default(), "out"), None);
        let plain = touch(dir.path(), "mayan1.out");
        let both = touch(dir.path(), "mayan1.exclude.at-most.out");
        assert_eq!(find(&input, Dialect::default(), "out"), Some(plain));
        assert_eq!(find(&input, EXCLUDE_AT_MOST, "out"), Some(both.clone()));
        assert_eq!(served_by(&input, &both, "out"), vec![EXCLUDE_AT_MOST]);
        assert_eq!(name_for(&input, EXCLUDE_AT_MOST, "out"), both);
        let names = all_names(&input, "out");
        assert_eq!(names[0], dir.path().join("mayan1.out"));
        assert!(names.iter().all(|p| p.extension().unwrap() == "out"));
    }

    #[test]
    fn an_answer_file_knows_its_case_and_a_look_alike_its_extension() {
        let dir = tempfile::tempdir().unwrap();
        let input = touch(dir.path(), "a.b.in");
        for name in ["a.b.ans", "a.b.exclude.ans", "a.b.include.at-most.ans"] {
            let file = touch(dir.path(), name);
            assert_eq!(case_of(&file, "ans"), Some(input.clone()), "{name}");
            assert_eq!(look_alike(&file, "ans"), None, "{name}");
        }
        let out = touch(dir.path(), "a.b.at-most.out");
        assert_eq!(case_of(&out, "ans"), None);
        assert_eq!(look_alike(&out, "ans"), Some((input.clone(), "out".into())));
        assert_eq!(look_alike(&out, "out"), None);
        let ans = dir.path().join("a.b.ans");
        assert_eq!(look_alike(&ans, "out"), Some((input, "ans".into())));
        // Named like an answer of no case beside it, or of an extension no
        // suite can have.
        for name in ["a.out", "b.ans", "a.b.exclude.exact.sorted.out", ".out"] {
            let file = touch(dir.path(), name);
            assert_eq!(case_of(&file, "out"), None, "{name}");
            assert_eq!(look_alike(&file, "xyz"), None, "{name}");
        }
        assert_eq!(look_alike(&dir.path().join("a.b.in"), "ans"), None);
    }
}
