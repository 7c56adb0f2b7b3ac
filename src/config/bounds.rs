//! The floors and ceilings of `[limits]`, and of the flags that override
//! them. A limit below its floor fails every run (or every compile)
//! whatever the program: every case TLE, MLE or OLE, a `stress` "failure",
//! a package with `.timelimit 0`; one above its ceiling holds the judge, or
//! fills its machine, for nothing. Both are slips (`"1B"` for `"1GiB"`,
//! `0.001` for `1`), refused before anything runs.
//!
//! The floors, and why:
//! - `time` 10 ms: starting a program alone takes a few milliseconds of CPU.
//! - `wall` 10 ms, and never below `time`: the CPU limit would never count.
//! - `memory` 4 MiB: `python3` alone measures about 3 MiB.
//! - `output` 1 KiB: the longest answer is five lines of a few bytes, and
//!   the limit also counts standard error and every file a run writes.
//! - `source` 1 KiB: a source limit guards against huge files, it is no
//!   challenge; a solution of the puzzle is a few KiB.
//! - `compile-time` 1 s: g++ -O2 takes about half a second of CPU on a
//!   small program.
//! - `compile-memory` 128 MiB: g++ -O2 takes about 80 MiB on a small
//!   program.
//! - `processes` 1, `wall-multiple` 1.
//!
//! The ceilings: `time` and `compile-time` 10 min, each wall-clock limit
//! 1 h (written, or time x `wall-multiple`, compile-time x
//! `wall-multiple`), `wall-multiple` 100, `memory` and `compile-memory`
//! 64 GiB, `output` 1 GiB (a run may write that much to the judge's disk),
//! `source` 16 MiB, `processes` 1024.
//!
//! Only the checks: the values are `schema`'s, and what they mean is the
//! runner's.

use std::time::Duration;

use super::schema::LimitsConfig;
use super::units::{show_duration, show_size};

/// The range a duration limit may take.
#[derive(Debug, Clone, Copy)]
pub struct TimeBound {
    pub floor: Duration,
    pub ceiling: Duration,
    /// What a limit below the floor would do, and why.
    pub below: &'static str,
}

/// The range a size limit may take.
#[derive(Debug, Clone, Copy)]
pub struct SizeBound {
    pub floor: u64,
    pub ceiling: u64,
    /// What a limit below the floor would do, and why.
    pub below: &'static str,
}

/// `[limits] time`, `--time-limit`.
pub const TIME: TimeBound = TimeBound {
    floor: Duration::from_millis(10),
    ceiling: Duration::from_secs(600),
    below: "every run would be TLE (starting a program alone takes a few ms of CPU)",
};

/// `[limits] wall`, `--wall-limit`, and time x `wall-multiple`.
pub const WALL: TimeBound = TimeBound {
    floor: Duration::from_millis(10),
    ceiling: Duration::from_secs(3600),
    below: "every run would be TLE (starting a program alone takes a few ms)",
};

/// `[limits] memory`, `--memory-limit`.
pub const MEMORY: SizeBound = SizeBound {
    floor: 4 << 20,
    ceiling: 64 << 30,
    below: "every run of an interpreter would be MLE (python3 alone takes about 3 MiB)",
};

/// `[limits] output`, `--output-limit`.
pub const OUTPUT: SizeBound = SizeBound {
    floor: 1 << 10,
    ceiling: 1 << 30,
    below: "a program's messages on standard error would be OLE (the limit counts every \
            stream and file a run writes)",
};

/// `[limits] source`.
pub const SOURCE: SizeBound = SizeBound {
    floor: 1 << 10,
    ceiling: 16 << 20,
    below: "ordinary solutions would be CE (a solution of the puzzle is a few KiB)",
};

/// `[limits] compile-time`.
pub const COMPILE_TIME: TimeBound = TimeBound {
    floor: Duration::from_secs(1),
    ceiling: Duration::from_secs(600),
    below: "ordinary sources would be CE (g++ -O2 takes about half a second of CPU on a \
            small program)",
};

