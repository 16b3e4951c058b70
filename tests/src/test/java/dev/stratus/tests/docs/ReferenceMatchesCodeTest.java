package dev.stratus.tests.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.Providers;
import dev.stratus.cli.StratusCli;
import dev.stratus.core.config.ConfigKeys;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The reference says what the code accepts: every stratus.yaml key the loader and the providers
 * declare has a row in docs/reference/stratus-yaml.md and every row is a key they declare; every
 * command of the command tree has a heading in docs/reference/commands.md and every heading is a
 * command.
 */
class ReferenceMatchesCodeTest {
  static final Path ROOT = MarkdownFile.ROOT;

  /** Valid files that together visit every section (each declares its keys when visited). */
  static final List<Path> CONFIGS =
      List.of(
          ROOT.resolve("config-templates/examples/stratus-local.yaml"),
          ROOT.resolve("config-templates/examples/stratus-multicloud.yaml"),
          ROOT.resolve("packaging/src/dist/etc/stratus.yaml.example"),
          ROOT.resolve("tests/src/test/resources/docs/every-section.yaml"));

  @Test
  void everyStratusYamlKeyHasARowAndEveryRowIsAKey() {
    Map<String, NodeProviderFactory> shipped = new TreeMap<>();
    Providers.discover(getClass().getClassLoader())
        .forEach(
            (name, factory) -> {
              if (!factory.getClass().getName().startsWith("dev.stratus.tests.")) {
                shipped.put(name, factory); // not the benchmarks' test doubles
              }
            });
    assertThat(shipped).containsKeys("local", "aws", "gcp", "azure", "oci", "lambda");
    Set<String> code = new TreeSet<>();
    for (Path config : CONFIGS) {
      ConfigKeys.of(config, shipped).forEach(k -> code.add(folded(k)));
    }
    assertThat(code).contains("pools.gpu.model", "controller.tls.certFile", "providers.aws");
    Set<String> documented = new TreeSet<>();
    MarkdownFile.read(ROOT.resolve("docs/reference/stratus-yaml.md"))
        .firstCellCode()
        .forEach(k -> documented.add(folded(k)));
    assertThat(difference(code, documented))
        .as("keys the code accepts that docs/reference/stratus-yaml.md does not name")
        .isEmpty();
    assertThat(difference(documented, code))
        .as("keys docs/reference/stratus-yaml.md names that the code does not accept")
        .isEmpty();
  }

  @Test
  void everyCommandHasAHeadingAndEveryHeadingIsACommand() {
    Set<String> code = new TreeSet<>();
    commands(StratusCli.commandLine(), "stratus", code);
    code.remove("stratus"); // the reference's page itself
    assertThat(code).contains("stratus config keys", "stratus demo", "stratus local reclaim");
    Set<String> documented = new TreeSet<>();
    for (String heading :
        MarkdownFile.read(ROOT.resolve("docs/reference/commands.md")).headings(3)) {
      if (heading.startsWith("stratus ")) {
        documented.add(heading);
      }
    }
    assertThat(difference(code, documented))
        .as("commands docs/reference/commands.md has no ### heading for")
        .isEmpty();
    assertThat(difference(documented, code))
        .as("### headings in docs/reference/commands.md that are no command")
        .isEmpty();
  }

  private static void commands(CommandLine line, String name, Set<String> out) {
    out.add(name);
    line.getSubcommands()
        .forEach(
            (sub, child) -> {
              if (child.getCommandName().equals(sub)) { // aliases once
                commands(child, name + " " + sub, out);
              }
            });
  }

  /** A list level is written {@code pools[]} in the reference and walked as one more dot. */
  private static String folded(String key) {
    return key.replace("[]", "").strip();
  }

  private static Set<String> difference(Set<String> a, Set<String> b) {
    Set<String> out = new TreeSet<>(a);
    out.removeAll(b);
    return out;
  }
}
