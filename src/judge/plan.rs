//! How every case of a judging run is run and checked: the limits, the I/O
//! mode, the checker's policy and how many cases run at once, settled from
//! the configuration in one place; and the handle that stops the run.

use crate::check::Policy;
use crate::config::{Config, IoConfig};
use crate::runner::Limits;
use crate::runner::signals::Interrupt;

/// How every case of a judging run is run and checked.
#[derive(Debug, Clone)]
pub struct Plan {
    pub limits: Limits,
    pub io: IoConfig,
    pub policy: Policy,
    /// Cases run at once.
    pub jobs: usize,
    /// Folders every run may also read: the submission's own staged files
    /// (set per submission by the session).
    pub readable: Vec<std::path::PathBuf>,
    /// Whether the run has been asked to stop: no case starts once it has.
    pub interrupt: Interrupt,
}

impl Plan {
    /// The plan a configuration gives, with `jobs` cases at once.
    pub fn of(config: &Config, jobs: usize) -> Plan {
        Plan {
            limits: Limits {
                cpu: config.limits.time,
                wall: config.limits.wall_clock(),
                memory: config.limits.memory,
                output: config.limits.output,
                processes: config.limits.processes,
            },
            io: config.io.clone(),
            policy: Policy {
                accept: config.checker.accept,
                dialect: config.rules,
            },
            jobs,
            readable: Vec::new(),
            interrupt: Interrupt::new(),
        }
    }
}