/// `[limits] compile-memory`.
pub const COMPILE_MEMORY: SizeBound = SizeBound {
    floor: 128 << 20,
    ceiling: 64 << 30,
    below: "ordinary sources would be CE (g++ -O2 takes about 80 MiB on a small program)",
};

/// `[limits] processes`.
pub const PROCESSES: (u32, u32) = (1, 1024);

/// `[limits] wall-multiple`.
pub const WALL_MULTIPLE: (u32, u32) = (1, 100);

impl TimeBound {
    /// Why `value` is out of range, if it is: `"100ns is below the floor of
    /// 10 ms: ..."`.
    pub fn fault(&self, value: Duration) -> Option<String> {
        if value < self.floor {
            let floor = show_duration(self.floor);
            Some(format!(
                "{value:?} is below the floor of {floor}: {}",
                self.below
            ))
        } else if value > self.ceiling {
            let ceiling = show_duration(self.ceiling);
            Some(format!(
                "{} is over the ceiling of {ceiling}: the judge would wait that long on one run",
                show_duration(value)
            ))
        } else {
            None
        }
    }
}

impl SizeBound {
    /// Why `value` is out of range, if it is: `"1 B is below the floor of
    /// 4 MiB: ..."`.
    pub fn fault(&self, value: u64) -> Option<String> {
        let shown = show_size(value);
        if value < self.floor {
            let floor = show_size(self.floor);
            Some(format!(
                "{shown} is below the floor of {floor}: {}",
                self.below
            ))
        } else if value > self.ceiling {
            let ceiling = show_size(self.ceiling);
            Some(format!(
                "{shown} is over the ceiling of {ceiling}, far more than this problem needs"
            ))
        } else {
            None
        }
    }
}

/// Why a count is outside `floor..=ceiling`, if it is.
fn count_fault(value: u32, (floor, ceiling): (u32, u32)) -> Option<String> {
    match value {
        v if v < floor => Some(format!("{v} is below {floor}")),
        v if v > ceiling => Some(format!("{v} is over the ceiling of {ceiling}")),
        _ => None,
    }
}

/// What is wrong with a set of limits, if anything: the key (in `[limits]`)
/// to point at, and why. `name` names a key as the reader set it
/// (`limits.time` in the file, `--time-limit` on the command line).
pub fn limits_fault(
    limits: &LimitsConfig,
    name: &dyn Fn(&str) -> String,
) -> Option<(&'static str, String)> {
    let single = [
        ("time", TIME.fault(limits.time)),
        ("wall", limits.wall.and_then(|w| WALL.fault(w))),
        ("memory", MEMORY.fault(limits.memory)),
        ("output", OUTPUT.fault(limits.output)),
        ("source", SOURCE.fault(limits.source)),
        ("compile-time", COMPILE_TIME.fault(limits.compile_time)),
        (
            "compile-memory",
            COMPILE_MEMORY.fault(limits.compile_memory),
        ),
        ("processes", count_fault(limits.processes, PROCESSES)),
        (
            "wall-multiple",
            count_fault(limits.wall_multiple, WALL_MULTIPLE),
        ),
    ];
    if let Some((key, Some(why))) = single.into_iter().find(|(_, f)| f.is_some()) {
        return Some((key, format!("{} = {why}", name(key))));
    }
    wall_fault(limits, name).or_else(|| compile_wall_fault(limits, name))
}

/// The wall-clock limit of a compilation against its ceiling.
fn compile_wall_fault(
    limits: &LimitsConfig,
    name: &dyn Fn(&str) -> String,
) -> Option<(&'static str, String)> {
    let wall = limits.compile_wall_clock();
    (wall > WALL.ceiling).then(|| {
        let message = format!(
            "the wall-clock limit of a compilation, {} x {} ({}), is over the ceiling of {}",
            name("compile-time"),
            name("wall-multiple"),
            show_duration(wall),
            show_duration(WALL.ceiling)
        );
        ("compile-time", message)
    })
}

