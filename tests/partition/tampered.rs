//! `mayan report merge` against reports that were edited or are not
//! reports: a score of 1000000 points, totals that do not add up, a
//! partition of 0 shards, a pipe, a device or a folder given as a shard.
//! Each is refused (exit 2, the file named) or counted from its results,
//! within 10 s, and never panics (exit 101).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use super::judge;
use crate::support::{finish, mkfifo};
use mayan_judge::judge::partition::Partition;

/// The two shards of the fake run, as JSON values.
fn shards() -> [Value; 2] {
    [1, 2].map(|k| serde_json::to_value(judge(Some(Partition::new(k, 2).unwrap()))).unwrap())
}

fn write(dir: &Path, name: &str, value: &Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(value).unwrap()).unwrap();
    path
}

/// `mayan report merge` of `reports`, writing the merged JSON to `json`.
fn merge(reports: &[PathBuf], json: &Path) -> Output {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("mayan"));
    cmd.args(["report", "merge"])
        .args(reports)
        .arg("--json")
        .arg(json);
    cmd.stdin(Stdio::null());
    finish(cmd)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

// A shard's result edited to 1000000 points was summed into the total.
#[test]
fn a_result_edited_to_more_points_than_its_case_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let [one, mut two] = shards();
    let first = two["submissions"][0]["cases"][0].clone();
    two["submissions"][0]["cases"][0]["score"] = 1_000_000.into();
    let files = [
        write(dir.path(), "1.json", &one),
        write(dir.path(), "2.json", &two),
    ];
    let out = merge(&files, &dir.path().join("merged.json"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let case = format!(
        "{}/{}",
        first["suite"].as_str().unwrap(),
        first["name"].as_str().unwrap()
    );
    let said = format!("2.json: `right` scores 1000000 points on {case}, which is worth 10");
    assert!(stderr(&out).contains(&said), "{}", stderr(&out));
    assert!(!dir.path().join("merged.json").exists());
    // The points raised with it: the case's list says 10.
    two["submissions"][0]["cases"][0]["points"] = 1_000_000.into();
    let files = [files[0].clone(), write(dir.path(), "2.json", &two)];
    let out = merge(&files, &dir.path().join("merged.json"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        stderr(&out).contains("is worth 1000000 points, but the case 10"),
        "{out:?}"
    );
}

#[test]
fn totals_edited_in_the_shards_are_counted_again_from_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let [one, two] = shards();
    let honest = [
        write(dir.path(), "1.json", &one),
        write(dir.path(), "2.json", &two),
    ];
    let out = merge(&honest, &dir.path().join("honest.json"));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let [mut one, mut two] = [one, two];
    for shard in [&mut one, &mut two] {
        for sub in shard["submissions"].as_array_mut().unwrap() {
            sub["score"] = 1_000_000.into();
            sub["max_score"] = 1.into();
            sub["accepted"] = 999.into();
            sub["not_judged"] = 999.into();
        }
    }
    let edited = [
        write(dir.path(), "e1.json", &one),
        write(dir.path(), "e2.json", &two),
    ];
    let out = merge(&edited, &dir.path().join("edited.json"));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(read("edited.json"), read("honest.json"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(!stdout.contains("1000000"), "{stdout}");
}

// `"of": 0` in a shard panicked report merge (exit 101): a remainder by 0.
#[test]
fn a_partition_that_does_not_exist_is_refused_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let [mut one, _] = shards();
    for (shard, of) in [(1, 0), (0, 0), (3, 2), (1, 4_000_000_000u32)] {
        one["partition"] = serde_json::json!({"shard": shard, "of": of});
        let file = write(dir.path(), "1.json", &one);
        let out = merge(&[file], &dir.path().join("merged.json"));
        assert_eq!(out.status.code(), Some(2), "{shard}/{of}: {out:?}");
        let e = stderr(&out);
        match of {
            4_000_000_000 => assert!(e.contains("and 3999999989 more missing"), "{e}"),
            _ => assert!(e.contains("1.json") && e.contains("does not exist"), "{e}"),
        }
    }
}

// A pipe given as a shard hung report merge.
#[test]
fn a_pipe_a_device_or_a_folder_as_a_shard_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let [one, two] = shards();
    let one = write(dir.path(), "1.json", &one);
    let two = write(dir.path(), "2.json", &two);
    let fifo = dir.path().join("fifo.json");
    mkfifo(&fifo);
    let folder = dir.path().join("folder.json");
    std::fs::create_dir(&folder).unwrap();
    for (other, what) in [
        (fifo, "is a named pipe"),
        (PathBuf::from("/dev/zero"), "is a device"),
        (folder, "is a folder"),
    ] {
        let out = merge(
            &[one.clone(), other.clone()],
            &dir.path().join("merged.json"),
        );
        assert_eq!(out.status.code(), Some(2), "{}: {out:?}", other.display());
        let said = format!("{} {what}, not a regular file", other.display());
        assert!(stderr(&out).contains(&said), "{}", stderr(&out));
    }
    // A link named on the command line is the user's own, and followed.
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&two, &link).unwrap();
    let out = merge(&[one, link], &dir.path().join("merged.json"));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}
