package org.neardup.format;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.Flushable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.neardup.input.DocumentId;
import org.neardup.sketch.SketchParams;

/**
 * The one owner of the signature file layout ({@code .nds}): the params once, then one entry a
 * document (id, text length, signature and, optionally, its shingle set). What {@code ./neardup
 * sign} writes, what {@code pairs --signatures} and the service's bulk load read, and what the
 * Spark job can write. All integers are little-endian; varints are unsigned LEB128 (7 bits a byte,
 * low first, high bit set on every byte but the last).
 *
 * <pre>
 * header
 * offset size field
 *      0    4 magic "NDSF" (0x4E 0x44 0x53 0x46)
 *      4    2 format version (2; version 1 is read too)
 *      6    2 flags: bit 0 set = every entry carries its shingle set; other bits 0
 *      8   20 sketch params, layout 2 ({@link SketchParamsFormat})
 *     28      entries, until the end of the file
 *
 * entry
 *   varint    id length in bytes, at least 1
 *   bytes     id, UTF-8
 *   varint    text length, in UTF-16 code units of the raw text (for keep=longest/shortest)
 *   4*n       signature values, 32-bit (n from the params)
 *   varint    shingle count c                                   [flag bit 0 only]
 *   varint    byte length L of the set                          [flag bit 0 only]
 *   L         the set ({@link CompactShingleSetFormat})         [flag bit 0 only]
 * </pre>
 *
 * Version 1 differs only in the set: {@code 8*c} bytes of {@link ShingleSetFormat}, with no byte
 * length (8 bytes a shingle, where the compact set takes about 7).
 *
 * <p>A file ends after its last complete entry; bytes that do not make a complete entry are a
 * {@link CorruptFormatException} naming their offset. Not thread-safe: one reader or writer, one
 * thread.
 */
public final class SignatureFile {
  /** The magic bytes "NDSF" as a little-endian int. */
  public static final int MAGIC = 0x4653444E;

  /** The format version this class writes. */
  public static final int VERSION = 2;

  /** The first format version, still read: shingle sets of 8 bytes a hash. */
  public static final int VERSION_1 = 1;

  /** Bytes of the header. */
  public static final int HEADER_BYTES = 8 + SketchParamsFormat.BYTES;

  private static final int FLAG_SETS = 1;

  private SignatureFile() {}

  /**
   * One document of a signature file. Immutable: it keeps copies of the arrays given, and its
   * accessors return copies.
   *
   * @param id the document's id
   * @param textLength length of its raw text in UTF-16 code units
   * @param signature its n signature values
   * @param shingleSet its sorted shingle set, or null in a file without sets
   */
  // Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
  // compare them by identity, which no caller relies on.
  @SuppressWarnings("ArrayRecordComponent")
  public record Entry(String id, int textLength, int[] signature, long[] shingleSet) {
    public Entry {
      Objects.requireNonNull(id, "id");
      signature = Objects.requireNonNull(signature, "signature").clone();
      shingleSet = shingleSet == null ? null : shingleSet.clone();
    }

    /** Its n signature values: a copy. */
    @Override
    public int[] signature() {
      return signature.clone();
    }

    /** Its sorted shingle set, or null in a file without sets: a copy. */
    @Override
    public long[] shingleSet() {
      return shingleSet == null ? null : shingleSet.clone();
    }

    /** Whether it carries a shingle set (the file has sets). */
    public boolean hasShingleSet() {
      return shingleSet != null;
    }
  }

  /** Starts a signature file on {@code out}: writes the header. Close the writer to flush. */
  public static Writer write(OutputStream out, SketchParams params, boolean withSets)
      throws IOException {
    return new Writer(out, params, withSets);
  }

  /**
   * Reads the header of a signature file from {@code in}.
   *
   * @param source the file's name, for messages
   * @throws CorruptFormatException when it is not a signature file of a known version
   */
  public static Reader read(InputStream in, String source) throws IOException {
    return new Reader(in, source);
  }

  /** Writes entries after the header. */
  public static final class Writer implements Flushable, Closeable {
    private final OutputStream out;
    private final SketchParams params;
    private final boolean withSets;
    private ByteBuffer buffer = ByteBuffer.allocate(1 << 12).order(ByteOrder.LITTLE_ENDIAN);

    private Writer(OutputStream out, SketchParams params, boolean withSets) throws IOException {
      this.out = new BufferedOutputStream(Objects.requireNonNull(out, "out"), 1 << 16);
      this.params = Objects.requireNonNull(params, "params");
      this.withSets = withSets;
      ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
      header.putInt(MAGIC);
      header.putShort((short) VERSION);
      header.putShort((short) (withSets ? FLAG_SETS : 0));
      SketchParamsFormat.write(header, params);
      this.out.write(header.array());
    }

