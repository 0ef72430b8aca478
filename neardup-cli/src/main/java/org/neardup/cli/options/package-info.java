/**
 * The options the commands share, as picocli mixins: which inputs and how to read them ({@link
 * org.neardup.cli.options.InputOptionsMixin}), the pipeline's settings ({@link
 * org.neardup.cli.options.PipelineMixin}), and where results go ({@link
 * org.neardup.cli.options.OutputMixin}, written atomically by {@link
 * org.neardup.cli.options.OutputTarget}).
 */
package org.neardup.cli.options;
