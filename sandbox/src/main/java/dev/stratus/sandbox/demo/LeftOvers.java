package dev.stratus.sandbox.demo;

import dev.stratus.sandbox.embedded.EmbeddedSpec;
import dev.stratus.sandbox.process.Processes;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Counts what a cluster may have left on the machine: network namespaces and its bridge. The local
 * provider names its namespaces {@code st-<cluster>-<node>} (its documented convention), which is
 * how they are told apart from anyone else's.
 */
final class LeftOvers {
  private LeftOvers() {}

  /** Namespaces of this cluster still present, plus one if its bridge still exists. */
  static int namespaces(EmbeddedSpec spec) {
    var log = spec.root().resolve("log/teardown.log");
    Processes.Result netns =
        Processes.output(List.of("ip", "netns", "list"), Map.of(), log, Duration.ofSeconds(10));
    int count = 0;
    for (String line : netns.stdout().split("\n")) {
      if (line.startsWith("st-" + spec.cluster() + "-")) {
        count++;
      }
    }
    int bridge =
        Processes.run(
            List.of("ip", "link", "show", spec.bridge()), Map.of(), log, Duration.ofSeconds(10));
    return count + (bridge == 0 ? 1 : 0);
  }
}
