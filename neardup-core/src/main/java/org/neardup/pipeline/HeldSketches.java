package org.neardup.pipeline;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.neardup.format.ShingleSetFormat;
import org.neardup.internal.SpillFile;

/**
 * The sketches verification holds between a document's reading and its last pair: its shingle set
 * (and full signature, when the corpus keeps only packed ones). Sets stay in memory while they fit
 * a byte budget; past it, a set goes to a temporary file ({@link ShingleSetFormat}) and is read
 * back, with one positional read, when its pairs come. Holding is done by one thread; getting and
 * releasing by any. Close it to free the file.
 */
final class HeldSketches implements AutoCloseable {
  private static final long HELD_OVERHEAD = 64;

  private record Held(long[] set, long position, int length, int[] signature) {}

  private final long budgetBytes;
  private final Path spillDirectory;
  private final ConcurrentHashMap<Integer, Held> held = new ConcurrentHashMap<>();
  private final AtomicLong memoryBytes = new AtomicLong();
  private SpillFile file;
  private long spilledSets;

  HeldSketches(long budgetBytes, Path spillDirectory) {
    this.budgetBytes = budgetBytes;
    this.spillDirectory = spillDirectory;
  }

  /** Holds the sketch of {@code ordinal} until {@link #release}; {@code set} or {@code signature} may be null. */
  void hold(int ordinal, long[] set, int[] signature) {
    long bytes = bytes(set, signature);
    if (set == null || memoryBytes.get() + bytes <= budgetBytes) {
      memoryBytes.addAndGet(bytes);
      held.put(ordinal, new Held(set, -1, 0, signature));
      return;
    }
    if (file == null) {
      file = SpillFile.create(spillDirectory, "neardup-sets-");
    }
    ByteBuffer buffer = ByteBuffer.allocate(ShingleSetFormat.BYTES_PER_HASH * set.length).order(ByteOrder.LITTLE_ENDIAN);
    ShingleSetFormat.write(buffer, set);
    buffer.flip();
    long position = file.append(buffer);
    spilledSets++;
    long signatureBytes = bytes(null, signature);
    memoryBytes.addAndGet(signatureBytes);
    held.put(ordinal, new Held(null, position, set.length, signature));
  }

  private static long bytes(long[] set, int[] signature) {
    return HELD_OVERHEAD + (set == null ? 0 : 16 + 8L * set.length) + (signature == null ? 0 : 16 + 4L * signature.length);
  }

  /** The set of a held document (read from the file when spilled). */
  long[] set(int ordinal) {
    Held entry = entry(ordinal);
    if (entry.set() != null || entry.position() < 0) {
      return entry.set();
    }
    ByteBuffer buffer = ByteBuffer.allocate(ShingleSetFormat.BYTES_PER_HASH * entry.length()).order(ByteOrder.LITTLE_ENDIAN);
    file.read(entry.position(), buffer);
    buffer.flip();
    return ShingleSetFormat.read(buffer, entry.length(), entry.position());
  }

  /** The signature of a held document (null when none was held). */
  int[] signature(int ordinal) {
    return entry(ordinal).signature();
  }

  private Held entry(int ordinal) {
    Held entry = held.get(ordinal);
    if (entry == null) {
      throw new IllegalStateException("no sketch held for ordinal " + ordinal);
    }
    return entry;
  }

  /** Lets go of {@code ordinal}'s sketch. */
  void release(int ordinal) {
    Held entry = held.remove(ordinal);
    if (entry != null) {
      memoryBytes.addAndGet(-bytes(entry.set(), entry.signature()));
    }
  }

  /** Sets written to the file. */
  long spilledSets() {
    return spilledSets;
  }

  /** Bytes written to the file. */
  long spilledBytes() {
    return file == null ? 0 : file.size();
  }

  @Override
  public void close() {
    held.clear();
    if (file != null) {
      file.close();
    }
  }
}
