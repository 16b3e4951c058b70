package dev.stratus.core.config;

import static dev.stratus.core.config.ConfigLoader.build;

import dev.stratus.api.model.Checks;
import dev.stratus.api.model.GpuOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a pool's {@code gpu.mig} (MIG profile to instances per GPU) and {@code gpu.requireEcc}.
 * Slurm finds MIG devices only through NVML ({@code gres.html#MIG_Management}: "specify
 * AutoDetect=nvml in gres.conf for the nodes with MIGs"), so a MIG pool must say {@code gres:
 * {autodetect: nvml}}.
 */
final class GpuOptionsReader {
  private GpuOptionsReader() {}

  static GpuOptions read(Fields gpu, String pool, String autodetect) {
    Map<String, Integer> mig = new LinkedHashMap<>();
    gpu.node("mig")
        .ifPresent(
            n -> {
              Fields m = Fields.freeForm(gpu.doc(), gpu.child("mig"), n);
              for (String profile : m.raw().entries().keySet()) {
                mig.put(profile, m.check(profile, m.integer(profile), Checks::positive));
              }
              if (mig.isEmpty()) {
                throw gpu.error("mig", "names no profile; leave it out for whole GPUs");
              }
            });
    if (!mig.isEmpty() && !autodetect.equals("nvml")) {
      throw gpu.error(
          "mig",
          "pool '"
              + pool
              + "' has MIG but gres.autodetect is "
              + (autodetect.isEmpty() ? "not set" : "'" + autodetect + "'")
              + ": Slurm finds MIG devices only through NVML, set gres: {autodetect: nvml}");
    }
    boolean ecc = gpu.bool("requireEcc", GpuOptions.DEFAULT.requireEcc());
    return build(gpu, () -> new GpuOptions(mig, ecc));
  }
}
