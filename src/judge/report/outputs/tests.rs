use super::*;

fn json(path: &Path) -> Outputs {
    Outputs {
        json: Some(path.to_path_buf()),
        ..Outputs::default()
    }
}

#[test]
fn a_link_a_device_or_a_folder_is_refused_and_a_plain_file_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.json");
    std::fs::write(&file, "old").unwrap();
    assert!(json(&file).check().is_ok());
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    for bad in [link, PathBuf::from("/dev/full"), dir.path().to_path_buf()] {
        let csv = Outputs {
            csv: Some(bad),
            ..Outputs::default()
        };
        let e = csv.check().unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
    let missing = Outputs {
        csv: Some(dir.path().join("no/such/folder/r.csv")),
        ..Outputs::default()
    };
    let e = missing.check().unwrap_err();
    assert!(
        e.to_string().contains("cannot write the report there"),
        "{e}"
    );
}

#[test]
fn two_reports_in_one_file_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let r = Some(dir.path().join("r"));
    let check = |o: Outputs| o.check().map_err(|e| e.to_string());
    let same = Some(dir.path().join(".").join("r"));
    let e = check(Outputs {
        json: r.clone(),
        csv: same,
        ..Outputs::default()
    });
    assert!(e.unwrap_err().contains("is also the file of --json"));
    let e = check(Outputs {
        json: r.clone(),
        html: Some(dir.path().join("r.journal")),
        ..Outputs::default()
    });
    assert!(e.unwrap_err().contains("--json's journal"));
    let e = check(Outputs {
        html: r.clone(),
        junit: Some(dir.path().join("r.files")),
        ..Outputs::default()
    });
    assert!(e.unwrap_err().contains("--html's folder of pages"));
    std::os::unix::fs::symlink(dir.path(), dir.path().join("x.files")).unwrap();
    let e = check(Outputs {
        html: Some(dir.path().join("x.html")),
        ..Outputs::default()
    });
    assert!(e.unwrap_err().contains("symbolic link"));
    let fine = Outputs {
        json: r,
        csv: Some(dir.path().join("r.csv")),
        ..Outputs::default()
    };
    assert!(fine.check().is_ok());
}

#[test]
fn a_journal_left_behind_is_refused_unless_resuming() {
    let dir = tempfile::tempdir().unwrap();
    let outputs = json(&dir.path().join("r.json"));
    assert!(outputs.check_journal(false).is_ok());
    std::fs::write(dir.path().join("r.json.journal"), "").unwrap();
    let e = outputs.check_journal(false).unwrap_err();
    assert!(e.to_string().contains("add --resume"), "{e}");
    assert!(outputs.check_journal(true).is_ok());
}
