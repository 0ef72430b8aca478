/**
 * The messages of the dedup topology's internal topics and the values of its stores, each with the
 * one class that owns its bytes.
 */
package org.neardup.streams.wire;
