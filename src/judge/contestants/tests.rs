use super::*;

/// Makes `files` (paths below `root`, a trailing `/` for a folder).
fn lay_out(root: &Path, files: &[&str]) {
    for f in files {
        let path = root.join(f);
        if f.ends_with('/') {
            std::fs::create_dir_all(&path).unwrap();
        } else {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
        }
    }
}

fn read(root: &Path, layout: Layout) -> Contest {
    let languages = Languages::default();
    let lookup = Lookup {
        problem: "mayan",
        layout,
        languages: &languages,
        rules: Collection::Lenient,
    };
    contestants(root, lookup).unwrap()
}

fn found(c: &Contest) -> Vec<(&str, &str, Layout)> {
    let f = c.found.iter();
    f.map(|f| (f.submission.name.as_str(), f.seen.as_str(), f.layout))
        .collect()
}

fn missing(c: &Contest) -> Vec<(&str, &str)> {
    let m = c.missing.iter();
    m.map(|m| (m.name.as_str(), m.why.as_str())).collect()
}

#[test]
fn one_source_per_contestant_the_rest_explained() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            "bob/mayan.cpp",
            "bob/notes.txt",
            "amy/mayan.py",
            "cid/",
            "dee/mayan.c",
            "dee/mayan.pas",
            "eve/Mayan.CPP",
            "fay/mayan.java",
            "fay/notes.txt",
            "gus/main.cpp",
            "ian/notes.txt",
        ],
    );
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("mayan.cpp"), "").unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("hal")).unwrap();
    let c = read(dir.path(), Layout::Auto);
    let names: Vec<&str> = found(&c).iter().map(|f| f.0).collect();
    assert_eq!(names, ["amy", "bob", "eve"]);
    assert!(
        c.found[1]
            .submission
            .source
            .as_ref()
            .unwrap()
            .ends_with("bob/mayan.cpp")
    );
    assert_eq!(
        missing(&c),
        [
            ("cid", "the folder is empty"),
            ("dee", "several sources: mayan.c, mayan.pas"),
            (
                "fay",
                "mayan.java: no language for this extension (known: c, cpp, cc, cxx, pas, pp, rs, py)"
            ),
            (
                "gus",
                "no mayan.<ext>: found main.cpp, a source under another name (a contest judges only mayan.<ext>)"
            ),
            (
                "hal",
                "the folder is a symbolic link, which the judge does not follow"
            ),
            ("ian", "no mayan.<ext>: it holds notes.txt"),
        ]
    );
}

#[test]
fn every_layout_is_found_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            "GD-001/mayan/mayan.cpp",
            "GD-002/Mayan/mayan.pas",
            "GD-003/mayan.cpp",
            "GD-004/mayan/",
            "wu/mayan.cpp",
            "wu.py",
            "zhang-san.cpp",
            "li-si.py",
            "li-si.cpp",
            "scores.xlsx",
            ".git/",
        ],
    );
    let c = read(dir.path(), Layout::Auto);
    assert_eq!(
        found(&c),
        [
            ("GD-001", "GD-001/mayan/mayan.cpp", Layout::Nested),
            ("GD-002", "GD-002/Mayan/mayan.pas", Layout::Nested),
            ("GD-003", "GD-003/mayan.cpp", Layout::Flat),
            ("zhang-san", "zhang-san.cpp", Layout::Files),
        ]
    );
    assert_eq!(
        missing(&c),
        [
            ("GD-004", "mayan/: the folder is empty"),
            ("li-si", "several sources: li-si.cpp, li-si.py"),
            (
                "wu",
                "several entries: the folder wu/ and a source wu.<ext>"
            ),
        ]
    );
    let skipped: Vec<(&str, &str)> = c.skipped.iter().map(|s| (&*s.entry, &*s.why)).collect();
    assert_eq!(
        skipped,
        [
            (".git", "a hidden entry"),
            (
                "scores.xlsx",
                "not a folder, nor a source in a known language"
            ),
        ]
    );
}

