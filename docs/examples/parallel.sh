#!/usr/bin/env bash
# Judges a contest on several machines with GNU parallel over ssh, then
# merges the shards' reports (the manual's chapter "More than one machine").
#
#   parallel.sh CONTEST [SHARDS [SSHLOGINFILE]]
#
# CONTEST       the contest folder, holding judge.toml; the same folder at the
#               same path on every machine (a shared folder: NFS, say)
# SHARDS        how many shards the run is cut into (default 8)
# SSHLOGINFILE  GNU parallel's list of machines, a line each, as
#               `4/root@lab-01` (at most 4 shards at once there); default:
#               this machine only (`:`), a shard per core at once
#
# MAYAN names the judge on the machines, and on this one, which merges
# (default `mayan`, found on the PATH).
# Shard K writes CONTEST/shards/shard-K-of-N.json, its tables and messages in
# shard-K-of-N.log beside it. When every shard has finished, the merge writes
# CONTEST/scores.csv, CONTEST/report.html (with its folder report.files),
# CONTEST/results.json and the tables in CONTEST/report.txt. Exit 0 when the
# report is merged, whatever the verdicts; 1 when a shard or the merge failed
# (run it again: each shard goes on from what it had judged); 2 on a usage
# error.
set -euo pipefail

say() { echo "parallel.sh: $*" >&2; }
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  say "usage: parallel.sh CONTEST [SHARDS [SSHLOGINFILE]]"
  exit 2
fi
contest=$(cd -- "$1" && pwd) # absolute: every machine changes into it
count=${2:-8}
mayan=${MAYAN:-mayan}
case $count in
  '' | *[!0-9]* | 0*) say "SHARDS is a whole number above 0, not '$count'"; exit 2 ;;
esac
if [ $# -eq 3 ]; then
  [ -f "$3" ] || { say "no sshloginfile $3"; exit 2; }
  machines=(--sshloginfile "$3")
else
  machines=(--sshlogin :)
fi
[ -f "$contest/judge.toml" ] || { say "no judge.toml in $contest"; exit 2; }
if ! parallel --version 2>/dev/null | grep '^GNU parallel' >/dev/null; then
  say "needs GNU parallel, not another parallel (Debian: apt-get install parallel)"
  exit 2
fi

# Every machine must run the same judge: one version, a line per machine.
if ! versions=$(parallel --nonall --tag "${machines[@]}" -q "$mayan" --version); then
  say "could not run $mayan --version on every machine:"
  echo "$versions" >&2
  exit 1
fi
if [ "$(cut -f2- <<<"$versions" | sort -u | wc -l)" -ne 1 ]; then
  say "the machines run different versions of mayan; install one everywhere:"
  echo "$versions" >&2
  exit 1
fi

# One job per shard, run in the contest folder. A shard exits 1 when some
# case was not accepted, which is a verdict, not a failure: only 2 and up
# (a harness or configuration error, an interrupted run) fail the job.
mkdir -p "$contest/shards"
joblog=$contest/shards/joblog-of-$count.tsv
rm -f "$joblog"
# shellcheck disable=SC2016 # expanded by the shard's shell, not here
shard='mayan=$1 k=$2 n=$3
"$mayan" judge --quiet --config judge.toml --partition "$k/$n" --resume \
  --json "shards/shard-$k-of-$n.json" >"shards/shard-$k-of-$n.log" 2>&1
status=$?; [ "$status" -le 1 ] || exit "$status"'
parallel -q "${machines[@]}" --wd "$contest" --joblog "$joblog" \
  sh -c "$shard" sh "$mayan" {} "$count" ::: $(seq "$count") || true

# Name every shard that failed or never ran, from the job log (its first
# column is the job's number, which is the shard's).
[ -f "$joblog" ] || { say "GNU parallel ran no shard: see its message above"; exit 1; }
failed=0
for k in $(seq "$count"); do
  read -r code signal host < <(awk -F'\t' -v k="$k" '$1 == k { print $7, $8, $2 }' "$joblog") || true
  log="$contest/shards/shard-$k-of-$count.log"
  if [ -z "$code" ]; then
    say "shard $k/$count did not run"
    failed=1
  elif [ "$code" != 0 ] || [ "$signal" != 0 ]; then
    say "shard $k/$count failed on $host (exit $code, signal $signal); the end of $log:"
    tail -n 5 "$log" >&2 || true
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then
  say "not merged: judge the failed shards again (run this again), then it merges"
  exit 1
fi

# Every shard finished: the whole run's reports. The merge exits 1 when
# some case was not accepted, 2 when it refuses the shards.
shards=()
for k in $(seq "$count"); do shards+=("$contest/shards/shard-$k-of-$count.json"); done
status=0
"$mayan" report merge "${shards[@]}" --json "$contest/results.json" \
  --csv "$contest/scores.csv" --html "$contest/report.html" >"$contest/report.txt" || status=$?
if [ "$status" -gt 1 ]; then
  say "the merge failed (exit $status): see its message above"
  exit 1
fi
say "merged $count shards: $contest/scores.csv, report.html, results.json, report.txt"
