use super::*;
use std::os::unix::fs::{MetadataExt, PermissionsExt};

/// Makes a chain of `depth` folders named `name` below `top` by
/// descriptors (the path is far longer than any path may be); the deepest.
fn chain(top: &Path, name: &str, depth: usize) -> Dir {
    let name = CString::new(name).unwrap();
    let mut dir = Dir::open(top).unwrap();
    for _ in 0..depth {
        // SAFETY: our descriptor, a NUL-terminated name, a mode.
        let r = unsafe { libc::mkdirat(dir.fd.as_raw_fd(), name.as_ptr(), 0o755) };
        assert_eq!(r, 0, "{}", io::Error::last_os_error());
        dir = dir.child(&name).unwrap();
    }
    dir
}

/// Writes `bytes` bytes to a new file `name` in `dir`.
fn file_at(dir: &Dir, name: &CStr, bytes: usize, mode: libc::mode_t) {
    let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC;
    // SAFETY: our descriptor, a NUL-terminated name, flags and a mode.
    let fd = unsafe { libc::openat(dir.fd.as_raw_fd(), name.as_ptr(), flags, mode) };
    assert!(fd >= 0, "{}", io::Error::last_os_error());
    // SAFETY: a new descriptor, ours alone.
    let mut file = std::fs::File::from(unsafe { OwnedFd::from_raw_fd(fd) });
    io::Write::write_all(&mut file, &vec![7u8; bytes]).unwrap();
}

#[test]
fn a_tree_deeper_than_any_path_is_measured_and_removed() {
    let scratch = tempfile::tempdir().unwrap();
    let top = scratch.path().join("work");
    std::fs::create_dir(&top).unwrap();
    // 100 levels of 200-character names: a path of some 20,000 bytes,
    // five times PATH_MAX.
    let deep = chain(&top, &"d".repeat(200), 100);
    file_at(&deep, c"hidden", 5000, 0o644);
    drop(deep);
    std::fs::write(top.join("near"), "12345").unwrap();
    assert_eq!(size(&top, 10_000), Some(5005), "the deepest file counts");
    assert_eq!(size(&top, 50), None, "over 50 entries");
    remove(&top).unwrap();
    assert!(!top.exists());
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 0);
}

/// A scratch folder in memory where there is one: removing a folder costs
/// this machine's ext4 some 2 ms.
fn in_memory() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    tempfile::tempdir_in(shm)
        .or_else(|_| tempfile::tempdir())
        .unwrap()
}

#[test]
fn a_chain_deeper_than_the_limit_on_open_files_is_walked() {
    // A walk that held a descriptor per level would fail with EMFILE
    // here (std's remove_dir_all does, at a limit of 1024, a common
    // default).
    // SAFETY: rlimit is plain data; getrlimit fills it.
    let mut files: libc::rlimit = unsafe { std::mem::zeroed() };
    // SAFETY: a local.
    unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut files) };
    let depth = match usize::try_from(files.rlim_cur) {
        Ok(n) if n <= 1 << 16 => n + 10,
        _ => {
            eprintln!("NOT TESTED here: a chain past the open-file limit (too high)");
            3000
        }
    };
    let scratch = in_memory();
    let top = scratch.path().join("work");
    std::fs::create_dir(&top).unwrap();
    drop(chain(&top, "a", depth));
    assert_eq!(size(&top, usize::MAX), Some(0));
    remove(&top).unwrap();
    assert!(!top.exists());
}

#[test]
fn pipes_sockets_links_and_closed_folders_are_removed_and_nothing_outside() {
    let scratch = tempfile::tempdir().unwrap();
    let (top, outside) = (scratch.path().join("work"), scratch.path().join("outside"));
    std::fs::create_dir_all(top.join("shut/inner")).unwrap();
    std::fs::create_dir_all(outside.join("keep")).unwrap();
    std::fs::write(outside.join("keep/file"), "mine").unwrap();
    std::fs::write(top.join("shut/inner/f"), "x").unwrap();
    let dir = Dir::open(&top).unwrap();
    file_at(&dir, c"no-bits", 10, 0);
    for (name, kind) in [(c"fifo", libc::S_IFIFO), (c"sock", libc::S_IFSOCK)] {
        // SAFETY: our descriptor, a NUL-terminated name, a mode.
        let r = unsafe { libc::mknodat(dir.fd.as_raw_fd(), name.as_ptr(), kind | 0o600, 0) };
        assert_eq!(r, 0, "{}", io::Error::last_os_error());
    }
    for i in 0..50 {
        std::fs::hard_link(top.join("no-bits"), top.join(format!("h{i}"))).unwrap();
    }
    std::fs::hard_link(outside.join("keep/file"), top.join("theirs")).unwrap();
    std::os::unix::fs::symlink(outside.join("keep"), top.join("to-folder")).unwrap();
    std::os::unix::fs::symlink(outside.join("keep/file"), top.join("to-file")).unwrap();
    std::os::unix::fs::symlink(&top, top.join("loop")).unwrap();
    let mode = |p: &Path, m| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m));
    mode(&top.join("shut/inner"), 0).unwrap();
    mode(&top.join("shut"), 0).unwrap();
    let sticky = top.join("sticky");
    std::fs::create_dir(&sticky).unwrap();
    std::fs::write(sticky.join("x"), "").unwrap();
    mode(&sticky, 0o1000).unwrap();
    remove(&top).unwrap();
    assert!(!top.exists());
    assert_eq!(
        std::fs::read_to_string(outside.join("keep/file")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::metadata(outside.join("keep/file"))
            .unwrap()
            .nlink(),
        1
    );
}

