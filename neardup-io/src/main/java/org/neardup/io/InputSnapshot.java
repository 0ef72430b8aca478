package org.neardup.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.neardup.input.InputException;

/**
 * The size and modification time of every input file (every file under an input directory), taken
 * before the first read, so that a command that reads its inputs twice (dedup copies the records it
 * read; report and explain fetch texts by record) can tell that one changed in between: the records
 * would no longer be the ones it found. An input that can be read only once (standard input, a
 * pipe) is read from a copy instead, which the snapshot owns: {@link #close()} deletes it. Not
 * thread-safe.
 */
public final class InputSnapshot implements AutoCloseable {
  private final List<Entry> entries;
  private final List<Runnable> copies;

  private record Entry(Path input, Path file, long size, long modified) {}

  private InputSnapshot(List<Entry> entries, List<Runnable> copies) {
    this.entries = entries;
    this.copies = copies;
  }

  /** The state of {@code inputs} now; inputs that cannot be looked at are left to the readers. */
  public static InputSnapshot of(List<Path> inputs) {
    return of(inputs, List.of());
  }

  /**
   * {@link #of(List)}, owning the copies of the inputs that are read from one: {@link #close()}
   * runs each of {@code deleteCopies}.
   */
  public static InputSnapshot of(List<Path> inputs, List<Runnable> deleteCopies) {
    List<Runnable> copies = deleteCopies;
    List<Entry> entries = new ArrayList<>();
    for (Path input : inputs) {
      if (Files.isDirectory(input)) {
        try (Stream<Path> walk = Files.walk(input)) {
          walk.filter(Files::isRegularFile).forEach(file -> add(entries, input, file));
        } catch (IOException | UncheckedIOException e) {
          // reported by the reader
        }
      } else {
        add(entries, input, input);
      }
    }
    return new InputSnapshot(List.copyOf(entries), List.copyOf(copies));
  }

  private static void add(List<Entry> entries, Path input, Path file) {
    Entry entry = entry(input, file);
    if (entry != null) {
      entries.add(entry);
    }
  }

  private static Entry entry(Path input, Path file) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return new Entry(input, file, attributes.size(), attributes.lastModifiedTime().toMillis());
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Checks that every input file still has the size and time it had.
   *
   * @throws InputException naming the first file that changed or disappeared
   */
  public void checkUnchanged() {
    for (Entry before : entries) {
      Entry now = entry(before.input(), before.file());
      if (now == null || now.size() != before.size() || now.modified() != before.modified()) {
        throw new InputException(
            before.file().toString(),
            0,
            null,
            "changed while neardup was reading it; run again on a file that is not being written");
      }
    }
  }

  /**
   * Deletes the copies of the inputs that could be read only once; the inputs are read as they are
   * again.
   */
  @Override
  public void close() {
    copies.forEach(Runnable::run);
  }
}
