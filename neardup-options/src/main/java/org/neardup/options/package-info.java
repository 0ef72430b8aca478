/**
 * The options that {@code ./neardup} and {@code ./neardup spark} share, as picocli mixins: which
 * inputs and how to read them ({@link org.neardup.options.InputOptionsMixin}), the pipeline's
 * settings ({@link org.neardup.options.PipelineMixin}), and where results go ({@link
 * org.neardup.options.OutputMixin}, written atomically by {@link
 * org.neardup.options.OutputTarget}). With them, what their checks and messages use: {@link
 * org.neardup.options.UsageException} (a bad combination of options, exit code 2), {@link
 * org.neardup.options.IoErrors} (an I/O failure in user terms) and {@link
 * org.neardup.options.Formats} (numbers and counts as the outputs print them).
 */
package org.neardup.options;
