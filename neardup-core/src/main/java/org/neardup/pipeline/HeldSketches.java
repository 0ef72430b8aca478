package org.neardup.pipeline;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.neardup.format.ShingleSetFormat;
import org.neardup.internal.SpillFile;
import org.neardup.shingle.Shingler;

/**
 * The sketches verification holds between a document's reading and its last pair: its shingle set
 * (and full signature, when the corpus keeps only packed ones). Sets stay in memory while they fit
 * a byte budget; past it, they go to a temporary file. The first go there as sets ({@link
 * ShingleSetFormat}), read back as they are, while the file is smaller than {@value
 * #SET_FILE_FACTOR} times the budget (half the heap by default: a file the operating system keeps
 * in its cache, where reading a set back costs less than making it again); after that, a document
 * held with its text puts the text there, and its set is made again from it for each pair (a 1 KB
 * text makes a set of about 7.5 KB: the file and its reads are 7 times smaller, for the CPU of a
 * sketch, and at 10 million documents the file no longer outgrows the cache). Either is read back
 * with one positional read. A set may be held as the unsorted shingle hashes it is made of: sorted
 * by its first {@link #set} in memory, and never when it goes to the file as its text. Holding is
 * done by one thread; getting and releasing by any. Close it to free the file.
 */
final class HeldSketches implements AutoCloseable {
  private static final long HELD_OVERHEAD = 64;

  /** The file takes sets until it reaches this many times the memory budget, then texts. */
  static final int SET_FILE_FACTOR = 8;

  /** What a spilled entry's bytes are. */
  private enum Spilled { NOTHING, SET, LATIN1_TEXT, UTF16_TEXT }

  /**
   * An entry: the set in memory ({@code sorted}, or the shingle hashes it is made of, sorted by the
   * first pair that needs it; {@code length} the values it was held with, what its bytes count), or
   * what of it is in the file at {@code position} ({@code length} hashes or bytes).
   */
  private record Held(long[] set, boolean sorted, Spilled spilled, long position, int length, int[] signature) {}

  private final long budgetBytes;
  private final Path spillDirectory;
  private final Function<String, long[]> setOfText;
  /**
   * The entries by ordinal, in chunks of {@value #CHUNK} made as the holding thread reaches them
   * (published by the volatile write): 4 bytes an ordinal, 40 MB at ten million documents, and no
   * boxed key or map node an entry.
   */
  private volatile AtomicReferenceArray<Held>[] chunks = newChunks(0);
  private final AtomicLong memoryBytes = new AtomicLong();
  private SpillFile file;
  private volatile boolean spillsTexts;
  private long spilledSets;

  /**
   * @param budgetBytes the sets (and signatures) held in memory at most
   * @param spillDirectory where the file goes; null for the system's temporary directory
   * @param setOfText the set of a text, as the sketcher makes it (for texts spilled)
   */
  HeldSketches(long budgetBytes, Path spillDirectory, Function<String, long[]> setOfText) {
    this.budgetBytes = budgetBytes;
    this.spillDirectory = spillDirectory;
    this.setOfText = setOfText;
  }

  /**
   * Holds the sketch of {@code ordinal} until {@link #release}; {@code set} or {@code signature}
   * may be null, and so may {@code text}, the raw text the set was made of.
   */
  void hold(int ordinal, long[] set, int[] signature, String text) {
    hold(ordinal, set, true, signature, text);
  }

