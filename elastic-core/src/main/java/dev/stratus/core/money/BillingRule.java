package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;

/**
 * How a cloud turns an instance's run time into billed time: whole {@code increment}s, rounded up
 * or (Azure) down, and at least {@code minimum}. {@link #forProvider} holds the rules Stratus uses
 * for each provider, from the clouds' own billing pages (README, "Billing granularity"):
 *
 * <ul>
 *   <li>AWS EC2, Linux: per second, 60 s minimum;
 *   <li>GCP Compute Engine: per second, 1 minute minimum;
 *   <li>Azure VMs: per full minute (a partial minute is not billed), 1 minute minimum;
 *   <li>OCI: per second, 1 minute minimum;
 *   <li>Lambda Cloud: one-minute increments;
 *   <li>local (and any other): per second, no minimum.
 * </ul>
 */
public record BillingRule(Duration minimum, Duration increment, boolean roundUp) {

  public static final BillingRule PER_SECOND = new BillingRule(Duration.ZERO, seconds(1), true);

  public BillingRule {
    notNull("minimum", minimum);
    notNull("increment", increment);
    if (minimum.isNegative() || increment.isNegative() || increment.isZero()) {
      throw new IllegalArgumentException(
          "billing needs minimum >= 0 and increment > 0, got " + minimum + ", " + increment);
    }
  }

  public static BillingRule forProvider(String provider) {
    return switch (provider.toLowerCase(Locale.ROOT)) {
      case "aws", "gcp", "oci" -> new BillingRule(seconds(60), seconds(1), true);
      case "azure" -> new BillingRule(seconds(60), seconds(60), false);
      case "lambda" -> new BillingRule(seconds(60), seconds(60), true);
      default -> PER_SECOND;
    };
  }

  /**
   * The billed length of a run that lasted {@code ran}: whole increments (rounded as the cloud
   * does), never less than the minimum. A negative run (clocks disagreeing) bills as zero run.
   */
  public Duration billed(Duration ran) {
    long runMillis = Math.max(0, ran.toMillis());
    long step = increment.toMillis();
    long steps = roundUp ? (runMillis + step - 1) / step : runMillis / step;
    return Duration.ofMillis(Math.max(steps * step, minimum.toMillis()));
  }

  /** What a run of {@code ran} at {@code perHour} costs, unrounded (USD). */
  public BigDecimal cost(BigDecimal perHour, Duration ran) {
    return Money.forMillis(perHour, billed(ran).toMillis());
  }

  private static Duration seconds(long s) {
    return Duration.ofSeconds(s);
  }
}
