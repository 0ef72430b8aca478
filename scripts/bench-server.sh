#!/usr/bin/env bash
# The service under load, at each index size of SIZES (default "100000 1000000"): builds an index of
# that many generated documents (./neardup index build, timed), serves it, and runs the bounded load
# generator (loopback) for each scenario; prints Markdown tables with throughput and p50/p99/p99.9
# latency, the server's peak RSS and the index's size on disk.
#
#   scripts/bench-server.sh                  # SIZES="100000 1000000" SECONDS_EACH=20
#
# Scenarios: queries from 1 client (latency), 16 clients mixing 90% queries and 10% adds,
# 32 clients adding single documents (durable), 4 clients adding batches of 1,000 (durable).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SIZES="${SIZES:-100000 1000000}"
secs="${SECONDS_EACH:-20}"
out="${OUT:-$root/target/bench-server}"
mkdir -p "$out"
cli="$root/neardup-cli/target/neardup.jar"
bench="$root/neardup-bench/target/benchmarks.jar"
[ -f "$cli" ] && [ -f "$bench" ] || (cd "$root" && mvn -q -B -ntp -DskipTests -pl neardup-cli,neardup-bench -am package >&2)
load() { java -cp "$bench" org.neardup.bench.server.LoadGenerator --url "http://127.0.0.1:18200" --seconds "$secs" "$@"; }

[ -s "$out/queries.tsv" ] || java -jar "$cli" generate --documents 20000 --seed 4242 -o "$out/queries.tsv" 2>/dev/null
for n in $SIZES; do
  corpus="$out/corpus-$n.tsv"
  data="$out/index-$n"
  [ -s "$corpus" ] || java -jar "$cli" generate --documents "$n" --seed 42 -o "$corpus" 2>/dev/null
  rm -rf "$data"
  echo "## $n documents indexed"
  echo
  /usr/bin/time -f "index build: %e s wall, %M KiB peak RSS" java -jar "$cli" index build --data "$data" "$corpus" 2>&1 | tail -2
  java -jar "$cli" serve --data "$data" --port 18200 > "$out/serve-$n.log" 2>&1 &
  server=$!
  for _ in $(seq 300); do grep -qs "at http://" "$out/serve-$n.log" && break; sleep 0.1; done
  echo
  echo "queries, 1 client:"; load --corpus "$out/queries.tsv" --clients 1 --add-fraction 0 --id-prefix q1-$n
  echo; echo "16 clients, 90% queries / 10% adds:"; load --corpus "$out/queries.tsv" --clients 16 --add-fraction 0.1 --id-prefix mixed-$n
  echo; echo "32 clients, single-document adds (durable):"; load --corpus "$out/queries.tsv" --clients 32 --add-fraction 1 --id-prefix single-$n
  echo; echo "4 clients, batches of 1,000 adds (durable):"; load --corpus "$out/queries.tsv" --clients 4 --mode batch --batch-size 1000 --id-prefix batch-$n
  echo
  echo "server peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2}') KiB; index on disk: $(du -sh "$data" | cut -f1); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  kill "$server"; wait "$server" 2>/dev/null || true
  echo
done
