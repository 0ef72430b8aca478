package org.neardup.spark.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Consecutive slices give every line of the file exactly once, whatever the slice size. */
class SplitInputStreamTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 7, 64, 1000, 100_000})
  void slicesPartitionTheLines(int sliceBytes) throws IOException {
    SplittableRandom random = new SplittableRandom(sliceBytes);
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (int line = 0; line < 300; line++) {
      int length = random.nextInt(3) == 0 ? 0 : random.nextInt(40); // empty lines too
      for (int i = 0; i < length; i++) {
        content.write('a' + random.nextInt(26));
      }
      content.write(random.nextInt(5) == 0 ? '\r' : 'z');
      content.write('\n');
    }
    content.write(
        "last line without a line break".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    byte[] bytes = content.toByteArray();
    Path file = dir.resolve("lines.txt");
    Files.write(file, bytes);

    FileSystem fs = FileSystem.getLocal(new Configuration());
    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    for (long start = 0; start < bytes.length; start += sliceBytes) {
      long length = Math.min(sliceBytes, bytes.length - start);
      try (InputStream slice =
          SplitInputStream.open(
              fs.open(new org.apache.hadoop.fs.Path(file.toUri())), start, length)) {
        slice.transferTo(joined);
      }
    }
    assertThat(joined.toByteArray()).isEqualTo(bytes);
  }
}
