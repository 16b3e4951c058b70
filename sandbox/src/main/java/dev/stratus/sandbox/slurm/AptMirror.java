package dev.stratus.sandbox.slurm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Debian mirror this machine's apt uses, so that debootstrap fetches from where apt already can
 * (a machine with only a local mirror reachable still builds the root). Reads {@code sources.list}
 * and {@code sources.list.d/*.list} (one-line format) and {@code *.sources} (deb822); the first
 * {@code deb} entry whose suite is not a security or updates suite wins.
 */
public final class AptMirror {
  /** Used when apt names no Debian mirror. */
  public static final String FALLBACK = "http://deb.debian.org/debian";

  private AptMirror() {}

  /** The mirror named under {@code aptDir} (normally {@code /etc/apt}), else {@link #FALLBACK}. */
  public static String of(Path aptDir) throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(aptDir.resolve("sources.list"));
    Path dir = aptDir.resolve("sources.list.d");
    if (Files.isDirectory(dir)) {
      try (Stream<Path> listed = Files.list(dir)) {
        listed.sorted().forEach(files::add);
      }
    }
    for (Path file : files) {
      String name = file.getFileName().toString();
      if (!Files.isRegularFile(file)) {
        continue;
      }
      Optional<String> found =
          name.endsWith(".sources")
              ? fromDeb822(Files.readString(file))
              : name.endsWith(".list") ? fromOneLine(Files.readString(file)) : Optional.empty();
      if (found.isPresent()) {
        return found.get();
      }
    }
    return FALLBACK;
  }

  /** {@code deb [options] URI SUITE COMPONENTS} lines. */
  static Optional<String> fromOneLine(String text) {
    for (String raw : text.split("\n")) {
      String line = raw.replaceAll("#.*", "").replaceAll("\\[[^]]*]", " ").strip();
      String[] f = line.split("\\s+");
      if (f.length >= 3 && f[0].equals("deb") && mainSuite(f[2])) {
        return Optional.of(f[1]);
      }
    }
    return Optional.empty();
  }

  /** Stanzas of {@code Types:}, {@code URIs:}, {@code Suites:} separated by blank lines. */
  static Optional<String> fromDeb822(String text) {
    for (String stanza : text.split("\n\\s*\n")) {
      String types = field(stanza, "Types");
      String uris = field(stanza, "URIs");
      String suites = field(stanza, "Suites");
      boolean enabled = !field(stanza, "Enabled").equalsIgnoreCase("no");
      if (enabled
          && List.of(types.split("\\s+")).contains("deb")
          && !uris.isEmpty()
          && Stream.of(suites.split("\\s+")).anyMatch(AptMirror::mainSuite)) {
        return Optional.of(uris.split("\\s+")[0]);
      }
    }
    return Optional.empty();
  }

  private static String field(String stanza, String name) {
    for (String line : stanza.split("\n")) {
      if (!line.startsWith("#") && line.regionMatches(true, 0, name + ":", 0, name.length() + 1)) {
        return line.substring(name.length() + 1).strip();
      }
    }
    return "";
  }

  /** A release suite (bookworm, trixie, stable), not its -security/-updates/-backports side. */
  private static boolean mainSuite(String suite) {
    return !suite.isEmpty() && !suite.contains("-") && !suite.contains("/");
  }
}
