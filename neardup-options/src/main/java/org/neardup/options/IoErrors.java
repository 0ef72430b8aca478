package org.neardup.options;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** I/O failures in user terms: the file, then why, on one line. Stateless. */
public final class IoErrors {
  private IoErrors() {}

  /** Why {@code e} happened, without the file name: e.g. {@code permission denied}. */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "already exists";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "is a directory that is not empty";
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return oneLine(fs.getReason());
    }
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : oneLine(message);
  }

  /**
   * {@code FILE: reason} for a file-system failure that names its file, else the exception's own
   * message (which, for the exceptions neardup makes, already names the file).
   */
  public static String describe(IOException e) {
    if (e instanceof FileSystemException fs && fs.getFile() != null) {
      return fs.getFile() + ": " + reason(e);
    }
    return reason(e);
  }

  private static String oneLine(String text) {
    return text.replaceAll("[\\r\\n]+\\s*", " ").trim();
  }
}
