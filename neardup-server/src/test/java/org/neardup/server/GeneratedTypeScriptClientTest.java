package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.SearchSettings;

/**
 * The TypeScript client that openapi-generator's {@code typescript-fetch} makes from
 * docs/openapi.yaml (this module's pom generates it into target/generated-ts), compiled with {@code
 * tsc} together with src/test/typescript/client-test.ts and run with {@code node} against a live
 * server with a token: the same operations, answers and errors as {@link GeneratedClientTest}.
 *
 * <p>It needs {@code node} (18 or later, for its fetch) and {@code npx} on the PATH; {@code npx}
 * fetches the pinned TypeScript compiler once into the npm cache. Without them the test is skipped
 * with a message, unless the environment variable {@code NEARDUP_NODE_TESTS=required} (set by
 * {@code .ci/run}) makes that a failure.
 */
class GeneratedTypeScriptClientTest {
  private static final String TOKEN = "s3cret-token";
  private static final String TYPESCRIPT = "typescript@5.9.3";
  private static final Path GENERATED = Path.of("target", "generated-ts", "index.ts");
  private static final Path TSCONFIG = Path.of("src", "test", "typescript", "tsconfig.json");
  private static final Path PROGRAM =
      Path.of("target", "ts-client", "src", "test", "typescript", "client-test.js");

  @TempDir Path dir;

  @Test
  void aTypeScriptClientGeneratedFromTheSpecTalksToTheService() throws Exception {
    requireOnPath("node");
    requireOnPath("npx");
    assertThat(GENERATED)
        .as("the generated client (mvn generate-test-sources in neardup-server makes it)")
        .exists();

    Run compiled =
        run(List.of("npx", "--yes", "-p", TYPESCRIPT, "tsc", "-p", TSCONFIG.toString()), 300);
    assertThat(compiled.exit).as("tsc -p %s:%n%s", TSCONFIG, compiled.output).isZero();

    try (ServerFixture fixture =
        new ServerFixture(dir.resolve("data"), TOKEN, 64_000, new SearchSettings(0.3, 4))) {
      Run client =
          run(
              List.of(
                  "node", PROGRAM.toString(), "http://127.0.0.1:" + fixture.server.port(), TOKEN),
              120);
      assertThat(client.exit).as("node %s:%n%s", PROGRAM, client.output).isZero();
      assertThat(client.output).contains("the generated TypeScript client passed");
    }
  }

  private record Run(int exit, String output) {}

  /** Runs {@code command} in this module's directory; its stdout and stderr together. */
  private Run run(List<String> command, long timeoutSeconds)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile(dir, "run-", ".log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      Assertions.fail(
          String.join(" ", command)
              + " did not finish in "
              + timeoutSeconds
              + " s:\n"
              + Files.readString(log, StandardCharsets.UTF_8));
    }
    return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  private static void requireOnPath(String program) {
    for (String entry : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, program))) {
        return;
      }
    }
    String message =
        "TypeScript client test skipped: "
            + program
            + " is not on the PATH"
            + " (apt-get install nodejs npm; .ci/run installs them)";
    if ("required".equals(System.getenv("NEARDUP_NODE_TESTS"))) {
      Assertions.fail(message.replace("skipped", "required (NEARDUP_NODE_TESTS=required)"));
    }
    System.err.println("neardup: " + message);
    Assumptions.assumeTrue(false, message);
  }
}
