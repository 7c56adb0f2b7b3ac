//! What a judge killed outright (SIGKILL, a crash, its container stopped)
//! leaves behind, and how the next judge to start finds and sweeps it. A
//! run's processes die with the judge, but not the children they forked:
//! those keep running as the run's user, in the run's groups, beside the
//! run's scratch folders, and nothing else would ever end them.
//!
//! So everything of a judge that could outlive it is named for it, as
//! `/proc` sees it: `NS-PID-START`, the inode of its PID namespace, its pid
//! and its start time (clock ticks after boot, field 22 of `stat`), which
//! together name one process whatever reuses the pid later:
//!
//! - its runs' cgroups, `mayan-run-NS-PID-START-N` (see `cgroup`), and under
//!   cgroup v1 its kept sets, `mayan-kept-NS-PID-START-N`;
//! - its scratch folders, `mayan-run-NS-PID-START-XXXXXX` (and `mayan-build-`,
//!   `mayan-stress-`; see `scratch_dir`);
//! - its runs' marker, `MAYAN_RUN_ID=NS-PID-START-N`, in every run's
//!   environment (see `reap`);
//! - and a run's user id is leased under a lock that the kernel lets go of
//!   with the judge (see `sandbox::uid`).
//!
//! A judge is gone when it was made in this judge's PID namespace and its
//! pid now names no process, or one started at another time. What a gone
//! judge left is swept when a runner is made: its groups' processes killed
//! and the groups removed (`cgroup`), the processes of the user ids no
//! live judge holds killed (`sandbox::uid`), then the processes that carry
//! its marker killed and its scratch folders removed ([`sweep`]). Another
//! namespace's names (another container's judge, whose pids mean other
//! processes), another user's folders, and names of any other shape are
//! left alone.

use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

use super::procfs::{self, Proc};
use super::reap::RUN_MARKER;

/// A judge as `/proc` sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judge {
    pub ns: u64,
    pub pid: u32,
    pub start: u64,
}

impl Judge {
    /// This process, if `/proc` shows it (it may be another namespace's).
    pub fn this() -> Option<Judge> {
        static THIS: OnceLock<Option<Judge>> = OnceLock::new();
        *THIS.get_or_init(|| {
            let pid = procfs::own_pid()?;
            Some(Judge {
                ns: procfs::own_pid_namespace()?,
                pid: u32::try_from(pid).ok()?,
                start: procfs::start_time(Proc::Pid(pid))?,
            })
        })
    }

    /// True when this judge is gone, as seen by `this` one: of the same
    /// PID namespace, and its pid names no process started when it was.
    pub fn is_gone(self, this: Judge) -> bool {
        let Ok(pid) = libc::pid_t::try_from(self.pid) else {
            return false;
        };
        self.ns == this.ns && procfs::start_time(Proc::Pid(pid)) != Some(self.start)
    }
}

/// This judge's part of the names it gives what could outlive it:
/// `NS-PID-START`, or `unseen-PID` where `/proc` does not show it (such a
/// name is never swept).
pub fn tag() -> String {
    match Judge::this() {
        Some(j) => format!("{}-{}-{}", j.ns, j.pid, j.start),
        None => format!("unseen-{}", std::process::id()),
    }
}

/// The judge that made `name` (`mayan-WORD-NS-PID-START-REST`, WORD in
/// letters, REST not empty), and REST.
pub fn maker(name: &str) -> Option<(Judge, &str)> {
    let (word, tagged) = name.strip_prefix("mayan-")?.split_once('-')?;
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut fields = tagged.splitn(4, '-');
    let mut number = || fields.next()?.parse::<u64>().ok();
    let (ns, pid, start) = (number()?, number()?, number()?);
    let rest = fields.next().filter(|r| !r.is_empty())?;
    let judge = Judge {
        ns,
        pid: u32::try_from(pid).ok()?,
        start,
    };
    Some((judge, rest))
}

/// True for a group `mayan-run-…-N` or `mayan-kept-…-N` of a judge that
/// is gone.
pub fn abandoned_group(name: &str) -> bool {
    let Some(this) = Judge::this() else {
        return false;
    };
    let group = name.starts_with("mayan-run-") || name.starts_with("mayan-kept-");
    maker(name).is_some_and(|(judge, n)| {
        group && n.bytes().all(|b| b.is_ascii_digit()) && judge.is_gone(this)
    })
}

/// True for a judge's own cgroup v2 leaf `mayan-judge-NS-PID-START`, or
/// its systemd scope `mayan-judge-NS-PID-START.scope`, when that judge is
/// gone.
pub fn abandoned_judge_group(name: &str) -> bool {
    let Some(this) = Judge::this() else {
        return false;
    };
    let stem = name.strip_suffix(".scope").unwrap_or(name);
    if !stem.starts_with("mayan-judge-") {
        return false;
    }
    maker(&format!("{stem}-0")).is_some_and(|(judge, rest)| rest == "0" && judge.is_gone(this))
}

