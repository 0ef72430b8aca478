/**
 * Parquet for the CLI, in a jar of its own ({@code neardup-parquet.jar}) that {@code neardup.jar}
 * finds on its class path: {@link org.neardup.parquet.ParquetFormat}, the implementation of {@link
 * org.neardup.io.InputFormat#PARQUET} that {@link java.util.ServiceLoader} loads, reads a Parquet
 * file's id and text columns as documents and copies it minus chosen rows (how {@code dedup}
 * writes), with parquet-java's file reader and writer on a local file or stream: no Hadoop file
 * system, configuration or codec, only the few Hadoop classes parquet-java's signatures name. This
 * jar holds parquet-java and those classes; neardup-io, zstd-jni and SLF4J come from {@code
 * neardup.jar}.
 */
package org.neardup.parquet;
