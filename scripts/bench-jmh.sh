#!/usr/bin/env bash
# The JMH kernel benchmarks in one command: builds neardup-bench and runs benchmarks.jar, writing
# JSON results to $OUT/jmh.json. Arguments go to JMH, e.g. the quick run:
#
#   scripts/bench-jmh.sh -f 1 -wi 2 -i 3 -w 1s -r 1s      # about 5 minutes on 2 cores
#   scripts/bench-jmh.sh SignerBenchmark -p numPermutations=128
#
# Environment: OUT (default neardup-bench/target), MVN_FLAGS (e.g. -o), SKIP_BUILD (non-empty:
# use the benchmarks.jar already built, as the docs check does after mvn verify).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
OUT="${OUT:-$root/neardup-bench/target}"
mkdir -p "$OUT"
[ -n "${SKIP_BUILD:-}" ] || mvn -q ${MVN_FLAGS:-} -pl neardup-bench -am package -DskipTests
java -jar "$root/neardup-bench/target/benchmarks.jar" -rf json -rff "$OUT/jmh.json" "$@"