#[test]
fn a_missing_path_is_nothing_and_a_file_is_removed_itself() {
    let scratch = tempfile::tempdir().unwrap();
    let gone = scratch.path().join("gone");
    assert!(remove(&gone).is_ok());
    assert_eq!(size(&gone, 10), Some(0));
    std::fs::write(&gone, "x").unwrap();
    remove(&gone).unwrap();
    assert!(!gone.exists());
    std::os::unix::fs::symlink(scratch.path(), &gone).unwrap();
    remove(&gone).unwrap();
    assert!(
        !gone.exists() && scratch.path().exists(),
        "the link, not its folder"
    );
}

#[test]
fn a_mount_met_in_a_tree_is_unmounted_and_removed() {
    if !root() {
        eprintln!("NOT TESTED here: a mount in a tree (mounting needs root)");
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let work = scratch.path().join("run/work");
    std::fs::create_dir_all(&work).unwrap();
    let mounted = crate::runner::sandbox::tmpfs::mount(&work, 1 << 20, 64).unwrap();
    std::fs::write(work.join("inside"), "x").unwrap();
    std::mem::forget(mounted);
    remove(&scratch.path().join("run")).unwrap();
    assert!(!scratch.path().join("run").exists());
}

#[test]
fn taking_back_changes_what_the_run_owns_and_nothing_else() {
    if !root() {
        eprintln!("NOT TESTED here: taking a tree back (changing owners needs root)");
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let (top, outside) = (scratch.path().join("work"), scratch.path().join("outside"));
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("theirs"), "x").unwrap();
    std::os::unix::fs::chown(outside.join("theirs"), Some(4242), Some(4242)).unwrap();
    std::fs::create_dir(&top).unwrap();
    let deep = chain(&top, &"d".repeat(200), 30);
    file_at(&deep, c"made", 1, 0o644);
    drop(deep);
    std::fs::hard_link(outside.join("theirs"), top.join("link")).unwrap();
    std::os::unix::fs::symlink(outside.join("theirs"), top.join("sym")).unwrap();
    let run = 61_999;
    // Everything the run's, as after a run (the top given by the sandbox).
    std::os::unix::fs::chown(&top, Some(run), Some(run)).unwrap();
    visit(Dir::open(&top).unwrap(), &mut |dir, entry, _| {
        let (fd, flags) = (dir.fd.as_raw_fd(), libc::AT_SYMLINK_NOFOLLOW);
        // SAFETY: our descriptor, a NUL-terminated name, ids and a flag.
        check(unsafe { libc::fchownat(fd, entry.name.as_ptr(), run, run, flags) })
    })
    .unwrap();
    std::os::unix::fs::chown(outside.join("theirs"), Some(4242), Some(4242)).unwrap();
    take_back(&top, run, (0, 0)).unwrap();
    let theirs = std::fs::metadata(outside.join("theirs")).unwrap();
    assert_eq!((theirs.uid(), theirs.gid()), (4242, 4242), "another's file");
    assert_eq!(std::fs::symlink_metadata(top.join("sym")).unwrap().uid(), 0);
    assert_eq!(std::fs::metadata(&top).unwrap().uid(), 0);
    assert_eq!(size(&top, 1000), Some(2), "the deep file and the link");
    let mut owners = Vec::new();
    visit(Dir::open(&top).unwrap(), &mut |_, _, st| {
        owners.push(st.st_uid);
        Ok(())
    })
    .unwrap();
    assert!(owners.iter().all(|&u| u == 0 || u == 4242), "{owners:?}");
    assert_eq!(owners.len(), 33);
}
