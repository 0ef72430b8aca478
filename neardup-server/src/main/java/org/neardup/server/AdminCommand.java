package org.neardup.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.neardup.server.store.IndexDirectory;

/**
 * The administration commands of a data directory, run in-process ({@link #execute}) or sent to the
 * server that holds the directory open ({@link #send}, through its {@link AdminSocket}). One line
 * each way: {@code backup PATH}, {@code stats} or {@code check}; the answer is {@code ok} and a
 * JSON object, or {@code error} and a message.
 */
public final class AdminCommand {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AdminCommand() {}

  /** The admin socket of the data directory {@code directory}. */
  public static Path socketOf(Path directory) {
    return directory.resolve("admin.sock");
  }

  /**
   * Sends {@code command} to the server running on {@code directory}.
   *
   * @return its answer, or empty when no server listens there
   */
  public static Optional<String> send(Path directory, String command) throws IOException {
    Path socket = socketOf(directory);
    if (!Files.exists(socket)) {
      return Optional.empty();
    }
    SocketChannel channel;
    try {
      channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
    } catch (IOException e) {
      return Optional.empty(); // a stale socket: no server
    }
    try (channel) {
      OutputStream out = Channels.newOutputStream(channel);
      out.write((command + "\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
      String answer = in.readLine();
      return Optional.of(answer == null ? "error no answer" : answer);
    }
  }

  /** Runs {@code command} on an open directory and returns the answer line. */
  public static String execute(IndexDirectory directory, String command) {
    try {
      if (command.startsWith("backup ")) {
        directory.checkpoint(Path.of(command.substring("backup ".length())));
        return "ok {}";
      }
      return switch (command) {
        case "stats" -> "ok " + JSON.writeValueAsString(stats(directory));
        case "check" -> "ok " + JSON.writeValueAsString(directory.check());
        default -> "error unknown command '" + command + "'";
      };
    } catch (RuntimeException e) {
      return "error " + String.valueOf(e.getMessage()).replace('\n', ' ');
    } catch (JsonProcessingException e) {
      return "error " + e.getOriginalMessage();
    }
  }

  /**
   * The figures of {@code stats}, with the names and values of {@code GET /stats}: documents, disk
   * use, threshold, banding, verification, texts, the top-k floor in effect (the threshold for an
   * index built without one), containment sampling (0: none), the sketch settings and commits.
   */
  public static Map<String, Object> stats(IndexDirectory directory) {
    var settings = directory.settings();
    Map<String, Object> sketch = new LinkedHashMap<>();
    sketch.put("shingle", settings.sketch().shingle().toString());
    sketch.put("shingleHashVersion", settings.sketch().shingle().hashVersion().name());
    sketch.put("normalization", settings.sketch().normalizer().toString());
    sketch.put("scheme", settings.sketch().minHash().scheme().optionName());
    sketch.put("permutations", settings.sketch().numPermutations());
    sketch.put("seed", settings.sketch().minHash().seed());
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("documents", directory.index().size());
    stats.put("diskBytes", directory.diskBytes());
    stats.put("threshold", settings.threshold());
    stats.put("bands", settings.banding().bands());
    stats.put("rows", settings.banding().rows());
    stats.put("verify", settings.verify().name().toLowerCase(Locale.ROOT));
    stats.put("keepTexts", settings.keepTexts());
    stats.put("topKFloor", directory.index().topKFloor());
    stats.put("containmentSampling", settings.search().containmentSampling());
    stats.put("sketch", sketch);
    stats.put("commits", directory.commits());
    return stats;
  }
}
