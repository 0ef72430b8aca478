#!/usr/bin/env bash
# The end-to-end benchmark in one command: builds neardup-bench, generates the corpora with
# ./neardup generate, and runs the harness (org.neardup.bench.e2e.EndToEnd) on each, every
# contender in its own JVM. Prints the Markdown tables; leaves corpora, pairs, logs, .md and .json
# results in $OUT.
#
#   scripts/bench-e2e.sh                       # 20,000 and 5,000 documents, seed 42, t 0.8, char:5, n 128
#   SIZES=60000 scripts/bench-e2e.sh --contenders neardup-lsh,hash4j-minhash
#
# Environment: SIZES (corpus sizes, default "20000 5000"), SEED (generator seed, 42), REPEAT (runs
# of each contender, the median reported; 3), OUT (results
# directory, neardup-bench/target/e2e-results), SKIP_BUILD (non-empty: use the benchmarks.jar
# already built, as the docs check does after mvn verify), MVN_FLAGS (e.g. -o once dependencies are
# downloaded). Arguments are passed to EndToEnd (see --help), after the defaults below.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
SIZES="${SIZES:-20000 5000}"
SEED="${SEED:-42}"
OUT="${OUT:-$root/neardup-bench/target/e2e-results}"
mkdir -p "$OUT"

echo "bench-e2e: building neardup-bench" >&2
[ -n "${SKIP_BUILD:-}" ] || mvn -q ${MVN_FLAGS:-} -pl neardup-bench -am package -DskipTests
jar="$root/neardup-bench/target/benchmarks.jar"

for n in $SIZES; do
  corpus="$OUT/corpus-$n-seed$SEED.tsv"
  if [ ! -s "$corpus" ]; then
    echo "bench-e2e: generating $corpus" >&2
    ./neardup generate --documents "$n" --seed "$SEED" -o "$corpus"
  fi
  echo "bench-e2e: $n documents" >&2
  java -cp "$jar" org.neardup.bench.e2e.EndToEnd --repeat "${REPEAT:-3}" \
    --corpus "$corpus" --threshold 0.8 --shingle char:5 --permutations 128 \
    --work-dir "$OUT/work-$n" --json "$OUT/e2e-$n.json" "$@" | tee "$OUT/e2e-$n.md"
  echo
done