/// The wall-clock limit against the time limit and its ceiling.
fn wall_fault(
    limits: &LimitsConfig,
    name: &dyn Fn(&str) -> String,
) -> Option<(&'static str, String)> {
    let wall = limits.wall_clock();
    let (key, shown) = match limits.wall {
        Some(_) => (
            "wall",
            format!("{} ({})", name("wall"), show_duration(wall)),
        ),
        None => (
            "wall-multiple",
            format!(
                "{} x {} ({})",
                name("time"),
                name("wall-multiple"),
                show_duration(wall)
            ),
        ),
    };
    let time = || format!("{} ({})", name("time"), show_duration(limits.time));
    if wall < limits.time {
        let why = "below it the CPU limit would never count: write a wall-clock limit at least \
                   the time limit";
        Some((
            key,
            format!(
                "the wall-clock limit {shown} is below the time limit {}; {why}",
                time()
            ),
        ))
    } else if wall > WALL.ceiling {
        let ceiling = show_duration(WALL.ceiling);
        Some((
            key,
            format!(
                "the wall-clock limit {shown} is over the ceiling of {ceiling}: the judge would \
                 wait that long on a program that sleeps"
            ),
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(key: &str) -> String {
        format!("limits.{key}")
    }

    #[test]
    fn the_default_limits_are_within_their_bounds() {
        assert_eq!(limits_fault(&LimitsConfig::default(), &file), None);
    }

    #[test]
    fn limits_that_round_to_nothing_are_below_their_floors() {
        let fault = TIME.fault(Duration::from_nanos(100)).unwrap();
        assert!(fault.starts_with("100ns is below the floor of 10 ms: every run would be TLE"));
        assert!(TIME.fault(Duration::from_millis(10)).is_none());
        assert!(
            TIME.fault(Duration::from_secs(601))
                .unwrap()
                .contains("over the ceiling")
        );
        let fault = MEMORY.fault(1).unwrap();
        assert!(
            fault.starts_with("1 B is below the floor of 4 MiB"),
            "{fault}"
        );
        assert!(OUTPUT.fault(100).is_some() && OUTPUT.fault(1 << 10).is_none());
        assert!(
            SOURCE
                .fault(17 << 20)
                .unwrap()
                .contains("over the ceiling of 16 MiB")
        );
        for (key, limits) in [
            (
                "output",
                LimitsConfig {
                    output: 1,
                    ..LimitsConfig::default()
                },
            ),
            (
                "processes",
                LimitsConfig {
                    processes: 100_000,
                    ..LimitsConfig::default()
                },
            ),
            (
                "wall-multiple",
                LimitsConfig {
                    wall_multiple: 0,
                    ..LimitsConfig::default()
                },
            ),
            (
                "wall",
                LimitsConfig {
                    wall: Some(Duration::from_millis(1)),
                    ..LimitsConfig::default()
                },
            ),
        ] {
            let (at, message) = limits_fault(&limits, &file).unwrap();
            assert_eq!(at, key, "{message}");
            assert!(
                message.starts_with(&format!("limits.{key} = ")),
                "{message}"
            );
        }
    }

    #[test]
    fn the_wall_clock_limit_is_at_least_the_time_limit_and_at_most_an_hour() {
        let limits = LimitsConfig {
            time: Duration::from_secs(3),
            wall: Some(Duration::from_secs(1)),
            ..LimitsConfig::default()
        };
        let flags = |key: &str| match key {
            "time" => "--time-limit".to_string(),
            other => format!("limits.{other}"),
        };
        let (key, message) = limits_fault(&limits, &flags).unwrap();
        assert_eq!(key, "wall");
        assert_eq!(
            message,
            "the wall-clock limit limits.wall (1 s) is below the time limit --time-limit (3 s); \
             below it the CPU limit would never count: write a wall-clock limit at least the \
             time limit"
        );
        let limits = LimitsConfig {
            time: Duration::from_secs(600),
            wall_multiple: 10,
            ..LimitsConfig::default()
        };
        let (key, message) = limits_fault(&limits, &file).unwrap();
        assert_eq!(key, "wall-multiple");
        assert!(
            message.starts_with(
                "the wall-clock limit limits.time x limits.wall-multiple (6000 s) is over the \
                 ceiling of 3600 s"
            ),
            "{message}"
        );
    }
}
