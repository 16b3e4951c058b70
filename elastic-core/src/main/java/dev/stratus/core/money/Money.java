package dev.stratus.core.money;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

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
    DecimalFormat f = new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.ROOT));
    f.setRoundingMode(RoundingMode.HALF_UP);
    BigDecimal a = amount.setScale(2, RoundingMode.HALF_UP);
    return (a.signum() < 0 ? "-$" : "$") + f.format(a.abs());
  }

  /** Rounded to the cent, for output. */
  public static BigDecimal cents(BigDecimal amount) {
    return amount.setScale(2, RoundingMode.HALF_UP);
  }
}
