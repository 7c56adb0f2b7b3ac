use super::*;

#[test]
fn commands_are_found_on_the_system_path_first() {
    let sh = resolve("sh");
    assert!(sh.is_absolute() && sh.ends_with("sh"), "{}", sh.display());
    assert!(
        PATH.split(':').any(|d| sh.starts_with(d)),
        "{}",
        sh.display()
    );
    assert_eq!(resolve("./a.out"), PathBuf::from("./a.out"));
    assert_eq!(
        resolve("no-such-program-anywhere"),
        PathBuf::from("no-such-program-anywhere")
    );
}

#[test]
fn a_sandbox_with_everything_left_out_says_why_for_each() {
    let s = Sandbox::probe_without(
        Vec::new(),
        &["landlock", "seccomp", "netns", "uid", "tmpfs"],
    );
    let all = s.protections();
    let names: Vec<&str> = all.iter().map(|p| p.name).collect();
    assert_eq!(
        names,
        [
            "files",
            "network",
            "system calls",
            "user",
            "signals",
            "disk"
        ]
    );
    // The disk is bounded either way, by a tmpfs or by measuring.
    for p in all.iter().filter(|p| p.name != "disk") {
        assert!(!p.active, "{p:?}");
        assert!(!p.how.is_empty(), "{p:?}");
    }
    assert!(all[1].how.contains("left out (netns)"), "{}", all[1].how);
}

#[test]
fn etc_gives_the_loader_and_compilers_files_but_not_the_secrets() {
    let etc = landlock::etc_entries();
    let names: Vec<String> = etc
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for secret in ["shadow", "gshadow", "sudoers", "ssh", "passwd-"] {
        assert!(!names.iter().any(|n| n == secret), "{secret} in {names:?}");
    }
    if Path::new("/etc/ld.so.cache").exists() {
        assert!(names.iter().any(|n| n == "ld.so.cache"), "{names:?}");
    }
}

#[test]
fn the_filter_compiles_for_this_machine_and_stays_short() {
    let f = seccomp::filter().unwrap();
    // About two instructions a listed call, and a handful more.
    assert!(f.program.len() < 120, "{}", f.program.len());
}

#[test]
fn the_environment_is_the_sandbox_own() {
    let s = Sandbox::probe_without(Vec::new(), &["landlock", "seccomp", "netns", "uid"]);
    let dir = tempfile::tempdir().unwrap();
    let spec = RunSpec {
        argv: vec!["sh".into(), "-c".into(), "true".into()],
        workdir: dir.path().to_path_buf(),
        stdin: None,
        stdout: dir.path().join("out"),
        stderr: dir.path().join("err"),
        limits: crate::runner::Limits {
            cpu: std::time::Duration::from_secs(1),
            wall: std::time::Duration::from_secs(1),
            memory: 1 << 20,
            output: 1 << 20,
            processes: 1,
        },
        readable: Vec::new(),
        own_files: Vec::new(),
    };
    let jail = s.jail(&spec).unwrap();
    assert!(Path::new(&jail.argv[0]).is_absolute(), "{:?}", jail.argv);
    let env = jail.env();
    let get = |k: &str| env.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
    assert_eq!(get("PATH").as_deref(), Some(PATH));
    assert_eq!(get("HOME"), Some(dir.path().to_string_lossy().into_owned()));
    assert_eq!(get("TMPDIR"), get("HOME"));
    assert!(jail.uid().is_none());
}
