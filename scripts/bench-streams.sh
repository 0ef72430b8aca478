#!/usr/bin/env bash
# Throughput of ./neardup stream with 1, 2 and 4 instances on this machine (docs/streams.md): a
# generated corpus produced to a 4-partition topic, then for each instance count a fresh application
# (--threads 1 an instance) run until every record has its decision; documents a second from the
# instances' start to the last decision, and the CPU seconds of the instances and of the broker.
#   N=20000 scripts/bench-streams.sh            # starts its own broker (scripts/streams/kafka-broker.sh)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${N:-20000}"
port="${PORT:-19092}"
work="$root/target/bench-streams"
rm -rf "$work" && mkdir -p "$work"
boot="127.0.0.1:$port"
"$root/neardup" stream --help > /dev/null   # builds the job's jar and class path
cp="$root/neardup-streams/target/neardup-streams.jar:$(cat "$root/neardup-streams/target/streams-classpath.txt")"
"$root/scripts/streams/kafka-broker.sh" "$work/broker" "$port" &
broker_launcher=$!
trap 'kill $broker_launcher 2>/dev/null || true' EXIT   # the launcher execs the broker's JVM
java -cp "$cp" "$root/scripts/streams/AwaitBroker.java" "$boot"
"$root/neardup" generate --documents "$n" -o "$work/corpus.tsv" > /dev/null
java -cp "$cp" "$root/scripts/streams/Produce.java" "$boot" bench-in 4 "$work/corpus.tsv"
broker_pid="$broker_launcher"
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ticks="$(getconf CLK_TCK)"
printf '| instances | documents | wall s | documents/s | instances CPU s | broker CPU s | documents per CPU-second | load average |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for k in 1 2 4; do
  app="bench-$k"
  broker_before="$(cpu "$broker_pid")"
  start="$(date +%s.%N)"
  pids=()
  for i in $(seq 1 "$k"); do
    java -Xmx1g -cp "$cp" org.neardup.streams.StreamMain -q \
      --bootstrap-servers "$boot" --input bench-in --output "$app-out" --application-id "$app" \
      --state-dir "$work/$app-$i" --threads 1 > "$work/$app-$i.log" 2>&1 &
    pids+=($!)
  done
  kept="$(java -cp "$cp" "$root/scripts/streams/CountDecisions.java" "$boot" "$app-out" "$n")"
  end="$(date +%s.%N)"
  broker_after="$(cpu "$broker_pid")"
  ticks_used=0
  for pid in "${pids[@]}"; do ticks_used=$((ticks_used + $(cpu "$pid"))); done
  kill -TERM "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  instances_cpu="$(awk -v u="$ticks_used" -v t="$ticks" 'BEGIN {printf "%.1f", u / t}')"
  broker_cpu="$(awk -v a="$broker_before" -v b="$broker_after" -v t="$ticks" 'BEGIN {printf "%.1f", (b - a) / t}')"
  wall="$(awk -v s="$start" -v e="$end" 'BEGIN {printf "%.1f", e - s}')"
  printf '| %d | %d (%s) | %s | %.0f | %s | %s | %.0f | %s |\n' "$k" "$n" "$kept" "$wall" \
    "$(awk -v n="$n" -v w="$wall" 'BEGIN {print n / w}')" "$instances_cpu" "$broker_cpu" \
    "$(awk -v n="$n" -v a="$instances_cpu" -v b="$broker_cpu" 'BEGIN {print n / (a + b)}')" \
    "$(cut -d' ' -f1 /proc/loadavg)"
done
