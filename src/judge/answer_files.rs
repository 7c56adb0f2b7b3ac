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
//! dialect. `mayan check`, given `X.ans`, reads the same file
//! ([`for_dialect`]).

use std::path::{Path, PathBuf};

use crate::puzzle::dialect::{Dialect, NullSwaps, Steps};

/// The files that can hold `input`'s answer under `dialect`, the most
/// specific first.
pub fn candidates(input: &Path, dialect: Dialect) -> [PathBuf; 4] {
    let (ns, steps) = (dialect.null_swaps, dialect.steps);
    [
        input.with_extension(format!("{ns}.{steps}.ans")),
        input.with_extension(format!("{ns}.ans")),
        input.with_extension(format!("{steps}.ans")),
        input.with_extension("ans"),
    ]
}

/// The answer file the judge reads for `input` under `dialect`: the most
/// specific that exists.
pub fn find(input: &Path, dialect: Dialect) -> Option<PathBuf> {
    candidates(input, dialect).into_iter().find(|p| p.exists())
}

/// The file that holds the answer under `dialect` when a call names
/// `answer`: for a plain `X.ans`, the file [`find`] picks for a case `X.in`
/// in its folder (the case itself need not be there), or `X.ans` when no
/// candidate exists; any other name, a dialect's own file (`X.exclude.ans`)
/// or one not ending in `.ans`, is `answer` as given.
pub fn for_dialect(answer: &Path, dialect: Dialect) -> PathBuf {
    if !is_for_every_dialect(answer) {
        return answer.to_path_buf();
    }
    find(&answer.with_extension("in"), dialect).unwrap_or_else(|| answer.to_path_buf())
}

/// Whether `answer` is named `X.ans`: ends in `.ans` with no rule's word
/// (`exclude`, `at-most`, ...) before it.
fn is_for_every_dialect(answer: &Path) -> bool {
    let words: Vec<String> = (Dialect::ALL.iter())
        .flat_map(|d| [d.null_swaps.to_string(), d.steps.to_string()])
        .collect();
    let stem = answer.file_stem().map(Path::new);
    let word = stem.and_then(Path::extension).and_then(|w| w.to_str());
    answer.extension().is_some_and(|e| e == "ans")
        && word.is_none_or(|w| !words.iter().any(|x| x == w))
}

/// The dialects under which `answer` is the file read for `input`.
pub fn served_by(input: &Path, answer: &Path) -> Vec<Dialect> {
    (Dialect::ALL.into_iter())
        .filter(|&d| find(input, d).as_deref() == Some(answer))
        .collect()
}

/// Every name an answer file of `input` can have, `X.ans` first.
pub fn all_names(input: &Path) -> Vec<PathBuf> {
    let mut names = vec![input.with_extension("ans")];
    for ns in [NullSwaps::Include, NullSwaps::Exclude] {
        names.push(input.with_extension(format!("{ns}.ans")));
    }
    for steps in [Steps::Exact, Steps::AtMost] {
        names.push(input.with_extension(format!("{steps}.ans")));
    }
    for d in Dialect::ALL {
        names.push(input.with_extension(format!("{}.{}.ans", d.null_swaps, d.steps)));
    }
    names
}

/// The file a tool writes to give `dialect` its own answer: `X.ans` for
/// the default dialect, else named by the rules that differ from the
/// default (`X.exclude.ans`, `X.at-most.ans`, `X.exclude.at-most.ans`).
/// Give the default dialect's file first and the others in
/// [`Dialect::ALL`]'s order, each only where the file read so far would be
/// wrong, and every dialect reads its own answer.
pub fn name_for(input: &Path, dialect: Dialect) -> PathBuf {
    let default = Dialect::default();
    let ns = (dialect.null_swaps != default.null_swaps).then_some(dialect.null_swaps.to_string());
    let steps = (dialect.steps != default.steps).then_some(dialect.steps.to_string());
    let parts: Vec<String> = ns.into_iter().chain(steps).collect();
    match parts.is_empty() {
        true => input.with_extension("ans"),
        false => input.with_extension(format!("{}.ans", parts.join("."))),
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
    fn the_most_specific_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let input = touch(dir.path(), "x.in");
        assert_eq!(find(&input, Dialect::default()), None);
        let plain = touch(dir.path(), "x.ans");
        for d in Dialect::ALL {
            assert_eq!(find(&input, d).as_ref(), Some(&plain), "{d}");
        }
        let steps = touch(dir.path(), "x.at-most.ans");
        let ns = touch(dir.path(), "x.exclude.ans");
        assert_eq!(find(&input, Dialect::default()), Some(plain.clone()));
        assert_eq!(find(&input, EXCLUDE_EXACT), Some(ns.clone()));
        assert_eq!(find(&input, INCLUDE_AT_MOST), Some(steps.clone()));
        // The null-swaps rule is more specific than the steps rule.
        assert_eq!(find(&input, EXCLUDE_AT_MOST), Some(ns.clone()));
        let both = touch(dir.path(), "x.exclude.at-most.ans");
        assert_eq!(find(&input, EXCLUDE_AT_MOST), Some(both.clone()));
        assert_eq!(served_by(&input, &ns), vec![EXCLUDE_EXACT]);
        assert_eq!(served_by(&input, &plain), vec![Dialect::default()]);
        assert!(
            served_by(&input, &touch(dir.path(), "x.include.ans")).contains(&Dialect::default())
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
                name_for(&input, d).file_name().unwrap().to_str().unwrap(),
            );
        }
        for d in Dialect::ALL {
            assert_eq!(find(&input, d), Some(name_for(&input, d)), "{d}");
            assert!(all_names(&input).contains(&name_for(&input, d)));
        }
        assert_eq!(
            name_for(&input, EXCLUDE_AT_MOST),
            dir.path().join("y.exclude.at-most.ans")
        );
        assert_eq!(all_names(&input).len(), 9);
    }
}
