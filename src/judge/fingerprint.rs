//! What a result was judged from, as a hash a later run can compare
//! (`--resume`): a case by the bytes of its input and answer files, a
//! submission by the bytes of its source (read as it is compiled: a
//! contestant's without following a link), how it is built and the limits
//! its compiler runs under, or by its
//! command and the files that command names. A file that cannot be read
//! gives no fingerprint, and a result without one is never kept.

use std::path::Path;

use sha2::{Digest, Sha256};

use super::compile::{Toolchain, build_of};
use super::suite::CaseFile;
use crate::config::{Origin, Submission};
use crate::untrusted::{open_source, read_prefix};

/// The largest file hashed; a case, an answer or a script is far smaller.
const MAX_HASHED: u64 = 256 << 20;

/// A fingerprint: `sha256:` and 64 hex digits of the parts, each preceded
/// by its length so that no two lists of parts run together the same way.
fn fingerprint<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut hash = Sha256::new();
    hash.update(b"mayan-judge fingerprint 1");
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    let digest = hash.finalize();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// The bytes of a file, links followed (a file of the judge's user).
fn read_own(path: &Path) -> Option<Vec<u8>> {
    crate::untrusted::read_file_bounded(path, MAX_HASHED)
        .ok()
        .flatten()
}

/// A case's fingerprint: its input and its answer file (none counts).
pub fn of_case(case: &CaseFile) -> Option<String> {
    let input = read_own(&case.input)?;
    let answer = match &case.answer {
        Some(path) => read_own(path)?,
        None => b"no answer file".to_vec(),
    };
    Some(fingerprint([&input[..], &answer[..]]))
}

/// A submission's fingerprint: its source and how that is built (the
/// compile command, the compiler's version and the compile limits), or its command and the
/// bytes of every file the command names (read from `base`, as the run
/// stages them).
pub fn of_submission(sub: &Submission, base: &Path, tools: Toolchain) -> Option<String> {
    match (&sub.command, &sub.source) {
        (Some(argv), _) => {
            let mut parts: Vec<Vec<u8>> = vec![b"command".to_vec()];
            for (i, word) in argv.iter().enumerate() {
                parts.push(word.as_bytes().to_vec());
                let path = base.join(word);
                if (i > 0 || word.contains('/')) && path.is_file() {
                    parts.push(read_own(&path)?);
                }
            }
            Some(fingerprint(parts.iter().map(Vec::as_slice)))
        }
        (None, Some(source)) => {
            let build = serde_json::to_vec(&build_of(source, tools)?).ok()?;
            // What the compiler may use decides whether it compiles.
            let l = tools.limits;
            let limits = format!("{:?} {:?} {}", l.cpu, l.wall, l.memory);
            let bytes = read_source(source, sub.origin, tools.source_limit)?;
            Some(fingerprint([
                &b"source"[..],
                &build,
                limits.as_bytes(),
                &bytes,
            ]))
        }
        (None, None) => None,
    }
}

/// A source's bytes as `compile::prepare` reads them: a contestant's
/// without following a link or waiting on a pipe, the user's own through
/// its link; `None` past the source limit.
fn read_source(source: &Path, origin: Origin, limit: u64) -> Option<Vec<u8>> {
    let at = match origin {
        Origin::Contestant => source.to_path_buf(),
        _ => std::fs::canonicalize(source).ok()?,
    };
    let (opened, _) = open_source(&at).ok()?;
    let prefix = read_prefix(opened.file, limit).ok()?;
    (!prefix.truncated).then_some(prefix.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Languages;

    fn tools(languages: &Languages) -> Toolchain<'_> {
        Toolchain {
            languages,
            source_limit: 1 << 20,
            limits: crate::judge::compile::compile_limits(&Default::default()),
            guarded: crate::inputs::Inputs::none(),
        }
    }

    fn source(path: &Path, origin: Origin) -> Submission {
        Submission {
            name: "amy".into(),
            command: None,
            source: Some(path.to_path_buf()),
            origin,
        }
    }

    #[test]
    fn parts_do_not_run_together() {
        assert_ne!(
            fingerprint([&b"ab"[..], b"c"]),
            fingerprint([&b"a"[..], b"bc"])
        );
        assert_eq!(fingerprint([&b"ab"[..]]), fingerprint([&b"ab"[..]]));
        assert_eq!(fingerprint([&b""[..]]).len(), "sha256:".len() + 64);
    }

    #[test]
    fn a_source_changes_its_fingerprint_and_a_link_gives_none() {
        let dir = tempfile::tempdir().unwrap();
        let languages = Languages::default();
        let path = dir.path().join("mayan.cpp");
        std::fs::write(&path, "int main(){}\n").unwrap();
        let sub = source(&path, Origin::Contestant);
        let first = of_submission(&sub, dir.path(), tools(&languages)).unwrap();
        assert_eq!(
            of_submission(&sub, dir.path(), tools(&languages)),
            Some(first.clone())
        );
        std::fs::write(&path, "int main(){return 0;}\n").unwrap();
        let second = of_submission(&sub, dir.path(), tools(&languages)).unwrap();
        assert_ne!(first, second);
        let mut longer = tools(&languages);
        longer.limits.cpu *= 2;
        assert_ne!(
            of_submission(&sub, dir.path(), longer),
            Some(second.clone())
        );
        std::fs::create_dir(dir.path().join("l")).unwrap();
        let link = dir.path().join("l/mayan.cpp");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        let linked = source(&link, Origin::Contestant);
        assert_eq!(of_submission(&linked, dir.path(), tools(&languages)), None);
        let own = source(&link, Origin::Named);
        assert_eq!(
            of_submission(&own, dir.path(), tools(&languages)),
            Some(second)
        );
    }

    #[test]
    fn a_command_counts_the_files_it_names() {
        let dir = tempfile::tempdir().unwrap();
        let languages = Languages::default();
        std::fs::write(dir.path().join("p.py"), "print(-1)\n").unwrap();
        let sub = Submission {
            name: "p".into(),
            command: Some(vec!["python3".into(), "p.py".into()]),
            source: None,
            origin: Origin::Configured,
        };
        let first = of_submission(&sub, dir.path(), tools(&languages)).unwrap();
        std::fs::write(dir.path().join("p.py"), "print(1)\n").unwrap();
        assert_ne!(
            of_submission(&sub, dir.path(), tools(&languages)),
            Some(first)
        );
    }

    #[test]
    fn a_case_counts_its_answer() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("a.in");
        std::fs::write(&input, "1\n0\n0\n0\n0\n0\n").unwrap();
        let mut case = CaseFile {
            suite: "s".into(),
            name: "a".into(),
            input,
            answer: None,
            points: 10,
        };
        let alone = of_case(&case).unwrap();
        let answer = dir.path().join("a.ans");
        std::fs::write(&answer, "-1\n").unwrap();
        case.answer = Some(answer);
        assert_ne!(of_case(&case), Some(alone));
    }
}
