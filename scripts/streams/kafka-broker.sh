#!/usr/bin/env bash
# A single Kafka broker in KRaft mode (broker and controller in one JVM) from the Maven artifacts the
# build already has (kafka_2.13 and its dependencies: neardup-streams/target/broker-classpath.txt),
# for a first try of ./neardup stream and for the measurements of docs/streams.md. Not for
# production: one node, replication 1, data under DIR.
#   scripts/streams/kafka-broker.sh DIR [PORT [CONTROLLER_PORT]]   # 127.0.0.1:PORT (default 9092;
#                                                                  # the controller's PORT + 1)
# KAFKA_JAVA_OPTS: more options for the broker's JVM.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:?usage: kafka-broker.sh DIR [PORT [CONTROLLER_PORT]]}"
port="${2:-9092}"
controller="${3:-$((port + 1))}"
cp_file="$root/neardup-streams/target/broker-classpath.txt"
if [ ! -f "$cp_file" ]; then
  echo "kafka-broker: building neardup-streams for the broker's class path (mvn package)..." >&2
  mvn -q -f "$root/pom.xml" -DskipTests -pl neardup-streams -am package >&2
fi
mkdir -p "$dir"
cat > "$dir/server.properties" <<PROPERTIES
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$dir/logs
num.partitions=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
PROPERTIES
cp="$(cat "$cp_file")"
if [ ! -f "$dir/logs/meta.properties" ]; then
  java -cp "$cp" kafka.tools.StorageTool format -t "$(java -cp "$cp" kafka.tools.StorageTool random-uuid)" \
    -c "$dir/server.properties" >&2
fi
echo "kafka-broker: 127.0.0.1:$port (KRaft; log $dir/broker.log)" >&2
# shellcheck disable=SC2086 # KAFKA_JAVA_OPTS is a list of options for the broker's JVM
exec java -Xmx1g ${KAFKA_JAVA_OPTS:-} -cp "$cp" kafka.Kafka "$dir/server.properties" > "$dir/broker.log" 2>&1
