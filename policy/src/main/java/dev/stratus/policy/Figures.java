package dev.stratus.policy;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numbers in decision reasons, as {@code String.format(Locale.ROOT, "%.Nf", x)} writes them (the
 * shortest decimal that reads back as {@code x}, rounded half up), without a {@code Formatter}: a
 * reason is written for every decision, and the formatter was a tenth of a decision's cost.
 */
public final class Figures {
  private Figures() {}

  /** {@code x} with {@code places} decimals; NaN and infinities as Java writes them. */
  public static String decimals(double x, int places) {
    if (!Double.isFinite(x)) {
      return Double.toString(x);
    }
    return BigDecimal.valueOf(x).setScale(places, RoundingMode.HALF_UP).toPlainString();
  }
}
