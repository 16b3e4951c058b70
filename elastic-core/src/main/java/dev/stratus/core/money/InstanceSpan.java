package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One instance's life as the ledger holds it: launched (the provider's own launch time) until
 * {@code ended} (empty while it runs), on {@code node} of {@code pool}, with its price per hour and
 * the job that asked for it ({@code requestedBy}, the {@code stratus:job} tag) if any.
 */
public record InstanceSpan(
    String instanceId,
    String provider,
    String pool,
    String partition,
    String node,
    CapacityType capacityType,
    int gpus,
    BigDecimal pricePerHour,
    Instant launched,
    Optional<Instant> ended,
    OptionalLong requestedBy) {
  public InstanceSpan {
    notBlank("instanceId", instanceId);
    notBlank("provider", provider);
    notBlank("pool", pool);
    notBlank("partition", partition);
    notBlank("node", node);
    notNull("capacityType", capacityType);
    notNull("pricePerHour", pricePerHour);
    notNull("launched", launched);
    ended = ended == null ? Optional.empty() : ended;
    requestedBy = requestedBy == null ? OptionalLong.empty() : requestedBy;
    if (gpus < 0) {
      throw new IllegalArgumentException("gpus must be >= 0, got " + gpus);
    }
    if (ended.isPresent() && ended.get().isBefore(launched)) {
      throw new IllegalArgumentException(
          instanceId + " ended " + ended.get() + " before it was launched " + launched);
    }
  }

  /** When it stopped costing money, or {@code now} while it still runs. */
  public Instant endOr(Instant now) {
    Instant end = ended.orElse(now);
    return end.isBefore(launched) ? launched : end;
  }
}
