//! A contest's reports at scale: `mayan judge --jobs 1 --json --html --csv`
//! over the 10 official cases for 30, 300 and 3,000 submissions of a
//! program that answers -1 (every case fails but the one with no solution:
//! the worst case for the reports), each a ready command. For each size it
//! prints the time per case, the bytes written for the reports (the I/O
//! accounting of the run with the reports less that of the same run
//! without them, which stages the program and the runs' files; against the
//! final reports' size), the judge's
//! peak memory (the largest resident set of it and its children), and the
//! size of the `--html` page and of its largest page beside it.
//!
//! The baseline is the smallest size, in the same run: the time per case of
//! the larger runs is printed as a ratio to it. Then a resumed run after one
//! submission of 8 changed, against the full run of the 8.
//!
//! `cargo bench --bench contest` (3,000 takes about 3 minutes here; set
//! `MAYAN_BENCH_MAX=300` to stop before it). With `MAYAN_BENCH_BASELINE`
//! naming another `mayan` binary (an earlier version, say), every size is
//! judged by it too, in the same run, and printed below.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn main() {
    let official = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/mayan-noip2011");
    if !official.is_dir() {
        eprintln!("{}: the official cases are missing", official.display());
        std::process::exit(1);
    }
    let dir = tempfile::tempdir().unwrap();
    let program = compile(dir.path());
    let max: usize = std::env::var("MAYAN_BENCH_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    println!("reports of a contest, 10 official cases, every submission answering -1, --jobs 1");
    println!(
        "{:>6} {:>9} {:>8} {:>10} {:>10} {:>7} {:>9} {:>10} {:>10}",
        "subs", "s", "ms/case", "ratio", "written", "x final", "peak MiB", "index", "largest"
    );
    let mut binaries = vec![("this build", PathBuf::from(env!("CARGO_BIN_EXE_mayan")))];
    if let Some(other) = std::env::var_os("MAYAN_BENCH_BASELINE") {
        binaries.push(("baseline", PathBuf::from(other)));
    }
    for (name, binary) in &binaries {
        println!("{name}: {}", binary.display());
        sizes(dir.path(), (&official, &program), binary, max);
    }
    resume(dir.path(), &official, &program);
}

/// Every size up to `max`, judged by `binary`: a line each.
fn sizes(dir: &Path, (official, program): (&Path, &Path), binary: &Path, max: usize) {
    let mut baseline = None;
    for n in [30, 300, 3000].into_iter().filter(|&n| n <= max) {
        let run = Contest::new(dir, official, program, n);
        let plain = run.judge_by(binary, &[], false);
        let m = run.judge_by(binary, &[], true);
        let written = m.written.saturating_sub(plain.written);
        let per_case = m.elapsed.as_secs_f64() * 1000.0 / (n * 10) as f64;
        let base = *baseline.get_or_insert(per_case);
        let finals = run.final_bytes();
        println!(
            "{n:>6} {:>9.1} {per_case:>8.2} {:>9.2}x {:>10} {:>6.1}x {:>9.1} {:>10} {:>10}",
            m.elapsed.as_secs_f64(),
            per_case / base,
            written,
            written as f64 / finals as f64,
            m.peak_kib as f64 / 1024.0,
            size(&run.html()),
            run.largest_page(),
        );
        std::fs::remove_dir_all(&run.dir).unwrap();
    }
}

/// A resumed run of 8 submissions after one of them changed, against the
/// full run of the 8 just before it.
fn resume(dir: &Path, official: &Path, program: &Path) {
    let run = Contest::new(dir, official, program, 8);
    let full = run.judge(&[]);
    // A submission's command changes: it is judged again, alone.
    let text = std::fs::read_to_string(&run.config).unwrap();
    let changed = text.replacen("\"mine\"", "\"changed\"", 1);
    std::fs::write(&run.config, changed).unwrap();
    let resumed = run.judge(&["--resume"]);
    println!(
        "--resume after 1 of 8 changed: {:.2} s against {:.2} s for the full run ({:.2}x)",
        resumed.elapsed.as_secs_f64(),
        full.elapsed.as_secs_f64(),
        resumed.elapsed.as_secs_f64() / full.elapsed.as_secs_f64()
    );
}

