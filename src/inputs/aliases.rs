//! Second names of the judge's data inside a folder every run may read: a
//! hard link of an answer (`ln s/a.ans /srv/pub/a.ans`) or a bind mount of
//! a suite (`mount --bind s /mnt/s`) in a `[sandbox] readable` folder. Its
//! path tells nothing; its device and inode do. Not responsible for paths
//! (see [`Input::exposed_by`]).

use std::collections::HashMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::{Exposure, Input, Inputs, Reach};
use crate::runner::signals;
use crate::untrusted::walk::{Bounds, Walk};

/// A file's or folder's device and inode.
type Node = (u64, u64);

fn node(meta: &std::fs::Metadata) -> Node {
    (meta.dev(), meta.ino())
}

/// The first of `guarded` that `open`, a folder every run may read,
/// reaches under another name: a folder of `guarded` that `open` lies in
/// or holds under another path (a bind mount), or a file of `guarded` (or
/// of a folder of it) with a second name (a hard link) inside `open`. Both
/// walks are bounded as every walk is; what lies past a bound is not
/// looked at.
pub fn aliased_by(guarded: &Inputs, open: &Path) -> Option<Exposure> {
    let real = std::fs::canonicalize(open).ok()?;
    let folders: HashMap<Node, &Input> = guarded
        .iter()
        .filter(|i| i.folder && !i.to_come)
        .filter_map(|i| Some((node(&std::fs::metadata(&i.path).ok()?), i)))
        .collect();
    let exposure = |input: &Input, at: &Path, reach| Exposure {
        input: input.clone(),
        folder: at.to_path_buf(),
        reach: Reach::Alias(Box::new(reach)),
    };
    for ancestor in real.ancestors() {
        let meta = std::fs::metadata(ancestor).ok()?;
        if let Some(input) = folders.get(&node(&meta)) {
            return Some(exposure(input, open, Reach::Inside));
        }
    }
    let mut linked: HashMap<Node, PathBuf> = HashMap::new();
    for (path, meta) in walk(&real) {
        if let Some(input) = meta.is_dir().then(|| folders.get(&node(&meta))).flatten() {
            return Some(exposure(input, &path, Reach::Holds));
        }
        if meta.is_file() && meta.nlink() > 1 {
            linked.insert(node(&meta), path);
        }
    }
    first_linked(guarded, &linked)
}

/// The first file of `guarded` (or inside a folder of it) whose node is
/// one of `linked`'s, as the exposure of that file by its other name.
fn first_linked(guarded: &Inputs, linked: &HashMap<Node, PathBuf>) -> Option<Exposure> {
    if linked.is_empty() {
        return None;
    }
    let devices: Vec<u64> = linked.keys().map(|(dev, _)| *dev).collect();
    for input in guarded.iter().filter(|i| !i.to_come) {
        let Ok(meta) = std::fs::metadata(&input.path) else {
            continue;
        };
        let files: Vec<(PathBuf, std::fs::Metadata)> = match meta.is_dir() {
            // Only a folder on a device a second name is on can hold it.
            true if devices.contains(&meta.dev()) => walk(&input.path).collect(),
            true => continue,
            false => vec![(input.path.clone(), meta)],
        };
        for (path, meta) in files.into_iter().filter(|(_, m)| m.is_file()) {
            if let Some(other) = linked.get(&node(&meta)) {
                let what = match input.folder {
                    true => format!("a file of {}", input.what),
                    false => input.what.clone(),
                };
                return Some(Exposure {
                    input: Input::file(what, path),
                    folder: other.clone(),
                    reach: Reach::Alias(Box::new(Reach::Holds)),
                });
            }
        }
    }
    None
}

