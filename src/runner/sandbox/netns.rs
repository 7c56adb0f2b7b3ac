//! An empty network namespace, made once and entered by every run: no
//! interface but a loopback that is down, so no connection of any kind
//! (loopback included) can be made from inside.

use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;

/// Makes an empty network namespace and returns a descriptor of it to
/// `setns` into. Needs `CAP_SYS_ADMIN`; the namespace lives as long as the
/// descriptor.
pub fn empty() -> io::Result<OwnedFd> {
    // A thread of its own unshares, so the judge's threads keep the host's
    // network; the namespace outlives the thread through the descriptor.
    std::thread::spawn(|| {
        // SAFETY: unshare takes a flag and changes only this thread.
        if unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
            return Err(io::Error::last_os_error());
        }
        File::open("/proc/thread-self/ns/net").map(OwnedFd::from)
    })
    .join()
    .unwrap_or_else(|_| Err(io::Error::other("the namespace thread panicked")))
}
