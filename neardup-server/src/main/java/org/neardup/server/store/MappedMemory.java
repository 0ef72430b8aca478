package org.neardup.server.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.CancellationException;

/**
 * Memory outside the Java heap, for structures that grow with the documents of an index: a file
 * mapped in segments of 1 GiB, zeros where never written, grown by mapping more of it. The file is
 * deleted as soon as it is opened (the system keeps it while it is mapped), so nothing of it is
 * left on disk once the process ends, however it ends; the page cache holds the pages in use and
 * writes the others back to the file, so that the heap does not hold them and the memory is the
 * system's to share. The file's blocks are written (zeros) before they are mapped, so that a full
 * disk is an error when the memory grows, not a fault when a page of it is first written. Values
 * are in the platform's byte order: the memory is never read by another process.
 *
 * <p>Growing it is file I/O: a thread interrupted meanwhile gets a {@link CancellationException}
 * (and the memory is unusable). Reads may run concurrently with each other; writes, {@link #ensure}
 * and {@link #close} need the owner's exclusive lock (a structure over it is locked as the index
 * is).
 */
final class MappedMemory implements AutoCloseable {
  private static final int SEGMENT_SHIFT = 30;
  private static final long SEGMENT_BYTES = 1L << SEGMENT_SHIFT;
  private static final long SEGMENT_MASK = SEGMENT_BYTES - 1;

  private final Path file;
  private final FileChannel channel;
  private MappedByteBuffer[] segments = new MappedByteBuffer[0];
  private long bytes;

  /**
   * Memory of {@code bytes} zeros, in a new file in {@code directory} (deleted at once).
   *
   * @throws UncheckedIOException when the file cannot be made or mapped
   */
  MappedMemory(Path directory, String name, long bytes) {
    try {
      this.file = Files.createTempFile(directory, name + "-", ".mapped");
      this.channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException(
          directory + ": cannot make the file of " + name + ": " + e.getMessage(), e);
    }
    try {
      Files.delete(file);
    } catch (IOException e) {
      file.toFile().deleteOnExit(); // a system that does not delete open files: at exit
    }
    try {
      ensure(bytes);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** Bytes mapped. */
  long bytes() {
    return bytes;
  }

  /** Maps at least {@code size} bytes (zeros beyond what was mapped). */
  void ensure(long size) {
    if (size <= bytes) {
      return;
    }
    int needed = Math.toIntExact((size + SEGMENT_MASK) >>> SEGMENT_SHIFT);
    int had = segments.length;
    MappedByteBuffer[] grown = Arrays.copyOf(segments, needed);
    long missing = size;
    try {
      missing = size - channel.size();
      allocate(size);
      if (had > 0 && segments[had - 1].capacity() < SEGMENT_BYTES) {
        release(segments[had - 1]); // the last, partial segment: mapped again, larger
        had--;
      }
      for (int s = had; s < needed; s++) {
        long length = Math.min(SEGMENT_BYTES, size - ((long) s << SEGMENT_SHIFT));
        grown[s] = channel.map(FileChannel.MapMode.READ_WRITE, (long) s << SEGMENT_SHIFT, length);
        grown[s].order(ByteOrder.nativeOrder());
      }
    } catch (ClosedByInterruptException e) {
      throw new CancellationException("interrupted while mapping memory of " + file);
    } catch (IOException e) {
      if (String.valueOf(e.getMessage()).contains("No space left on device")) {
        throw new DiskFullException(
            file.getParent(), "mapping " + size + " bytes of the top-k floor", missing, e);
      }
      throw new StoreException(
          "cannot map " + size + " bytes of " + file + ": " + e.getMessage(), e);
    }
    segments = grown;
    bytes = (long) (needed - 1) * SEGMENT_BYTES + segments[needed - 1].capacity();
  }

  /**
   * Writes zeros from the end of the file to {@code size}, so that the system holds blocks for
   * them.
   */
  private void allocate(long size) throws IOException {
    ByteBuffer zeros = ByteBuffer.allocate(1 << 20);
    for (long at = channel.size(); at < size; ) {
      zeros.clear().limit((int) Math.min(zeros.capacity(), size - at));
      at += channel.write(zeros, at);
    }
  }

  long getLong(long offset) {
    return segments[(int) (offset >>> SEGMENT_SHIFT)].getLong((int) (offset & SEGMENT_MASK));
  }

  void putLong(long offset, long value) {
    segments[(int) (offset >>> SEGMENT_SHIFT)].putLong((int) (offset & SEGMENT_MASK), value);
  }

  int getInt(long offset) {
    return segments[(int) (offset >>> SEGMENT_SHIFT)].getInt((int) (offset & SEGMENT_MASK));
  }

  void putInt(long offset, int value) {
    segments[(int) (offset >>> SEGMENT_SHIFT)].putInt((int) (offset & SEGMENT_MASK), value);
  }

  /** Unmaps the memory and closes the file: nothing may read it after. */
  @Override
  public void close() {
    for (MappedByteBuffer segment : segments) {
      release(segment);
    }
    segments = new MappedByteBuffer[0];
    bytes = 0;
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Unmaps {@code segment} now rather than when the collector finds it (its pages held until then).
   */
  private static void release(MappedByteBuffer segment) {
    if (INVOKE_CLEANER != null) {
      try {
        INVOKE_CLEANER.invokeExact((ByteBuffer) segment);
      } catch (IllegalArgumentException e) {
        // a view or duplicate: unmapped with its buffer
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("unmapping " + segment, e); // declares none
      }
    }
  }

  /**
   * sun.misc.Unsafe.invokeCleaner bound to the Unsafe instance, looked up by name (the class is in
   * jdk.unsupported, and naming it would be a compiler warning); null where it is not there.
   */
  private static final MethodHandle INVOKE_CLEANER = invokeCleaner();

  private static MethodHandle invokeCleaner() {
    try {
      Class<?> unsafe = Class.forName("sun.misc.Unsafe");
      Field field = unsafe.getDeclaredField("theUnsafe");
      field.setAccessible(true);
      return MethodHandles.lookup()
          .findVirtual(unsafe, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
          .bindTo(field.get(null));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // unmapped by the collector instead
    }
  }
}
