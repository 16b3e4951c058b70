package dev.stratus.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FiguresTest {
  @Test
  void writesWhatTheFormatterWrites() {
    Random random = new Random(11);
    double[] edges = {
      0,
      0.05,
      0.15,
      0.25,
      2.25,
      0.95,
      9.95,
      99.995,
      1e-9,
      123456.785,
      1e7,
      0.001,
      0.0005,
      0.5,
      9.5,
      999.9999,
      9999999.5,
      9999999.99
    };
    for (double x : edges) {
      assertSame(x);
    }
    for (int i = 0; i < 50_000; i++) {
      double x =
          switch (random.nextInt(4)) {
            case 0 -> random.nextInt(100_000) / 1000.0;
            case 1 -> Math.pow(10, random.nextDouble() * 11 - 4); // 1e-4 to 1e7: both notations
            default -> random.nextDouble() * 500;
          };
      assertSame(x);
    }
  }

  @Test
  void nonFiniteNumbersAreWrittenAsJavaWritesThem() {
    assertThat(Figures.decimals(Double.POSITIVE_INFINITY, 1)).isEqualTo("Infinity");
    assertThat(Figures.decimals(Double.NaN, 2)).isEqualTo("NaN");
  }

  private static void assertSame(double x) {
    for (int places = 0; places <= 3; places++) {
      assertThat(Figures.decimals(x, places))
          .as("%s with %d decimals", x, places)
          .isEqualTo(String.format(Locale.ROOT, "%." + places + "f", x));
    }
  }
}
