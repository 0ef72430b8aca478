package org.neardup.format;

import org.neardup.error.NearDupException;

/** Bytes that are not a valid encoding: wrong magic, unknown version, truncated. */
public final class CorruptFormatException extends NearDupException {
  private static final long serialVersionUID = 1L;

  private final long offset;

  public CorruptFormatException(long offset, String message) {
    super(message + " (at byte " + offset + ")");
    this.offset = offset;
  }

  /** The byte offset where the problem was found. */
  public long offset() {
    return offset;
  }
}
