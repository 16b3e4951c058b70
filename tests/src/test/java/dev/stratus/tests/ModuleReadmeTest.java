package dev.stratus.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every module says in its README what it is for and, on a line that starts {@code **May depend
 * on:**}, which Stratus modules it may use (their artifact ids without {@code stratus-}, in
 * backticks; "every module" for tests/). Its pom must depend on exactly those outside test scope: a
 * new dependency is a decision written down where a reader looks, and a README that names a
 * dependency the pom dropped is stale.
 */
class ModuleReadmeTest {
  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  static final Pattern LINE =
      Pattern.compile("(?s)\\*\\*May depend on:\\*\\*(.*?)(?:\\n\\s*\\n|\\z)");
  static final Pattern NAME = Pattern.compile("`([a-z][a-z0-9-]*)`");

  @Test
  void everyModuleReadmeNamesExactlyTheModulesItsPomDependsOn() throws Exception {
    List<String> problems = new ArrayList<>();
    List<Path> poms = modulePoms();
    assertThat(poms).hasSizeGreaterThan(15);
    for (Path pom : poms) {
      Path dir = pom.getParent();
      String module = ROOT.relativize(dir).toString();
      Path readme = dir.resolve("README.md");
      if (!Files.exists(readme)) {
        problems.add(module + ": no README.md");
        continue;
      }
      Optional<Set<String>> allowed = allowed(Files.readString(readme));
      if (allowed.isEmpty()) {
        problems.add(module + "/README.md: no **May depend on:** line");
        continue;
      }
      Set<String> declared = stratusDependencies(pom);
      if (allowed.get().contains("*")) {
        continue;
      }
      if (!declared.equals(allowed.get())) {
        problems.add(module + ": README allows " + allowed.get() + ", pom depends on " + declared);
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void aReadmeThatNamesAModuleThePomLacksIsCaught() {
    Set<String> allowed =
        allowed("# x\n\n**May depend on:** `wire`, `hook` (and Jackson).\n").get();
    assertThat(allowed).containsExactlyInAnyOrder("wire", "hook");
    assertThat(allowed("**May depend on:** every module.\n").get()).containsExactly("*");
    assertThat(allowed("no line here")).isEmpty();
  }

  /** The modules named on the README's line; {@code *} for "every module". */
  static Optional<Set<String>> allowed(String readme) {
    Matcher m = LINE.matcher(readme);
    if (!m.find()) {
      return Optional.empty();
    }
    String text = m.group(1);
    Set<String> names = new TreeSet<>();
    if (text.contains("every module")) {
      names.add("*");
    }
    Matcher n = NAME.matcher(text.replaceAll("\\(.*?\\)", ""));
    while (n.find()) {
      names.add(n.group(1));
    }
    return Optional.of(names);
  }

  /** The pom's dependencies on dev.stratus artifacts outside test scope, without "stratus-". */
  static Set<String> stratusDependencies(Path pom) throws Exception {
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    Set<String> out = new TreeSet<>();
    NodeList deps = doc.getElementsByTagName("dependency");
    for (int i = 0; i < deps.getLength(); i++) {
      Element d = (Element) deps.item(i);
      if (d.getParentNode().getParentNode().getNodeName().equals("dependencyManagement")) {
        continue;
      }
      String group = text(d, "groupId");
      String scope = text(d, "scope");
      if (group.equals("dev.stratus") && !scope.equals("test")) {
        out.add(text(d, "artifactId").replaceFirst("^stratus-", ""));
      }
    }
    return out;
  }

  private static String text(Element e, String tag) {
    NodeList l = e.getElementsByTagName(tag);
    return l.getLength() == 0 ? "" : l.item(0).getTextContent().strip();
  }

  /** Every module that builds a jar: a pom.xml whose packaging is not "pom". */
  static List<Path> modulePoms() throws IOException {
    try (Stream<Path> s = Files.walk(ROOT, 3)) {
      return s.filter(p -> p.getFileName().toString().equals("pom.xml"))
          .filter(p -> !p.getParent().equals(ROOT))
          .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/src/"))
          .filter(ModuleReadmeTest::buildsAJar)
          .sorted()
          .toList();
    }
  }

  private static boolean buildsAJar(Path pom) {
    try {
      return !Files.readString(pom).contains("<packaging>pom</packaging>");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
