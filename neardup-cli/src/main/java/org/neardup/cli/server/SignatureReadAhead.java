package org.neardup.cli.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.neardup.format.SignatureFile;

/**
 * The entries of a signature file, read and decoded on a thread of its own a few batches ahead of
 * the caller (decoding the shingle sets is most of reading a file), in file order. What the reader
 * throws is thrown by {@link #next()} at the place it happened. Close it to stop the thread; the
 * reader is the caller's to close. Not thread-safe.
 */
final class SignatureReadAhead implements AutoCloseable {
  private static final int BATCH = 256;

  /** What the reading thread hands over: entries, or the end (with a failure or without). */
  private record Batch(List<SignatureFile.Entry> entries, Throwable failure, boolean last) {}

  private final BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(4);
  private final Thread thread;
  private Iterator<SignatureFile.Entry> current = List.<SignatureFile.Entry>of().iterator();
  private boolean ended;

  SignatureReadAhead(SignatureFile.Reader reader, String name) {
    thread = new Thread(() -> read(reader), "neardup-read-" + name);
    thread.setDaemon(true);
    thread.start();
  }

  private void read(SignatureFile.Reader reader) {
    try {
      List<SignatureFile.Entry> entries = new ArrayList<>(BATCH);
      for (SignatureFile.Entry entry; (entry = reader.next()) != null; ) {
        entries.add(entry);
        if (entries.size() == BATCH) {
          queue.put(new Batch(entries, null, false));
          entries = new ArrayList<>(BATCH);
        }
      }
      queue.put(new Batch(entries, null, true));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // closed: the caller reads no more
    } catch (IOException | RuntimeException | Error e) {
      try {
        queue.put(new Batch(List.of(), e, true));
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The next entry, or null at the end of the file. */
  SignatureFile.Entry next() throws IOException {
    while (!current.hasNext()) {
      if (ended) {
        return null;
      }
      Batch batch;
      try {
        batch = queue.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while reading a signature file", e);
      }
      if (batch.failure() != null) {
        ended = true;
        rethrow(batch.failure());
      }
      ended = batch.last();
      current = batch.entries().iterator();
    }
    return current.next();
  }

  private static void rethrow(Throwable failure) throws IOException {
    if (failure instanceof IOException e) {
      throw e;
    }
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    throw new UncheckedIOException(new IOException(failure));
  }

  /** Stops the reading thread (it may be waiting to hand over a batch). */
  @Override
  public void close() {
    thread.interrupt();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
