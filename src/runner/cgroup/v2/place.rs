//! Where the judge makes its runs' groups in the unified hierarchy, chosen
//! once when it starts. A group may enable controllers for its children
//! only when it holds no process itself and its owner lets it, and systemd
//! rewrites the controllers of the groups it did not delegate (at every
//! `systemctl daemon-reload`); so, in order:
//!
//! 1. the judge's own group as started, when it is the hierarchy's root
//!    (a container's, say) or was delegated to it (`Delegate=yes`, which
//!    systemd marks with the `trusted.delegate` or `user.delegate` xattr);
//! 2. on a machine booted by systemd, a delegated scope made for this judge
//!    (`systemd`), the system manager's for root, the user manager's for
//!    anyone else;
//! 3. for root, a group of its own at the hierarchy's root, `mayan-judges`,
//!    made once and reused by every judge (the judge itself stays where it
//!    was; only its runs go there);
//! 4. the judge's own group as started, where it may make groups at all
//!    (controllers only where that group lets it enable them).
//!
//! Where the judge has to leave a group that holds other processes for a
//! group of its runs' own, it moves itself into a leaf beside them
//! (`mayan-judge-NS-PID-START`, see `leftovers`; `judge` in a scope of its
//! own, which systemd removes whole).

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::systemd::{self, Manager, ScopeError};
use crate::runner::leftovers;

/// Set to `1`, the judge does not ask systemd for a scope (step 2).
pub const NO_SCOPE: &str = "MAYAN_CGROUP_NO_SCOPE";

/// How the judge came to the group its runs' groups are made in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Its group as started: the hierarchy's root, or delegated to it.
    AsStarted,
    /// A delegated scope a systemd manager made for it.
    Scope { manager: Manager, unit: String },
    /// Root's group of its own at the hierarchy's root.
    OwnGroup,
    /// Its group as started, neither the root nor delegated; `why` no
    /// better one was had.
    Shared { why: String },
}

impl Place {
    /// For the report, in "cgroup v2 (...; HERE)": where the runs' groups
    /// are.
    pub fn describe(&self) -> String {
        match self {
            Place::AsStarted => "in the judge's group, delegated to it".to_string(),
            Place::Scope { manager, unit } => {
                format!("in {unit}, a delegated scope of {}", manager.describe())
            }
            Place::OwnGroup => "in mayan-judges, root's group at the hierarchy's root".to_string(),
            Place::Shared { why } => format!("in the judge's group, not delegated: {why}"),
        }
    }
}

/// The chosen group and how it was had.
#[derive(Debug, Clone)]
pub struct Placed {
    pub base: PathBuf,
    pub place: Place,
}

/// Chooses the group (see the module doc); `mount` is the hierarchy's
/// mount point, `own` the judge's group in it (`/system.slice/x.service`).
/// Chosen once per judge: later calls give the first choice again.
pub fn choose(mount: &Path, own: &str) -> Placed {
    static CHOSEN: Mutex<Option<Placed>> = Mutex::new(None);
    let mut chosen = CHOSEN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(placed) = chosen.as_ref() {
        return placed.clone();
    }
    let placed = choose_afresh(mount, own);
    *chosen = Some(placed.clone());
    placed
}

fn choose_afresh(mount: &Path, own: &str) -> Placed {
    let started = mount.join(own.trim_start_matches('/'));
    if own == "/" || delegated(&started) {
        return Placed {
            base: started,
            place: Place::AsStarted,
        };
    }
    let mut why = "no systemd".to_string();
    if std::env::var_os(NO_SCOPE).is_some_and(|v| v == "1") {
        why = format!("{NO_SCOPE}=1");
    } else if systemd::booted() {
        match scope(mount, own) {
            Ok(placed) => return placed,
            Err(e) => why = e.to_string(),
        }
    }
    // SAFETY: geteuid takes nothing.
    if unsafe { libc::geteuid() } == 0 {
        let base = mount.join("mayan-judges");
        if std::fs::create_dir(&base).is_ok() || base.is_dir() {
            return Placed {
                base,
                place: Place::OwnGroup,
            };
        }
    }
    Placed {
        base: started,
        place: Place::Shared { why },
    }
}

/// Moves the judge into a delegated scope of its own.
fn scope(mount: &Path, own: &str) -> Result<Placed, ScopeError> {
    let manager = Manager::for_this_user();
    let unit = format!("mayan-judge-{}.scope", leftovers::tag());
    let part_of = match manager {
        Manager::System => systemd::unit_of(own),
        Manager::User => None,
    };
    systemd::move_into_scope(manager, &unit, part_of)?;
    let now = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let own = super::own_path(&now).ok_or(ScopeError::NoUnifiedHierarchy)?;
    Ok(Placed {
        base: mount.join(own.trim_start_matches('/')),
        place: Place::Scope { manager, unit },
    })
}

/// True when systemd delegated the group `dir` (its `trusted.delegate` or
/// `user.delegate` extended attribute is `1`).
pub fn delegated(dir: &Path) -> bool {
    let Ok(path) = CString::new(dir.as_os_str().as_bytes()) else {
        return false;
    };
    ["trusted.delegate", "user.delegate"]
        .into_iter()
        .any(|name| {
            let name = CString::new(name).expect("no NUL in a literal");
            let mut value = [0u8; 8];
            // SAFETY: both names are NUL-terminated; the kernel writes at most
            // `value.len()` bytes into our buffer.
            let n = unsafe {
                libc::getxattr(
                    path.as_ptr(),
                    name.as_ptr(),
                    value.as_mut_ptr().cast(),
                    value.len(),
                )
            };
            n == 1 && value[0] == b'1'
        })
}

/// The name of the leaf the judge moves itself into in `place`.
pub fn leaf_name(place: &Place) -> String {
    match place {
        Place::Scope { .. } => "judge".to_string(),
        _ => format!("mayan-judge-{}", leftovers::tag()),
    }
}
