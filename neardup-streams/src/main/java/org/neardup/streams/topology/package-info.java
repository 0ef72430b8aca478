/**
 * The dedup topology on Kafka Streams ({@link org.neardup.streams.topology.DedupTopology}): the
 * record rule, the sequencer, the sketching, the shards and the decider, over core's sketcher,
 * banding and verifier.
 */
package org.neardup.streams.topology;