/// What one run of the judge cost.
struct Measured {
    elapsed: Duration,
    /// Bytes written (its and its children's I/O accounting).
    written: u64,
    peak_kib: u64,
}

/// A contest of `n` submissions in a folder of its own.
struct Contest {
    dir: PathBuf,
    config: PathBuf,
}

impl Contest {
    fn new(root: &Path, official: &Path, program: &Path, n: usize) -> Contest {
        let dir = root.join(format!("contest-{n}"));
        std::fs::create_dir_all(&dir).unwrap();
        let mut text = format!(
            "[limits]\ntime = \"1s\"\n[[suite]]\nname = \"official\"\npath = \"{}\"\n",
            official.display()
        );
        for i in 0..n {
            text += &format!(
                "[[submission]]\nname = \"s{i:04}\"\ncommand = [\"{}\", \"mine\"]\n",
                program.display()
            );
        }
        let config = dir.join("judge.toml");
        std::fs::write(&config, text).unwrap();
        Contest { dir, config }
    }

    fn html(&self) -> PathBuf {
        self.dir.join("r.html")
    }

    /// Runs the judge with the reports and `extra`, in a process of its own
    /// whose I/O and memory are read back when it ends.
    fn judge(&self, extra: &[&str]) -> Measured {
        self.judge_by(Path::new(env!("CARGO_BIN_EXE_mayan")), extra, true)
    }

    /// A run by `binary`, with the reports or without.
    fn judge_by(&self, binary: &Path, extra: &[&str], reports: bool) -> Measured {
        let mut cmd = Command::new(binary);
        cmd.current_dir(&self.dir)
            .args(["judge", "-q", "--jobs", "1", "--config"])
            .arg(&self.config)
            .args(extra)
            .stdout(std::process::Stdio::null());
        if reports {
            cmd.args(["--json", "r.json", "--html", "r.html", "--csv", "r.csv"]);
        }
        let start = Instant::now();
        // Waited for by wait4 below, which also gives its resource usage.
        #[allow(clippy::zombie_processes)]
        let child = cmd.spawn().unwrap();
        let (status, usage) = wait4(child.id() as libc::pid_t);
        let elapsed = start.elapsed();
        assert!(matches!(status, 0 | 1), "the judge exited {status}");
        Measured {
            elapsed,
            written: usage.ru_oublock as u64 * 512,
            peak_kib: usage.ru_maxrss as u64,
        }
    }

    /// The size of the final reports: the JSON, the CSV, the HTML page and
    /// every page beside it.
    fn final_bytes(&self) -> u64 {
        walkdir::WalkDir::new(&self.dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file() && e.file_name() != "judge.toml")
            .map(|e| e.metadata().map_or(0, |m| m.len()))
            .sum()
    }

    /// The largest page beside the `--html` page.
    fn largest_page(&self) -> String {
        let largest = walkdir::WalkDir::new(&self.dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| {
                e.path().extension().is_some_and(|x| x == "html") && e.path() != self.html()
            })
            .map(|e| e.metadata().map_or(0, |m| m.len()))
            .max();
        largest.map_or("-".to_string(), |b| format!("{:.1} KB", b as f64 / 1000.0))
    }
}

fn size(path: &Path) -> String {
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

/// Waits for `pid`; its exit code and what it and its children used.
fn wait4(pid: libc::pid_t) -> (i32, libc::rusage) {
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child; status and usage are valid for writes.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4: {}", std::io::Error::last_os_error());
    (libc::WEXITSTATUS(status), usage)
}

/// A static C program that writes -1 to mayan.out.
fn compile(dir: &Path) -> PathBuf {
    let src = dir.join("p.c");
    let exe = dir.join("p");
    std::fs::write(
        &src,
        "#include <stdio.h>\nint main(void){ FILE *f = fopen(\"mayan.out\", \"w\"); \
         fputs(\"-1\\n\", f); fclose(f); return 0; }\n",
    )
    .unwrap();
    let ok = Command::new("gcc")
        .args(["-O2", "-static", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .unwrap()
        .success();
    assert!(ok, "gcc failed");
    exe
}
