//! The one reader of `/proc`: the fields of a process's `status`, `stat`,
//! `limits` and `environ`, the list of processes, and the judge's own
//! children. Every read is of a small kernel file; a process that is gone
//! reads as nothing.

/// The load average over the last minute: the first field of
/// `/proc/loadavg`.
pub fn load_average() -> Option<f64> {
    parse_load_average(&std::fs::read_to_string("/proc/loadavg").ok()?)
}

fn parse_load_average(text: &str) -> Option<f64> {
    text.split_whitespace().next()?.parse().ok()
}

/// A process: a number, or the judge itself (`/proc/self`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proc {
    Pid(libc::pid_t),
    Myself,
}

impl Proc {
    fn file(self, name: &str) -> String {
        match self {
            Proc::Pid(pid) => format!("/proc/{pid}/{name}"),
            Proc::Myself => format!("/proc/self/{name}"),
        }
    }
}

/// The first number of a `status` line (`VmHWM:`, `Uid:`, `Threads:`).
pub fn status_number(status: &str, field: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}

/// The text of a process's `status`, when it can be read.
pub fn status(p: Proc) -> Option<String> {
    std::fs::read_to_string(p.file("status")).ok()
}

/// One number of a process's `status` (KiB for the `Vm` fields).
pub fn status_field(p: Proc, field: &str) -> Option<u64> {
    status_number(&status(p)?, field)
}

/// What `stat` says of a process that the runner uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stat {
    pub parent: libc::pid_t,
    /// User and system CPU time, in clock ticks.
    pub ticks: u64,
}

/// The fields of a `stat` line after the command name, which is in
/// parentheses and may hold spaces and parentheses itself: field 3 of
/// `stat`, counted from 1, is the first.
fn stat_fields(text: &str) -> Option<Vec<&str>> {
    Some(text.rsplit_once(')')?.1.split_whitespace().collect())
}

/// Parses a `stat` line (see [`stat_fields`]).
pub fn parse_stat(text: &str) -> Option<Stat> {
    let fields = stat_fields(text)?;
    let number = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
    // Fields 4 (ppid), 14 (utime) and 15 (stime) of stat, counted from 1;
    // here shifted by the pid, the name and the state.
    Some(Stat {
        parent: fields.get(1)?.parse().ok()?,
        ticks: number(11)? + number(12)?,
    })
}

/// A process's `stat`, when it can be read.
pub fn stat(p: Proc) -> Option<Stat> {
    parse_stat(&std::fs::read_to_string(p.file("stat")).ok()?)
}

/// Whether a process has ended or is ending, from its `stat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    Running,
    /// Killed or exiting (`PF_EXITING` in its flags), not a zombie yet.
    Ending,
    /// Ended; its parent has yet to wait for it.
    Zombie,
}

/// Parses the state and flags of a `stat` line (fields 3 and 9).
pub fn parse_life(text: &str) -> Option<Life> {
    const PF_EXITING: u64 = 0x4;
    let fields = stat_fields(text)?;
    let flags: u64 = fields.get(6)?.parse().ok()?;
    Some(match *fields.first()? {
        "Z" | "X" => Life::Zombie,
        _ if flags & PF_EXITING != 0 => Life::Ending,
        _ => Life::Running,
    })
}

/// A process's [`Life`], when it can be read (not when it is gone).
pub fn life(p: Proc) -> Option<Life> {
    parse_life(&std::fs::read_to_string(p.file("stat")).ok()?)
}

/// When a process started, in clock ticks after boot (field 22 of `stat`):
/// with its pid, it names one process, whatever reuses the pid later.
pub fn parse_start_time(text: &str) -> Option<u64> {
    stat_fields(text)?.get(19)?.parse().ok()
}

/// A process's start time (see [`parse_start_time`]), when it can be read.
pub fn start_time(p: Proc) -> Option<u64> {
    parse_start_time(&std::fs::read_to_string(p.file("stat")).ok()?)
}

/// The judge's own pid as this `/proc` numbers it (`/proc/self`), which is
/// not `getpid()`'s when `/proc` belongs to another PID namespace.
pub fn own_pid() -> Option<libc::pid_t> {
    std::fs::read_link("/proc/self")
        .ok()?
        .to_str()?
        .parse()
        .ok()
}

/// The inode of the judge's PID namespace (`/proc/self/ns/pid`).
pub fn own_pid_namespace() -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    Some(std::fs::metadata("/proc/self/ns/pid").ok()?.ino())
}

