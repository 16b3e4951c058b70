package dev.stratus.simulator.engine;

import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Greedy;
import dev.stratus.policy.StratusDeadlinePolicy;
import dev.stratus.policy.UniformProgress;
import java.util.List;

/** The policies {@code stratus simulate} knows by name. */
public final class Policies {
  public static final String OMNISCIENT = "omniscient";
  public static final List<String> ALL =
      List.of("greedy", "uniform-progress", "stratus", OMNISCIENT);

  private Policies() {}

  /** A fresh online policy; {@code omniscient} is planned per sample instead. */
  public static DeadlinePolicy online(String name) {
    return switch (name) {
      case "greedy" -> new Greedy();
      case "uniform-progress" -> new UniformProgress();
      case "stratus" -> new StratusDeadlinePolicy();
      default ->
          throw new IllegalArgumentException(
              "unknown policy '" + name + "'; known: " + String.join(", ", ALL));
    };
  }

  public static List<String> parse(String csv) {
    List<String> names = List.of(csv.split(",")).stream().map(String::trim).toList();
    for (String n : names) {
      if (!ALL.contains(n)) {
        throw new IllegalArgumentException(
            "--policies: unknown policy '" + n + "'; known: " + String.join(", ", ALL));
      }
    }
    if (names.stream().distinct().count() != names.size()) {
      throw new IllegalArgumentException("--policies names a policy twice: " + csv);
    }
    return names;
  }
}
