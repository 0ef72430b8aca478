/**
 * Stage 1, reading input: {@link org.neardup.io.DocumentReaders} opens a {@link
 * org.neardup.io.DocumentReader} for a file (TSV, LINES, CSV, JSONL; gzip detected by its magic
 * bytes) or a directory (DIR), yielding {@link org.neardup.io.Document}s with their id, raw text,
 * line and record index; bad records go to {@link org.neardup.io.InputProblems}, which skips and
 * counts them or throws an {@link org.neardup.io.InputException}. {@link
 * org.neardup.io.RecordCopier} writes an input minus chosen records, byte for byte in its own
 * format.
 */
package org.neardup.io;
