#!/bin/bash
# In the cgroup v2 virtual machine, as root from its job service (started by
# .ci/vm/pass through ../shared/tools/vm/vm-run.sh): the judge started in
# each way users start it, each checked. Exits 1 on any wrong verdict or
# leftover, 0 when every check held.
#
#   guest.sh CHECKOUT_PATH RELEASE_DIR
#
# /job holds main/ (the checkout's tracked files, RELEASE_DIR/mayan and
# the integration tests' binary in RELEASE_DIR/deps, RELEASE_DIR relative
# to the checkout, as target/release), shared/
# (../shared) and progs/ (the VM kit's small programs). The checkout is put back at CHECKOUT_PATH, where
# the tests' binary was built, with shared/ beside it.
set -u
co=$1
rel=$2
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok:   $*"; }

mkdir -p "$(dirname "$co")"
cp -a /job/main "$co"
cp -a /job/shared "$(dirname "$co")/shared"
# alice reaches the checkout through every folder above it.
d=$co
while [ "$d" != / ]; do chmod o+x "$d"; d=$(dirname "$d"); done
chmod -R o+rX "$co" "$(dirname "$co")/shared"
mayan=$co/$rel/mayan
itest=$(ls "$co/$rel"/deps/integration-* | head -1)

if [ -x /job/baseline/mayan ]; then
    mkdir -p /srv/baseline && cp /job/baseline/mayan /srv/baseline/ && chmod -R a+rX /srv/baseline
fi

# The small programs, built once, readable by every context.
progs=/srv/progs
mkdir -p $progs
for p in ac memchild forkbomb daemon; do
    gcc -O2 -pthread -o "$progs/$p" "/job/progs/$p.c" || fail "cannot build $p"
done
chmod -R a+rX $progs
mkdir -p /srv/out && chmod 1777 /srv/out
# The bundled configuration with limits for an emulated machine (5 to 30
# times slower than the host): the programs, not the limits, are tested.
sed -e 's/^time = .*/time = "5s"/' -e 's/^compile-time = .*/compile-time = "300s"/' \
    "$co/judge.toml" >"$co/vm-judge.toml"
chmod a+r "$co/vm-judge.toml"

# Runs a command line as one context.
in_ctx() {
    case $1 in
        R-svc) bash -c "$2" ;;
        R-login) su -l root -c "$2" ;;
        R-scope) su -l root -c "systemd-run --scope --quiet bash -c $(printf %q "$2")" ;;
        A-login) su -l alice -c "$2" ;;
        A-userscope) su -l alice -c "systemd-run --user --scope --quiet bash -c $(printf %q "$2")" ;;
        # Root where systemd gives no scope (a container, OpenRC).
        R-noscope) su -l root -c "export MAYAN_CGROUP_NO_SCOPE=1; $2" ;;
    esac
}

# What the tests' programs and the judges left: processes, groups, folders.
leftovers() {
    sleep 1
    ps -eo comm= | grep -E '^(mayan|forkbomb|memchild|mayan-dmn-a|mayan-dmn-b|daemon|ac)$'
    find /sys/fs/cgroup -name 'mayan-*' 2>/dev/null
    ls -d /tmp/mayan-* /dev/shm/mayan-* /var/tmp/mayan-* 2>/dev/null
}

# Judges PROGRAM on the sample case; prints the case's verdict and message.
# The CPU time limit is 1 s unless a fourth argument gives another.
judge_small() { # CTX NAME PROGRAM [TIME]
    local out=/srv/out/$1-$2
    in_ctx "$1" "cd /srv/out && $mayan judge --suite $co/cases/sample --io stdio --time-limit ${4:-1s} --memory-limit 64MiB --json $out.json -- $3 >$out.stdout 2>$out.stderr"
    python3 - "$out.json" <<'EOF'
import json, sys
try:
    c = json.load(open(sys.argv[1]))["submissions"][0]["cases"][0]
    print(c["verdict"], c.get("message", ""))
except Exception as e:
    print("NO-JSON", repr(e))
EOF
}

check_ctx() { # CTX
    local ctx=$1 v header
    echo "=== $ctx"
    # The bundled run (the README's first command) in this context.
    in_ctx "$ctx" "cd $co && $mayan judge -c vm-judge.toml --json /srv/out/$ctx-bundled.json >/srv/out/$ctx-bundled.stdout 2>/srv/out/$ctx-bundled.stderr"
    header=$(grep -m1 -o 'measured by .*' "/srv/out/$ctx-bundled.stderr")
    echo "  $header"
    grep -E '^(sandbox|NOT protected)' "/srv/out/$ctx-bundled.stderr" | sed 's/^/  /'
    v=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(' '.join(f\"{s['name']}={s['score']}\" for s in d['submissions']))" "/srv/out/$ctx-bundled.json" 2>&1)
    if [[ " $v " == *" correct=450 "* && " $v " == *" wrong=60 "* ]]; then
        pass "$ctx bundled: $v"
    else
        fail "$ctx bundled: $v (want correct=450 wrong=60)"
        head -20 "/srv/out/$ctx-bundled.stderr"
    fi
    case $header in
        *"cgroup v2 (memory, pids,"*) pass "$ctx: memory and pids held by cgroup v2" ;;
        *) fail "$ctx: not every cgroup v2 controller: $header" ;;
    esac
    v=$(judge_small "$ctx" ac "$progs/ac"); [[ $v == AC* ]] && pass "$ctx ac: $v" || fail "$ctx ac: $v"
    # /srv/progs is not the run's folder: the program is named by its path.
    # Emulated page faults are slow: 64 MiB touched may cost over 1 s of CPU
    # time there, so the memory check gets time enough to reach its limit.
    v=$(judge_small "$ctx" memchild "$progs/memchild" 20s)
    [[ $v == MLE* ]] && pass "$ctx 200 MiB in a child: $v" || fail "$ctx 200 MiB in a child: $v"
    # Contained (no AC, nothing left behind, below); the note of a refused
    # fork is there when the pids group refused before the CPU time ran out.
    v=$(judge_small "$ctx" forkbomb "$progs/forkbomb")
    [[ $v != AC* && $v != NO-JSON* ]] && pass "$ctx fork bomb: $v" || fail "$ctx fork bomb: $v"
    v=$(judge_small "$ctx" daemon "$progs/daemon")
    [[ $v != AC* && $v != NO-JSON* ]] && pass "$ctx daemon: $v" || fail "$ctx daemon: $v"
    v=$(leftovers | tr '\n' ' ')
    [ -z "$v" ] && pass "$ctx: nothing left behind" || fail "$ctx: left behind: $v"
}

