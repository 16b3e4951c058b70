package dev.stratus.tests.chaos;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;

/**
 * The chaos suite's figures, in {@code tests/target/reliability.json}: one object per experiment
 * ({@code fuzz.<target>}, {@code forged}, {@code cloudFaults.<cloud>}, ...), each with the time it
 * was measured. Every experiment merges its own entry, so surefire's and failsafe's runs (separate
 * JVMs, one after the other or at once) add to one file; a file lock keeps their writes whole.
 */
public final class Reliability {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Reliability() {}

  /** The file, under the tests module's {@code target/} (surefire runs in the module's dir). */
  public static Path file() {
    return Path.of(System.getProperty("basedir", ".")).resolve("target/reliability.json");
  }

  /**
   * Replaces the entry {@code section.key} (or {@code section} when {@code key} is null) with
   * {@code figures} and the time now.
   */
  public static synchronized void record(String section, String key, Map<String, ?> figures) {
    Path file = file();
    try {
      Files.createDirectories(file.getParent());
      try (FileChannel lockFile =
              FileChannel.open(
                  file.resolveSibling("reliability.lock"),
                  StandardOpenOption.CREATE,
                  StandardOpenOption.WRITE);
          FileLock lock = lockFile.lock()) {
        ObjectNode root =
            Files.exists(file) && Files.size(file) > 0
                ? (ObjectNode) JSON.readTree(file.toFile())
                : JSON.createObjectNode();
        ObjectNode entry = JSON.valueToTree(figures);
        entry.put("measuredAt", Instant.now().toString());
        if (key == null) {
          root.set(section, entry);
        } else {
          ObjectNode parent =
              root.get(section) instanceof ObjectNode o ? o : root.putObject(section);
          parent.set(key, entry);
        }
        Path tmp = file.resolveSibling("reliability.json.tmp");
        JSON.writeValue(tmp.toFile(), root);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record the figures in " + file, e);
    }
  }
}
