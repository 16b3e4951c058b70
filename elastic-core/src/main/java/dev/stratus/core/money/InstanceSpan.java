package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One instance's life as the ledger holds it: launched (the provider's own launch time) until
 * {@code ended} (empty while it runs), on {@code node} of {@code pool}, with its price per hour,
 * the job that asked for it ({@code requestedBy}, the {@code stratus:job} tag) if any, its offering
 * ({@code OfferingKey.toString()}) and the GPU fault the controller recorded on it, if any.
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
    OptionalLong requestedBy,
    String offering,
    Optional<Fault> fault) {
  /** Where the offering is not known (spans built without one). */
  public static final String UNKNOWN_OFFERING = "(unknown)";

  /**
   * A recorded fault (see {@link FaultRecord}): the instance is faulty from {@code at} (from launch
   * when {@code admission}), and each job's time on it from {@code lostWorkFrom} on.
   */
  public record Fault(Instant at, boolean admission, Map<Long, Instant> lostWorkFrom) {
    public Fault {
      notNull("at", at);
      lostWorkFrom = lostWorkFrom == null ? Map.of() : Map.copyOf(lostWorkFrom);
    }
  }

  /** A span without an offering or a fault. */
  public InstanceSpan(
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
    this(
        instanceId,
        provider,
        pool,
        partition,
        node,
        capacityType,
        gpus,
        pricePerHour,
        launched,
        ended,
        requestedBy,
        UNKNOWN_OFFERING,
        Optional.empty());
  }

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
    offering = offering == null || offering.isBlank() ? UNKNOWN_OFFERING : offering;
    fault = fault == null ? Optional.empty() : fault;
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

  /** This span with {@code fault}. */
  public InstanceSpan withFault(Fault f) {
    return new InstanceSpan(
        instanceId,
        provider,
        pool,
        partition,
        node,
        capacityType,
        gpus,
        pricePerHour,
        launched,
        ended,
        requestedBy,
        offering,
        Optional.of(f));
  }

  /** When its faulty time starts (launch for an admission fault), if it faulted. */
  public Optional<Instant> faultyFrom() {
    return fault.map(f -> f.admission() || f.at().isBefore(launched) ? launched : f.at());
  }
}
