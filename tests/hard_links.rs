//! A contest folder copied with hard links (`cp -al`, rsnapshot, a backup
//! tool) is judged, the listing saying why each linked source was read; a
//! link that hands in a file its maker could not read (root's private file
//! linked into a contestant's folder) is CE, said before judging, and the
//! file's bytes appear nowhere.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use assert_cmd::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bundled(name: &str) -> String {
    std::fs::read_to_string(root().join("submissions").join(name)).unwrap()
}

/// Judges the contest folder `contest` below `dir` over the sample case;
/// standard output and error together, and the JSON report.
fn judge(dir: &Path, contest: &str) -> (String, String) {
    // A compile time far over g++'s, as CI's emulated machine runs these
    // tests beside others: what is tested is the links, not the speed.
    let config = format!(
        "[limits]\ntime = \"2s\"\ncompile-time = \"120s\"\n[[suite]]\npath = \"{}\"\n",
        root().join("cases/sample").display()
    );
    std::fs::write(dir.join("judge.toml"), config).unwrap();
    let out = Command::cargo_bin("mayan")
        .unwrap()
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .args(["judge", "--contestants", contest, "--json", "r.json"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&[out.stdout, out.stderr].concat()).into_owned();
    assert!(matches!(out.status.code(), Some(0 | 1)), "{said}");
    let json = std::fs::read_to_string(dir.join("r.json")).unwrap();
    (said, json)
}

/// The verdict row of `who` in the score matrix.
fn row<'a>(said: &'a str, who: &str) -> &'a str {
    let prefix = format!("{who} ");
    let mut rows = said.lines().filter(|l| l.starts_with(&prefix));
    rows.next_back()
        .unwrap_or_else(|| panic!("no row for {who}:\n{said}"))
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_contest_copied_with_cp_al_is_judged_saying_why_its_links_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        &d.join("contest/alice/mayan/mayan.cpp"),
        &bundled("correct.cpp"),
    );
    write(&d.join("contest/bob/mayan/mayan.py"), &bundled("wrong.py"));
    let copied = std::process::Command::new("cp")
        .args(["-al", "contest", "copy"])
        .current_dir(d)
        .status()
        .unwrap();
    assert!(copied.success());
    let (said, _) = judge(d, "copy");
    assert!(row(&said, "alice").contains("AC"), "{said}");
    assert!(row(&said, "bob").contains("WA"), "{said}");
    for line in [
        "alice     alice/mayan/mayan.cpp (nested); a hard link (2 names), read as the source: \
         anyone may read the file",
        "bob       bob/mayan/mayan.py (nested); a hard link (2 names), read as the source",
    ] {
        assert!(said.contains(line), "{line}\n{said}");
    }
}

#[test]
fn a_link_to_a_file_its_maker_could_not_read_is_ce_and_never_shown() {
    // SAFETY: getuid has no preconditions.
    if unsafe { libc::getuid() } != 0 {
        eprintln!("skipped: giving a folder to another user needs root");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).unwrap();
    write(
        &d.join("contest/alice/mayan/mayan.cpp"),
        &bundled("correct.cpp"),
    );
    // Root's private file, linked into the folder of mallory (uid 65534).
    let secret = d.join("secret.cpp");
    write(&secret, "int main() { return SECRET_9f3a1c; }\n");
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let mallory = d.join("contest/mallory/mayan");
    std::fs::create_dir_all(&mallory).unwrap();
    std::fs::hard_link(&secret, mallory.join("mayan.cpp")).unwrap();
    std::os::unix::fs::chown(&mallory, Some(65534), Some(65534)).unwrap();
    let (said, json) = judge(d, "contest");
    assert!(row(&said, "alice").contains("AC"), "{said}");
    assert!(row(&said, "mallory").contains("CE"), "{said}");
    let listed = "mallory   mallory/mayan/mayan.cpp (nested); CE: the source is a hard link (2 names) \
                  to a file that whoever could put it in its folder could not read themselves \
                  (the file: owner uid 0, mode 0600; its folder: owner uid 65534, mode 0755)";
    assert!(said.contains(listed), "{said}");
    assert!(!said.contains("SECRET_9f3a1c"), "{said}");
    assert!(!json.contains("SECRET_9f3a1c"), "{json}");
}
