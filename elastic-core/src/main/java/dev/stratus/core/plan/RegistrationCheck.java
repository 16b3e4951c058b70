package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A node whose slurmd registered with less than its NodeName line (fewer CPUs, less memory, fewer
 * GPUs: Slurm sets it INVAL, {@link SlurmNode#invalidRegistration}) can never run what its pool
 * promises: it is set DOWN saying what it has against what the pool says, its instance is
 * terminated, and its offering is marked invalid (the instance type does not have what the pool
 * declares; trying it again later would fail the same way). Slurm already requeued the job.
 */
final class RegistrationCheck {
  private static final Pattern MEMORY = Pattern.compile("Low RealMemory \\(reported:(\\d+)");
  private static final Pattern GPU_COUNT = Pattern.compile(":(\\d+)(\\(.*\\))?$");

  private RegistrationCheck() {}

  static List<Action> plan(Snapshot s, ClusterIndex index) {
    List<Action> out = new ArrayList<>();
    for (SlurmNode node : s.slurm().nodes()) {
      if (!node.invalidRegistration()) {
        continue;
      }
      Pool pool = index.poolOf(node.name());
      List<Instance> instances = index.instancesOf(node.name());
      if (pool == null || instances.isEmpty()) {
        continue;
      }
      Set<OfferingKey> offerings = new LinkedHashSet<>();
      instances.forEach(i -> offerings.add(i.offering()));
      String what = shortOf(node, pool);
      out.add(
          new Action.SetDown(
              List.of(node.name()),
              Reasons.of(what + "; instance terminated, offering marked invalid")));
      out.add(
          new Action.Terminate(
              instances.stream().map(Instance::id).toList(), node.name() + " " + what));
      offerings.forEach(o -> out.add(new Action.OfferingInvalid(o, node.name() + " " + what)));
    }
    return out;
  }

  /** E.g. "registered short of pool gpu: 24105 MiB memory < 30000; fewer CPUs than 4". */
  static String shortOf(SlurmNode node, Pool pool) {
    List<String> parts = new ArrayList<>();
    Matcher memory = MEMORY.matcher(node.reason());
    if (memory.find()) {
      parts.add(memory.group(1) + " MiB memory < " + pool.memoryMiB());
    }
    int expected = pool.gresTypes().values().stream().mapToInt(Integer::intValue).sum();
    int gpus = gpus(node.gres());
    if (gpus < expected) {
      parts.add(gpus + " GPUs < " + expected + " " + pool.gpuModel());
    }
    if (node.reason().contains("Low CPUs") || node.reason().contains("Low socket")) {
      parts.add("fewer CPUs than " + pool.cpus());
    }
    if (parts.isEmpty()) {
      parts.add("less than its NodeName line (" + node.reason() + ")");
    }
    return "registered short of pool " + pool.name() + ": " + String.join("; ", parts);
  }

  /** GPUs in a node's Gres as slurmctld shows it, e.g. {@code gpu:h100:2(S:0)} is 2. */
  private static int gpus(String gres) {
    int total = 0;
    for (String entry : gres.split(",")) {
      Matcher m = GPU_COUNT.matcher(entry.strip());
      if (entry.strip().startsWith("gpu") && m.find()) {
        total += Integer.parseInt(m.group(1));
      }
    }
    return total;
  }
}
