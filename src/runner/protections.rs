//! What confined the runs, for the report: the sandbox's protections and
//! those of resources (memory, processes, leftovers), each active or not and
//! how, or why not.

use super::cgroup::Cgroups;
use super::sandbox::{Protection, Sandbox};

/// Every protection, active or not: the sandbox's, then those of resources
/// (which hold only if the run cannot leave its cgroup).
pub fn all(cgroups: Option<&Cgroups>, sandbox: Option<&Sandbox>) -> Vec<Protection> {
    let mut all = match sandbox {
        Some(s) => s.protections(),
        None => vec![Protection {
            name: "sandbox",
            active: false,
            how: "off: programs run as the judge's user, with its files and network".to_string(),
        }],
    };
    let own_user = sandbox.is_some_and(Sandbox::drops_user);
    // SAFETY: getuid takes nothing.
    let root = unsafe { libc::getuid() } == 0;
    let files = all.iter().any(|p| p.name == "files" && p.active);
    // A run that is root (without capabilities, but owning the cgroup
    // files) and not held by Landlock could move itself out of its group.
    let held = !root || own_user || files;
    let cg = cgroups.filter(|_| held);
    if cgroups.is_some() && !held {
        all.push(Protection {
            name: "cgroup",
            active: false,
            how: "a run that is root without Landlock could leave its cgroup".to_string(),
        });
    }
    all.push(memory(cg));
    all.push(processes(cg, sandbox, own_user, root));
    all.push(leftovers(cg));
    all
}

fn memory(cg: Option<&Cgroups>) -> Protection {
    let memory = cg.is_some_and(Cgroups::has_memory);
    Protection {
        name: "memory",
        active: memory,
        how: if memory {
            "cgroup: every process of the run together".to_string()
        } else {
            let why = cg
                .and_then(Cgroups::missing_memory)
                .unwrap_or_else(|| "no memory cgroup".to_string());
            format!("per process only, children not counted: {why}")
        },
    }
}

fn processes(
    cg: Option<&Cgroups>,
    sandbox: Option<&Sandbox>,
    own_user: bool,
    root: bool,
) -> Protection {
    let pids = cg.is_some_and(Cgroups::has_pids);
    let sandboxed = sandbox.is_some();
    Protection {
        name: "processes",
        active: pids || own_user || (sandboxed && !root),
        how: match (pids, own_user) {
            (true, _) => "cgroup pids limit".to_string(),
            (false, true) => "per-user process limit of the run's own user".to_string(),
            (false, false) if sandboxed && !root => {
                "per-user process limit: the judge's user's tasks plus the limit".to_string()
            }
            (false, false) => "none: no pids cgroup, no user id of its own".to_string(),
        },
    }
}

fn leftovers(cg: Option<&Cgroups>) -> Protection {
    let at_once = cg.is_some_and(Cgroups::kills_at_once);
    Protection {
        name: "leftovers",
        active: at_once,
        how: match (at_once, cg.is_some()) {
            (true, _) => "the run's cgroup stopped and killed as one after each run".to_string(),
            (false, true) => {
                "the run's cgroup killed one by one, not frozen first: no freezer".to_string()
            }
            (false, false) => "searched for and killed one by one (process group, marker, \
                               run CPU limit, user id): no cgroup"
                .to_string(),
        },
    }
}