    /** Whether entries carry their shingle sets. */
    public boolean withSets() {
      return withSets;
    }

    /**
     * Appends an entry.
     *
     * @throws IllegalArgumentException for an id that breaks {@link DocumentId}'s rule, a signature
     *     of the wrong length, or a missing set in a file with sets
     */
    public void add(Entry entry) throws IOException {
      byte[] id = DocumentId.check(entry.id()).getBytes(StandardCharsets.UTF_8);
      int n = params.numPermutations();
      if (entry.signature.length != n) {
        throw new IllegalArgumentException(
            "signature has " + entry.signature.length + " values, params say " + n);
      }
      if (withSets && entry.shingleSet == null) {
        throw new IllegalArgumentException(
            "entry '" + entry.id() + "' has no shingle set, the file carries sets");
      }
      byte[] set = withSets ? CompactShingleSetFormat.encode(entry.shingleSet) : null;
      long size = 15L + id.length + 4L * n + (set == null ? 0 : 10L + set.length);
      if (size > buffer.capacity()) {
        buffer =
            ByteBuffer.allocate(
                    (int) Math.min(Integer.MAX_VALUE - 8, Math.max(size, 2L * buffer.capacity())))
                .order(ByteOrder.LITTLE_ENDIAN);
      }
      buffer.clear();
      putVarint(buffer, id.length);
      buffer.put(id);
      putVarint(buffer, entry.textLength());
      buffer.asIntBuffer().put(entry.signature);
      buffer.position(buffer.position() + 4 * n);
      if (set != null) {
        putVarint(buffer, entry.shingleSet.length);
        putVarint(buffer, set.length);
        buffer.put(set);
      }
      out.write(buffer.array(), 0, buffer.position());
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    /** Flushes and closes the underlying stream. */
    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /**
   * One document of a signature file as read, its shingle set still in the file's encoding: decoded
   * when {@link #shingleSet()} is asked for (each call decodes it again). Immutable.
   */
  public static final class Encoded {
    private final String id;
    private final int textLength;
    private final int[] signature;
    private final int count; // -1 without a set
    private final byte[] set;
    private final long setOffset;
    private final String source;
    private final int version;

    private Encoded(
        String id,
        int textLength,
        int[] signature,
        int count,
        byte[] set,
        long setOffset,
        String source,
        int version) {
      this.id = id;
      this.textLength = textLength;
      this.signature = signature;
      this.count = count;
      this.set = set;
      this.setOffset = setOffset;
      this.source = source;
      this.version = version;
    }

    public String id() {
      return id;
    }

    /** The length of its raw text in UTF-16 code units. */
    public int textLength() {
      return textLength;
    }

    /** Its n signature values: a copy. */
    public int[] signature() {
      return signature.clone();
    }

    /** Whether it carries a shingle set (the file has sets). */
    public boolean hasShingleSet() {
      return set != null;
    }

    /** How many shingles its set holds, without decoding it; -1 without a set. */
    public int setSize() {
      return count;
    }

    /**
     * Its sorted shingle set, decoded now, or null in a file without sets.
     *
     * @throws CorruptFormatException when the set's bytes are not a valid encoding, naming their
     *     offset
     */
    public long[] shingleSet() {
      if (set == null) {
        return null;
      }
      return version == VERSION_1
          ? ShingleSetFormat.read(
              ByteBuffer.wrap(set).order(ByteOrder.LITTLE_ENDIAN), count, setOffset)
          : CompactShingleSetFormat.decode(set, count, source, setOffset);
    }
  }

  /** Reads entries after the header. */
  public static final class Reader implements Closeable {
    private final InputStream in;
    private final String source;
    private final SketchParams params;
    private final boolean withSets;
    private final int version;
    private long offset;

    private Reader(InputStream in, String source) throws IOException {
      this.in = new BufferedInputStream(Objects.requireNonNull(in, "in"), 1 << 16);
      this.source = source;
      byte[] header = this.in.readNBytes(HEADER_BYTES);
      if (header.length < 8) {
        throw corrupt(header.length, "not a neardup signature file (too short)");
      }
      ByteBuffer buffer = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
      if (buffer.getInt() != MAGIC) {
        throw corrupt(0, "not a neardup signature file (bad magic)");
      }
      int version = Short.toUnsignedInt(buffer.getShort());
      if (version != VERSION && version != VERSION_1) {
        throw corrupt(4, "unsupported signature file version " + version);
      }
      int flags = Short.toUnsignedInt(buffer.getShort());
      if ((flags & ~FLAG_SETS) != 0) {
        throw corrupt(6, "unknown signature file flags " + flags);
      }
      if (header.length < HEADER_BYTES) {
        throw corrupt(header.length, "truncated signature file header");
      }
      this.withSets = (flags & FLAG_SETS) != 0;
      this.version = version;
      try {
        this.params = SketchParamsFormat.read(buffer, 2, 8);
      } catch (CorruptFormatException e) {
        throw corrupt(8, e.getMessage());
      }
      this.offset = HEADER_BYTES;
    }

    public SketchParams params() {
      return params;
    }

    /**
     * The file's format version: {@link #VERSION}, or {@link #VERSION_1} for a file written before
     * it.
     */
    public int version() {
      return version;
    }

    /** Whether entries carry their shingle sets (exact verification possible). */
    public boolean withSets() {
      return withSets;
    }

    /**
     * The next entry, or null at the end of the file.
     *
     * @throws CorruptFormatException for an incomplete or invalid entry, naming its offset
     */
    public Entry next() throws IOException {
      Encoded entry = nextEncoded();
      return entry == null
          ? null
          : new Entry(entry.id, entry.textLength, entry.signature, entry.shingleSet());
    }

    /**
     * The next entry with its shingle set still encoded, or null at the end of the file: for a
     * reader that needs the sets of few entries (the references of {@code --against}), which then
     * decodes only those.
     *
     * @throws CorruptFormatException for an incomplete or invalid entry, naming its offset
     */
    public Encoded nextEncoded() throws IOException {
      long start = offset;
      int first = in.read();
      if (first < 0) {
        return null;
      }
      offset++;
      try {
        int idLength = readVarint(first);
        if (idLength == 0) {
          throw corrupt(start, "entry with an empty id");
        }
        if (idLength > DocumentId.MAX_UTF8_BYTES) {
          throw corrupt(
              start,
              "entry with an id of "
                  + idLength
                  + " bytes (at most "
                  + DocumentId.MAX_UTF8_BYTES
                  + ")");
        }
        String id = id(readBytes(idLength), start);
        int textLength = readVarint(readByte());
        int n = params.numPermutations();
        ByteBuffer values = ByteBuffer.wrap(readBytes(4L * n)).order(ByteOrder.LITTLE_ENDIAN);
        int[] signature = new int[n];
        values.asIntBuffer().get(signature);
        if (!withSets) {
          return new Encoded(id, textLength, signature, -1, null, 0, source, version);
        }
        int count = readVarint(readByte());
        long length = version == VERSION_1 ? 8L * count : readVarint(readByte());
        long setOffset = offset;
        return new Encoded(
            id, textLength, signature, count, readBytes(length), setOffset, source, version);
      } catch (EOFException e) {
        throw corrupt(start, "truncated entry (the file ends inside it)");
      }
    }

    @Override
    public void close() throws IOException {
      in.close();
    }

    private int readByte() throws IOException {
      int b = in.read();
      if (b < 0) {
        throw new EOFException();
      }
      offset++;
      return b;
    }

    private byte[] readBytes(long count) throws IOException {
      if (count > Integer.MAX_VALUE - 8) {
        throw corrupt(offset, "entry field of " + count + " bytes");
      }
      byte[] bytes = in.readNBytes((int) count);
      if (bytes.length < count) {
        throw new EOFException();
      }
      offset += count;
      return bytes;
    }

    private int readVarint(int first) throws IOException {
      long value = first & 0x7F;
      int shift = 7;
      int b = first;
      while ((b & 0x80) != 0) {
        if (shift > 28) {
          throw corrupt(offset, "varint too long");
        }
        b = readByte();
        value |= (long) (b & 0x7F) << shift;
        shift += 7;
      }
      if (value > Integer.MAX_VALUE) {
        throw corrupt(offset, "varint out of range: " + value);
      }
      return (int) value;
    }

    /**
     * The id of the entry at {@code start}: strict UTF-8 that follows {@link DocumentId}'s rule.
     */
    private String id(byte[] bytes, long start) throws CorruptFormatException {
      String id;
      try {
        id = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
      } catch (CharacterCodingException e) {
        throw corrupt(start, "entry whose id is not valid UTF-8");
      }
      var problem = DocumentId.problem(id);
      if (problem.isPresent()) {
        throw corrupt(start, "entry with an invalid id (it " + problem.get() + ")");
      }
      return id;
    }

    private CorruptFormatException corrupt(long at, String message) {
      return new CorruptFormatException(at, source + ": " + message);
    }
  }

  private static void putVarint(ByteBuffer out, int value) {
    if (value < 0) {
      throw new IllegalArgumentException("negative varint " + value);
    }
    int v = value;
    while ((v & ~0x7F) != 0) {
      out.put((byte) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.put((byte) v);
  }
}
