package dev.stratus.packaging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The node archive as a cloud node installs it: {@code tar -xzf ARCHIVE -C DIR}, as cloud-init
 * does, then {@code DIR/lib/*.jar}. Jars are named {@code groupId.artifactId-version.jar}; {@link
 * #artifacts()} maps each {@code groupId.artifactId} to its file.
 */
final class NodeArchive {
  /** Set by failsafe (packaging/pom.xml) to the archive the package phase built. */
  static final String PROPERTY = "stratus.nodeArchive";

  private static final Pattern JAR_NAME = Pattern.compile("(.+)-(\\d[^/]*)\\.jar");

  final Path file;
  final Path installDir;
  final List<String> entries;

  private NodeArchive(Path file, Path installDir, List<String> entries) {
    this.file = file;
    this.installDir = installDir;
    this.entries = entries;
  }

  static NodeArchive unpackInto(Path installDir) throws IOException, InterruptedException {
    String name = System.getProperty(PROPERTY);
    if (name == null || !Files.isRegularFile(Path.of(name))) {
      throw new IllegalStateException(
          PROPERTY
              + "="
              + name
              + " is not a file: run these tests with mvn verify (after package)");
    }
    Path file = Path.of(name);
    Run list = Run.of("tar", "-tzf", file.toString());
    Run unpack = Run.of("tar", "-xzf", file.toString(), "-C", installDir.toString());
    if (list.exit() != 0 || unpack.exit() != 0) {
      throw new IllegalStateException("tar failed on " + file + ": " + list.err() + unpack.err());
    }
    return new NodeArchive(file, installDir, list.out().lines().toList());
  }

  Path lib() {
    return installDir.resolve("lib");
  }

  /** {@code groupId.artifactId} of every jar in lib/, sorted, to its file. */
  Map<String, Path> artifacts() throws IOException {
    Map<String, Path> byArtifact = new TreeMap<>();
    try (Stream<Path> jars = Files.list(lib())) {
      for (Path jar : jars.toList()) {
        Matcher m = JAR_NAME.matcher(jar.getFileName().toString());
        if (!m.matches()) {
          throw new IllegalStateException(jar + " is not named groupId.artifactId-version.jar");
        }
        byArtifact.put(m.group(1), jar);
      }
    }
    return byArtifact;
  }
}