#[test]
fn a_forced_layout_takes_only_its_own_shape() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &["amy/mayan/mayan.cpp", "bob/mayan.cpp", "cat.cpp"],
    );
    let nested = read(dir.path(), Layout::Nested);
    assert_eq!(
        found(&nested),
        [("amy", "amy/mayan/mayan.cpp", Layout::Nested)]
    );
    assert_eq!(
        missing(&nested),
        [(
            "bob",
            "no mayan/ folder (layout nested: mayan/mayan.<ext>); it holds mayan.cpp"
        )]
    );
    assert_eq!(nested.skipped[0].entry, "cat.cpp");
    let flat = read(dir.path(), Layout::Flat);
    assert_eq!(found(&flat), [("bob", "bob/mayan.cpp", Layout::Flat)]);
    assert_eq!(missing(&flat), [("amy", "no mayan.<ext>: it holds mayan")]);
    let files = read(dir.path(), Layout::Files);
    assert_eq!(found(&files), [("cat", "cat.cpp", Layout::Files)]);
    assert_eq!(files.skipped.len(), 2, "{:?}", files.skipped);
}

#[test]
fn one_contestants_folder_given_as_the_contest_is_refused_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(dir.path(), &["mayan.cpp", "notes.txt"]);
    let languages = Languages::default();
    let lookup = Lookup {
        problem: "mayan",
        layout: Layout::Auto,
        languages: &languages,
        rules: Collection::Lenient,
    };
    let e = contestants(dir.path(), lookup).unwrap_err().to_string();
    assert!(
        e.contains("holds mayan.cpp itself, so it is one contestant's folder"),
        "{e}"
    );
    assert!(e.contains("mayan judge "), "{e}");
}

#[test]
fn a_source_is_named_after_its_contestant_when_named_after_the_problem() {
    let name = |p: &str| source_name(Path::new(p), "mayan");
    assert_eq!(name("contest/GD-001/mayan/mayan.cpp"), "GD-001");
    assert_eq!(name("contest/amy/Mayan.cpp"), "amy");
    assert_eq!(name("class/zhang-san.cpp"), "zhang-san.cpp");
    assert_eq!(name("sol.py"), "sol.py");
}

#[test]
fn the_listing_escapes_names_and_says_what_was_seen() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(dir.path(), &["a\u{1b}[2Jb/mayan.cpp", "cy/", "x.txt"]);
    let text = read(dir.path(), Layout::Auto).listing();
    assert!(!text.contains('\u{1b}'), "{text}");
    assert!(text.contains("a\\x1b[2Jb/mayan.cpp (flat)"), "{text}");
    assert!(
        text.contains("\n  cy         no source: the folder is empty\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  skipped    x.txt: not a folder"),
        "{text}"
    );
}

fn read_by(root: &Path, rules: Collection) -> Contest {
    let languages = Languages::default();
    let lookup = Lookup {
        problem: "mayan",
        layout: Layout::Auto,
        languages: &languages,
        rules,
    };
    contestants(root, lookup).unwrap()
}

// GD-0118/mayan/Mayan.cpp and GD-0119/mayan.cpp were judged and scored 100
// under --preset noi, where CCF collects neither.
#[test]
fn ccf_collects_exactly_id_problem_problem_ext_and_the_lenient_rules_say_what_it_would_not() {
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &[
            "GD-0118/mayan/Mayan.cpp",
            "GD-0119/mayan.cpp",
            "GD-0120/mayan/mayan.cpp",
            "GD-0121/Mayan/mayan.cpp",
            "GD-0122/mayan/mayan.cpp",
            "GD-0122/mayan/mayan.c",
        ],
    );
    let ccf = read_by(dir.path(), Collection::Ccf);
    assert_eq!(
        found(&ccf),
        [("GD-0120", "GD-0120/mayan/mayan.cpp", Layout::Nested)]
    );
    let kinds: Vec<(&str, Absence)> = ccf
        .missing
        .iter()
        .map(|m| (m.name.as_str(), m.kind))
        .collect();
    assert_eq!(
        kinds,
        [
            ("GD-0118", Absence::Misplaced),
            ("GD-0119", Absence::Misplaced),
            ("GD-0121", Absence::Misplaced),
            ("GD-0122", Absence::Several),
        ]
    );
    let why = |name: &str| {
        ccf.missing
            .iter()
            .find(|m| m.name == name)
            .unwrap()
            .why
            .clone()
    };
    assert_eq!(
        why("GD-0118"),
        "found GD-0118/mayan/Mayan.cpp, not judged: the file is Mayan.cpp, not mayan.<ext>; \
         CCF collects exactly mayan/mayan.<ext>, names in their case"
    );
    assert_eq!(
        why("GD-0119"),
        "found GD-0119/mayan.cpp, not judged: not in a folder mayan/; CCF collects exactly \
         mayan/mayan.<ext>"
    );
    assert!(why("GD-0121").contains("the folder is Mayan/, not mayan/"));
    let listing = ccf.listing();
    assert!(
        listing.contains("GD-0118   misplaced: found GD-0118/mayan/Mayan.cpp"),
        "{listing}"
    );

    let lenient = read_by(dir.path(), Collection::Lenient);
    let flagged: Vec<(&str, bool)> = (lenient.found.iter())
        .map(|f| (f.submission.name.as_str(), f.outside_ccf.is_some()))
        .collect();
    assert_eq!(
        flagged,
        [
            ("GD-0118", true),
            ("GD-0119", true),
            ("GD-0120", false),
            ("GD-0121", true)
        ]
    );
    assert!(
        lenient
            .listed(false)
            .contains("GD-0119   GD-0119/mayan.cpp (flat); judged, though not in a folder mayan/")
    );
    assert!(
        !lenient.listed(false).contains("GD-0120"),
        "only what there is to say"
    );
}

