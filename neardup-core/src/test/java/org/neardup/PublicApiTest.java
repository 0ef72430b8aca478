package org.neardup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.AnnotatedElement;
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
import org.neardup.api.Faces;
import org.neardup.api.Internal;

/**
 * The API guard, as hash4j's japicmp check that skips {@code internal}: core's public API (every
 * public type that is not {@link Internal}, in itself or by its package, with its public and
 * protected members) must equal {@code api/public-api.txt}, and the internal public types, with the
 * modules whose main code uses each, must equal {@code api/internal-types.txt}. A change to either
 * is made on purpose: update the file in the same commit ({@code -Dneardup.api.write=true} rewrites
 * both from the compiled classes and the sources of the other modules). In {@code public-api.txt}
 * the types and members for the faces, not for library users, are marked {@code @Faces} ({@link
 * Faces}); {@code docs/library.md} lists the others. Rules that hold whatever the lists say: no
 * public or protected member (or supertype) of the API names an internal type, no member meant for
 * library users names a type for the faces, and the server, Spark and Kafka Streams, which stand on
 * core's API alone, use no internal type.
 */
class PublicApiTest {
  private static final Path FILES = Path.of("src/test/resources/api");
  private static final boolean WRITE = Boolean.getBoolean("neardup.api.write");

  /** Every public type of core, by name. */
  private static final List<Class<?>> TYPES = publicTypes();

  /**
   * A qualified name of an internal type: in an internal package (also a wildcard import of one),
   * or an internal type elsewhere, with its nested types.
   */
  private static final Pattern INTERNAL_NAME = internalNames();

  @Test
  void thePublicApiIsTheCheckedInList() throws IOException {
    List<String> lines = new ArrayList<>();
    for (Class<?> type : TYPES) {
      if (!isInternal(type)) {
        lines.add((isFaces(type) ? "@Faces " : "") + kind(type) + " " + type.getName());
        lines.addAll(members(type));
      }
    }
    check("public-api.txt", lines);
  }

  @Test
  void theInternalTypesAndTheirUsersOutsideCoreAreTheCheckedInList() throws IOException {
    Map<String, TreeSet<String>> users = internalUsers();
    List<String> lines = new ArrayList<>();
    for (Class<?> type : TYPES) {
      if (isInternal(type)) {
        TreeSet<String> modules = users.getOrDefault(type.getName(), new TreeSet<>());
        lines.add(
            type.getName() + (modules.isEmpty() ? "" : " used by " + String.join(", ", modules)));
      }
    }
    check("internal-types.txt", lines);
  }

  @Test
  void noPublicMemberOfTheApiMentionsAnInternalType() throws IOException {
    List<String> leaks = new ArrayList<>();
    for (Class<?> type : TYPES) {
      if (!isInternal(type)) {
        leaks.addAll(internalLeaks(type));
      }
    }
    assertThat(leaks)
        .as("public or protected members of the API that name an internal type")
        .isEmpty();
  }

  @Test
  void noMemberForLibraryUsersNamesATypeForTheFaces() {
    Pattern faces = qualifiedNames(TYPES.stream().filter(PublicApiTest::isFaces).toList());
    List<String> leaks = new ArrayList<>();
    for (Class<?> type : TYPES) {
      if (!isInternal(type) && !isFaces(type)) {
        for (String line : signatureLines(type)) {
          if (!line.startsWith("  @Faces") && faces.matcher(line).find()) {
            leaks.add(type.getName() + ":" + line.substring(1));
          }
        }
      }
    }
    assertThat(leaks)
        .as(
            "members of the library users' types that name a type for the faces: mark the member"
                + " @Faces, or the type is for users too")
        .isEmpty();
  }

  /**
   * docs/library.md's list of the types for library users ({@code - `package`: `Type`, ...} lines
   * under "## Types for library users") is the public top-level types of core that are neither for
   * the faces nor internal.
   */
  @Test
  void docsLibraryListsTheTypesForLibraryUsers() throws IOException {
    TreeSet<String> users = new TreeSet<>();
    for (Class<?> type : TYPES) {
      if (type.getEnclosingClass() == null && !isInternal(type) && !isFaces(type)) {
        users.add(type.getName());
      }
    }
    assertThat(documentedUserTypes(Path.of("../docs/library.md"))).isEqualTo(users);
  }

