/**
 * The command line of the Spark job ({@code pairs}, {@code clusters}, {@code dedup}): the options
 * of {@code ./neardup pairs}, reused from the CLI's mixins, plus the Spark options.
 */
package org.neardup.spark.command;
