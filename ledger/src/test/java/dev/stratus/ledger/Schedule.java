package dev.stratus.ledger;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.BillingRule;
import dev.stratus.core.money.InstanceSighting;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.money.JobSighting;
import dev.stratus.core.money.LedgerObservation;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A deterministic cluster history for the crash tests: pass {@code p} happens at {@code T0 + p × 10
 * s}; instance {@code k} is launched just before pass {@code k / 10}, lives {@code 5 + k % 17}
 * passes, and runs job {@code k} on all its GPUs from its second pass on. Its true cost under the
 * ledger's rules is known in closed form ({@link #expectedDollars}).
 */
final class Schedule {
  static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
  static final Duration PASS = Duration.ofSeconds(10);
  static final BigDecimal PRICE = new BigDecimal("98.32");
  static final OfferingKey OFFERING =
      new OfferingKey("aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.SPOT);

  final int instances;

  Schedule(int instances) {
    this.instances = instances;
  }

  static Instant at(int pass) {
    return T0.plus(PASS.multipliedBy(pass));
  }

  int firstPass(int k) {
    return k / 10;
  }

  /** The first pass that no longer lists it. */
  int goneAt(int k) {
    return firstPass(k) + 5 + k % 17;
  }

  Instant launched(int k) {
    return at(firstPass(k)).minusMillis(1500 + k % 7);
  }

  /** The pass that finds the last instance gone. */
  int lastPass() {
    int last = 0;
    for (int k = 0; k < instances; k++) {
      last = Math.max(last, goneAt(k));
    }
    return last;
  }

  LedgerObservation observation(int pass) {
    List<InstanceSighting> seen = new ArrayList<>();
    List<JobSighting> jobs = new ArrayList<>();
    for (int k = 0; k < instances; k++) {
      if (pass < firstPass(k) || pass >= goneAt(k)) {
        continue;
      }
      String node = "gpu-" + k;
      Instance i =
          new Instance(
              "i-" + k,
              OFFERING,
              pass == firstPass(k) ? InstanceState.PENDING : InstanceState.RUNNING,
              launched(k),
              "10.0.0." + (k % 250),
              Map.of(Tags.NODE, node, Tags.POOL, "gpu", Tags.JOB, Integer.toString(k + 1)));
      seen.add(new InstanceSighting(i, "gpu", "gpu", 8, PRICE, PriceOrigin.live("test", T0)));
      if (pass > firstPass(k)) {
        jobs.add(
            new JobSighting(
                new JobOwner(k + 1, "u" + k % 5, "team-" + k % 3, "gpu"),
                "RUNNING",
                List.of(node),
                8,
                Optional.of(at(firstPass(k) + 1)),
                Optional.empty(),
                Optional.of(Duration.ofHours(1))));
      }
    }
    return new LedgerObservation(at(pass), seen, Set.of("aws"), Optional.of(jobs));
  }

  /** What all instances cost: each billed from launch to the first pass that missed it. */
  BigDecimal expectedDollars() {
    BigDecimal total = BigDecimal.ZERO;
    BillingRule aws = BillingRule.forProvider("aws");
    for (int k = 0; k < instances; k++) {
      total = total.add(aws.cost(PRICE, Duration.between(launched(k), at(goneAt(k)))));
    }
    return total;
  }
}
