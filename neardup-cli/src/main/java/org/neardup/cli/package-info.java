/**
 * The {@code ./neardup} command line (picocli): {@link org.neardup.cli.Main} and what every command
 * shares (exit codes, error handling, progress, one pipeline run). The commands live in
 * sub-packages by family: {@code batch}, {@code report}, {@code tune}; their shared options in
 * {@code options}.
 */
package org.neardup.cli;
