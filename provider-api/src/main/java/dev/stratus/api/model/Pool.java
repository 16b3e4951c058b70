package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.positive;
import static dev.stratus.api.model.Checks.slurmName;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Slurm partition's set of elastic nodes. Node names are fixed slots {@code <name>-NNN}
 * predeclared in slurm.conf as {@code State=CLOUD}; a slot is bound to an instance only while the
 * instance runs (the binding lives in the instance's tags). Offerings are in order of preference;
 * {@code spotPolicy} says which of them a launch may use, and in which order. {@code gpuOptions}:
 * MIG layout and ECC check ({@link GpuOptions#DEFAULT} when not given).
 */
public record Pool(
    String name,
    String partition,
    String gpuModel,
    int gpusPerNode,
    int cpus,
    long memoryMiB,
    int maxNodes,
    List<Offering> offerings,
    GpuOptions gpuOptions,
    SpotPolicy spotPolicy) {
  /** A pool of whole GPUs with ECC required and the default policy, spot-preferred. */
  public Pool(
      String name,
      String partition,
      String gpuModel,
      int gpusPerNode,
      int cpus,
      long memoryMiB,
      int maxNodes,
      List<Offering> offerings) {
    this(
        name,
        partition,
        gpuModel,
        gpusPerNode,
        cpus,
        memoryMiB,
        maxNodes,
        offerings,
        GpuOptions.DEFAULT,
        SpotPolicy.SPOT_PREFERRED);
  }

  public Pool {
    slurmName("pool name", name);
    slurmName("partition", partition);
    slurmName("gpuModel", gpuModel);
    positive("gpusPerNode", gpusPerNode);
    positive("cpus", cpus);
    positive("memoryMiB", memoryMiB);
    positive("maxNodes", maxNodes);
    if (maxNodes > 9999) {
      throw new IllegalArgumentException("maxNodes must be <= 9999, got " + maxNodes);
    }
    offerings = List.copyOf(offerings);
    gpuOptions = gpuOptions == null ? GpuOptions.DEFAULT : gpuOptions;
    if (offerings.isEmpty()) {
      throw new IllegalArgumentException("pool '" + name + "' needs at least one offering");
    }
    if (spotPolicy == null) {
      throw new IllegalArgumentException("pool '" + name + "' needs a spot policy");
    }
    if (spotPolicy.order(offerings, 0).isEmpty() || spotPolicy.order(offerings, 1).isEmpty()) {
      throw new IllegalArgumentException(
          "pool '"
              + name
              + "' has spot policy "
              + spotPolicy.configName()
              + " but no offering it allows ("
              + (spotPolicy == SpotPolicy.SPOT_ONLY ? "no spot offering" : "no on-demand offering")
              + ")");
    }
    for (Offering o : offerings) {
      if (!o.gpuModel().equals(gpuModel) || o.gpusPerNode() < gpusPerNode) {
        throw new IllegalArgumentException(
            "pool '"
                + name
                + "' wants "
                + gpusPerNode
                + "x "
                + gpuModel
                + " per node but offering "
                + o.key()
                + " has "
                + o.gpusPerNode()
                + "x "
                + o.gpuModel());
      }
    }
  }

  /** The node's GPUs as Slurm counts them, GRES type to count ({@link GpuOptions#gresTypes}). */
  public Map<String, Integer> gresTypes() {
    return gpuOptions.gresTypes(gpuModel, gpusPerNode);
  }

  /**
   * The Slurm features of a powered-down node: GPU model, pool name, then {@code on-demand} and/or
   * {@code spot} as the offerings sell them (what the node could become, so that a job's constraint
   * can pick it).
   */
  public Set<String> features() {
    Set<String> f = new LinkedHashSet<>(List.of(gpuModel, name));
    for (CapacityType type : CapacityType.values()) {
      if (offerings.stream().anyMatch(o -> o.capacityType() == type)) {
        f.add(type.feature());
      }
    }
    return f;
  }

  /** The features of a node launched as {@code type}: GPU model, pool name and that type. */
  public Set<String> features(CapacityType type) {
    return new LinkedHashSet<>(List.of(gpuModel, name, type.feature()));
  }

  /** Digits in node names: at least 3, as in {@code gpu-001}. */
  public int nameDigits() {
    return Math.max(3, String.valueOf(maxNodes).length());
  }

  /** The slot name for index 1..maxNodes. */
  public String nodeName(int index) {
    if (index < 1 || index > maxNodes) {
      throw new IllegalArgumentException(
          "node index " + index + " outside 1.." + maxNodes + " of pool " + name);
    }
    // Not String.format: the planner names every slot of every pool on each pass.
    String digits = Integer.toString(index);
    return name + "-" + "0".repeat(Math.max(0, nameDigits() - digits.length())) + digits;
  }

  /** Every slot's name, in index order; immutable. */
  public List<String> nodeNames() {
    // The planner and the simulated Slurm name every slot of every pool on each pass; a pool's
    // names depend on its name and size only, so they are made once (bounded: pools are few).
    String key = name + "/" + maxNodes;
    List<String> known = NODE_NAMES.get(key);
    if (known != null) {
      return known;
    }
    List<String> names = new ArrayList<>(maxNodes);
    for (int i = 1; i <= maxNodes; i++) {
      names.add(nodeName(i));
    }
    if (NODE_NAMES.size() > 1024) {
      NODE_NAMES.clear();
    }
    List<String> made = List.copyOf(names);
    NODE_NAMES.put(key, made);
    return made;
  }

  private static final Map<String, List<String>> NODE_NAMES = new ConcurrentHashMap<>();

  /** True when the node name is one of this pool's slots. */
  public boolean owns(String nodeName) {
    if (!nodeName.startsWith(name + "-")) {
      return false;
    }
    String digits = nodeName.substring(name.length() + 1);
    if (digits.length() != nameDigits() || !digits.chars().allMatch(Character::isDigit)) {
      return false;
    }
    int index = Integer.parseInt(digits);
    return index >= 1 && index <= maxNodes;
  }

  /** The same pool with other offerings (live prices, reservations as the cloud describes them). */
  public Pool withOfferings(List<Offering> next) {
    return new Pool(
        name,
        partition,
        gpuModel,
        gpusPerNode,
        cpus,
        memoryMiB,
        maxNodes,
        next,
        gpuOptions,
        spotPolicy);
  }
}
