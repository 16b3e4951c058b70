package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps each node's Slurm features true to what it runs on, so that a job's {@code --constraint}
 * lands right: a node with an instance advertises the capacity type it was launched as ({@code
 * spot} or {@code on-demand}, with its GPU model and pool name); a powered-down node advertises
 * every type its pool sells, what it could become ({@link Pool#features()}). Slurm keeps features
 * across power down (measured on 22.05), so both directions are needed. Nodes whose features Slurm
 * did not report, in another state, or of a pool whose provider could not be listed are left alone.
 */
final class NodeFeatures {
  private NodeFeatures() {}

  static List<Action> plan(Snapshot s, ClusterIndex index) {
    List<Action> out = new ArrayList<>();
    Map<List<String>, List<String>> launched = new LinkedHashMap<>();
    Map<List<String>, List<String>> poweredDown = new LinkedHashMap<>();
    for (SlurmNode node : s.slurm().nodes()) {
      if (node.activeFeatures().isEmpty()
          || node.invalidRegistration()) { // its instance goes: RegistrationCheck
        continue;
      }
      Pool pool = index.poolOf(node.name());
      if (pool == null || unlisted(s, pool)) {
        continue;
      }
      List<Instance> instances = index.instancesOf(node.name());
      Set<String> want;
      Map<List<String>, List<String>> group;
      if (!instances.isEmpty()) {
        Instance kept =
            instances.stream()
                .min(Comparator.comparing(Instance::launchedAt).thenComparing(Instance::id))
                .orElseThrow();
        want = pool.features(kept.offering().capacityType());
        group = launched;
      } else if (node.poweredDown()) {
        want = pool.features();
        group = poweredDown;
      } else {
        continue;
      }
      if (!node.activeFeatures().equals(want) || !node.availableFeatures().equals(want)) {
        group.computeIfAbsent(List.copyOf(want), k -> new ArrayList<>()).add(node.name());
      }
    }
    launched.forEach(
        (features, nodes) ->
            out.add(
                new Action.SetFeatures(
                    nodes, features, "launched as " + features.get(features.size() - 1))));
    poweredDown.forEach(
        (features, nodes) ->
            out.add(
                new Action.SetFeatures(
                    nodes, features, "powered down: every capacity type its pool sells")));
    return out;
  }

  private static boolean unlisted(Snapshot s, Pool pool) {
    return pool.offerings().stream()
        .anyMatch(o -> s.cloud().unlistedProviders().contains(o.provider()));
  }
}
