package dev.stratus.simulator;

import java.util.ArrayList;
import java.util.List;

/** The command line of {@code simulate cluster} on the bundled Philly jobs and 13 H100 pools. */
public final class PhillyCluster {
  private PhillyCluster() {}

  /** {@code traces}: the trace directory under {@code traces/}; then any further options. */
  public static String[] args(String traces, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "cluster",
                "--jobs",
                "traces/philly/jobs_flat.csv",
                "--pools",
                "traces/cluster/stratus-h100-13.yaml",
                "--traces",
                "traces/" + traces));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }
}
