package dev.stratus.core.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BillingRuleTest {
  @Test
  void awsAndGcpBillPerSecondWithAMinuteMinimum() {
    for (String cloud : new String[] {"aws", "gcp", "oci"}) {
      BillingRule r = BillingRule.forProvider(cloud);
      assertThat(r.billed(Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(60));
      assertThat(r.billed(Duration.ofMillis(61_001))).isEqualTo(Duration.ofSeconds(62));
      assertThat(r.billed(Duration.ofSeconds(3600))).isEqualTo(Duration.ofSeconds(3600));
    }
  }

  @Test
  void azureBillsWholeMinutesAndDropsThePartialOne() {
    BillingRule r = BillingRule.forProvider("azure");
    assertThat(r.billed(Duration.ofSeconds(6 * 60 + 45))).isEqualTo(Duration.ofMinutes(6));
    assertThat(r.billed(Duration.ofSeconds(20))).isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void lambdaBillsStartedMinutes() {
    BillingRule r = BillingRule.forProvider("lambda");
    assertThat(r.billed(Duration.ofSeconds(61))).isEqualTo(Duration.ofMinutes(2));
  }

  @Test
  void theLocalProviderBillsEverySecondRunAndNothingMore() {
    BillingRule r = BillingRule.forProvider("local");
    assertThat(r.billed(Duration.ofMillis(1500))).isEqualTo(Duration.ofSeconds(2));
    assertThat(r.billed(Duration.ZERO)).isEqualTo(Duration.ZERO);
    assertThat(r.billed(Duration.ofSeconds(-5))).isEqualTo(Duration.ZERO);
  }

  @Test
  void costIsPriceTimesBilledHours() {
    BigDecimal cost =
        BillingRule.forProvider("aws").cost(new BigDecimal("98.32"), Duration.ofMinutes(30));
    assertThat(Money.cents(cost)).isEqualByComparingTo("49.16");
    assertThat(Money.format(cost)).isEqualTo("$49.16");
  }

  @Test
  void aRuleNeedsAPositiveIncrement() {
    assertThatThrownBy(() -> new BillingRule(Duration.ZERO, Duration.ZERO, true))
        .hasMessageContaining("increment > 0");
  }

  @Test
  void dollarsAreFormattedWithThousandsAndCents() {
    assertThat(Money.format(new BigDecimal("1000"))).isEqualTo("$1,000.00");
    assertThat(Money.format(new BigDecimal("812.404"))).isEqualTo("$812.40");
    assertThat(Money.format(new BigDecimal("-3.005"))).isEqualTo("-$3.01");
  }
}
