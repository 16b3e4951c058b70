package dev.stratus.core.money;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Small builders for attribution and ledger tests: times are seconds after {@link #T0}. */
final class Spans {
  static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");

  private Spans() {}

  static Instant at(long seconds) {
    return T0.plusSeconds(seconds);
  }

  static InstanceSpan instance(
      String id, String node, int gpus, String price, long launched, Long ended, Long askedBy) {
    return new InstanceSpan(
        id,
        "local",
        "gpu",
        "gpu",
        node,
        CapacityType.SPOT,
        gpus,
        new BigDecimal(price),
        at(launched),
        ended == null ? Optional.empty() : Optional.of(at(ended)),
        askedBy == null ? OptionalLong.empty() : OptionalLong.of(askedBy));
  }

  static AllocationSpan alloc(long job, String node, int gpus, long start, Long end) {
    return new AllocationSpan(
        job, node, gpus, at(start), end == null ? Optional.empty() : Optional.of(at(end)));
  }

  static JobOwner owner(long job) {
    return new JobOwner(job, "user" + job, job % 2 == 0 ? "team-a" : "team-b", "gpu");
  }

  /** {@code i} faulted at {@code faultAt}; {@code lost}: job to its lost-work point (seconds). */
  static InstanceSpan faulted(
      InstanceSpan i, long faultAt, boolean admission, Map<Long, Long> lost) {
    Map<Long, Instant> from = new HashMap<>();
    lost.forEach((job, t) -> from.put(job, at(t)));
    return i.withFault(new InstanceSpan.Fault(at(faultAt), admission, from));
  }

  static IdleSpan idle(long job, String node, long from, long to, int gpus) {
    return new IdleSpan(job, node, at(from), at(to), gpus);
  }
}
