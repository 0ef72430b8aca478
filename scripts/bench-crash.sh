#!/usr/bin/env bash
# Durability under kill -9, repeated: starts `neardup serve` on one data directory, loads it with
# concurrent single-document adds (the load generator logs every acknowledged id), kills the server
# with SIGKILL after a random 2-6 s, restarts it on the same directory, and checks that every id it
# ever acknowledged is there. ROUNDS rounds (default 10); prints the count lost each round (goal 0).
#
#   scripts/bench-crash.sh [ROUNDS]
#
# Needs the CLI and bench jars (built when missing) and a free port range 18300-18399.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-10}"
out="${OUT:-$root/target/bench-crash}"
rm -rf "$out"; mkdir -p "$out"
cli="$root/neardup-cli/target/neardup.jar"
bench="$root/neardup-bench/target/benchmarks.jar"
[ -f "$cli" ] && [ -f "$bench" ] || (cd "$root" && mvn -q -B -ntp -DskipTests -pl neardup-cli,neardup-bench -am package >&2)

java -jar "$cli" generate --documents 20000 --seed 11 -o "$out/docs.tsv" 2>/dev/null
data="$out/data"
acked="$out/acked.txt"
: > "$acked"
total_lost=0
for ((round = 1; round <= rounds; round++)); do
  port=$((18300 + round))
  java -jar "$cli" serve --data "$data" --port "$port" > "$out/serve-$round.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do grep -qs "at http://" "$out/serve-$round.log" && break; sleep 0.1; done
  java -cp "$bench" org.neardup.bench.server.LoadGenerator --url "http://127.0.0.1:$port" --corpus "$out/docs.tsv" \
    --clients 16 --seconds 30 --add-fraction 1 --id-prefix "round$round" --acked "$acked" > "$out/load-$round.md" 2>&1 &
  load=$!
  sleep "$((2 + RANDOM % 5))"
  kill -9 "$server"
  wait "$server" 2>/dev/null || true
  wait "$load" 2>/dev/null || true
  # restart on the same directory and check every id ever acknowledged
  java -jar "$cli" serve --data "$data" --port "$port" > "$out/restart-$round.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do grep -qs "at http://" "$out/restart-$round.log" && break; sleep 0.1; done
  result=$(java -cp "$bench" org.neardup.bench.server.LoadGenerator --url "http://127.0.0.1:$port" --verify "$acked" || true)
  kill "$server"; wait "$server" 2>/dev/null || true
  lost=$(sed -n 's/.*lost \([0-9]*\).*/\1/p' <<< "$result")
  total_lost=$((total_lost + ${lost:-1}))
  echo "round $round: $result"
done
echo "total lost over $rounds kill -9 rounds: $total_lost"
