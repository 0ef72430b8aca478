/**
 * The {@code stream} command: its options, the topics it sets up, and the Kafka Streams it runs.
 */
package org.neardup.streams.command;
