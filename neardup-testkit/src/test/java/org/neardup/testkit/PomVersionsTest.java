package org.neardup.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Versions are set in the parent POM only: a module's POM names a dependency's or a plugin's
 * version (or a property that is one) only through a property the parent defines, never as a number
 * and never as {@code ${project.version}} (the parent's dependencyManagement has the project's own
 * modules).
 */
class PomVersionsTest {
  private static final Path ROOT = Path.of(System.getProperty("neardup.repo.root", ".."));
  private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

  @Test
  void modulesTakeEveryVersionFromTheParent() throws Exception {
    Set<String> parentProperties = properties(parse(ROOT.resolve("pom.xml")));
    assertThat(parentProperties).contains("jackson.version", "spark.jackson.version");
    List<Path> modules = modulePoms();
    assertThat(modules).hasSizeGreaterThan(10);
    List<String> problems = new ArrayList<>();
    for (Path pom : modules) {
      problems.addAll(
          versionProblems(ROOT.relativize(pom).toString(), parse(pom), parentProperties));
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void aNumberOrTheProjectVersionInAModuleIsReported() throws Exception {
    Path pom = Files.createTempFile("pom", ".xml");
    try {
      Files.writeString(
          pom,
          """
          <project>
            <parent><groupId>g</groupId><artifactId>p</artifactId><version>1.0</version></parent>
            <properties><spark.version>4.1.0</spark.version><x.version>${a.version}</x.version></properties>
            <dependencies>
              <dependency><artifactId>a</artifactId><version>2.21</version></dependency>
              <dependency><artifactId>b</artifactId><version>${project.version}</version></dependency>
              <dependency><artifactId>c</artifactId><version>${a.version}</version></dependency>
              <dependency><artifactId>d</artifactId></dependency>
            </dependencies>
          </project>
          """);
      assertThat(versionProblems("m/pom.xml", parse(pom), Set.of("a.version")))
          .containsExactly(
              "m/pom.xml: spark.version is 4.1.0, not a property of the parent",
              "m/pom.xml: a's version is 2.21, not a property of the parent",
              "m/pom.xml: b's version is ${project.version}, not a property of the parent");
    } finally {
      Files.delete(pom);
    }
  }

  private static List<String> versionProblems(String name, Document pom, Set<String> parent) {
    List<String> problems = new ArrayList<>();
    Element properties = child(pom.getDocumentElement(), "properties");
    if (properties != null) {
      for (Element property : children(properties)) {
        if (property.getTagName().endsWith(".version")
            && !fromParent(property.getTextContent(), parent)) {
          problems.add(
              name
                  + ": "
                  + property.getTagName()
                  + " is "
                  + property.getTextContent().strip()
                  + ", not a property of the parent");
        }
      }
    }
    NodeList versions = pom.getElementsByTagName("version");
    for (int i = 0; i < versions.getLength(); i++) {
      Element version = (Element) versions.item(i);
      Element owner = (Element) version.getParentNode();
      if (owner.getTagName().equals("parent") || fromParent(version.getTextContent(), parent)) {
        continue;
      }
      Element artifact = child(owner, "artifactId");
      problems.add(
          name
              + ": "
              + (artifact == null ? owner.getTagName() : artifact.getTextContent().strip())
              + "'s version is "
              + version.getTextContent().strip()
              + ", not a property of the parent");
    }
    return problems;
  }

  /** Whether {@code text} is exactly one property reference to a property of the parent. */
  private static boolean fromParent(String text, Set<String> parent) {
    Matcher reference = PROPERTY.matcher(text.strip());
    return reference.matches() && parent.contains(reference.group(1));
  }

  private static Set<String> properties(Document pom) {
    Set<String> names = new HashSet<>();
    Element properties = child(pom.getDocumentElement(), "properties");
    for (Element property : children(properties)) {
      names.add(property.getTagName());
    }
    return names;
  }

  private static List<Path> modulePoms() throws IOException {
    try (Stream<Path> entries = Files.list(ROOT)) {
      return entries
          .map(directory -> directory.resolve("pom.xml"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    }
  }

  private static Document parse(Path pom) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory.newDocumentBuilder().parse(pom.toFile());
  }

  private static Element child(Element parent, String tag) {
    for (Element child : children(parent)) {
      if (child.getTagName().equals(tag)) {
        return child;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent) {
    List<Element> elements = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
        elements.add((Element) nodes.item(i));
      }
    }
    return elements;
  }
}
