//! A seccomp filter assembled as one classic-BPF program: the architecture
//! checked, then the call's number found by a binary search over the numbers
//! that are not simply allowed, so every call is decided in about a dozen
//! instructions whatever the length of the lists.
//!
//! Short matters here: the kernel checks, translates and compiles a filter
//! at every run's start, then runs it over every system call number to cache
//! the ones it always allows, each at a cost that grows with the
//! instructions a call passes through (a chain of comparisons, as filter
//! generators emit, makes an unlisted call pass them all).
//!
//! Every jump is forward (as the kernel requires) and short (8 bits): the
//! outcomes sit at the end, each once.

use libc::sock_filter;

/// What the filter does with a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Allow,
    /// Fails with this `errno`.
    Errno(u16),
    /// Fails with `errno` when the low 32 bits of the first argument (the
    /// flags of `clone`) have any bit of `mask` set; allowed otherwise.
    RefuseFlags {
        mask: u32,
        errno: u16,
    },
    /// Ends the whole process.
    Kill,
}

/// The filter's layout, before the numbers of its jumps are known.
pub struct Policy<'a> {
    /// `AUDIT_ARCH_*` of the programs run: any other ends the process.
    pub arch: u32,
    /// Numbers with this bit set (x86-64's x32 calls) fail with `EPERM`.
    pub refused_bit: Option<u32>,
    /// The calls not simply allowed, any order, each once.
    pub calls: &'a [(u32, Outcome)],
}

/// A jump too long for classic BPF's 8-bit offsets (a list far longer than
/// the sandbox's).
#[derive(Debug, thiserror::Error)]
#[error("seccomp filter too long: a jump of {0} instructions")]
pub struct TooFar(usize);

/// Offsets in `struct seccomp_data`.
const NR: u32 = 0;
const ARCH: u32 = 4;
/// The low half of the first argument.
const ARG0_LOW: u32 = if cfg!(target_endian = "little") {
    16
} else {
    20
};

const LD_ABS: u16 = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
const RET: u16 = (libc::BPF_RET | libc::BPF_K) as u16;
const JA: u16 = (libc::BPF_JMP | libc::BPF_JA) as u16;
const JEQ: u16 = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
const JGE: u16 = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
const JSET: u16 = (libc::BPF_JMP | libc::BPF_JSET | libc::BPF_K) as u16;

/// Where a jump goes.
#[derive(Debug, Clone, Copy)]
enum Target {
    Next,
    At(usize),
    Outcome(Outcome),
}

/// An instruction whose jumps may still be symbolic.
struct Insn {
    code: u16,
    k: u32,
    jt: Target,
    jf: Target,
}

/// Assembles `policy` into the program to install.
pub fn assemble(policy: &Policy) -> Result<Vec<sock_filter>, TooFar> {
    let mut calls = policy.calls.to_vec();
    calls.sort_unstable_by_key(|&(nr, _)| nr);
    let mut a = Assembler::default();
    a.op(LD_ABS, ARCH);
    a.jump(
        JEQ,
        policy.arch,
        Target::Next,
        Target::Outcome(Outcome::Kill),
    );
    a.op(LD_ABS, NR);
    if let Some(bit) = policy.refused_bit {
        let refused = Target::Outcome(Outcome::Errno(libc::EPERM as u16));
        a.jump(JSET, bit, refused, Target::Next);
    }
    a.search(&calls);
    a.finish()
}

#[derive(Default)]
struct Assembler {
    code: Vec<Insn>,
}

impl Assembler {
    fn op(&mut self, code: u16, k: u32) {
        self.jump(code, k, Target::Next, Target::Next);
    }

    fn jump(&mut self, code: u16, k: u32, jt: Target, jf: Target) -> usize {
        self.code.push(Insn { code, k, jt, jf });
        self.code.len() - 1
    }

    /// Decides among `calls` (sorted), allowing any other number: halves
    /// until three are left, then compares each.
    fn search(&mut self, calls: &[(u32, Outcome)]) {
        if calls.len() <= 3 {
            for (i, &(nr, outcome)) in calls.iter().enumerate() {
                let otherwise = if i + 1 == calls.len() {
                    Target::Outcome(Outcome::Allow)
                } else {
                    Target::Next
                };
                self.jump(JEQ, nr, Target::Outcome(outcome), otherwise);
            }
            if calls.is_empty() {
                self.jump(JA, 0, Target::Outcome(Outcome::Allow), Target::Next);
            }
            return;
        }
        let mid = calls.len() / 2;
        let split = self.jump(JGE, calls[mid].0, Target::Next, Target::Next);
        self.search(&calls[..mid]);
        self.code[split].jt = Target::At(self.code.len());
        self.search(&calls[mid..]);
    }

