package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PlacementFileTest {
  static final StratusConfig CONFIG =
      ConfigLoader.load(
          Path.of("../config-templates/examples/stratus-multicloud.yaml"),
          DeclaredKeysProviders.ALL);

  @TempDir Path dir;

  Path write(String yaml) throws IOException {
    Path file = dir.resolve("placement.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void readsEachNodesSwitchPathInOrder() throws IOException {
    Map<String, List<String>> paths =
        PlacementFile.load(
            write("nodes:\n  gcp-a100-002: [c1, r7]\n  aws-h100-001: [spine, agg, leaf]\n"),
            CONFIG);

    assertThat(paths)
        .containsExactly(
            Map.entry("gcp-a100-002", List.of("c1", "r7")),
            Map.entry("aws-h100-001", List.of("spine", "agg", "leaf")));
  }

  @Test
  void anEmptyNodeMapLeavesEveryNodeUnplaced() throws IOException {
    assertThat(PlacementFile.load(write("nodes: {}\n"), CONFIG)).isEmpty();
  }

  static Stream<Arguments> mistakes() {
    return Stream.of(
        Arguments.of(
            "nodes:\n  aws-h100-009: [s, l]\n",
            "placement.yaml:2:17: nodes.aws-h100-009: no pool has a node of this name (nodes are"
                + " aws-h100-001..aws-h100-004, gcp-a100-001..gcp-a100-002,"
                + " azure-h100-001..azure-h100-002)"),
        Arguments.of(
            "nodes:\n  aws-h100-001: leaf-3\n",
            "placement.yaml:2:17: nodes.aws-h100-001: expected a list, got 'leaf-3'"),
        Arguments.of(
            "nodes:\n  aws-h100-001: []\n",
            "placement.yaml:2:17: nodes.aws-h100-001: expected a list of switch names from the top"),
        Arguments.of(
            "nodes:\n  aws-h100-001: [spine, {leaf: 3}]\n",
            "placement.yaml:2:25: nodes.aws-h100-001[1]: expected a word, got a mapping"),
        Arguments.of(
            "nodes:\n  aws-h100-001: [spine, \" \"]\n",
            "placement.yaml:2:17: nodes.aws-h100-001: a switch name is blank"),
        Arguments.of(
            "node:\n  aws-h100-001: [spine]\n",
            "placement.yaml:1:1: unknown key 'node' (known: nodes)"),
        Arguments.of("nodes:\n", "placement.yaml:1:1: missing required key 'nodes'"),
        Arguments.of("nodes: [aws-h100-001]\n", "placement.yaml:1:8: nodes: expected a mapping"),
        Arguments.of(
            "nodes:\n  aws-h100-001: [a]\n  aws-h100-001: [b]\n",
            "placement.yaml:3:3: duplicate key"));
  }

  @ParameterizedTest
  @MethodSource("mistakes")
  void aMistakeNamesTheFileLineNodeAndProblem(String yaml, String expected) throws IOException {
    Path file = write(yaml);

    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> PlacementFile.load(file, CONFIG));

    assertThat(e).isNotNull();
    assertThat(e.getMessage()).startsWith(file.toString()).contains(expected);
  }

  @Test
  void anUnreadableFileIsNamed() {
    Path missing = dir.resolve("nope.yaml");

    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> PlacementFile.load(missing, CONFIG));

    assertThat(e.getMessage()).startsWith(missing + ": cannot read the placement file");
  }
}
