/**
 * The command line in a shell: {@code neardup completion} (the bash and zsh completion script
 * picocli generates) and {@link org.neardup.cli.shell.ManualPages}, which writes a manual page per
 * command at build time for the release archive.
 */
package org.neardup.cli.shell;