    /// Appends every outcome jumped to (the flag tests before the returns
    /// they jump to) and resolves the jumps.
    fn finish(mut self) -> Result<Vec<sock_filter>, TooFar> {
        let outcomes = self.outcomes();
        let places = place(self.code.len(), &outcomes);
        for &o in &outcomes {
            if let Outcome::RefuseFlags { mask, errno } = o {
                self.op(LD_ABS, ARG0_LOW);
                let refused = Target::Outcome(Outcome::Errno(errno));
                self.jump(JSET, mask, refused, Target::Outcome(Outcome::Allow));
            } else {
                self.op(RET, return_value(o));
            }
        }
        let offset = |pos: usize, t: Target| -> Result<u8, TooFar> {
            let to = match t {
                Target::Next => pos + 1,
                Target::At(to) => to,
                Target::Outcome(o) => places.iter().find(|(p, _)| *p == o).expect("placed").1,
            };
            u8::try_from(to - pos - 1).map_err(|_| TooFar(to - pos - 1))
        };
        let mut program = Vec::with_capacity(self.code.len());
        for (pos, insn) in self.code.iter().enumerate() {
            let (jt, jf) = (offset(pos, insn.jt)?, offset(pos, insn.jf)?);
            program.push(if insn.code == JA {
                sock_filter {
                    code: JA,
                    jt: 0,
                    jf: 0,
                    k: u32::from(jt),
                }
            } else {
                sock_filter {
                    code: insn.code,
                    jt,
                    jf,
                    k: insn.k,
                }
            });
        }
        Ok(program)
    }

    /// The outcomes jumped to, each once, flag tests first (they jump to
    /// the others, which must come after).
    fn outcomes(&self) -> Vec<Outcome> {
        let mut used: Vec<Outcome> = Vec::new();
        let mut add = |o: Outcome| {
            if !used.contains(&o) {
                used.push(o);
            }
        };
        for insn in &self.code {
            for target in [insn.jt, insn.jf] {
                if let Target::Outcome(o) = target {
                    add(o);
                    if let Outcome::RefuseFlags { errno, .. } = o {
                        add(Outcome::Errno(errno));
                        add(Outcome::Allow);
                    }
                }
            }
        }
        used.sort_by_key(|o| !matches!(o, Outcome::RefuseFlags { .. }));
        used
    }
}

/// Where each outcome's code starts when appended in this order after
/// `base` instructions: a flag test takes two, a return one.
fn place(base: usize, outcomes: &[Outcome]) -> Vec<(Outcome, usize)> {
    let mut at = base;
    outcomes
        .iter()
        .map(|&o| {
            let here = at;
            at += if matches!(o, Outcome::RefuseFlags { .. }) {
                2
            } else {
                1
            };
            (o, here)
        })
        .collect()
}

fn return_value(o: Outcome) -> u32 {
    match o {
        Outcome::Allow => libc::SECCOMP_RET_ALLOW,
        Outcome::Errno(e) => libc::SECCOMP_RET_ERRNO | u32::from(e),
        Outcome::Kill => libc::SECCOMP_RET_KILL_PROCESS,
        Outcome::RefuseFlags { .. } => unreachable!("a flag test is not a return"),
    }
}

/// Runs a program as the kernel would on `(nr, arch, first argument)`:
/// the value it returns. Test-only; knows the instructions `assemble` emits.
#[cfg(test)]
pub fn run(program: &[sock_filter], nr: u32, arch: u32, arg0: u64) -> u32 {
    interpret(program, nr, arch, arg0).0
}

/// The number of instructions a call passes through.
#[cfg(test)]
pub fn steps(program: &[sock_filter], nr: u32, arch: u32, arg0: u64) -> usize {
    interpret(program, nr, arch, arg0).1
}

#[cfg(test)]
fn interpret(program: &[sock_filter], nr: u32, arch: u32, arg0: u64) -> (u32, usize) {
    let mut data = [0u32; 16];
    data[0] = nr;
    data[1] = arch;
    let (low, high) = (arg0 as u32, (arg0 >> 32) as u32);
    (data[4], data[5]) = if cfg!(target_endian = "little") {
        (low, high)
    } else {
        (high, low)
    };
    let (mut pc, mut acc) = (0usize, 0u32);
    for steps in 1.. {
        let i = program[pc];
        pc += 1;
        let jump = |taken: bool| usize::from(if taken { i.jt } else { i.jf });
        match i.code {
            LD_ABS => acc = data[i.k as usize / 4],
            RET => return (i.k, steps),
            JA => pc += i.k as usize,
            JEQ => pc += jump(acc == i.k),
            JGE => pc += jump(acc >= i.k),
            JSET => pc += jump(acc & i.k != 0),
            other => panic!("instruction {other:#x} not expected"),
        }
    }
    unreachable!("a program ends with a return")
}
