package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares rendered text with {@code src/test/resources/golden/<name>}. To accept new output after
 * a deliberate template change, run {@code mvn -pl elastic-core -am test -Dtest='*Golden*'
 * -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true}, then review the diff in git.
 */
final class Golden {
  static final Path DIR = Path.of("src/test/resources/golden");

  private Golden() {}

  static void assertMatches(String name, String actual) throws IOException {
    Path file = DIR.resolve(name);
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(DIR);
      Files.writeString(file, actual);
    }
    assertThat(file).as("golden file %s (regenerate with -Dgolden.update=true)", file).exists();
    assertThat(actual).as("rendered %s vs golden %s", name, file).isEqualTo(Files.readString(file));
  }
}