  /** The types listed under "## Types for library users" in {@code page}, by qualified name. */
  private static TreeSet<String> documentedUserTypes(Path page) throws IOException {
    TreeSet<String> types = new TreeSet<>();
    boolean inSection = false;
    Pattern entry = Pattern.compile("^- `(org\\.neardup[\\w.]*)`: (.+)$");
    Pattern name = Pattern.compile("`([A-Z]\\w*)`");
    for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
      if (line.startsWith("## ")) {
        inSection = line.equals("## Types for library users");
      } else if (inSection) {
        Matcher matcher = entry.matcher(line);
        if (matcher.matches()) {
          Matcher names = name.matcher(matcher.group(2));
          while (names.find()) {
            types.add(matcher.group(1) + "." + names.group(1));
          }
        }
      }
    }
    assertThat(types)
        .as("the types listed under '## Types for library users' in %s", page)
        .isNotEmpty();
    return types;
  }

  @Test
  void theLeakCheckFindsAnInternalTypeInASignatureOrSupertype() {
    assertThat(internalLeaks(Leaking.class))
        .hasSize(3)
        .allMatch(leak -> leak.contains("org.neardup.internal.") || leak.contains(".spill."));
    assertThat(internalLeaks(NotLeaking.class)).isEmpty();
  }

  @Test
  void theServerSparkAndStreamsUseNoInternalType() throws IOException {
    List<String> uses = new ArrayList<>();
    for (String module : List.of("neardup-server", "neardup-spark", "neardup-streams")) {
      Path sources = Path.of("..", module, "src/main/java");
      assertThat(sources).as("the main sources of %s", module).isDirectory();
      uses.addAll(internalReferences(sources));
    }
    assertThat(uses)
        .as("uses of org.neardup.internal* in the main code of the server, Spark and Kafka Streams")
        .isEmpty();
  }

  @Test
  void theInternalUseCheckFindsImportsWildcardsAndQualifiedNames() throws IOException {
    Path sources = Files.createTempDirectory(Path.of("target"), "api-guard-");
    Path file = sources.resolve("org/example/Uses.java");
    Files.createDirectories(file.getParent());
    Files.writeString(
        file,
        String.join(
            "\n",
            "package org.example;",
            "import org.neardup.batch.spill.*;",
            "import org.neardup.sort.LongSort;",
            "class Uses {",
            "  Object handles = new org.neardup.internal.Handles<String>(1);",
            "  String internally = \"org.neardup.internally\";",
            "}"));
    assertThat(internalReferences(sources))
        .containsExactly(
            "org/example/Uses.java:2: import org.neardup.batch.spill.*;",
            "org/example/Uses.java:5: Object handles = new"
                + " org.neardup.internal.Handles<String>(1);");
  }

  /** The public and protected members and supertypes of {@code type} that name an internal type. */
  private static List<String> internalLeaks(Class<?> type) {
    List<String> leaks = new ArrayList<>();
    for (String line : signatureLines(type)) {
      if (INTERNAL_NAME.matcher(line).find()) {
        leaks.add(type.getName() + ":" + line.substring(1));
      }
    }
    return leaks;
  }

  /** The lines of the Java files under {@code sources} that name a type of an internal package. */
  private static List<String> internalReferences(Path sources) throws IOException {
    List<String> uses = new ArrayList<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file :
          (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java")).sorted()::iterator) {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
          if (INTERNAL_NAME.matcher(lines.get(i)).find()) {
            uses.add(
                sources
                        .relativize(file)
                        .toString()
                        .replace(file.getFileSystem().getSeparator(), "/")
                    + ":"
                    + (i + 1)
                    + ": "
                    + lines.get(i).strip());
          }
        }
      }
    }
    return uses;
  }

  /** The public and protected members of {@code type}, then its supertypes, one line each. */
  private static List<String> signatureLines(Class<?> type) {
    List<String> lines = new ArrayList<>(members(type));
    if (type.getGenericSuperclass() != null) {
      lines.add("  extends " + type.getGenericSuperclass().getTypeName());
    }
    for (java.lang.reflect.Type supertype : type.getGenericInterfaces()) {
      lines.add("  implements " + supertype.getTypeName());
    }
    return lines;
  }

  /** A fixture the leak check must flag: an internal type as return, parameter and supertype. */
  public static class Leaking
      implements java.util.function.Supplier<org.neardup.batch.spill.IntLog> {
    @Override
    public org.neardup.batch.spill.IntLog get() {
      return null;
    }

    protected void take(java.util.List<org.neardup.internal.Handles<String>> handles) {}

    void packagePrivate(org.neardup.batch.spill.IntLog log) {}
  }

  /** A fixture the leak check must pass: internal types only in non-public members. */
  public static class NotLeaking {
    private org.neardup.batch.spill.IntLog log;

    void take(org.neardup.batch.spill.IntLog log) {
      this.log = log;
    }

    public String name() {
      return "org.neardup.internally";
    }
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
        .as(
            "%s no longer matches the compiled classes: added %s, removed %s. If the change is"
                + " meant, update the file (mvn test -Dtest=PublicApiTest -Dneardup.api.write=true)"
                + " in the same commit",
            file, added, removed)
        .isEqualTo(expected);
  }

  /** Whether {@code type} or a type enclosing it is for the faces ({@link Faces}). */
  private static boolean isFaces(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
      if (t.isAnnotationPresent(Faces.class)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code type}, a type enclosing it or its package is {@link Internal}. */
  private static boolean isInternal(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
      if (t.isAnnotationPresent(Internal.class)) {
        return true;
      }
    }
    return isInternalPackage(type.getPackageName());
  }

  private static boolean isInternalPackage(String name) {
    try {
      return Class.forName(name + ".package-info", false, PublicApiTest.class.getClassLoader())
          .isAnnotationPresent(Internal.class);
    } catch (ClassNotFoundException e) {
      return false; // a package without a package-info is not marked internal
    }
  }

  /** A qualified name of one of {@code types} or a type nested in it. */
  private static Pattern qualifiedNames(List<Class<?>> types) {
    TreeSet<String> names = new TreeSet<>();
    for (Class<?> type : types) {
      Class<?> outermost = type;
      while (outermost.getEnclosingClass() != null) {
        outermost = outermost.getEnclosingClass();
      }
      names.add(Pattern.quote(outermost.getName()) + "\\b");
    }
    return Pattern.compile("\\b(?:" + String.join("|", names) + ")");
  }

  /** {@link #INTERNAL_NAME}: the internal packages and the internal types outside them. */
  private static Pattern internalNames() {
    TreeSet<String> names = new TreeSet<>();
    for (Class<?> type : TYPES) {
      if (isInternalPackage(type.getPackageName())) {
        names.add(Pattern.quote(type.getPackageName()) + "\\.[A-Z*]");
      } else if (isInternal(type)) {
        Class<?> outermost = type;
        while (outermost.getEnclosingClass() != null) {
          outermost = outermost.getEnclosingClass();
        }
        names.add(Pattern.quote(outermost.getName()) + "\\b");
      }
    }
    return Pattern.compile("\\b(?:" + String.join("|", names) + ")");
  }

  /** Every public type of core reachable by name (nested ones inside public types), by name. */
  private static List<Class<?>> publicTypes() {
    Path classes;
    try {
      classes = Path.of(NearDup.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<Class<?>> types = new ArrayList<>();
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path file :
          (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        String name =
            classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
        name = name.substring(0, name.length() - ".class".length());
        if (name.endsWith("package-info") || name.endsWith("module-info")) {
          continue;
        }
        Class<?> type = load(name);
        if (!type.isAnonymousClass()
            && !type.isLocalClass()
            && !type.isSynthetic()
            && reachable(type)) {
          types.add(type);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
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
    String kind =
        type.isAnnotation()
            ? "@interface"
            : type.isInterface()
                ? "interface"
                : type.isEnum() ? "enum" : type.isRecord() ? "record" : "class";
    String modifiers =
        Modifier.toString(
            type.getModifiers()
                & ~Modifier.INTERFACE
                & ~Modifier.ABSTRACT
                & (type.isInterface() || type.isEnum() || type.isRecord()
                    ? ~(Modifier.STATIC | Modifier.FINAL)
                    : ~0));
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
    if (!member.isSynthetic()
        && (Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers))) {
      boolean faces = ((AnnotatedElement) member).isAnnotationPresent(Faces.class);
      lines.add(faces ? "  @Faces" + line.substring(1) : line);
    }
  }

  /** The modules whose main sources name each internal type, by the type's name. */
  private static Map<String, TreeSet<String>> internalUsers() throws IOException {
    Pattern reference = Pattern.compile(INTERNAL_NAME.pattern() + "\\w*(?:\\.[A-Z]\\w*)*");
    Map<String, TreeSet<String>> users = new TreeMap<>();
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      for (Path module : (Iterable<Path>) modules::iterator) {
        String name = module.getFileName().toString();
        Path sources = module.resolve("src/main/java");
        if (!name.startsWith("neardup-")
            || name.equals("neardup-core")
            || !Files.isDirectory(sources)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(sources)) {
          for (Path file :
              (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
            Matcher matcher = reference.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (matcher.find()) {
              String type = matcher.group();
              // Outer.Nested as the binary name Outer$Nested
              String binary = type.replaceFirst("\\.([A-Z]\\w*)\\.", ".$1\\$");
              users
                  .computeIfAbsent(binary.contains("$") ? binary : type, k -> new TreeSet<>())
                  .add(name);
            }
          }
        }
      }
    }
    return users;
  }
}
