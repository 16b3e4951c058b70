package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;
import static dev.stratus.api.model.Checks.positive;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A job that wants nodes: its owner, its pool, how many nodes, its time limit (empty when it has
 * none) and the offerings its launch would try, in the order it would try them, each with its price
 * per node-hour.
 */
public record AdmissionRequest(
    JobOwner owner,
    String pool,
    int nodes,
    Optional<Duration> timeLimit,
    List<Candidate> candidates) {
  /** An offering the launch may use and its price per node-hour. */
  public record Candidate(OfferingKey offering, BigDecimal pricePerHour) {
    public Candidate {
      notNull("offering", offering);
      notNull("pricePerHour", pricePerHour);
    }

    public boolean spot() {
      return offering.capacityType() == CapacityType.SPOT;
    }

    /** Nodes × this price × the time limit, billed as its cloud bills. */
    public BigDecimal forecast(int nodes, Duration timeLimit) {
      return BillingRule.forProvider(offering.provider())
          .cost(pricePerHour, timeLimit)
          .multiply(BigDecimal.valueOf(nodes));
    }
  }

  public AdmissionRequest {
    notNull("owner", owner);
    notBlank("pool", pool);
    positive("nodes", nodes);
    timeLimit = timeLimit == null ? Optional.empty() : timeLimit;
    candidates = List.copyOf(candidates);
    if (candidates.isEmpty()) {
      throw new IllegalArgumentException("job " + owner.jobId() + " has no offering to forecast");
    }
  }

  public long jobId() {
    return owner.jobId();
  }
}
