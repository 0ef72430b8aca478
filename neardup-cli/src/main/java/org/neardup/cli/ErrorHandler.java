package org.neardup.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.neardup.error.NearDupException;
import org.neardup.options.IoErrors;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns exceptions into one-line messages and exit codes. Bad input, bad usage and failures of the
 * file system (a file that cannot be read or written, a full disk) exit 2 with {@code neardup:
 * message}; anything else is a bug, printed with its stack trace, exit 4. Stateless.
 */
final class ErrorHandler implements IExecutionExceptionHandler {
  @Override
  public int handleExecutionException(
      Exception e, CommandLine commandLine, ParseResult parseResult) {
    var err = commandLine.getErr();
    String message = userMessage(e);
    if (message != null) {
      err.println("neardup: " + message);
      err.flush();
      return ExitCodes.BAD_INPUT;
    }
    err.println("neardup: internal error: " + e);
    e.printStackTrace(err);
    err.flush();
    return ExitCodes.INTERNAL_ERROR;
  }

  /** The one-line message of an exception the user caused, or null for a bug. */
  static String userMessage(Exception e) {
    if (e instanceof NearDupException) { // UsageException too
      return e.getMessage();
    }
    if (e instanceof UncheckedIOException unchecked) {
      return IoErrors.describe(unchecked.getCause());
    }
    if (e instanceof IOException io) {
      return IoErrors.describe(io);
    }
    return null;
  }
}
