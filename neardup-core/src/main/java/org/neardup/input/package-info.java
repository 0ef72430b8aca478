/**
 * Stage 1's contract with the rest of the pipeline: a {@link org.neardup.input.Document} is one
 * record (id, raw text, where it came from), and {@link org.neardup.input.InputProblems} applies
 * the {@link org.neardup.input.OnError} policy to bad ones (skip and count, or stop with an {@link
 * org.neardup.input.InputException} naming file and line). {@link org.neardup.input.DocumentId} and
 * {@link org.neardup.input.DocumentText} are the one rule for ids and texts that every face (the
 * readers, {@code index build}, the HTTP API, the Spark job) applies. The readers of files live in
 * the {@code neardup-io} module ({@code org.neardup.io}); anything else that yields documents (a
 * list, a map, a Spark partition) feeds the pipeline the same way.
 */
package org.neardup.input;
