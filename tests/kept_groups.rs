//! cgroup v1 runs keep their emptied cpuacct, pids and freezer groups for a
//! later run: nothing of one run may show in the next (CPU time, refused
//! forks, the process limit, a frozen freezer, a process left in a group),
//! a set that is not fit is not kept, and a killed judge's sets are emptied
//! and removed by the next judge, no one else's. Skipped where there is no
//! v1.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use mayan_judge::runner::cgroup::Cgroups;
use mayan_judge::runner::cgroup::v1::Hierarchies;
use mayan_judge::runner::process::ProcessRunner;
use mayan_judge::runner::{Exit, Limits, RunOutcome, RunSpec, Runner};

const LIMITS: Limits = Limits {
    cpu: Duration::from_millis(800),
    wall: Duration::from_millis(3000),
    memory: 64 << 20,
    output: 1 << 20,
    processes: 4,
};

/// With no argument: forks until the process limit refuses one, kills and
/// reaps its children, burns some 200 ms of CPU. `light`: ends at once.
/// `orphan`: leaves a sleeping orphan. `eight`: exits 0 only if eight
/// children could be forked at once.
const PROGRAM: &str = "#include <signal.h>\n#include <stdio.h>\n#include <sys/wait.h>\n#include <time.h>\n#include <unistd.h>\n\
static int forks(int most){ pid_t kids[64]; int n = 0; while(n < most){ pid_t p = fork(); if(p == 0){ pause(); _exit(0); } \
if(p < 0) break; kids[n++] = p; } for(int i = 0; i < n; i++){ kill(kids[i], SIGKILL); waitpid(kids[i], 0, 0); } return n; }\n\
int main(int argc, char **argv){ if(argc > 1){ if(argv[1][0] == 'e') return forks(8) == 8 ? 0 : 1; \
if(argv[1][0] == 'o' && fork() == 0){ setsid(); sleep(120); } return 0; } \
forks(64); volatile unsigned long x = 0; while(clock() < CLOCKS_PER_SEC / 5) x++; return 0; }";

fn v1() -> Option<Hierarchies> {
    match Cgroups::probe() {
        Some(Cgroups::V1(h)) => Some(h),
        _ => {
            eprintln!("NOT TESTED here: cgroup v1 groups kept between runs (no v1 here)");
            None
        }
    }
}

struct Bench {
    runner: ProcessRunner,
    exe: PathBuf,
    _dir: tempfile::TempDir,
}

impl Bench {
    fn new(hierarchies: &Hierarchies) -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let exe = crate::support::compile(dir.path(), "gcc", "prog", PROGRAM);
        let runner = ProcessRunner::with_cgroups(Some(Cgroups::V1(hierarchies.clone())), None);
        Bench {
            runner,
            exe,
            _dir: dir,
        }
    }

    fn run(&self, arg: Option<&str>, processes: u32) -> RunOutcome {
        let work = tempfile::tempdir().unwrap();
        let mut argv = vec![self.exe.to_string_lossy().into_owned()];
        argv.extend(arg.map(str::to_string));
        let spec = RunSpec {
            argv,
            workdir: work.path().to_path_buf(),
            stdin: None,
            stdout: work.path().join("stdout.txt"),
            stderr: work.path().join("stderr.txt"),
            limits: Limits {
                processes,
                ..LIMITS
            },
            readable: Vec::new(),
            own_files: Vec::new(),
        };
        self.runner.run(&spec).expect("the run is made")
    }
}

/// A run that ended by itself with exit code 0, not stopped.
fn assert_clean(what: &str, o: &RunOutcome) {
    assert_eq!((o.exit, o.stopped), (Exit::Code(0), None), "{what}: {o:?}");
    assert!(!o.process_limit_hit, "{what}: {o:?}");
    assert!(o.cpu < Duration::from_millis(100), "{what}: {o:?}");
}

fn assert_heavy(o: &RunOutcome) {
    assert_eq!((o.exit, o.stopped), (Exit::Code(0), None), "{o:?}");
    assert!(o.process_limit_hit, "{o:?}");
    assert!(o.cpu >= Duration::from_millis(150), "{o:?}");
}

