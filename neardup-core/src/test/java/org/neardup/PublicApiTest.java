package org.neardup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API guard, as hash4j's japicmp check that skips {@code internal}: core's public API (every
 * public type outside {@code org.neardup.internal*} with its public and protected members) must
 * equal {@code api/public-api.txt}, and the public types of the internal packages, with the
 * modules whose main code uses each, must equal {@code api/internal-types.txt}. A change to
 * either is made on purpose: update the file in the same commit ({@code -Dneardup.api.write=true}
 * rewrites both from the compiled classes and the sources of the other modules).
 */
class PublicApiTest {
  private static final Path FILES = Path.of("src/test/resources/api");
  private static final boolean WRITE = Boolean.getBoolean("neardup.api.write");

  @Test
  void thePublicApiIsTheCheckedInList() throws IOException {
    List<String> lines = new ArrayList<>();
    for (Class<?> type : publicTypes()) {
      if (!isInternal(type)) {
        lines.add(kind(type) + " " + type.getName());
        lines.addAll(members(type));
      }
    }
    check("public-api.txt", lines);
  }

  @Test
  void theInternalTypesAndTheirUsersOutsideCoreAreTheCheckedInList() throws IOException {
    Map<String, TreeSet<String>> users = internalUsers();
    List<String> lines = new ArrayList<>();
    for (Class<?> type : publicTypes()) {
      if (isInternal(type)) {
        TreeSet<String> modules = users.getOrDefault(type.getName(), new TreeSet<>());
        lines.add(type.getName() + (modules.isEmpty() ? "" : " used by " + String.join(", ", modules)));
      }
    }
    check("internal-types.txt", lines);
  }

  private static void check(String name, List<String> actual) throws IOException {
    Path file = FILES.resolve(name);
    if (WRITE) {
      Files.write(file, actual, StandardCharsets.UTF_8);
    }
    List<String> expected = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<String> added = new ArrayList<>(actual);
    added.removeAll(expected);
    List<String> removed = new ArrayList<>(expected);
    removed.removeAll(actual);
    assertThat(actual)
        .as("%s no longer matches the compiled classes: added %s, removed %s. If the change is meant,"
            + " update the file (mvn test -Dtest=PublicApiTest -Dneardup.api.write=true) in the same commit",
            file, added, removed)
        .isEqualTo(expected);
  }

  private static boolean isInternal(Class<?> type) {
    String pkg = type.getPackageName();
    return pkg.equals("org.neardup.internal") || pkg.startsWith("org.neardup.internal.");
  }

  /** Every public type of core reachable by name (nested ones inside public types), by name. */
  private static List<Class<?>> publicTypes() throws IOException {
    Path classes;
    try {
      classes = Path.of(NearDup.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<Class<?>> types = new ArrayList<>();
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        String name = classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
        name = name.substring(0, name.length() - ".class".length());
        if (name.endsWith("package-info") || name.endsWith("module-info")) {
          continue;
        }
        Class<?> type = load(name);
        if (!type.isAnonymousClass() && !type.isLocalClass() && !type.isSynthetic() && reachable(type)) {
          types.add(type);
        }
      }
    }
    types.sort((a, b) -> a.getName().compareTo(b.getName()));
    return types;
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, PublicApiTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean reachable(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
      if (!Modifier.isPublic(t.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  private static String kind(Class<?> type) {
    String kind = type.isAnnotation() ? "@interface" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
        : type.isRecord() ? "record" : "class";
    String modifiers = Modifier.toString(type.getModifiers() & ~Modifier.INTERFACE & ~Modifier.ABSTRACT
        & (type.isInterface() || type.isEnum() || type.isRecord() ? ~(Modifier.STATIC | Modifier.FINAL) : ~0));
    boolean isAbstract = Modifier.isAbstract(type.getModifiers()) && !type.isInterface();
    return modifiers + (isAbstract ? " abstract " : " ") + kind;
  }

  /** The public and protected members declared by {@code type}, one line each, sorted. */
  private static List<String> members(Class<?> type) {
    TreeSet<String> lines = new TreeSet<>();
    for (Field field : type.getDeclaredFields()) {
      add(lines, field, "  field " + field.toGenericString());
    }
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      add(lines, constructor, "  constructor " + constructor.toGenericString());
    }
    for (Method method : type.getDeclaredMethods()) {
      if (!method.isBridge()) {
        add(lines, method, "  method " + method.toGenericString());
      }
    }
    return new ArrayList<>(lines);
  }

  private static void add(TreeSet<String> lines, Member member, String line) {
    int modifiers = member.getModifiers();
    if (!member.isSynthetic() && (Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers))) {
      lines.add(line);
    }
  }

  /** The modules whose main sources name each internal type, by the type's name. */
  private static Map<String, TreeSet<String>> internalUsers() throws IOException {
    Pattern reference = Pattern.compile("org\\.neardup\\.internal(?:\\.[a-z]+)*\\.[A-Z]\\w*(?:\\.[A-Z]\\w*)*");
    Map<String, TreeSet<String>> users = new TreeMap<>();
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      for (Path module : (Iterable<Path>) modules::iterator) {
        String name = module.getFileName().toString();
        Path sources = module.resolve("src/main/java");
        if (!name.startsWith("neardup-") || name.equals("neardup-core") || !Files.isDirectory(sources)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(sources)) {
          for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
            Matcher matcher = reference.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (matcher.find()) {
              String type = matcher.group();
              // Outer.Nested as the binary name Outer$Nested
              String binary = type.replaceFirst("\\.([A-Z]\\w*)\\.", ".$1\\$");
              users.computeIfAbsent(binary.contains("$") ? binary : type, k -> new TreeSet<>()).add(name);
            }
          }
        }
      }
    }
    return users;
  }
}
