package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.SearchSettings;

/**
 * The {@code java} blocks of README.md and docs/*.md, compiled and run as a reader pastes them. A
 * block without a class declaration becomes a class: its import lines at the top, the rest the body
 * of {@code static void run(Path path, String token)}, whose parameters are the two names the pages
 * leave free: a TSV corpus and the service's token. A block without imports of its own (the
 * generated client's example in server.md) gets the packages of the Java client the build generates
 * from docs/openapi.yaml; a block that names {@code http://127.0.0.1:8080} runs against a live
 * server there instead. A compile error names the page and line of the block.
 */
class DocsSnippetsTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");
  private static final Pattern CLASS =
      Pattern.compile(
          "(?m)^\\s*(?:public\\s+)?(?:final\\s+)?(?:class|record|interface|enum)\\s+(\\w+)");
  private static final List<String> CLIENT_IMPORTS =
      List.of(
          "import org.neardup.client.*;",
          "import org.neardup.client.api.*;",
          "import org.neardup.client.model.*;");
  private static final String TOKEN = "docs-token";

  @TempDir Path dir;

  /** A fenced block of a page: its tag, the line of its opening fence, its text. */
  record Block(String page, int line, String tag, List<String> lines) {
    String where() {
      return page + ":" + line;
    }
  }

  static List<Block> blocks() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<Block> blocks = new ArrayList<>();
    for (Path page : pages) {
      String name = ROOT.relativize(page).toString().replace('\\', '/');
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        Matcher fence = FENCE.matcher(lines.get(i));
        if (!fence.matches()) {
          continue;
        }
        int end = i + 1;
        while (end < lines.size() && !lines.get(end).startsWith("```")) {
          end++;
        }
        blocks.add(new Block(name, i + 1, fence.group(1), List.copyOf(lines.subList(i + 1, end))));
        i = end;
      }
    }
    return blocks;
  }

  @Test
  void everyFenceSaysWhatItHolds() throws IOException {
    assertThat(blocks())
        .allSatisfy(
            b -> assertThat(b.tag()).as(b.where() + ": a fence without a language").isNotEmpty());
  }

  @TestFactory
  Stream<DynamicTest> everyJavaBlockCompilesAndRuns() throws IOException {
    // docs/spark.md's block needs Spark: neardup-spark's StandaloneClusterIT compiles and runs it.
    List<Block> java =
        blocks().stream()
            .filter(b -> b.tag().equals("java") && !b.page().equals("docs/spark.md"))
            .toList();
    assertThat(java.stream().map(Block::page).distinct())
        .as("the pages with java blocks")
        .contains("README.md", "docs/library.md", "docs/server.md");
    return java.stream().map(b -> DynamicTest.dynamicTest(b.where(), () -> compileAndRun(b)));
  }

  private void compileAndRun(Block block) throws Exception {
    Path work =
        Files.createDirectories(dir.resolve(block.page().replace('/', '-') + "-" + block.line()));
    Path corpus = work.resolve("corpus.tsv");
    Files.writeString(
        corpus,
        "ad-1\tSunny two-room flat near Termini station, 800 euro a month, furnished\n"
            + "ad-2\tStudio in Trastevere with terrace, 650 euro\n"
            + "ad-3\tSunny two-room flat near Termini station - 800 euro a month, furnished!\n");
    String text = String.join("\n", block.lines());
    if (!text.contains("http://127.0.0.1:8080")) {
      run(block, text, work, corpus);
      return;
    }
    try (ServerFixture fixture =
        new ServerFixture(work.resolve("data"), TOKEN, 64_000, new SearchSettings(0.3, 4))) {
      run(
          block,
          text.replace("http://127.0.0.1:8080", "http://127.0.0.1:" + fixture.server.port()),
          work,
          corpus);
    }
  }

  private static void run(Block block, String text, Path work, Path corpus) throws Exception {
    List<String> lines = List.of(text.split("\n", -1));
    Matcher declared = CLASS.matcher(text);
    List<String> source = new ArrayList<>();
    List<Integer> pageLines =
        new ArrayList<>(); // the page's line of each source line, 0 for added ones
    String className;
    if (declared.find()) {
      className = declared.group(1);
      for (int i = 0; i < lines.size(); i++) {
        source.add(lines.get(i));
        pageLines.add(block.line() + 1 + i);
      }
    } else {
      className = "Snippet" + block.line();
      boolean imports = lines.stream().anyMatch(l -> l.startsWith("import "));
      if (!imports) {
        CLIENT_IMPORTS.forEach(l -> add(source, pageLines, l, 0));
      }
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).startsWith("import ")) {
          add(source, pageLines, lines.get(i), block.line() + 1 + i);
        }
      }
      add(source, pageLines, "public final class " + className + " {", 0);
      add(
          source,
          pageLines,
          "  public static void run(java.nio.file.Path path, String token) throws Exception {",
          0);
      for (int i = 0; i < lines.size(); i++) {
        if (!lines.get(i).startsWith("import ")) {
          add(source, pageLines, lines.get(i), block.line() + 1 + i);
        }
      }
      add(source, pageLines, "  }", 0);
      add(source, pageLines, "}", 0);
    }
    Path src = work.resolve("src/" + className + ".java");
    Path classes = work.resolve("classes");
    Files.createDirectories(src.getParent());
    Files.createDirectories(classes);
    Files.write(src, source, StandardCharsets.UTF_8);

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      String classPath =
          System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> options =
          List.of(
              "--release", "17", "-proc:none", "-classpath", classPath, "-d", classes.toString());
      boolean compiled =
          javac
              .getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(src))
              .call();
      String errors =
          diagnostics.getDiagnostics().stream()
              .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
              .map(
                  d -> {
                    int line = (int) d.getLineNumber();
                    int pageLine =
                        line >= 1 && line <= pageLines.size() ? pageLines.get(line - 1) : 0;
                    return (pageLine > 0
                            ? block.page() + ":" + pageLine
                            : block.where() + " (wrapped, line " + line + ")")
                        + ": "
                        + d.getMessage(Locale.ROOT);
                  })
              .collect(Collectors.joining("\n"));
      assertThat(compiled).as("the java block at %s compiles:%n%s", block.where(), errors).isTrue();
    }
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, DocsSnippetsTest.class.getClassLoader())) {
      Class<?> snippet = loader.loadClass(className);
      Method run;
      try {
        run = snippet.getMethod("run", Path.class, String.class);
      } catch (NoSuchMethodException declaresItsOwn) {
        return; // a whole class of the page's own: compiled, not run
      }
      try {
        run.invoke(null, corpus, TOKEN);
      } catch (InvocationTargetException e) {
        throw new AssertionError(
            block.where() + ": the java block throws " + e.getCause(), e.getCause());
      }
    }
  }

  private static void add(List<String> source, List<Integer> pageLines, String line, int pageLine) {
    source.add(line);
    pageLines.add(pageLine);
  }
}
