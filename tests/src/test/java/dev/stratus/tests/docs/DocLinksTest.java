package dev.stratus.tests.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The docs hold together: a relative link finds its file and its heading, a dated figure lives in
 * the measurements document only, and the README stays a front page.
 */
class DocLinksTest {
  static final Pattern ISO_DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
  static List<MarkdownFile> docs;
  static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

  @BeforeAll
  static void read() throws Exception {
    docs = MarkdownFile.all();
    docs.forEach(d -> ANCHORS.put(d.path().normalize(), d.anchors()));
  }

  @Test
  void everyRelativeLinkFindsItsFileAndItsAnchor() {
    assertThat(docs).hasSizeGreaterThan(30);
    List<String> broken = new ArrayList<>();
    for (MarkdownFile doc : docs) {
      for (String link : doc.links()) {
        problem(doc, link).ifPresent(p -> broken.add(doc.name() + ": (" + link + ") " + p));
      }
    }
    assertThat(broken).as("links to files or headings that do not exist").isEmpty();
  }

  @Test
  void aDatedFigureLivesOnlyInTheMeasurementsDocument() {
    List<String> dated = new ArrayList<>();
    for (MarkdownFile doc : docs) {
      if (doc.name().equals("docs/measurements.md") || doc.name().startsWith("docs/adr/")) {
        continue;
      }
      for (String text : doc.prose()) {
        Matcher m = ISO_DATE.matcher(text);
        if (m.find()) {
          dated.add(doc.name() + ": " + text.strip());
        }
      }
    }
    assertThat(dated)
        .as("dates outside docs/measurements.md (move the figure there, link to it)")
        .isEmpty();
  }

  @Test
  void theReadmeIsAFrontPage() throws Exception {
    assertThat(Files.readAllLines(MarkdownFile.ROOT.resolve("README.md"))).hasSizeLessThan(251);
  }

  private static Optional<String> problem(MarkdownFile doc, String link) {
    if (link.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
      return Optional.empty(); // https:, mailto:, man: ...
    }
    int hash = link.indexOf('#');
    String file =
        URLDecoder.decode(hash < 0 ? link : link.substring(0, hash), StandardCharsets.UTF_8);
    String anchor = hash < 0 ? null : link.substring(hash + 1);
    Path target = file.isEmpty() ? doc.path() : doc.path().getParent().resolve(file).normalize();
    if (!Files.exists(target)) {
      return Optional.of("no such file " + MarkdownFile.ROOT.relativize(target));
    }
    if (anchor == null || anchor.isEmpty() || !target.toString().endsWith(".md")) {
      return Optional.empty();
    }
    if (anchor.matches("L\\d+(-L\\d+)?")) {
      return Optional.empty(); // a line of a file GitHub shows
    }
    Set<String> anchors = ANCHORS.getOrDefault(target, Set.of());
    return anchors.contains(anchor)
        ? Optional.empty()
        : Optional.of("no heading with anchor #" + anchor);
  }
}
