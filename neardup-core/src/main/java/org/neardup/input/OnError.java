package org.neardup.input;

/** What to do with a bad record: stop with an error, or skip it and count it. */
public enum OnError {
  FAIL,
  SKIP
}
