//! Hostile submissions for the sandbox tests: an arena of files that no run
//! may read or change (a suite with its answer, a configuration, another
//! contestant's folder, a folder anyone may write to) and the attacks, each
//! a C program that prints the right answer when it works, so that a hole
//! shows as AC.
//!
//! Bounded by design: the fork bomb makes at most 2048 processes, nothing
//! signals anything but its own parent, and nothing here calls kill(-1).

use std::collections::BTreeMap;
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use mayan_judge::judge::suite::CaseFile;
use mayan_judge::judge::verdict::Verdict;

pub const CASE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
pub const ANSWER: &str = "2 1 1\n3 1 1\n3 0 1\n";

/// The C that every attack shares: `win()` prints the right answer (the
/// attack worked: AC), `lose()` prints a wrong one (WA).
pub const PRELUDE: &str = r#"
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <signal.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
static int win(void) { fputs("2 1 1\n3 1 1\n3 0 1\n", stdout); return 0; }
static int lose(const char *why) { printf("-1\n"); fprintf(stderr, "%s: %s\n", why, strerror(errno)); return 0; }
static int copy(const char *path) {
    char buf[4096]; int fd = open(path, O_RDONLY); if (fd < 0) return lose(path);
    ssize_t n = read(fd, buf, sizeof buf); if (n <= 0) return lose(path);
    fwrite(buf, 1, n, stdout); return 0;
}
"#;

/// Files outside any run: the suite with its answer, a configuration, an
/// other contestant's folder, a folder anyone may write to.
pub struct Arena {
    pub dir: tempfile::TempDir,
    pub case: CaseFile,
    pub answer: PathBuf,
    pub config: PathBuf,
    pub other: PathBuf,
    pub open: PathBuf,
}

impl Arena {
    pub fn new() -> Arena {
        let dir = tempfile::Builder::new()
            .prefix("mayan-arena-")
            .tempdir()
            .unwrap();
        let root = dir.path();
        std::fs::set_permissions(root, std::fs::Permissions::from_mode(0o755)).unwrap();
        let suite = root.join("suite");
        std::fs::create_dir(&suite).unwrap();
        std::fs::write(suite.join("x.in"), CASE).unwrap();
        let answer = suite.join("x.ans");
        std::fs::write(&answer, ANSWER).unwrap();
        let config = root.join("judge.toml");
        std::fs::write(&config, "[limits]\ntime = \"1s\"\n").unwrap();
        let other = root.join("contestants/bob/mayan.out");
        std::fs::create_dir_all(other.parent().unwrap()).unwrap();
        std::fs::write(&other, ANSWER).unwrap();
        let open = root.join("open");
        std::fs::create_dir(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
        let case = CaseFile {
            suite: "suite".into(),
            name: "x".into(),
            input: suite.join("x.in"),
            answer: Some(answer.clone()),
            points: 10,
        };
        Arena {
            dir,
            case,
            answer,
            config,
            other,
            open,
        }
    }

    /// Every file below the arena with its size, time and (small) contents.
    pub fn snapshot(&self) -> BTreeMap<PathBuf, (u64, SystemTime, Vec<u8>)> {
        walkdir::WalkDir::new(self.dir.path())
            .into_iter()
            .filter_map(Result::ok)
            .map(|e| {
                let m = e.metadata().unwrap();
                let text = if m.is_file() && m.len() < 4096 {
                    std::fs::read(e.path()).unwrap()
                } else {
                    Vec::new()
                };
                (
                    e.path().to_path_buf(),
                    (m.len(), m.modified().unwrap(), text),
                )
            })
            .collect()
    }

    /// A token in the command line of every process an attack starts.
    pub fn token(&self) -> String {
        self.dir.path().to_string_lossy().into_owned()
    }
}

/// The processes whose command line holds `token`.
pub fn survivors(token: &str) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(token))
        })
        .filter(|pid| {
            // A zombie is dead; its parent has yet to reap it.
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|s| !s.rsplit_once(')').is_some_and(|(_, r)| r.starts_with(" Z")))
        })
        .collect()
}

