package dev.stratus.api.model;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What a pool says about its GPUs beyond model and count, and how the node's agent checks them.
 *
 * @param migPerGpu MIG profile (e.g. {@code 3g.20gb}) to the number of such instances on each GPU;
 *     empty: whole GPUs. Slurm then counts the MIG instances as the node's GPUs, with the GRES type
 *     {@code <model>_<profile>} (e.g. {@code a100_3g.20gb}), the name NVML gives them
 * @param requireEcc the node refuses to start slurmd on a GPU whose ECC is not enabled
 */
public record GpuOptions(Map<String, Integer> migPerGpu, boolean requireEcc) {
  /** Whole GPUs, ECC required: what a pool gets unless it says otherwise. */
  public static final GpuOptions DEFAULT = new GpuOptions(Map.of(), true);

  private static final Pattern PROFILE = Pattern.compile("([1-7])g\\.[1-9][0-9]{0,2}gb");

  /** A100, A30 and H100 have seven compute slices; a MIG layout cannot use more. */
  public static final int COMPUTE_SLICES = 7;

  public GpuOptions {
    migPerGpu = new TreeMap<>(migPerGpu == null ? Map.of() : migPerGpu);
    int slices = 0;
    for (Map.Entry<String, Integer> e : migPerGpu.entrySet()) {
      var m = PROFILE.matcher(e.getKey());
      if (!m.matches()) {
        throw new IllegalArgumentException(
            "MIG profile '" + e.getKey() + "' must look like 3g.20gb (compute slices 1-7, memory)");
      }
      if (e.getValue() == null || e.getValue() < 1) {
        throw new IllegalArgumentException(
            "MIG profile " + e.getKey() + " needs >= 1 instance per GPU, got " + e.getValue());
      }
      slices += Integer.parseInt(m.group(1)) * e.getValue();
    }
    if (slices > COMPUTE_SLICES) {
      throw new IllegalArgumentException(
          "MIG layout "
              + migPerGpu
              + " needs "
              + slices
              + " compute slices per GPU; a GPU has "
              + COMPUTE_SLICES);
    }
    migPerGpu = Collections.unmodifiableMap(migPerGpu);
  }

  public boolean mig() {
    return !migPerGpu.isEmpty();
  }

  /**
   * The node's GPUs as Slurm counts them, GRES type to count, sorted: {@code {h100=8}} for whole
   * GPUs; with MIG, each profile's instances on all {@code gpus}, e.g. {@code {a100_3g.20gb=16}}.
   */
  public Map<String, Integer> gresTypes(String model, int gpus) {
    Map<String, Integer> types = new TreeMap<>();
    if (!mig()) {
      types.put(model, gpus);
    }
    migPerGpu.forEach((profile, n) -> types.put(model + "_" + profile, n * gpus));
    return types;
  }
}
