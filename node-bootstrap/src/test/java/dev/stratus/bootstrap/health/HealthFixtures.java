package dev.stratus.bootstrap.health;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** The test resources, and fake nvidia-smi / dcgmi scripts that print them. */
final class HealthFixtures {
  private HealthFixtures() {}

  /** {@code nvidia-smi/NAME} or {@code health/NAME} from the test resources. */
  static String text(String path) {
    try (InputStream in = HealthFixtures.class.getResourceAsStream("/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path copy(Path dir, String path) throws IOException {
    Path f = dir.resolve(Path.of(path).getFileName());
    Files.writeString(f, text(path));
    return f;
  }

  static Path script(Path dir, String name, String body) throws IOException {
    Path script = dir.resolve(name);
    Files.writeString(script, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    return script;
  }

  /** A fake nvidia-smi: {@code -q -x} prints the XML fixture, {@code nvlink -s} the NVLink one. */
  static Path nvidiaSmi(Path dir, String xmlFixture, String nvlinkFixture) throws IOException {
    Path xml = copy(dir, "nvidia-smi/" + xmlFixture);
    Path nvlink = copy(dir, "health/" + nvlinkFixture);
    return script(
        dir,
        "nvidia-smi",
        "case \"$1 $2\" in\n"
            + "  \"-q -x\") cat "
            + xml
            + " ;;\n"
            + "  \"nvlink -s\") cat "
            + nvlink
            + " ;;\n"
            + "  *) echo \"bad args $*\" >&2; exit 9 ;;\n"
            + "esac");
  }
}