/// What an attack needs to be contained: every group must have one active
/// protection (by the names the runner reports).
pub struct Attack {
    pub name: &'static str,
    pub needs: &'static [&'static [&'static str]],
    /// C source (after the prelude), given the arena.
    pub source: fn(&Arena) -> String,
    /// Verdicts that show it contained; every one but AC when empty.
    pub expect: &'static [Verdict],
}

pub fn attacks() -> Vec<Attack> {
    vec![
        Attack {
            name: "read the suite's answer by absolute path",
            needs: &[&["files"]],
            source: |a| format!("int main(void) {{ return copy({:?}); }}", a.answer),
            expect: &[],
        },
        Attack {
            name: "read the answer by a path relative to the working folder",
            needs: &[&["files"]],
            source: |a| {
                let rel = format!("../../../../../../../..{}", a.answer.display());
                format!("int main(void) {{ return copy({rel:?}); }}")
            },
            expect: &[],
        },
        Attack {
            name: "read judge.toml and another contestant's folder",
            needs: &[&["files"]],
            source: |a| {
                format!(
                    "int main(void) {{ if (open({:?}, O_RDONLY) < 0) return lose(\"config\"); return copy({:?}); }}",
                    a.config, a.other
                )
            },
            expect: &[],
        },
        Attack {
            name: "write outside the working folder",
            needs: &[&["files"]],
            source: |a| {
                format!(
                    "int main(void) {{ int fd = open({:?}, O_WRONLY | O_CREAT, 0644); if (fd < 0) return lose(\"write\"); \
                     write(fd, \"x\", 1); return win(); }}",
                    a.open.join("pwned")
                )
            },
            expect: &[],
        },
        Attack {
            name: "clear the environment and outlive the run (setsid, double fork)",
            needs: &[],
            // The grandchild runs this program again, with no environment
            // and the argument `hide`, and sleeps: its command line still
            // holds the arena's path, so the test finds it if it survives.
            source: |_| {
                "int main(int argc, char **argv) { if (argc == 2 && !strcmp(argv[1], \"hide\")) { sleep(30); return 0; } \
                 if (fork() == 0) { setsid(); if (fork() == 0) { char *args[] = {argv[0], \"hide\", 0}; \
                 char *envp[] = {0}; execve(argv[0], args, envp); sleep(30); } _exit(0); } \
                 usleep(200000); return lose(\"orphan\"); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "link the answer into the working folder (hard, then symbolic) and read it",
            needs: &[&["files"]],
            source: |a| {
                format!(
                    "int main(void) {{ if (link({0:?}, \"h.ans\") == 0) return copy(\"h.ans\"); \
                     if (symlink({0:?}, \"s.ans\") == 0) return copy(\"s.ans\"); return lose(\"link\"); }}",
                    a.answer
                )
            },
            expect: &[],
        },
        Attack {
            name: "move itself out of its cgroup, then hog memory",
            needs: &[&["memory"]],
            source: |_| {
                "int main(void) { const char *tops[] = {\"/sys/fs/cgroup/memory/cgroup.procs\", \
                 \"/sys/fs/cgroup/cgroup.procs\", \"/sys/fs/cgroup/unified/cgroup.procs\"}; int moved = 0; \
                 for (int i = 0; i < 3; i++) { int fd = open(tops[i], O_WRONLY); if (fd >= 0 && write(fd, \"0\", 1) == 1) moved = 1; } \
                 if (!moved) return lose(\"cgroup\"); size_t n = 200UL << 20; char *p = malloc(n); if (!p) return lose(\"malloc\"); \
                 for (size_t i = 0; i < n; i += 4096) p[i] = 1; return win(); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "make machine-wide shared memory (System V)",
            needs: &[&["system calls"]],
            source: |_| {
                "#include <sys/ipc.h>\n#include <sys/shm.h>\nint main(void) { int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0666); \
                 if (id < 0) return lose(\"shmget\"); shmctl(id, IPC_RMID, 0); return win(); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "read /etc/shadow, root's own file",
            needs: &[&["files", "user"]],
            source: |_| {
                "int main(void) { if (open(\"/etc/shadow\", O_RDONLY) < 0) return lose(\"shadow\"); return win(); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "use root's powers: give a file away with chown",
            needs: &[],
            source: |_| {
                "int main(void) { int fd = open(\"mine\", O_WRONLY | O_CREAT, 0644); if (fd < 0) return lose(\"open\"); \
                 if (fchown(fd, 1234, 1234) != 0) return lose(\"chown\"); return win(); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "one huge allocation",
            needs: &[],
            source: |_| {
                "int main(void) { size_t n = 1UL << 30; char *p = malloc(n); if (!p) return lose(\"malloc\"); \
                 for (size_t i = 0; i < n; i += 4096) p[i] = 1; return win(); }"
                    .to_string()
            },
            expect: &[Verdict::MLE],
        },
        Attack {
            name: "a memory hog split over four child processes",
            needs: &[&["memory"]],
            source: |_| {
                "int main(void) { for (int i = 0; i < 4; i++) if (fork() == 0) { size_t n = 40UL << 20; \
                 char *p = malloc(n); if (!p) _exit(1); for (size_t j = 0; j < n; j += 4096) p[j] = 1; \
                 sleep(1); _exit(0); } int ok = 1, st; while (wait(&st) > 0) ok &= WIFEXITED(st) && WEXITSTATUS(st) == 0; \
                 return ok ? win() : lose(\"children\"); }"
                    .to_string()
            },
            expect: &[Verdict::MLE],
        },
        Attack {
            name: "write 4 MiB in files below the output limit each",
            needs: &[],
            source: |_| {
                "int main(void) { static char b[512 << 10]; for (int i = 0; i < 8; i++) { char n[16]; \
                 sprintf(n, \"f%d\", i); int fd = open(n, O_WRONLY | O_CREAT, 0644); \
                 if (fd < 0 || write(fd, b, sizeof b) != sizeof b) return lose(\"write\"); close(fd); } \
                 usleep(500000); return win(); }"
                    .to_string()
            },
            expect: &[Verdict::OLE],
        },
        Attack {
            name: "make 5000 empty files",
            needs: &[],
            source: |_| {
                "int main(void) { for (int i = 0; i < 5000; i++) { char n[16]; sprintf(n, \"e%d\", i); \
                 int fd = open(n, O_WRONLY | O_CREAT, 0644); if (fd < 0) return lose(\"create\"); close(fd); } \
                 return win(); }"
                    .to_string()
            },
            // Stopped for its entries (OLE); or, where creating a file
            // costs the program a millisecond of CPU (this machine's ext4
            // for an ordinary user: 5000 files take 3 s of system time),
            // by its CPU time before the watchdog's next look. Either way
            // it is stopped; one that makes them all answers right: AC, a hole.
            expect: &[Verdict::OLE, Verdict::TLE],
        },
        Attack {
            name: "connect to a loopback TCP listener",
            needs: &[&["network"]],
            source: |_| {
                "int main(int argc, char **argv) { int s = socket(AF_INET, SOCK_STREAM, 0); if (s < 0) return lose(\"socket\"); \
                 struct sockaddr_in a = {0}; a.sin_family = AF_INET; a.sin_port = htons(atoi(argv[1])); \
                 a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); \
                 if (connect(s, (struct sockaddr *)&a, sizeof a) != 0) return lose(\"connect\"); return win(); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "send UDP to loopback",
            needs: &[&["network"]],
            source: |_| {
                "int main(int argc, char **argv) { int s = socket(AF_INET, SOCK_DGRAM, 0); if (s < 0) return lose(\"socket\"); \
                 struct sockaddr_in a = {0}; a.sin_family = AF_INET; a.sin_port = htons(atoi(argv[2])); \
                 a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); \
                 if (sendto(s, \"x\", 1, 0, (struct sockaddr *)&a, sizeof a) != 1) return lose(\"sendto\"); \
                 return lose(\"sent, but the test checks\"); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "kill the judge (its parent)",
            needs: &[&["signals"]],
            source: |_| {
                "int main(void) { if (kill(getppid(), SIGKILL) == 0) return win(); return lose(\"kill\"); }"
                    .to_string()
            },
            expect: &[],
        },
        Attack {
            name: "a fork bomb of 2048 processes",
            needs: &[&["processes"]],
            source: |_| {
                "int main(void) { pid_t me = getpid(); int p[2]; if (pipe(p)) return lose(\"pipe\"); \
                 for (int d = 0; d < 11; d++) if (fork() == 0) write(p[1], \"x\", 1); \
                 if (getpid() != me) { sleep(30); _exit(0); } usleep(300000); \
                 fcntl(p[0], F_SETFL, O_NONBLOCK); char b[4096]; long n = 0, r; \
                 while ((r = read(p[0], b, sizeof b)) > 0) n += r; \
                 return n >= 2047 ? win() : lose(\"forks refused\"); }"
                    .to_string()
            },
            expect: &[],
        },
    ]
}

/// Appends a line to the coverage table, `target/sandbox-coverage.txt` or
/// the file `MAYAN_SANDBOX_COVERAGE` names: what was tested where, and what
/// could not be. `MAYAN_SANDBOX_LABEL` prefixes each line (CI runs the tests
/// a second time as an ordinary user). CI empties the table before the tests
/// and prints it after.
pub fn record(line: String) {
    static APPEND: Mutex<()> = Mutex::new(());
    let line = match std::env::var("MAYAN_SANDBOX_LABEL") {
        Ok(label) => format!("({label}) {line}"),
        Err(_) => line,
    };
    eprintln!("{line}");
    let _one_at_a_time = APPEND.lock().unwrap_or_else(|e| e.into_inner());
    let path = std::env::var_os("MAYAN_SANDBOX_COVERAGE").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sandbox-coverage.txt"),
        PathBuf::from,
    );
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
    {
        let _ = writeln!(file, "{line}");
    }
}