/// Clock ticks per second, as `stat` counts CPU time.
pub fn ticks_per_second() -> u64 {
    // SAFETY: sysconf takes an integer.
    (unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).max(1) as u64
}

/// The hard limit on CPU time in a process's `limits` ("unlimited" or
/// seconds), when it can be read.
pub fn hard_cpu_limit(p: Proc) -> Option<String> {
    let text = std::fs::read_to_string(p.file("limits")).ok()?;
    let line = text.lines().find(|l| l.starts_with("Max cpu time"))?;
    line.split_whitespace().nth(4).map(str::to_string)
}

/// True when a process's environment holds exactly `entry` (`NAME=value`).
pub fn environ_holds(p: Proc, entry: &str) -> bool {
    std::fs::read(p.file("environ"))
        .map(|env| env.split(|&b| b == 0).any(|v| v == entry.as_bytes()))
        .unwrap_or(false)
}

/// The value of the first entry of a process's environment that starts
/// with `prefix` (`NAME=`), when it can be read.
pub fn environ_entry(p: Proc, prefix: &str) -> Option<String> {
    let env = std::fs::read(p.file("environ")).ok()?;
    env.split(|&b| b == 0)
        .find_map(|v| v.strip_prefix(prefix.as_bytes()))
        .map(|v| String::from_utf8_lossy(v).into_owned())
}

/// Every process id in `/proc` (none when it cannot be read).
pub fn all_pids() -> impl Iterator<Item = libc::pid_t> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<libc::pid_t>().ok())
}

/// The judge's children, from `/proc/self/task/*/children`; `None` where
/// the kernel does not offer that list.
pub fn own_children() -> Option<Vec<libc::pid_t>> {
    let mut children = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let list = std::fs::read_to_string(task.ok()?.path().join("children")).ok()?;
        children.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<libc::pid_t>().ok()),
        );
    }
    Some(children)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_load_average_is_the_first_figure_of_loadavg() {
        assert_eq!(
            parse_load_average("3.52 1.20 0.80 5/812 4242\n"),
            Some(3.52)
        );
        assert_eq!(parse_load_average(""), None);
    }

    #[test]
    fn status_fields_are_read_by_name() {
        let status = "Name:\tx\nUid:\t61000\t61000\t61000\t61000\nVmHWM:\t  1234 kB\nThreads:\t3\n";
        assert_eq!(status_number(status, "Uid:"), Some(61000));
        assert_eq!(status_number(status, "VmHWM:"), Some(1234));
        assert_eq!(status_number(status, "Threads:"), Some(3));
        assert_eq!(status_number(status, "VmRSS:"), None);
    }

    #[test]
    fn stat_is_read_past_a_name_with_spaces_and_parentheses() {
        let text = "42 (a (b) c) S 7 42 42 0 -1 4194560 100 0 0 0 30 12 0 0 20 0 1 0";
        assert_eq!(
            parse_stat(text),
            Some(Stat {
                parent: 7,
                ticks: 42
            })
        );
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn a_zombie_and_an_ending_process_are_told_from_the_rest() {
        let line = |state: &str, flags: u64| format!("9 (a) b) {state} 1 9 9 0 -1 {flags} 0 0");
        assert_eq!(parse_life(&line("Z", 0x40_0000)), Some(Life::Zombie));
        assert_eq!(parse_life(&line("R", 0x40_0044)), Some(Life::Ending));
        assert_eq!(parse_life(&line("S", 0x40_0040)), Some(Life::Running));
        assert_eq!(parse_life("9 (a) S 1"), None);
        assert_eq!(life(Proc::Myself), Some(Life::Running));
    }

    #[test]
    fn the_start_time_is_counted_from_the_names_end() {
        let stat = "77 (a) b (c) S 1 77 77 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 123456 1000 10";
        assert_eq!(parse_start_time(stat), Some(123456));
        assert_eq!(parse_start_time("77 (a) S 1"), None);
        let own = own_pid().expect("/proc shows the tests");
        assert_eq!(start_time(Proc::Pid(own)), start_time(Proc::Myself));
        assert!(start_time(Proc::Myself).is_some());
    }

    #[test]
    fn the_judge_reads_itself() {
        assert!(status_field(Proc::Myself, "VmRSS:").is_some_and(|kib| kib > 0));
        assert!(stat(Proc::Myself).is_some());
        assert!(hard_cpu_limit(Proc::Myself).is_some());
        assert!(all_pids().any(|p| p == std::process::id() as libc::pid_t));
    }
}
