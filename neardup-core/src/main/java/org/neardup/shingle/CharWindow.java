package org.neardup.shingle;

/**
 * A movable view of {@code length} characters of a string, so a shingle can be hashed without
 * allocating a {@code String} for it. Not thread-safe; owned by one {@link Shingler} call.
 */
final class CharWindow implements CharSequence {
  private final String text;
  private int offset;
  private int length;

  CharWindow(String text) {
    this.text = text;
  }

  CharWindow moveTo(int offset, int length) {
    this.offset = offset;
    this.length = length;
    return this;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public char charAt(int index) {
    return text.charAt(offset + index);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return text.substring(offset + start, offset + end);
  }

  @Override
  public String toString() {
    return text.substring(offset, offset + length);
  }
}
