package dev.stratus.simulator;

import dev.stratus.simulator.trace.Market;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/** Hand-made markets on a 10-minute tick for the simulator tests. */
final class Markets {
  private Markets() {}

  /** One zone, spot $1/h and on-demand $3/h; {@code pattern} has one char per tick, '1' = up. */
  static Market oneZone(String pattern) {
    return zones(new double[] {1}, 3, pattern);
  }

  static Market zones(double[] spotPrices, double onDemand, String... patterns) {
    int ticks = patterns[0].length();
    boolean[][] available = new boolean[patterns.length][ticks];
    double[][] spot = new double[patterns.length][ticks];
    double[] od = new double[patterns.length];
    for (int l = 0; l < patterns.length; l++) {
      for (int i = 0; i < ticks; i++) {
        available[l][i] = patterns[l].charAt(i) == '1';
      }
      Arrays.fill(spot[l], spotPrices[l]);
      od[l] = onDemand;
    }
    List<String> names = IntStream.range(0, patterns.length).mapToObj(l -> "z" + l).toList();
    return new Market(names, 600, Instant.parse("2024-01-01T00:00:00Z"), available, spot, od);
  }

  static String repeat(char c, int n) {
    return String.valueOf(c).repeat(n);
  }
}