/// The first file of `guarded` (or inside a folder of it, but a folder
/// whose files may have other names: [`Input::linked_ok`]) that has more
/// names than `guarded` holds, lies on the file system of one of `open`
/// (folders every run may read), and that a run could read by another name
/// there: one readable by all, or any when `separate_users` is false (the
/// runs are the judge's own user). No path tells where its other name lies, and a
/// walk of `/usr` for it would never end in time: the file is refused,
/// not hidden. Bounded as every walk is.
pub fn linked_in_open(
    guarded: &Inputs,
    open: &[PathBuf],
    separate_users: bool,
) -> Option<(Input, PathBuf, u64)> {
    use std::os::unix::fs::PermissionsExt;
    let devices: Vec<(u64, &PathBuf)> = open
        .iter()
        .filter_map(|o| Some((std::fs::metadata(o).ok()?.dev(), o)))
        .collect();
    let exposed = |meta: &std::fs::Metadata| {
        let readable = !separate_users || meta.permissions().mode() & 0o004 != 0;
        let on = devices.iter().find(|(dev, _)| *dev == meta.dev());
        on.filter(|_| meta.is_file() && meta.nlink() > 1 && readable)
            .map(|(_, folder)| (*folder).clone())
    };
    // Each file with more than one name, and its names found here: a file
    // whose every name lies in the judge's data (answers deduplicated with
    // hard links) has no name elsewhere.
    let mut linked: Vec<(&Input, PathBuf, std::fs::Metadata)> = Vec::new();
    let mut names: HashMap<Node, std::collections::HashSet<PathBuf>> = HashMap::new();
    for input in guarded.iter().filter(|i| !i.to_come && !i.linked_ok) {
        let Ok(meta) = std::fs::metadata(&input.path) else {
            continue;
        };
        let files: Vec<(PathBuf, std::fs::Metadata)> = match meta.is_dir() {
            true => walk(&input.path).collect(),
            false => vec![(input.path.clone(), meta)],
        };
        for (path, meta) in files
            .into_iter()
            .filter(|(_, m)| m.is_file() && m.nlink() > 1)
        {
            let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            names.entry(node(&meta)).or_default().insert(real);
            linked.push((input, path, meta));
        }
    }
    for (input, path, meta) in linked {
        let found = names.get(&node(&meta)).map_or(0, |n| n.len() as u64);
        if found >= meta.nlink() {
            continue;
        }
        if let Some(folder) = exposed(&meta) {
            let file = Input::file(input.what.clone(), path);
            return Some((file, folder, meta.nlink()));
        }
    }
    None
}

/// Every entry below `root` and its metadata, links not followed (a run
/// reaches a file through a folder it may read by the file's real path),
/// within the standard bounds.
fn walk(root: &Path) -> impl Iterator<Item = (PathBuf, std::fs::Metadata)> {
    let walk = walkdir::WalkDir::new(root).min_depth(1);
    Walk::new(walk, root, Bounds::STANDARD, signals::received)
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.path().to_path_buf(), e.metadata().ok()?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hard_link_of_an_answer_in_a_readable_folder_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("s")).unwrap();
        std::fs::create_dir_all(d.join("pub/deep")).unwrap();
        std::fs::create_dir_all(d.join("clean")).unwrap();
        std::fs::write(d.join("s/a.ans"), "1 0 1\n").unwrap();
        std::fs::write(d.join("clean/a.ans"), "1 0 1\n").unwrap();
        std::fs::hard_link(d.join("s/a.ans"), d.join("pub/deep/leak")).unwrap();
        let mut guarded = Inputs::default();
        guarded.folder("the cases of suite `s`", &d.join("s"));
        let found = aliased_by(&guarded, &d.join("pub")).expect("the hard link is found");
        assert_eq!(found.folder, d.join("pub/deep/leak"));
        assert_eq!(found.input.path, d.join("s/a.ans"));
        let said = found.to_string();
        assert!(
            said.contains("is another name (a hard link or a mount) of a file of the cases"),
            "{said}"
        );
        assert_eq!(
            aliased_by(&guarded, &d.join("clean")),
            None,
            "a copy is not a name"
        );
    }

    #[test]
    fn a_file_with_a_name_outside_the_data_is_found_and_one_deduplicated_inside_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("s")).unwrap();
        std::fs::write(d.join("s/a.ans"), "1 0 1\n").unwrap();
        std::fs::hard_link(d.join("s/a.ans"), d.join("s/b.ans")).unwrap();
        let mut guarded = Inputs::default();
        guarded.folder("the cases of suite `s`", &d.join("s"));
        // The temporary folder is on the file system of `d`: as a folder
        // every run may read would be.
        let open = [d.to_path_buf()];
        let none = linked_in_open(&guarded, &open, false);
        assert_eq!(none, None, "both names are the data's");
        std::fs::hard_link(d.join("s/a.ans"), d.join("elsewhere")).unwrap();
        let (file, folder, names) = linked_in_open(&guarded, &open, false).expect("found");
        assert_eq!((folder, names), (d.to_path_buf(), 3));
        assert!(file.path.starts_with(d.join("s")), "{file:?}");
        // Runs of users of their own cannot read what others may not.
        use std::os::unix::fs::PermissionsExt;
        let private = std::fs::Permissions::from_mode(0o600);
        std::fs::set_permissions(d.join("s/a.ans"), private).unwrap();
        assert_eq!(linked_in_open(&guarded, &open, true), None);
    }
}
