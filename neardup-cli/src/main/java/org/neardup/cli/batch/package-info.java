/**
 * The batch commands: {@code pairs}, {@code clusters} and {@code dedup} over input files, {@code
 * eval} against a truth file, {@code generate} and {@code demo} with a generated corpus.
 */
package org.neardup.cli.batch;
