package dev.stratus.bootstrap.gpu;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** Which GPU verifier the agent runs before slurmd (settings key {@code gpuCheck}). */
public sealed interface GpuCheck {
  Pattern TYPE = Pattern.compile("[a-z0-9][a-z0-9.-]*");
  Pattern MIG_TYPE = Pattern.compile("([a-z0-9][a-z0-9.-]*)_([1-8]g\\.[0-9]+gb)");

  /** Count {@code nvidiaN} device files in the settings' deviceDir (local nodes, fake devices). */
  record DeviceFiles() implements GpuCheck {}

  /**
   * Run {@code nvidia-smi -q -x} and compare with the node's Gres (cloud VMs). Without MIG, {@code
   * gpuCount} GPUs of {@code gpuType} are expected and none may have MIG enabled; with MIG, every
   * {@code gpuType} GPU must have it enabled and the MIG devices must be exactly {@code mig} (Gres
   * type such as {@code a100_3g.20gb} to count; the counts add up to {@code gpuCount}).
   */
  record NvidiaSmi(Path binary, String gpuType, Map<String, Integer> mig, boolean requireEcc)
      implements GpuCheck {
    public NvidiaSmi {
      if (binary == null || !binary.isAbsolute()) {
        throw new IllegalArgumentException(
            "gpuCheck.nvidiaSmi must be an absolute path, got '" + binary + "'");
      }
      if (gpuType == null || !TYPE.matcher(gpuType).matches()) {
        throw new IllegalArgumentException(
            "gpuCheck.gpuType must be a Gres type like h100, got '" + gpuType + "'");
      }
      mig = Map.copyOf(mig == null ? Map.of() : mig);
      for (Map.Entry<String, Integer> e : mig.entrySet()) {
        var m = MIG_TYPE.matcher(e.getKey());
        if (!m.matches() || !m.group(1).equals(gpuType)) {
          throw new IllegalArgumentException(
              "gpuCheck.mig key '" + e.getKey() + "' must look like " + gpuType + "_3g.20gb");
        }
        if (e.getValue() == null || e.getValue() < 1) {
          throw new IllegalArgumentException(
              "gpuCheck.mig." + e.getKey() + " must be >= 1, got " + e.getValue());
        }
      }
    }

    /** The MIG map sorted by type, for stable messages and JSON. */
    public Map<String, Integer> migSorted() {
      return new TreeMap<>(mig);
    }

    public int migDeviceCount() {
      return mig.values().stream().mapToInt(Integer::intValue).sum();
    }
  }
}
