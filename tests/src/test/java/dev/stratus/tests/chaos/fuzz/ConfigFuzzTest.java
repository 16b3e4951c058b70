package dev.stratus.tests.chaos.fuzz;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.PlacementFile;
import dev.stratus.core.config.StratusConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Seeded fuzzing of the operator's files: stratus.yaml (from the shipped examples) through {@link
 * ConfigLoader} with every provider on the class path checking its block, and placement files
 * through {@link PlacementFile}. Each input is loaded or refused with a {@link ConfigException}
 * naming the file.
 */
class ConfigFuzzTest {
  static final Path EXAMPLES =
      Path.of(System.getProperty("basedir", ".")).resolve("../config-templates/examples");
  static final Path DIR = tempDir();
  static final List<String> YAML_TOKENS =
      List.of(
          ": ",
          "- ",
          "\n",
          "\n  ",
          "\n    - ",
          "{",
          "}",
          "[",
          "]",
          "&a ",
          "*a",
          "<<: *a",
          "!!binary ",
          "!!java.io.File ",
          "~",
          "null",
          "-1",
          "0x7f",
          "1e400",
          ".inf",
          "'",
          "\"",
          "#",
          "? ",
          "|",
          ">",
          "%YAML 1.2\n---\n",
          "\n---\n",
          "...",
          "\t",
          "99999999999999999999",
          "1h",
          "-5s",
          "0s",
          "maxNodes: 0",
          "capacity: spot",
          "provider: nowhere",
          "gpu: {model: h100, count: 8}");

  static final FuzzTarget STRATUS_YAML =
      new FuzzTarget(
          "stratus.yaml",
          ConfigException.class,
          "stratus.yaml",
          s -> ConfigLoader.load(write("stratus.yaml", s)));
  static final FuzzTarget PLACEMENT =
      new FuzzTarget(
          "placement file",
          ConfigException.class,
          "placement.yaml",
          s -> PlacementFile.load(write("placement.yaml", s), LocalExample.CONFIG));

  /** The local example's config, loaded once: placement files name its nodes. */
  static final class LocalExample {
    static final StratusConfig CONFIG = ConfigLoader.load(EXAMPLES.resolve("stratus-local.yaml"));
  }

  static Path tempDir() {
    try {
      return Files.createTempDirectory("stratus-config-fuzz-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path write(String name, String text) {
    try {
      // bytes as an editor would save them: an unpaired surrogate becomes '?'
      return Files.write(DIR.resolve(name), text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Provide
  Arbitrary<String> stratusYamls() {
    try (Stream<Path> files = Files.list(EXAMPLES)) {
      List<String> seeds =
          files
              .filter(p -> p.getFileName().toString().matches("stratus-.*\\.yaml"))
              .sorted()
              .map(DocumentFuzzTest::read)
              // relative paths in the examples resolve against the examples' directory
              .map(y -> y.replace("./", EXAMPLES.toAbsolutePath() + "/"))
              .toList();
      return Mutations.of(seeds, YAML_TOKENS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Property(tries = 1500, seed = DocumentFuzzTest.SEED)
  void stratusYamls(@ForAll("stratusYamls") String s) {
    STRATUS_YAML.attempt(s);
  }

  @Provide
  Arbitrary<String> placements() {
    return Mutations.of(
        List.of(
            "nodes:\n  gpu-001: [spine-1, leaf-a, host-17]\n  a100-002: [spine-1, leaf-b]\n",
            "# where the racks are\nnodes:\n  gpu-004:\n    - spine-2\n    - leaf-c\n"),
        Stream.concat(YAML_TOKENS.stream(), Stream.of("gpu-009", "gpu-001", "nodes")).toList());
  }

  @Property(tries = 1500, seed = DocumentFuzzTest.SEED)
  void placements(@ForAll("placements") String s) {
    PLACEMENT.attempt(s);
  }

  @AfterContainer
  static void recordFigures() {
    STRATUS_YAML.record();
    PLACEMENT.record();
  }
}
