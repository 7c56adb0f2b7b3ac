//! The watchdog of a run: waits for the program to end, and between waits
//! of a few milliseconds samples it and stops it at the first breach of a
//! limit: wall-clock time, CPU time, memory, or what it has written to its
//! working folder; or when the judge itself is asked to stop (`signals`).
//! The wait itself is the caller's (`process` waits on a pidfd), so the end
//! of a program is seen at once, not at the next sample.

use std::path::Path;
use std::time::{Duration, Instant};

use super::cgroup::RunGroup;
use super::procfs::{self, Proc};
use super::tree;
use super::{Limits, Stop};

/// How often the watchdog looks at a running program.
const SAMPLE: Duration = Duration::from_millis(5);

/// The first look, after which the wait doubles up to [`SAMPLE`].
const FIRST_SAMPLE: Duration = Duration::from_micros(500);

/// The working folder is measured every this many samples (a walk of a
/// folder of a few files costs some 10 µs).
const DISK_EVERY: u32 = 2;

/// More entries than this in the working folder is a breach in itself.
pub const MAX_ENTRIES: usize = 1000;

/// What the watchdog is watching.
pub struct Watched<'a> {
    pub pid: libc::pid_t,
    pub group: Option<&'a RunGroup>,
    pub workdir: &'a Path,
    /// Bytes in the working folder before the run (its input).
    pub workdir_before: u64,
    pub limits: Limits,
    pub start: Instant,
}

/// What the watchdog saw of a run.
#[derive(Debug, Default)]
pub struct Seen {
    /// Why it was stopped, if it was.
    pub stop: Option<Stop>,
    /// The largest memory seen (KiB): the larger of the group's charge,
    /// where it counts memory, and the main process's peak resident set
    /// since its exec (see `measure`).
    pub peak_kib: u64,
    /// A control file of the run's group that could not be read: the run
    /// was stopped, and cannot be judged.
    pub fault: Option<std::io::Error>,
}

/// Waits for the program with `ended` (given how long it may block; true
/// once the program has ended) and samples it between waits; kills it on a
/// breach, or when its group cannot be read, and waits for its end.
pub fn watch(w: &Watched, ended: &mut dyn FnMut(Duration) -> bool) -> Seen {
    let mut seen = Seen::default();
    let mut tick = 0u32;
    loop {
        // The first samples come sooner, so that a short run is seen too.
        if ended(SAMPLE.min(FIRST_SAMPLE * (1 << tick.min(4)))) {
            return seen;
        }
        tick = tick.wrapping_add(1);
        let stop = if super::signals::received().is_some() {
            Some(Stop::Interrupted)
        } else if w.start.elapsed() > w.limits.wall {
            Some(Stop::WallTime)
        } else {
            match measure(w) {
                Ok((memory_kib, cpu)) => {
                    seen.peak_kib = seen.peak_kib.max(memory_kib);
                    breach(w, memory_kib, cpu, tick)
                }
                Err(e) => {
                    seen.fault = Some(e);
                    Some(Stop::Interrupted)
                }
            }
        };
        if let Some(stop) = stop {
            // SAFETY: kill takes integers; -pid names the run's group.
            unsafe {
                libc::kill(-w.pid, libc::SIGKILL);
                libc::kill(w.pid, libc::SIGKILL);
            }
            if let Some(g) = w.group {
                g.kill_all();
            }
            while !ended(SAMPLE) {}
            seen.stop = Some(stop);
            return seen;
        }
    }
}

/// Memory (KiB) and CPU time so far. Memory is the larger of what the
/// group is charged now, where it counts memory, and the main process's
/// peak resident set (`VmHWM`, which `/usr/bin/time` reports too: it also
/// counts the shared libraries' pages that another process brought into
/// memory, and so were charged to another group). CPU time is the
/// group's where there is one.
fn measure(w: &Watched) -> std::io::Result<(u64, Duration)> {
    Ok(match w.group {
        Some(g) if g.has_memory() => {
            let resident = procfs::status_field(Proc::Pid(w.pid), "VmHWM:").unwrap_or(0);
            ((g.usage()? / 1024).max(resident), g.cpu()?)
        }
        Some(g) => (sample(w.pid).0, g.cpu()?),
        None => sample(w.pid),
    })
}

/// The limit a sample breaches, if any.
fn breach(w: &Watched, memory_kib: u64, cpu: Duration, tick: u32) -> Option<Stop> {
    if memory_kib * 1024 > w.limits.memory {
        Some(Stop::Memory)
    } else if cpu > w.limits.cpu {
        Some(Stop::CpuTime)
    } else if tick.is_multiple_of(DISK_EVERY) && over_disk(w) {
        Some(Stop::Disk)
    } else {
        None
    }
}

/// True when the program has written more than the output limit to its
/// working folder, or made more than [`MAX_ENTRIES`] entries there, or a
/// folder the judge cannot look into (measured by descriptors, so that no
/// depth hides what is below: see `tree`).
pub fn over_disk(w: &Watched) -> bool {
    match tree::size(w.workdir, MAX_ENTRIES) {
        Some(bytes) => bytes.saturating_sub(w.workdir_before) > w.limits.output,
        None => true,
    }
}

/// Peak resident memory since its exec (KiB, `VmHWM`) and CPU time of a
/// process, from `/proc`; zeros when it is gone.
fn sample(pid: libc::pid_t) -> (u64, Duration) {
    let peak = procfs::status_field(Proc::Pid(pid), "VmHWM:").unwrap_or(0);
    let cpu = procfs::stat(Proc::Pid(pid)).map_or(Duration::ZERO, |s| {
        Duration::from_millis(s.ticks * 1000 / procfs::ticks_per_second())
    });
    (peak, cpu)
}

/// The judge's own resident memory now, KiB: what a child forked now
/// carries until it executes its program.
pub fn own_resident_kib() -> u64 {
    procfs::status_field(Proc::Myself, "VmRSS:").unwrap_or(0)
}

/// The judge's own peak resident memory so far, in KiB (0 if unknown).
pub fn own_peak_kib() -> u64 {
    procfs::status_field(Proc::Myself, "VmHWM:").unwrap_or(0)
}
