package org.neardup.cli;

import java.io.UncheckedIOException;
import org.neardup.NearDupException;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * Turns exceptions into one-line messages and exit codes: bad input and bad usage exit 2 with
 * {@code neardup: message}; anything else is a bug, printed with its stack trace, exit 4.
 */
final class ErrorHandler implements IExecutionExceptionHandler {
  @Override
  public int handleExecutionException(Exception e, CommandLine commandLine, ParseResult parseResult) {
    var err = commandLine.getErr();
    if (e instanceof NearDupException || e instanceof UsageException) {
      err.println("neardup: " + e.getMessage());
      err.flush();
      return ExitCodes.BAD_INPUT;
    }
    if (e instanceof UncheckedIOException) {
      err.println("neardup: " + e.getCause().getMessage());
      err.flush();
      return ExitCodes.BAD_INPUT;
    }
    err.println("neardup: internal error: " + e);
    e.printStackTrace(err);
    err.flush();
    return ExitCodes.INTERNAL_ERROR;
  }
}
