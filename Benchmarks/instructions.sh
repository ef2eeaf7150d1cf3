#!/bin/sh
# Instructions per operation of the key scenes, counted by valgrind's callgrind on a release build.
#
#     Benchmarks/instructions.sh [scene…]
#
# SCRATCH=<dir> builds in that scratch path instead of Benchmarks/.build (useful while a benchmark
# run holds the package's build folder).
# Each scene runs twice under valgrind, with K and 2K operations after the same warm-up;
# (I(2K) − I(K)) / K is the count per operation, free of process start, building the scene and warming
# up. Counts are exact and do not depend on the machine's load (they do depend on the compiler and the
# CPU's instruction set). The time column is wall time per operation outside valgrind: the median of
# three runs of 50K operations each, which the load of a shared machine moves by up to 2x.
set -eu
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
swift build -c release ${SCRATCH:+--scratch-path "$SCRATCH"} --product InstructionCounts >&2
binary="$(swift build -c release ${SCRATCH:+--scratch-path "$SCRATCH"} --show-bin-path)/InstructionCounts"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# The operations per run: enough for the difference to dwarf the noise of a run, few enough to be quick
# under valgrind (a wide hit test costs about a million instructions).
operations() {
    case "$1" in
        hitTest.wide10k.*) echo 20 ;;
        *) echo 2000 ;;
    esac
}

# The instructions a run executes (callgrind's total of Ir).
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$binary" "$1" "$2" >/dev/null 2>"$out/log" ||
        { cat "$out/log" >&2; exit 1; }
    sed -n 's/^summary: *//p' "$out/callgrind.out"
}

# The median of three timed runs of `50 * K` operations, in nanoseconds per operation.
nanoseconds() {
    for run in 1 2 3; do "$binary" "$1" $((50 * $2)); done | sort -n | sed -n 2p
}

scenes="${*:-$("$binary" --list)}"
printf '%-30s %15s %10s\n' scene instructions/op ns/op
for scene in $scenes; do
    k=$(operations "$scene")
    one=$(count "$scene" "$k")
    two=$(count "$scene" $((2 * k)))
    printf '%-30s %15s %10s\n' "$scene" "$(( (two - one) / k ))" "$(nanoseconds "$scene" "$k")"
done
