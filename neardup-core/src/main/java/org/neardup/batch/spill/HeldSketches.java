package org.neardup.batch.spill;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import org.neardup.format.ShingleSetFormat;
import org.neardup.sort.SpillFile;

/**
 * The sketches verification holds between a document's reading and its last pair: its shingle
 * hashes, in any order (and its full signature, when the corpus keeps only packed ones). They stay
 * in memory while they fit a byte budget; past it, they go to a temporary file. The first go there
 * as hashes ({@link ShingleSetFormat}'s layout), read back as they are, while the file is smaller
 * than {@value #SET_FILE_FACTOR} times the budget (half the heap by default: a file the operating
 * system keeps in its cache, where reading hashes back costs less than making them again); after
 * that, a document held with its text puts the text there, and its hashes are made again from it
 * for each pair (a 1 KB text makes about 1,000 hashes, 8 KB: the file and its reads are 7 times
 * smaller, for the CPU of shingling, and at 10 million documents the file no longer outgrows the
 * cache). Either is read back with one positional read. Holding is done by one thread; getting and
 * releasing by any. Close it to free the file.
 */
public final class HeldSketches implements AutoCloseable {
  private static final long HELD_OVERHEAD = 64;

  /** The file takes sets until it reaches this many times the memory budget, then texts. */
  static final int SET_FILE_FACTOR = 8;

  /** What a spilled entry's bytes are. */
  private enum Spilled {
    NOTHING,
    HASHES,
    LATIN1_TEXT,
    UTF16_TEXT
  }

  /**
   * An entry: the shingle hashes in memory ({@code length} of them, what its bytes count), or what
   * of them is in the file at {@code position} ({@code length} hashes or bytes).
   */
  // Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
  // compare them by identity, which no caller relies on.
  @SuppressWarnings("ArrayRecordComponent")
  private record Held(
      long[] shingles, Spilled spilled, long position, int length, int[] signature) {}

  private final long budgetBytes;
  private final Path spillDirectory;
  private final Function<String, long[]> hashesOfText;

  /**
   * The entries by ordinal, in chunks of {@value #CHUNK} made as the holding thread reaches them
   * (published by the volatile write): 4 bytes an ordinal, 40 MB at ten million documents, and no
   * boxed key or map node an entry.
   */
  private volatile AtomicReferenceArray<Held>[] chunks = newChunks(0);

  private final AtomicLong memoryBytes = new AtomicLong();
  private SpillFile file;
  private long spilledSets;

  /**
   * @param budgetBytes the hashes (and signatures) held in memory at most
   * @param spillDirectory where the file goes; null for the system's temporary directory
   * @param hashesOfText the shingle hashes of a text, as the sketcher makes them (for texts
   *     spilled)
   */
  public HeldSketches(
      long budgetBytes, Path spillDirectory, Function<String, long[]> hashesOfText) {
    this.budgetBytes = budgetBytes;
    this.spillDirectory = spillDirectory;
    this.hashesOfText = hashesOfText;
  }

  /**
   * Holds the sketch of {@code ordinal} until {@link #release}: its shingle hashes in any order
   * (repeats allowed), or its set; {@code shingles} or {@code signature} may be null, and so may
   * {@code text}, the raw text the hashes were made of.
   */
  public void hold(int ordinal, long[] shingles, int[] signature, String text) {
    int values = shingles == null ? 0 : shingles.length;
    long bytes = bytes(values, signature);
    if (shingles == null || memoryBytes.get() + bytes <= budgetBytes) {
      memoryBytes.addAndGet(bytes);
      put(ordinal, new Held(shingles, Spilled.NOTHING, -1, values, signature));
      return;
    }
    if (file == null) {
      file = SpillFile.create(spillDirectory, "neardup-sets-");
    }
    boolean asText = text != null && file.size() >= SET_FILE_FACTOR * budgetBytes;
    Held entry = asText ? spillText(text, signature) : spillHashes(shingles, signature);
    spilledSets++;
    memoryBytes.addAndGet(bytes(0, signature));
    put(ordinal, entry);
  }

  private static final int CHUNK_BITS = 14;
  private static final int CHUNK = 1 << CHUNK_BITS;

  @SuppressWarnings("unchecked")
  private static AtomicReferenceArray<Held>[] newChunks(int length) {
    return (AtomicReferenceArray<Held>[]) new AtomicReferenceArray<?>[length];
  }

  private void put(int ordinal, Held entry) {
    int chunk = ordinal >>> CHUNK_BITS;
    AtomicReferenceArray<Held>[] current = chunks;
    if (chunk >= current.length || current[chunk] == null) {
      current = Arrays.copyOf(current, Math.max(current.length, chunk + 1));
      current[chunk] = new AtomicReferenceArray<>(CHUNK);
      chunks = current;
    }
    current[chunk].set(ordinal & (CHUNK - 1), entry);
  }

