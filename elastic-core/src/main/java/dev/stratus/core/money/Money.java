package dev.stratus.core.money;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Dollar arithmetic and formatting. Amounts stay unrounded {@link BigDecimal}s through every sum
 * (34 significant digits per division, exact additions) and are rounded to the cent only when
 * shown, so a total and the sum of its parts agree to the cent.
 */
public final class Money {
  private static final BigDecimal MILLIS_PER_HOUR = BigDecimal.valueOf(3_600_000L);

  private Money() {}

  /** {@code perHour} × {@code millis} / 1 h. */
  public static BigDecimal forMillis(BigDecimal perHour, long millis) {
    if (millis == 0 || perHour.signum() == 0) {
      return BigDecimal.ZERO;
    }
    return perHour
        .multiply(BigDecimal.valueOf(millis))
        .divide(MILLIS_PER_HOUR, MathContext.DECIMAL128);
  }

  /** {@code $1,234.50}: dollars with a thousands comma and two decimals, rounded half up. */
  public static String format(BigDecimal amount) {
    BigDecimal a = amount.setScale(2, RoundingMode.HALF_UP);
    // A held job's reason has four amounts: built by hand, not by a DecimalFormat per call, which
    // was most of the cost of admitting 10,000 requests (AdmissionBenchmark).
    String digits = a.abs().toPlainString();
    int dot = digits.length() - 3;
    StringBuilder out = new StringBuilder(digits.length() + digits.length() / 3 + 2);
    out.append(a.signum() < 0 ? "-$" : "$");
    for (int i = 0; i < dot; i++) {
      if (i > 0 && (dot - i) % 3 == 0) {
        out.append(',');
      }
      out.append(digits.charAt(i));
    }
    return out.append(digits, dot, digits.length()).toString();
  }

  /** Rounded to the cent, for output. */
  public static BigDecimal cents(BigDecimal amount) {
    return amount.setScale(2, RoundingMode.HALF_UP);
  }
}
