package dev.stratus.packaging;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where the package phase left things; failsafe passes each path (packaging/pom.xml). */
final class Built {
  private Built() {}

  static String property(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException(name + " is not set: run these tests with mvn verify");
    }
    return value;
  }

  static Path existing(String name) {
    Path p = Path.of(property(name));
    if (!Files.exists(p)) {
      throw new IllegalStateException(name + "=" + p + " does not exist: run mvn package first");
    }
    return p;
  }

  static String version() {
    return property("stratus.version");
  }

  /** Maven's {@code 0.1.0-SNAPSHOT} as Debian spells it: {@code 0.1.0~SNAPSHOT}. */
  static String debVersion() {
    return version().replace('-', '~');
  }

  /** The one {@code stratus_*_all.deb} the build made. */
  static Path deb() throws Exception {
    Path dir = existing("stratus.debDir");
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> debs =
          files.filter(f -> f.getFileName().toString().matches("stratus_.*_all\\.deb")).toList();
      if (debs.size() != 1) {
        throw new IllegalStateException("expected one stratus_*_all.deb in " + dir + ": " + debs);
      }
      return debs.get(0);
    }
  }
}