  private AtomicReferenceArray<Held> chunkOf(int ordinal) {
    AtomicReferenceArray<Held>[] current = chunks;
    int chunk = ordinal >>> CHUNK_BITS;
    return chunk < current.length ? current[chunk] : null;
  }

  /** The hashes in {@link ShingleSetFormat}'s layout (8 bytes a hash), in the order held. */
  private Held spillHashes(long[] shingles, int[] signature) {
    ByteBuffer buffer =
        ByteBuffer.allocate(ShingleSetFormat.BYTES_PER_HASH * shingles.length)
            .order(ByteOrder.LITTLE_ENDIAN);
    ShingleSetFormat.write(buffer, shingles);
    buffer.flip();
    return new Held(null, Spilled.HASHES, file.append(buffer), shingles.length, signature);
  }

  /**
   * The text as its Latin-1 bytes when every char is below 256, else its UTF-16 code units (lone
   * surrogates kept).
   */
  private Held spillText(String text, int[] signature) {
    ByteBuffer buffer;
    Spilled kind;
    if (isLatin1(text)) {
      buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1));
      kind = Spilled.LATIN1_TEXT;
    } else {
      buffer = ByteBuffer.allocate(2 * text.length()).order(ByteOrder.LITTLE_ENDIAN);
      buffer.asCharBuffer().put(text);
      kind = Spilled.UTF16_TEXT;
    }
    int length = buffer.remaining();
    return new Held(null, kind, file.append(buffer), length, signature);
  }

  private static boolean isLatin1(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 0xFF) {
        return false;
      }
    }
    return true;
  }

  private static long bytes(int values, int[] signature) {
    return HELD_OVERHEAD
        + (values == 0 ? 0 : 16 + 8L * values)
        + (signature == null ? 0 : 16 + 4L * signature.length);
  }

  /** What {@link #hold} counted for an entry. */
  private static long bytes(Held entry) {
    return bytes(entry.spilled() == Spilled.NOTHING ? entry.length() : 0, entry.signature());
  }

  /**
   * The shingle hashes of a held document, in any order: as held, read from the file, or made again
   * from its text there.
   */
  public long[] shingles(int ordinal) {
    Held entry = entry(ordinal);
    return switch (entry.spilled()) {
      case NOTHING -> entry.shingles();
      case HASHES ->
          ShingleSetFormat.readHashes(
              read(entry, ShingleSetFormat.BYTES_PER_HASH * entry.length()),
              entry.length(),
              entry.position());
      case LATIN1_TEXT, UTF16_TEXT -> hashesOfText.apply(spilledText(entry));
    };
  }

  /** The text of an entry spilled as text, decoded as {@link #spillText} encoded it. */
  private String spilledText(Held entry) {
    ByteBuffer buffer = read(entry, entry.length());
    return entry.spilled() == Spilled.LATIN1_TEXT
        ? new String(
            buffer.array(), buffer.arrayOffset(), entry.length(), StandardCharsets.ISO_8859_1)
        : buffer.asCharBuffer().toString();
  }

  private ByteBuffer read(Held entry, int bytes) {
    ByteBuffer buffer = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    file.read(entry.position(), buffer);
    buffer.flip();
    return buffer;
  }

  /** The signature of a held document (null when none was held). */
  public int[] signature(int ordinal) {
    return entry(ordinal).signature();
  }

  private Held entry(int ordinal) {
    AtomicReferenceArray<Held> chunk = chunkOf(ordinal);
    Held entry = chunk == null ? null : chunk.get(ordinal & (CHUNK - 1));
    if (entry == null) {
      throw new IllegalStateException("no sketch held for ordinal " + ordinal);
    }
    return entry;
  }

  /** Lets go of {@code ordinal}'s sketch. */
  public void release(int ordinal) {
    AtomicReferenceArray<Held> chunk = chunkOf(ordinal);
    Held entry = chunk == null ? null : chunk.getAndSet(ordinal & (CHUNK - 1), null);
    if (entry != null) {
      memoryBytes.addAndGet(-bytes(entry));
    }
  }

  /** Documents written to the file (as hashes or as texts). */
  long spilledSets() {
    return spilledSets;
  }

  /** Bytes written to the file. */
  public long spilledBytes() {
    return file == null ? 0 : file.size();
  }

  @Override
  public void close() {
    chunks = newChunks(0);
    if (file != null) {
      file.close();
    }
  }
}
