/**
 * Stage 1, reading input files: each {@link org.neardup.io.InputFormat} (TSV, LINES, CSV, JSONL,
 * JSON, PARQUET, DIR; gzip and zstd detected by their magic bytes) opens a {@link
 * org.neardup.io.DocumentReader} yielding {@link org.neardup.input.Document}s with their id, raw
 * text, line and record index, and copies an input minus chosen records byte for byte in its own
 * format (how {@code dedup} writes; Parquet with the {@code neardup-parquet} jar, found on the
 * class path). {@link org.neardup.io.DocumentReaders#open} checks the path and opens the reader; an
 * input that can be read only once (standard input, a pipe) is read again from its {@link
 * org.neardup.io.InputSpool} copy, under its own name ({@link org.neardup.io.RecordCopies} copies
 * it). Bad records go to {@link org.neardup.input.InputProblems}, which skips and counts them or
 * throws an {@link org.neardup.input.InputException}. This module holds the readers' dependencies
 * (jackson-core, commons-csv), so that {@code neardup-core} needs none.
 */
package org.neardup.io;
