package dev.stratus.simulator;

import java.util.ArrayList;
import java.util.List;

/**
 * Can't Be Late's Table 3 setup as {@code simulate single} arguments: 48 h of work due in 60 h,
 * changeover 0.2 h, p3.2xlarge prices, the first 14 days of the 8 traces, seed 1.
 */
public final class Table3 {
  private Table3() {}

  public static String[] args(int starts, String... more) {
    List<String> a =
        new ArrayList<>(List.of("single", "--traces", "traces/cant-be-late/aws-10-26-2022"));
    a.addAll(jobAndPrices());
    a.addAll(List.of("--to-hour", "336", "--starts", Integer.toString(starts), "--seed", "1"));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  /** The job (48 h of work due in 60 h, changeover 0.2 h) and the p3.2xlarge prices. */
  public static List<String> jobAndPrices() {
    return List.of(
        "--job-hours",
        "48",
        "--deadline-hours",
        "60",
        "--changeover-hours",
        "0.2",
        "--on-demand-price",
        "3.06",
        "--spot-price",
        "0.9731");
  }
}
