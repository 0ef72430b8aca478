#!/usr/bin/env bash
# Throughput of ./neardup stream with 1, 2 and 4 instances (docs/streams.md, "Scale"): a broker in
# KRaft mode from the build's Kafka jars, a generated corpus produced to a 4-partition topic, then
# for each instance count a fresh application (4 shards, --threads 1 an instance, each its own JVM)
# run until every record has its decision, and one instance with 10 shards. Per row: documents a second and documents per CPU-second (user and
# system of every instance JVM, from /proc), over the whole run (JVM start to last decision) and
# over the last 80% of the decisions (started and compiled); the broker's CPU too.
# Then the steps that run in one task whatever the instances (validation of one partition, the
# sequencer, the decider with 4 and 10 shards), each alone on the broker
# (org.neardup.streams.topology.OrderedStepsBench, in neardup-bench).
#   N=10000 scripts/bench-streams.sh            # starts its own broker on free ports
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${N:-10000}"
work="$root/target/bench-streams"
rm -rf "$work" && mkdir -p "$work"
"$root/neardup" stream --help > /dev/null   # builds the job's jar and class path
bench_classes="$root/neardup-bench/target/classes"
if [ ! -f "$bench_classes/org/neardup/streams/topology/OrderedStepsBench.class" ]; then
  echo "bench-streams: compiling neardup-bench..." >&2
  mvn -q -f "$root/pom.xml" -pl neardup-bench -am test-compile >&2
fi
cp="$root/neardup-streams/target/neardup-streams.jar:$(cat "$root/neardup-streams/target/streams-classpath.txt")"
kafka_java=(java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp")
read -r port controller < <(python3 -c 'import socket
a, b = socket.socket(), socket.socket()
a.bind(("127.0.0.1", 0)); b.bind(("127.0.0.1", 0))
print(a.getsockname()[1], b.getsockname()[1])')
boot="127.0.0.1:$port"
"$root/scripts/streams/kafka-broker.sh" "$work/broker" "$port" "$controller" &
broker_pid=$!   # the script execs the broker's JVM
pids=()
trap 'kill "${pids[@]}" $broker_pid 2>/dev/null || true' EXIT
"${kafka_java[@]}" "$root/scripts/streams/AwaitBroker.java" "$boot"
"$root/neardup" generate -q --documents "$n" -o "$work/corpus.tsv"
"${kafka_java[@]}" "$root/scripts/streams/Produce.java" "$boot" bench-in 4 "$work/corpus.tsv"
ticks_of() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ticks="$(getconf CLK_TCK)"
from=$((n / 5))
echo "$(nproc) processors; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| instances | shards | documents (kept) | whole run: s | to the first decision: s | documents/s | instances CPU s | documents per instance CPU-s | last 80%: s | documents/s | documents per instance CPU-s | documents per CPU-s, broker too | load average |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for row in 1:4 2:4 4:4 1:10; do
  k="${row%:*}"
  shards="${row#*:}"
  app="bench-$k-$shards"
  start="$(date +%s.%N)"
  pids=()
  for i in $(seq 1 "$k"); do
    java -Xmx1g -cp "$cp" org.neardup.streams.StreamMain -q \
      --bootstrap-servers "$boot" --input bench-in --output "$app-out" --application-id "$app" \
      --state-dir "$work/$app-$i" --threads 1 --shards "$shards" > "$work/$app-$i.log" 2>&1 &
    pids+=($!)
  done
  "${kafka_java[@]}" "$root/scripts/streams/CountDecisions.java" "$boot" "$app-out" "$n" \
    "$from" "$broker_pid" "${pids[@]}" > "$work/$app.count" \
    || { cat "$work/$app"-*.log >&2; exit 1; }
  end="$(date +%s.%N)"
  total=0
  for i in "${!pids[@]}"; do
    [ -r "/proc/${pids[$i]}/stat" ] || { echo "bench-streams: instance $((i + 1)) of $k died:" >&2; cat "$work/$app-$((i + 1)).log" >&2; exit 1; }
    total=$((total + $(ticks_of "${pids[$i]}")))
  done
  kill -TERM "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  kept="$(sed -n '1s/.* decisions, \([0-9]*\) kept/\1/p' "$work/$app.count")"
  # window SECONDS_TO_FIRST SECONDS BROKER_TICKS INSTANCE_TICKS...
  read -r _ to_first window broker_window instances_window < <(sed -n '2p' "$work/$app.count" \
    | awk '{s = 0; for (i = 5; i <= NF; i++) s += $i; print $1, $2, $3, $4, s}')
  awk -v k="$k" -v shards="$shards" -v n="$n" -v kept="$kept" -v start="$start" -v end="$end" \
    -v total="$total" -v t="$ticks" -v f="$to_first" -v w="$window" -v b="$broker_window" \
    -v iw="$instances_window" -v from="$from" -v load="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
      wall = end - start; cpu = total / t; wn = n - from; icpu = iw / t; bcpu = b / t
      printf "| %d | %d | %d (%d) | %.1f | %.1f | %.0f | %.1f | %.0f | %.1f | %.0f | %.0f | %.0f | %s |\n",
        k, shards, n, kept, wall, f, n / wall, cpu, n / cpu, w, wn / w, wn / icpu,
        wn / (icpu + bcpu), load
    }'
done
pids=()
echo
echo "The single-task steps alone (load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)):"
echo
java -Xmx1g -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -cp "$bench_classes:$cp" org.neardup.streams.topology.OrderedStepsBench \
  "$boot" "$broker_pid" "$work/corpus.tsv" 4 10
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