/// Sweeps what gone judges left outside cgroups and user ids: kills the
/// processes that carry their runs' marker (those this judge may see:
/// all, as root; its user's otherwise), then removes their scratch
/// folders in `roots` (those of this judge's user).
pub fn sweep(roots: &[&Path]) {
    let Some(this) = Judge::this() else { return };
    kill_marked(this);
    // SAFETY: geteuid takes nothing.
    let me = unsafe { libc::geteuid() };
    for root in roots {
        for entry in std::fs::read_dir(root).into_iter().flatten().flatten() {
            use std::os::unix::fs::MetadataExt;
            let gone = entry
                .file_name()
                .to_str()
                .and_then(maker)
                .is_some_and(|(judge, _)| judge.is_gone(this));
            // Not following a link: a link is removed itself.
            let own = entry.metadata().is_ok_and(|m| m.uid() == me);
            if gone && own {
                let _ = super::tree::remove(&entry.path());
            }
        }
    }
}

/// Kills the processes whose marker names a gone judge, until none is left
/// (a few rounds: one may fork while the others die).
fn kill_marked(this: Judge) {
    let prefix = format!("{RUN_MARKER}=");
    for _ in 0..20 {
        let found: Vec<libc::pid_t> = procfs::all_pids()
            .filter(|&pid| {
                procfs::environ_entry(Proc::Pid(pid), &prefix)
                    .and_then(|run| maker(&format!("mayan-run-{run}")).map(|(j, _)| j))
                    .is_some_and(|judge| judge.is_gone(this))
            })
            .collect();
        if found.is_empty() {
            return;
        }
        for pid in found {
            // SAFETY: kill takes integers.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_gives_back_its_judge_and_the_rest() {
        let judge = Judge {
            ns: 4026531836,
            pid: 4242,
            start: 987654,
        };
        let tagged = "4026531836-4242-987654";
        for (name, rest) in [
            (format!("mayan-run-{tagged}-7"), "7"),
            (format!("mayan-kept-{tagged}-0"), "0"),
            (format!("mayan-build-{tagged}-aB3xYz"), "aB3xYz"),
            (format!("mayan-run-{tagged}-a-b"), "a-b"),
        ] {
            assert_eq!(maker(&name), Some((judge, rest)), "{name}");
        }
        for other in [
            "mayan-4242-7",
            "mayan-4242-0-finals",
            "mayan-run-1-2-3",
            "mayan-run-1-2-3-",
            "mayan-run-1-x-3-4",
            "mayan-run-unseen-4242-1",
            "mayan-2024-finals",
            "mayan-probe-4242",
            "mayan-judge",
            "mayan--1-2-3-4",
            "system.slice",
        ] {
            assert_eq!(maker(other), None, "{other}");
        }
        assert!(tag().starts_with(&format!("{}-", Judge::this().map_or(0, |j| j.ns))));
    }

    #[test]
    fn this_judge_is_not_gone_and_a_pid_started_at_another_time_is() {
        let this = Judge::this().expect("/proc shows the tests");
        assert!(!this.is_gone(this));
        let reused = Judge {
            start: this.start + 1,
            ..this
        };
        assert!(reused.is_gone(this));
        let elsewhere = Judge {
            ns: this.ns + 1,
            ..reused
        };
        assert!(
            !elsewhere.is_gone(this),
            "another namespace's is left alone"
        );
        let name = format!("mayan-run-{}-{}-{}-3", this.ns, this.pid, this.start + 1);
        assert!(abandoned_group(&name));
        assert!(!abandoned_group(&format!("mayan-run-{}-3", tag())));
        assert!(!abandoned_group(&format!("{name}x")), "not a group's name");
        let build = format!("mayan-build-{}-{}-{}-3", this.ns, this.pid, this.start + 1);
        assert!(!abandoned_group(&build));
    }

    #[test]
    fn a_gone_judges_leaf_and_scope_are_named_as_abandoned() {
        let this = Judge::this().expect("/proc shows the tests");
        let gone = format!("{}-{}-{}", this.ns, this.pid, this.start + 1);
        assert!(abandoned_judge_group(&format!("mayan-judge-{gone}")));
        assert!(abandoned_judge_group(&format!("mayan-judge-{gone}.scope")));
        assert!(!abandoned_judge_group(&format!("mayan-judge-{}", tag())));
        assert!(!abandoned_judge_group(&format!(
            "mayan-judge-{}.scope",
            tag()
        )));
        for other in [
            format!("mayan-judge-{gone}-1"),
            format!("mayan-judge-{gone}.service"),
            format!("mayan-run-{gone}"),
            "mayan-judges".to_string(),
            "mayan-judge".to_string(),
        ] {
            assert!(!abandoned_judge_group(&other), "{other}");
        }
    }
}