# With an earlier binary in /job/baseline/mayan (.ci/vm/pass's
# MAYAN_VM_BASELINE), the same small programs judged by it in each context,
# for the record only: "baseline CTX TEST: VERDICT MESSAGE | header".
baseline_ctx() { # CTX
    local b=/srv/baseline/mayan t v
    [ -x $b ] || return 0
    for t in memchild forkbomb; do
        v=$(mayan=$b judge_small "$1" "base-$t" "$progs/$t")
        echo "baseline $1 $t: $v | $(grep -m1 -o 'measured by .*' "/srv/out/$1-base-$t.stderr" | cut -c1-160)"
    done
    echo "baseline $1 left behind: $(leftovers | tr '\n' ' ')"
    # What it left is cleared, so that it is not counted against this judge.
    for p in $(pgrep -x forkbomb; pgrep -x memchild); do kill -9 "$p" 2>/dev/null; done
    find /sys/fs/cgroup -depth -type d -name 'mayan-*' -exec rmdir {} + 2>/dev/null
}

# Root with no scope to ask for: its runs' groups in its own group at the
# hierarchy's root, removed when it is done.
check_noscope() {
    local v
    echo "=== R-noscope"
    v=$(judge_small R-noscope memchild "$progs/memchild" 20s)
    [[ $v == MLE* ]] && pass "R-noscope 200 MiB in a child: $v" || fail "R-noscope 200 MiB in a child: $v"
    v=$(grep -m1 -o 'measured by .*' /srv/out/R-noscope-memchild.stderr)
    [[ $v == *"cgroup v2 (memory, pids,"*"mayan-judges"* ]] && pass "R-noscope: $v" || fail "R-noscope: $v"
    v=$(judge_small R-noscope forkbomb "$progs/forkbomb")
    [[ $v != AC* && $v != NO-JSON* ]] && pass "R-noscope fork bomb: $v" || fail "R-noscope fork bomb: $v"
    v=$(leftovers | tr '\n' ' ')
    [ -z "$v" ] && pass "R-noscope: nothing left behind" || fail "R-noscope: left behind: $v"
}

# The sandbox's integration tests in a context, with those of the judge's
# data hidden from runs (mounts under systemd's shared propagation), of a
# killed judge's runs (its PID namespaces) and of hard-linked contests: as
# root with CI set (every protection must be there), as alice with what she
# may have. Not the one
# that lets attacks through unconfined under a 1 s limit, which emulation
# makes too slow to get through.
sandbox_tests() { # CTX ENV
    local log=/srv/out/$1-sandbox-tests.txt
    in_ctx "$1" "cd /tmp && env $2 MAYAN_SANDBOX_COVERAGE=/srv/out/coverage.txt MAYAN_SANDBOX_LABEL='cgroup v2 VM, $1' $itest --test-threads=2 sandbox:: data_hidden:: killed_judge:: hard_links:: --skip sandbox::without_the_sandbox_the_attacks_work" >"$log" 2>&1
    local rc=$? result
    result=$(grep -E '^test result' "$log" | tail -1)
    [ $rc = 0 ] && pass "$1 sandbox tests: $result" || {
        fail "$1 sandbox tests (exit $rc): $result"
        grep -E -A4 '^test .* FAILED$|panicked' "$log" | head -40
    }
}

echo "cgroup v2 checks: $(uname -r), $(systemctl --version | head -1)"
: >/srv/out/coverage.txt && chmod 666 /srv/out/coverage.txt
for ctx in ${CONTEXTS:-R-svc R-login R-scope A-login A-userscope}; do
    t0=$SECONDS
    check_ctx "$ctx"
    echo "  ($((SECONDS - t0)) s)"
    baseline_ctx "$ctx"
done
check_noscope
sandbox_tests R-svc "CI=1"
sandbox_tests A-login "MAYAN_SANDBOX_PARTIAL=1"
v=$(leftovers | tr '\n' ' ')
[ -z "$v" ] && pass "after the tests: nothing left behind" || fail "after the tests, left behind: $v"
mkdir -p /job/out && cp -r /srv/out/. /job/out/
echo "--- sandbox coverage in the VM"
cat /srv/out/coverage.txt
echo "cgroup v2 checks: $fails failed"
[ "$fails" = 0 ]
