package org.neardup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * No two packages of core depend on each other, directly or through others: the package graph of
 * the compiled classes, as the JDK's {@code jdeps} reads it, has no cycle.
 */
class PackageCycleTest {
  private static final Pattern EDGE =
      Pattern.compile("^\\s*(org\\.neardup[\\w.]*)\\s+->\\s+(org\\.neardup[\\w.]*)\\s");

  @Test
  void corePackagesFormNoCycle() {
    Map<String, Set<String>> graph = packageGraph(coreClasses());
    assertThat(graph).as("jdeps found no package of core").containsKey("org.neardup.index");
    assertThat(cycles(graph)).as("packages of core that depend on each other").isEmpty();
  }

  @Test
  void aCycleIsFound() {
    Map<String, Set<String>> graph = new TreeMap<>();
    graph.put("a", new TreeSet<>(List.of("b")));
    graph.put("b", new TreeSet<>(List.of("c")));
    graph.put("c", new TreeSet<>(List.of("a", "d")));
    graph.put("d", new TreeSet<>());
    assertThat(cycles(graph)).containsExactly(List.of("a", "b", "c"));
  }

  private static Path coreClasses() {
    try {
      return Path.of(NearDup.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Package to the other core packages its classes use, from {@code jdeps -verbose:package}. */
  private static Map<String, Set<String>> packageGraph(Path classes) {
    ToolProvider jdeps =
        ToolProvider.findFirst("jdeps")
            .orElseThrow(() -> new IllegalStateException("no jdeps in this JDK"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status =
        jdeps.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "-verbose:package",
            "-filter:none",
            "-e",
            "org\\.neardup.*",
            classes.toString());
    assertThat(status).as("jdeps: %s", err).isZero();
    Map<String, Set<String>> graph = new TreeMap<>();
    for (String line : out.toString().split("\\R")) {
      Matcher edge = EDGE.matcher(line);
      if (edge.find()) {
        graph.computeIfAbsent(edge.group(1), p -> new TreeSet<>());
        graph.computeIfAbsent(edge.group(2), p -> new TreeSet<>());
        if (!edge.group(1).equals(edge.group(2))) {
          graph.get(edge.group(1)).add(edge.group(2));
        }
      }
    }
    return graph;
  }

  /** The strongly connected components of more than one package (Tarjan), each sorted. */
  private static List<List<String>> cycles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<List<String>> found = new ArrayList<>();
    for (String start : graph.keySet()) {
      if (!index.containsKey(start)) {
        connect(start, graph, index, low, stack, onStack, found);
      }
    }
    return found;
  }

  private static void connect(
      String node,
      Map<String, Set<String>> graph,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      Set<String> onStack,
      List<List<String>> found) {
    index.put(node, index.size());
    low.put(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (String next : graph.getOrDefault(node, Set.of())) {
      if (!index.containsKey(next)) {
        connect(next, graph, index, low, stack, onStack, found);
        low.put(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.contains(next)) {
        low.put(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node).equals(index.get(node))) {
      List<String> component = new ArrayList<>();
      String member;
      do {
        member = stack.pop();
        onStack.remove(member);
        component.add(member);
      } while (!member.equals(node));
      if (component.size() > 1) {
        component.sort(null);
        found.add(component);
      }
    }
  }
}
