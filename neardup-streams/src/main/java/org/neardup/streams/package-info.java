/**
 * {@code ./neardup stream}: online dedup of a Kafka topic on Kafka Streams, one decision a record,
 * exactly once (docs/streams.md).
 */
package org.neardup.streams;
