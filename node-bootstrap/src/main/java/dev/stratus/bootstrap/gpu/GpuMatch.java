package dev.stratus.bootstrap.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares what nvidia-smi found with what Slurm was told. Pure. Problems are joined by "; " and
 * each starts with "gpu: ", e.g. {@code gpu: found 7 of 8 h100}: the text becomes the node's DOWN
 * reason.
 */
public final class GpuMatch {
  private GpuMatch() {}

  public static Optional<String> check(
      List<GpuInfo> found, int expectedCount, GpuCheck.NvidiaSmi want) {
    List<String> problems = new ArrayList<>();
    List<GpuInfo> ofType = found.stream().filter(g -> g.type().equals(want.gpuType())).toList();
    Map<String, Integer> others = new TreeMap<>();
    found.stream()
        .filter(g -> !g.type().equals(want.gpuType()))
        .forEach(g -> others.merge(g.type(), 1, Integer::sum));
    if (want.mig().isEmpty()) {
      if (ofType.size() != expectedCount) {
        problems.add(
            "gpu: found "
                + ofType.size()
                + " of "
                + expectedCount
                + " "
                + want.gpuType()
                + (others.isEmpty() ? "" : " (other GPUs: " + others + ")"));
      }
      for (GpuInfo g : ofType) {
        if (g.migEnabled()) {
          problems.add(
              "gpu: MIG is enabled on " + g.busId() + " but the node's Gres has no MIG types");
        }
      }
    } else {
      migProblems(ofType, want, problems);
      if (ofType.isEmpty()) {
        problems.add(
            "gpu: found 0 "
                + want.gpuType()
                + " GPUs"
                + (others.isEmpty() ? "" : " (other GPUs: " + others + ")"));
      }
    }
    if (want.requireEcc()) {
      for (GpuInfo g : ofType) {
        if (!"Enabled".equalsIgnoreCase(g.ecc())) {
          problems.add(
              "gpu: ECC is "
                  + (g.ecc().isEmpty() ? "not reported" : g.ecc())
                  + " on "
                  + g.busId()
                  + " ("
                  + g.type()
                  + "), and requireEcc is set");
        }
      }
    }
    return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
  }

  private static void migProblems(
      List<GpuInfo> ofType, GpuCheck.NvidiaSmi want, List<String> problems) {
    Map<String, Integer> have = new TreeMap<>();
    for (GpuInfo g : ofType) {
      if (!g.migEnabled()) {
        problems.add(
            "gpu: MIG is "
                + (g.mig().isEmpty() ? "not reported" : g.mig())
                + " on "
                + g.busId()
                + " but the node's Gres expects "
                + want.migSorted().keySet());
        continue;
      }
      for (GpuInfo.MigDevice d : g.migDevices()) {
        have.merge(GpuModels.migGresType(g.type(), d), 1, Integer::sum);
      }
    }
    TreeSet<String> types = new TreeSet<>(want.mig().keySet());
    types.addAll(have.keySet());
    for (String t : types) {
      int w = want.mig().getOrDefault(t, 0);
      int h = have.getOrDefault(t, 0);
      if (w != h) {
        problems.add(
            w == 0
                ? "gpu: found " + h + " unexpected " + t
                : "gpu: found " + h + " of " + w + " " + t);
      }
    }
  }
}