#[test]
fn hard_linked_sources_are_listed_with_why_or_counted_at_a_contests_size() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lay_out(d, &["orig/amy/mayan.cpp", "orig/bo/mayan.py", "c/"]);
    for who in ["amy", "bo"] {
        std::fs::create_dir_all(d.join("c").join(who).join("mayan")).unwrap();
    }
    let link = |from: &str, to: &str| std::fs::hard_link(d.join(from), d.join(to)).unwrap();
    link("orig/amy/mayan.cpp", "c/amy/mayan/mayan.cpp");
    link("orig/bo/mayan.py", "c/bo/mayan/mayan.py");
    // Bo's is private, in a folder anyone may write: anyone could link it.
    let private = std::fs::Permissions::from_mode(0o600);
    std::fs::set_permissions(d.join("c/bo/mayan/mayan.py"), private).unwrap();
    let open = std::fs::Permissions::from_mode(0o777);
    std::fs::set_permissions(d.join("c/bo/mayan"), open).unwrap();
    let contest = read(&d.join("c"), Layout::Auto);
    let all = contest.listed(true);
    assert!(
        all.contains(
            "amy       amy/mayan/mayan.cpp (nested); a hard link (2 names), read as the source"
        ),
        "{all}"
    );
    assert!(all.contains("bo        bo/mayan/mayan.py (nested); CE: the source is a hard link"));
    let brief = contest.listed(false);
    assert!(!brief.contains("amy "), "{brief}");
    assert!(
        brief.contains("bo        bo/mayan/mayan.py"),
        "refused ones always: {brief}"
    );
    assert!(
        brief.contains("  1 hard-linked source: read, as whoever"),
        "{brief}"
    );
}

#[test]
fn a_contestants_own_folder_holding_the_problems_folder_is_refused() {
    for files in [&["mayan/mayan.cpp"][..], &["mayan/Mayan.cpp"], &["Mayan/"]] {
        let dir = tempfile::tempdir().unwrap();
        lay_out(dir.path(), files);
        let languages = Languages::default();
        for (layout, rules) in [
            (Layout::Auto, Collection::Lenient),
            (Layout::Nested, Collection::Ccf),
        ] {
            let lookup = Lookup {
                problem: "mayan",
                layout,
                languages: &languages,
                rules,
            };
            let e = contestants(dir.path(), lookup).unwrap_err().to_string();
            assert!(
                e.contains("so it is one contestant's folder"),
                "{files:?}: {e}"
            );
        }
    }
    // Among others, a contestant named as the problem is judged as one.
    let dir = tempfile::tempdir().unwrap();
    lay_out(
        dir.path(),
        &["mayan/mayan/mayan.cpp", "amy/mayan/mayan.cpp"],
    );
    let c = read(dir.path(), Layout::Auto);
    assert_eq!(c.found.len(), 2, "{c:?}");
}

#[test]
fn a_folder_name_that_would_fake_a_row_is_shown_on_one_line() {
    // Regression: a folder named "evil\nGD-9999  100 AC" added a line of
    // its own to the ranking; two names not UTF-8 were one name.
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let names = [
        &b"evil\nGD-9999  100 AC"[..],
        b"x\xff",
        b"x\xfe",
        b"tab\there",
    ];
    for name in names {
        let folder = dir.path().join(std::ffi::OsStr::from_bytes(name));
        lay_out(&folder, &["mayan/mayan.cpp"]);
    }
    let c = read(dir.path(), Layout::Auto);
    let mut shown: Vec<&str> = found(&c).into_iter().map(|(name, ..)| name).collect();
    shown.sort();
    assert_eq!(
        shown,
        ["evil\\nGD-9999  100 AC", "tab\\there", "x\\xfe", "x\\xff"]
    );
}