  /**
   * Holds the sketch of {@code ordinal} as {@link #hold(int, long[], int[], String)} does, its set
   * given as the shingle hashes it is made of when {@code sorted} is false: sorted on its first
   * {@link #set}, or never, when the document waits in the file as its text.
   */
  void hold(int ordinal, long[] shingles, boolean sorted, int[] signature, String text) {
    int values = shingles == null ? 0 : shingles.length;
    long bytes = bytes(values, signature);
    if (shingles == null || memoryBytes.get() + bytes <= budgetBytes) {
      memoryBytes.addAndGet(bytes);
      put(ordinal, new Held(shingles, sorted, Spilled.NOTHING, -1, values, signature));
      return;
    }
    if (file == null) {
      file = SpillFile.create(spillDirectory, "neardup-sets-");
    }
    boolean asText = text != null && file.size() >= SET_FILE_FACTOR * budgetBytes;
    Held entry = asText ? spillText(text, signature) : spillSet(sorted ? shingles : Shingler.toSet(shingles), signature);
    if (asText) {
      spillsTexts = true;
    }
    spilledSets++;
    memoryBytes.addAndGet(bytes(0, signature));
    put(ordinal, entry);
  }

  /**
   * Whether a document held now and not kept in memory goes to the file as its text, so that its
   * set need not be made before it is held (read by any thread; true once the file is full of sets).
   */
  boolean spillsTexts() {
    return spillsTexts;
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

  private Held spillSet(long[] set, int[] signature) {
    ByteBuffer buffer = ByteBuffer.allocate(ShingleSetFormat.BYTES_PER_HASH * set.length).order(ByteOrder.LITTLE_ENDIAN);
    ShingleSetFormat.write(buffer, set);
    buffer.flip();
    return new Held(null, true, Spilled.SET, file.append(buffer), set.length, signature);
  }

  /** The text as its Latin-1 bytes when every char is below 256, else its UTF-16 code units (lone surrogates kept). */
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
    return new Held(null, true, kind, file.append(buffer), length, signature);
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
    return HELD_OVERHEAD + (values == 0 ? 0 : 16 + 8L * values) + (signature == null ? 0 : 16 + 4L * signature.length);
  }

  /** What {@link #hold} counted for an entry. */
  private static long bytes(Held entry) {
    return bytes(entry.spilled() == Spilled.NOTHING ? entry.length() : 0, entry.signature());
  }

  /** The set of a held document (read from the file, or made again from its text there, when spilled). */
  long[] set(int ordinal) {
    Held entry = entry(ordinal);
    return switch (entry.spilled()) {
      case NOTHING -> entry.sorted() ? entry.set() : sorted(ordinal, entry);
      case SET -> ShingleSetFormat.read(read(entry, ShingleSetFormat.BYTES_PER_HASH * entry.length()),
          entry.length(), entry.position());
      case LATIN1_TEXT, UTF16_TEXT -> setOfText.apply(spilledText(entry));
    };
  }

  /**
   * The set of an entry held as its shingle hashes, made and put in the entry's place (threads that
   * race here each make the same set; one is kept).
   */
  private long[] sorted(int ordinal, Held entry) {
    long[] set = Shingler.toSet(entry.set());
    chunkOf(ordinal).compareAndSet(ordinal & (CHUNK - 1), entry,
        new Held(set, true, Spilled.NOTHING, -1, entry.length(), entry.signature()));
    return set;
  }

  /** The text of an entry spilled as text, decoded as {@link #spillText} encoded it. */
  private String spilledText(Held entry) {
    ByteBuffer buffer = read(entry, entry.length());
    return entry.spilled() == Spilled.LATIN1_TEXT
        ? new String(buffer.array(), 0, entry.length(), StandardCharsets.ISO_8859_1)
        : buffer.asCharBuffer().toString();
  }

  private ByteBuffer read(Held entry, int bytes) {
    ByteBuffer buffer = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    file.read(entry.position(), buffer);
    buffer.flip();
    return buffer;
  }

  /** The signature of a held document (null when none was held). */
  int[] signature(int ordinal) {
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
  void release(int ordinal) {
    AtomicReferenceArray<Held> chunk = chunkOf(ordinal);
    Held entry = chunk == null ? null : chunk.getAndSet(ordinal & (CHUNK - 1), null);
    if (entry != null) {
      memoryBytes.addAndGet(-bytes(entry));
    }
  }

  /** Sets (or the texts they are made of) written to the file. */
  long spilledSets() {
    return spilledSets;
  }

  /** Bytes written to the file. */
  long spilledBytes() {
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
