package org.neardup.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/** Small helpers shared by the io tests: writing inputs, gzipping, reading all documents. */
final class IoFixtures {
  private IoFixtures() {}

  static Path write(Path dir, String name, String content) {
    return write(dir, name, content.getBytes(StandardCharsets.UTF_8));
  }

  static Path write(Path dir, String name, byte[] content) {
    try {
      Path file = dir.resolve(name);
      Files.createDirectories(file.getParent());
      Files.write(file, content);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** {@code parts} concatenated; each is a String (written as UTF-8) or a byte[] (as is). */
  static byte[] bytes(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object part : parts) {
      byte[] b = part instanceof byte[] raw ? raw : utf8((String) part);
      out.writeBytes(b);
    }
    return out.toByteArray();
  }

  static byte[] gzip(byte[] content) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
        gz.write(content);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static InputOptions options(InputFormat format) {
    return InputOptions.of(format);
  }

  static InputOptions csv(char delimiter, String idField, String... textFields) {
    return new InputOptions(InputFormat.CSV, delimiter, idField, List.of(textFields));
  }

  static InputOptions jsonl(String idField, String... textFields) {
    return new InputOptions(InputFormat.JSONL, ',', idField, List.of(textFields));
  }

  static List<Document> readAll(Path path, InputOptions options) {
    return readAll(path, options, new InputProblems(OnError.FAIL));
  }

  static List<Document> readAll(Path path, InputOptions options, InputProblems problems) {
    List<Document> documents = new ArrayList<>();
    try (DocumentReader reader = DocumentReaders.open(path, options, problems)) {
      for (Document d = reader.next(); d != null; d = reader.next()) {
        documents.add(d);
      }
    }
    return documents;
  }

  static List<String> ids(List<Document> documents) {
    return documents.stream().map(Document::id).toList();
  }

  static List<String> texts(List<Document> documents) {
    return documents.stream().map(Document::text).toList();
  }
}