#[test]
fn a_kept_set_counts_each_run_from_nothing() {
    let Some(hierarchies) = v1() else { return };
    let bench = Bench::new(&hierarchies);
    assert_heavy(&bench.run(None, 4));
    let kept = hierarchies.kept_folders();
    assert!(!kept.is_empty(), "an emptied set of groups is kept");
    assert_clean("after a heavy run", &bench.run(Some("light"), 4));
    assert_eq!(hierarchies.kept_folders(), kept, "the same set is reused");
    // The limit is each run's own: higher, then lower again.
    assert_clean("eight forks under 16", &bench.run(Some("eight"), 16));
    assert_heavy(&bench.run(None, 4));
    assert_eq!(hierarchies.kept_folders(), kept, "still the same set");
    // An orphan is killed; kept or not, the next run is clean.
    assert_clean("leaving an orphan", &bench.run(Some("orphan"), 4));
    assert_clean("after an orphan", &bench.run(Some("light"), 4));
    // Left frozen, or removed by hand meanwhile: thawed, or a new set.
    let freezer = kept_in(&hierarchies, "freezer");
    std::fs::write(freezer.join("freezer.state"), "FROZEN").unwrap();
    assert_clean("after a frozen freezer", &bench.run(Some("light"), 4));
    for dir in hierarchies.kept_folders() {
        std::fs::remove_dir(&dir).unwrap();
    }
    assert_clean("after the set was removed", &bench.run(Some("light"), 4));
    let all = hierarchies.kept_folders();
    assert!(!all.is_empty() && all != kept, "{all:?}");
    drop(bench);
    assert!(all.iter().all(|d| d.exists()), "a clone still holds them");
    drop(hierarchies);
    for dir in all {
        assert!(
            !dir.exists(),
            "{} outlived the judge's hierarchies",
            dir.display()
        );
    }
}

/// The kept group of `controller` (one set is kept).
fn kept_in(hierarchies: &Hierarchies, controller: &str) -> PathBuf {
    let folders = hierarchies.kept_folders();
    folders
        .into_iter()
        .find(|d| d.starts_with(Path::new("/sys/fs/cgroup").join(controller)))
        .unwrap_or_else(|| panic!("a kept {controller} group"))
}

#[test]
fn a_set_still_holding_a_process_is_not_kept() {
    let Some(hierarchies) = v1() else { return };
    let bench = Bench::new(&hierarchies);
    assert_clean("first", &bench.run(Some("light"), 4));
    if !hierarchies
        .kept_folders()
        .iter()
        .any(|d| d.starts_with("/sys/fs/cgroup/pids"))
    {
        eprintln!("NOT TESTED here: no pids hierarchy");
        return;
    }
    // A process in the kept pids group only (as a survivor would be): the
    // next run still works, and its set is not kept after it.
    let pids = kept_in(&hierarchies, "pids");
    let mut sleeper = std::process::Command::new("sleep")
        .arg("30")
        .spawn()
        .unwrap();
    std::fs::write(pids.join("cgroup.procs"), sleeper.id().to_string()).unwrap();
    let second = bench.run(Some("light"), 4);
    let kept_after = hierarchies.kept_folders();
    sleeper.kill().unwrap();
    sleeper.wait().unwrap();
    let _ = std::fs::remove_dir(&pids);
    assert_eq!(
        (second.exit, second.stopped),
        (Exit::Code(0), None),
        "{second:?}"
    );
    assert!(!kept_after.contains(&pids), "{kept_after:?}");
}

/// This process as `/proc` shows it: PID namespace inode, pid, start time.
fn this_judge() -> (u64, u32, u64) {
    let ns = std::fs::metadata("/proc/self/ns/pid").unwrap().ino();
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let (_, rest) = stat.rsplit_once(')').unwrap();
    let start = rest.split_whitespace().nth(19).unwrap().parse().unwrap();
    (ns, std::process::id(), start)
}

#[test]
fn a_killed_judges_sets_are_emptied_and_removed_by_the_next_one_and_no_others() {
    let Some(hierarchies) = v1() else { return };
    let bench = Bench::new(&hierarchies);
    assert_clean("first", &bench.run(Some("light"), 4));
    let cpuacct = kept_in(&hierarchies, "cpuacct");
    let base = cpuacct.parent().unwrap();
    let (ns, pid, start) = this_judge();
    let name = |ns: u64, start: u64| base.join(format!("mayan-kept-{ns}-{pid}-{start}-999999"));
    // This pid, started at another time: a judge that is gone.
    let gone = name(ns, start + 1);
    let busy = name(ns, start + 2);
    let others = [
        name(ns, start),         // this judge: alive
        name(ns + 1, start + 1), // another PID namespace's
        base.join(format!("mayan-{pid}-0-finals")),
    ];
    for dir in others.iter().chain([&gone, &busy]) {
        std::fs::create_dir(dir).unwrap();
    }
    // What the gone judge's run left running in its set.
    let mut sleeper = std::process::Command::new("sleep")
        .arg("30")
        .spawn()
        .unwrap();
    std::fs::write(busy.join("cgroup.procs"), sleeper.id().to_string()).unwrap();
    let _next = Cgroups::probe();
    let seen: Vec<bool> = others
        .iter()
        .chain([&gone, &busy])
        .map(|d| d.exists())
        .collect();
    let _ = sleeper.kill();
    let status = sleeper.wait().unwrap();
    for dir in others.iter().chain([&gone, &busy]) {
        let _ = std::fs::remove_dir(dir);
    }
    assert_eq!(
        seen,
        [true, true, true, false, false],
        "{others:?} {gone:?} {busy:?}"
    );
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(libc::SIGKILL),
        "the gone judge's process was killed"
    );
}
