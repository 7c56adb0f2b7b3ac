//! A delegated scope of its own for the judge, asked of systemd: the system
//! manager for root, the user's manager for anyone else. The judge moves
//! itself there (systemd's `StartTransientUnit` with its pid, as
//! `systemd-run --scope -p Delegate=yes` does, but without executing
//! anything), so it may enable every controller its manager delegates for
//! its runs' groups, and a `systemctl daemon-reload` leaves them alone.
//! systemd removes the scope, with every group in it, once it is empty.
//!
//! The bus is reached through `busctl`, part of systemd wherever systemd
//! runs; nothing else of systemd is linked.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Which systemd manager to ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Manager {
    System,
    User,
}

impl Manager {
    /// The manager of the judge's user: the system's for root.
    pub fn for_this_user() -> Manager {
        // SAFETY: geteuid takes nothing.
        if unsafe { libc::geteuid() } == 0 {
            Manager::System
        } else {
            Manager::User
        }
    }

    /// For the report: "systemd" or "systemd's user manager".
    pub fn describe(self) -> &'static str {
        match self {
            Manager::System => "systemd",
            Manager::User => "systemd's user manager",
        }
    }
}

/// Why the judge is not in a scope of its own; said in the report, after
/// "not delegated: ".
#[derive(Debug, thiserror::Error)]
pub enum ScopeError {
    #[error("busctl not found")]
    NoBusctl,
    #[error("busctl: {0}")]
    Busctl(std::io::Error),
    #[error("{} refused a scope: {said}", manager.describe())]
    Refused { manager: Manager, said: String },
    #[error("{} started {unit} without this process", manager.describe())]
    NotMoved { manager: Manager, unit: String },
    #[error("no unified hierarchy in /proc/self/cgroup")]
    NoUnifiedHierarchy,
}

/// True when this machine was booted by systemd (`sd_booted`).
pub fn booted() -> bool {
    Path::new("/run/systemd/system").is_dir()
}

/// The unit of the cgroup `path` (`/system.slice/ci.service` →
/// `ci.service`), when it is a service or a scope.
pub fn unit_of(path: &str) -> Option<&str> {
    let last = path.rsplit('/').next()?;
    (last.ends_with(".service") || last.ends_with(".scope")).then_some(last)
}

/// Asks `manager` to start the scope `unit` holding this process, with
/// `Delegate=yes`, collected once it ends, stopped with `part_of` (the
/// unit the judge was started in, so that stopping a service still stops
/// its judge); waits until the kernel shows this process in it. The error
/// says why not, in a few words.
pub fn move_into_scope(
    manager: Manager,
    unit: &str,
    part_of: Option<&str>,
) -> Result<(), ScopeError> {
    let busctl = ["/usr/bin/busctl", "/bin/busctl"]
        .into_iter()
        .find(|p| Path::new(p).is_file())
        .ok_or(ScopeError::NoBusctl)?;
    let asked = start_scope(busctl, manager, unit, part_of);
    let asked = match (asked, part_of) {
        // An older manager may refuse the dependency: ask without it.
        (Err(_), Some(_)) => start_scope(busctl, manager, unit, None),
        (asked, _) => asked,
    };
    asked?;
    let deadline = Instant::now() + Duration::from_secs(5);
    let suffix = format!("/{unit}");
    loop {
        let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        if super::own_path(&own).is_some_and(|p| p.ends_with(&suffix)) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(ScopeError::NotMoved {
                manager,
                unit: unit.to_string(),
            });
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// One `StartTransientUnit` call through `busctl`.
fn start_scope(
    busctl: &str,
    manager: Manager,
    unit: &str,
    part_of: Option<&str>,
) -> Result<(), ScopeError> {
    let pid = std::process::id().to_string();
    let mut properties: Vec<&str> = vec![
        "PIDs",
        "au",
        "1",
        &pid, //
        "Delegate",
        "b",
        "true", //
        "CollectMode",
        "s",
        "inactive-or-failed", //
        "Description",
        "s",
        "mayan judge: the groups of its runs",
    ];
    if let Some(part_of) = part_of {
        properties.extend(["PartOf", "as", "1", part_of]);
    }
    let count = if part_of.is_some() { "5" } else { "4" };
    let mut command = Command::new(busctl);
    if manager == Manager::User {
        command.arg("--user");
    }
    command
        .args([
            "--timeout=10",
            "--quiet",
            "call",
            "org.freedesktop.systemd1",
        ])
        .args([
            "/org/freedesktop/systemd1",
            "org.freedesktop.systemd1.Manager",
        ])
        .args([
            "StartTransientUnit",
            "ssa(sv)a(sa(sv))",
            unit,
            "fail",
            count,
        ])
        .args(&properties)
        .arg("0")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(ScopeError::Busctl)?;
    let mut said = String::new();
    if let Some(stderr) = child.stderr.take() {
        let _ = stderr.take(4096).read_to_string(&mut said);
    }
    let status = child.wait().map_err(ScopeError::Busctl)?;
    if status.success() {
        return Ok(());
    }
    let said = said.lines().next().unwrap_or("").trim().to_string();
    Err(ScopeError::Refused { manager, said })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_named_by_the_last_part_of_their_group() {
        assert_eq!(unit_of("/system.slice/ci.service"), Some("ci.service"));
        assert_eq!(
            unit_of("/user.slice/user-0.slice/session-4.scope"),
            Some("session-4.scope")
        );
        assert_eq!(unit_of("/user.slice/user-0.slice"), None);
        assert_eq!(unit_of("/"), None);
    }
}
