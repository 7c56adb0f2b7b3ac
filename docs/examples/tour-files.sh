#!/bin/sh
# Makes, in the folder given (by default the repository's own folder, where
# the README's examples run: `../shared` is beside it), what the examples of
# the README and the manual name besides the repository's own files:
#   ./my-solution    the correct program (submissions/correct.cpp) reading
#                    standard input and writing standard output
#   ./buggy          the correct program trying g = -1 before g = 1 (the
#                    stress example finds and shrinks it)
#   contestant.out   an output to check against cases/sample
#   contest/         a contest as CCF lays it out: GD-0001 the correct
#                    program, GD-0002 a wrong one, GD-0003 nothing
#   judge.toml, cases/, submissions/   links to the repository's own, in
#                    a folder of their own
# Needs g++. The manual's tests make what their examples name with it.
#
#   sh docs/examples/tour-files.sh
set -eu

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$repo}
mkdir -p "$out"
out=$(cd "$out" && pwd)
sources=$(mktemp -d)
trap 'rm -rf "$sources"' EXIT

# Edits the correct program with sed expression $2 into $1.cpp; fails when
# the edit does not apply (the program changed), never builds a copy.
edited() {
    sed -e "$2" "$repo/submissions/correct.cpp" > "$sources/$1.cpp"
    if cmp -s "$repo/submissions/correct.cpp" "$sources/$1.cpp"; then
        echo "tour-files.sh: the edit for $1 does not apply to submissions/correct.cpp" >&2
        exit 1
    fi
    g++ -O2 -o "$out/$1" "$sources/$1.cpp"
}

edited my-solution 's/std::fopen("mayan\.in", "r")/stdin/; s/std::fopen("mayan\.out", "w")/stdout/'
edited buggy 's/for (int g = 1; g >= -1; g -= 2)/for (int g = -1; g <= 1; g += 2)/'

printf '1 0 1\n0 0 1\n' > "$out/contestant.out"

rm -rf "$out/contest"
mkdir -p "$out/contest/GD-0001/mayan" "$out/contest/GD-0002/mayan" "$out/contest/GD-0003"
cp "$repo/submissions/correct.cpp" "$out/contest/GD-0001/mayan/mayan.cpp"
cp "$repo/submissions/wrong.py" "$out/contest/GD-0002/mayan/mayan.py"

for name in judge.toml cases submissions; do
    [ -e "$out/$name" ] || ln -s "$repo/$name" "$out/$name"
done
echo "made in $out: my-solution, buggy, contestant.out, contest/"
