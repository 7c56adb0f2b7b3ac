//! A contestant's source with other names (a hard link). A contest folder
//! copied with `cp -al`, rsnapshot or a backup tool is all hard links, and
//! its sources are judged; but a link is also how a contestant on a shared
//! machine could hand in a file they may not read (another contestant's
//! source, `/etc/shadow`) and read it back in the judge's compile errors.
//! So a source with other names is read only when whoever could have put
//! the link in its folder could read the file themselves ([`rule`]):
//!
//! - anyone may read it (its mode gives read to others), or
//! - no one but the folder's owner may write the folder, and that owner is
//!   root (only root could have made the link) or owns the file and may
//!   read it.
//!
//! Otherwise it is refused, saying whose the file and the folder are. The
//! reason it was read is kept, for the listing before judging.

use std::fmt;
use std::path::Path;

use super::open::{Opened, Refusal, regular_beneath, reopen};

/// Who owns a file or a folder, and its permission bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Owner {
    pub uid: u32,
    pub mode: u32,
}

impl Owner {
    fn of(stat: &libc::stat) -> Owner {
        Owner {
            uid: stat.st_uid,
            mode: stat.st_mode & 0o7777,
        }
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "owner uid {}, mode {:04o}", self.uid, self.mode)
    }
}

/// A hard link read as a source, and why that was allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    /// How many names the file has.
    pub names: u64,
    /// Why whoever made the link could read the file themselves.
    pub why: &'static str,
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a hard link ({} names), read as the source: {}",
            self.names, self.why
        )
    }
}

/// A hard link refused: whoever could have made it could not read the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Foreign {
    pub names: u64,
    pub file: Owner,
    pub folder: Owner,
}

impl fmt::Display for Foreign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "is a hard link ({} names) to a file that whoever could put it in its folder \
             could not read themselves (the file: {}; its folder: {}), which the judge does \
             not read",
            self.names, self.file, self.folder
        )
    }
}

/// Why a file with other names in `folder` may be read, or `None` when
/// whoever could have put it there could not read it themselves.
pub fn rule(file: Owner, folder: Owner) -> Option<&'static str> {
    if file.mode & 0o004 != 0 {
        return Some("anyone may read the file");
    }
    if folder.mode & 0o022 != 0 {
        // Others may write the folder: any of them could have made the link.
        return None;
    }
    if folder.uid == 0 {
        return Some("it lies in a folder only root may write, so root made the link");
    }
    if file.uid == folder.uid && file.mode & 0o400 != 0 {
        return Some("the owner of its folder, the only one who may write there, owns it");
    }
    None
}

/// Opens a source named by its full path as `open_regular` does, but reads
/// a hard link that [`rule`] allows, saying why.
pub fn open_source(path: &Path) -> Result<(Opened, Option<Allowed>), Refusal> {
    let (dir, name) = split(path)?;
    let found = regular_beneath(dir, name)?;
    let allowed = judge_link(&found.stat, &found.folder)?;
    Ok((reopen(&found.handle, &found.stat)?, allowed))
}

/// What [`open_source`] would say of `path`'s names, without opening it:
/// `None` for a file with one name.
pub fn source_link(path: &Path) -> Result<Option<Allowed>, Refusal> {
    let (dir, name) = split(path)?;
    let found = regular_beneath(dir, name)?;
    judge_link(&found.stat, &found.folder)
}

fn judge_link(stat: &libc::stat, folder: &libc::stat) -> Result<Option<Allowed>, Refusal> {
    let names = stat.st_nlink;
    if names <= 1 {
        return Ok(None);
    }
    let (file, folder) = (Owner::of(stat), Owner::of(folder));
    match rule(file, folder) {
        Some(why) => Ok(Some(Allowed { names, why })),
        None => Err(Refusal::ForeignLink(Foreign {
            names,
            file,
            folder,
        })),
    }
}

/// The folder holding `path` and its file name.
fn split(path: &Path) -> Result<(&Path, &Path), Refusal> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Err(Refusal::NotRegular("not a file"));
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    Ok((dir, Path::new(name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn owner(uid: u32, mode: u32) -> Owner {
        Owner { uid, mode }
    }

    #[test]
    fn a_link_is_read_only_where_its_maker_could_read_the_file() {
        let alice = 1000;
        // A copy made with `cp -al`: files anyone may read.
        assert!(rule(owner(alice, 0o644), owner(0, 0o755)).is_some());
        // Alice's own private file in her own folder.
        assert!(rule(owner(alice, 0o600), owner(alice, 0o700)).is_some());
        // Root's folder: only root could have linked.
        assert!(rule(owner(2000, 0o600), owner(0, 0o755)).is_some());
        // Bob's private source linked into alice's folder.
        assert!(rule(owner(2000, 0o600), owner(alice, 0o755)).is_none());
        // /etc/shadow (root, 0640) linked into alice's folder.
        assert!(rule(owner(0, 0o640), owner(alice, 0o755)).is_none());
        // A folder others may write: any of them could have made it.
        assert!(rule(owner(alice, 0o600), owner(alice, 0o777)).is_none());
        assert!(rule(owner(0, 0o600), owner(0, 0o1777)).is_none());
        assert!(rule(owner(alice, 0o600), owner(alice, 0o770)).is_none());
        // Alice's file she may not read herself.
        assert!(rule(owner(alice, 0o200), owner(alice, 0o755)).is_none());
    }

    #[test]
    fn a_source_with_one_name_says_nothing_and_a_link_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(d.join("one.c"), "int main(){}").unwrap();
        assert_eq!(source_link(&d.join("one.c")).unwrap(), None);
        std::fs::hard_link(d.join("one.c"), d.join("two.c")).unwrap();
        let (mut opened, allowed) = open_source(&d.join("two.c")).unwrap();
        let mut text = String::new();
        std::io::Read::read_to_string(&mut opened.file, &mut text).unwrap();
        assert_eq!(text, "int main(){}");
        let allowed = allowed.unwrap().to_string();
        assert!(allowed.starts_with("a hard link (2 names)"), "{allowed}");
    }

    #[test]
    fn a_link_in_a_folder_anyone_may_write_is_refused_naming_both_owners() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("secret"), "password").unwrap();
        std::fs::set_permissions(d.join("secret"), std::fs::Permissions::from_mode(0o600)).unwrap();
        std::fs::hard_link(d.join("secret"), d.join("mayan.c")).unwrap();
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o777)).unwrap();
        let said = source_link(&d.join("mayan.c")).unwrap_err().to_string();
        assert!(said.contains("hard link (2 names)"), "{said}");
        assert!(said.contains("mode 0600"), "{said}");
        assert!(said.contains("mode 0777"), "{said}");
        assert!(open_source(&d.join("mayan.c")).is_err());
    }
}
