package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.tests.support.PromQl;
import org.junit.jupiter.api.Test;

class PromQlTest {
  @Test
  void aSelectorWithMatchersIsItsName() {
    assertThat(PromQl.metricNames("up{job=\"stratus\",instance=~\"$instance\"} == 0"))
        .containsExactly("up");
  }

  @Test
  void functionsAggregationsGroupingAndRangesAreNotNames() {
    assertThat(
            PromQl.metricNames(
                "histogram_quantile(0.95, sum by (le, pool) (rate(stratus_launch_duration_seconds_bucket{outcome=\"launched\"}[$__rate_interval])))"))
        .containsExactly("stratus_launch_duration_seconds_bucket");
  }

  @Test
  void bothSidesOfABinaryOperatorAreNamesButKeywordsAndNumbersAreNot() {
    assertThat(
            PromQl.metricNames(
                "up{job=\"stratus\"} == 1 and on (instance) increase(stratus_controller_passes_total[5m]) == 0"))
        .containsExactly("stratus_controller_passes_total", "up");
    assertThat(
            PromQl.metricNames(
                "stratus_budget_remaining_usd > 0 and predict_linear(stratus_budget_remaining_usd[6h], 24 * 3600) < 0"))
        .containsExactly("stratus_budget_remaining_usd");
  }

  @Test
  void aGroupingAfterTheExpressionAndWordsInsideStringsAreNotNames() {
    assertThat(
            PromQl.metricNames(
                "sum(rate(a_total{x=\"b_total or c\"}[1m])) by (pool) / ignoring(le) d"))
        .containsExactly("a_total", "d");
  }
}
