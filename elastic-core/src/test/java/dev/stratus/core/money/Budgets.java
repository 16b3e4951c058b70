package dev.stratus.core.money;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Builders for budget tests. */
final class Budgets {
  static final OfferingKey SPOT =
      new OfferingKey("aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.SPOT);
  static final OfferingKey ON_DEMAND =
      new OfferingKey("aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.ON_DEMAND);

  private Budgets() {}

  static Budget hard(String name, BudgetScope scope, String amount) {
    return new Budget(
        name,
        scope,
        new BudgetPeriod.Month(ZoneOffset.UTC),
        new BigDecimal(amount),
        Budget.Mode.HARD,
        false,
        List.of(80, 100),
        Optional.empty());
  }

  static Budget softSpotOnly(String name, BudgetScope scope, String amount) {
    return new Budget(
        name,
        scope,
        new BudgetPeriod.Month(ZoneOffset.UTC),
        new BigDecimal(amount),
        Budget.Mode.SOFT,
        true,
        List.of(),
        Optional.empty());
  }

  /** A job of {@code account} for {@code nodes} nodes at {@code price}/h for {@code hours}. */
  static AdmissionRequest request(
      long job, String account, int nodes, String price, Double hours, OfferingKey... keys) {
    OfferingKey[] ks = keys.length == 0 ? new OfferingKey[] {ON_DEMAND} : keys;
    return new AdmissionRequest(
        new JobOwner(job, "u" + job, account, "gpu"),
        "gpu",
        nodes,
        hours == null ? Optional.empty() : Optional.of(Duration.ofSeconds((long) (hours * 3600))),
        Arrays.stream(ks)
            .map(k -> new AdmissionRequest.Candidate(k, new BigDecimal(price)))
            .toList());
  }
}
