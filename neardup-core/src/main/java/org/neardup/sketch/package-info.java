/**
 * Stages 2 to 5 in one call: {@link org.neardup.sketch.DocumentSketcher} turns raw text into a
 * {@link org.neardup.sketch.Sketch} (normalized text, shingle-hash set, MinHash signature) as
 * {@link org.neardup.sketch.SketchParams} say. Every face of neardup sketches through it, so the
 * same text and params give the same signature in the CLI, the service and the Spark job.
 */
package org.neardup.sketch;
