package dev.stratus.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FiguresTest {
  @Test
  void writesWhatTheFormatterWrites() {
    Random random = new Random(11);
    double[] edges = {0, 0.05, 0.15, 0.25, 2.25, 0.95, 9.95, 99.995, 1e-9, 123456.785, 1e7};
    for (double x : edges) {
      assertSame(x);
    }
    for (int i = 0; i < 100_000; i++) {
      double x =
          random.nextInt(4) == 0 ? random.nextInt(100_000) / 1000.0 : random.nextDouble() * 500;
      assertSame(x);
    }
  }

  @Test
  void nonFiniteNumbersAreWrittenAsJavaWritesThem() {
    assertThat(Figures.decimals(Double.POSITIVE_INFINITY, 1)).isEqualTo("Infinity");
    assertThat(Figures.decimals(Double.NaN, 2)).isEqualTo("NaN");
  }

  private static void assertSame(double x) {
    for (int places = 1; places <= 2; places++) {
      assertThat(Figures.decimals(x, places))
          .as("%s with %d decimals", x, places)
          .isEqualTo(String.format(Locale.ROOT, "%." + places + "f", x));
    }
  }
}
