package dev.stratus.core.money;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds a {@link LedgerObservation} from what a controller pass observed (pure): the providers'
 * instances priced from the pools' offerings (as repriced by the price book), and squeue's jobs.
 */
public final class LedgerObservations {
  static final String UNPRICED = "no configured offering matches this instance";

  private LedgerObservations() {}

  public static LedgerObservation of(
      Instant now,
      List<Pool> pools,
      List<Instance> instances,
      Set<String> listedProviders,
      Optional<List<SlurmJob>> jobs) {
    Map<OfferingKey, Offering> offerings = new HashMap<>();
    Map<String, Pool> poolsByName = new HashMap<>();
    for (Pool p : pools) {
      poolsByName.put(p.name(), p);
      p.offerings().forEach(o -> offerings.putIfAbsent(o.key(), o));
    }
    List<InstanceSighting> sightings = new ArrayList<>();
    for (Instance i : instances) {
      if (i.state() == InstanceState.TERMINATED) {
        continue;
      }
      Pool pool = i.pool().map(poolsByName::get).orElse(null);
      if (pool == null) {
        pool =
            i.nodeName()
                .flatMap(n -> pools.stream().filter(p -> p.owns(n)).findFirst())
                .orElse(null);
      }
      Offering o = offerings.get(i.offering());
      sightings.add(
          new InstanceSighting(
              i,
              pool == null ? i.pool().orElse("(none)") : pool.name(),
              pool == null ? "(none)" : pool.partition(),
              o != null ? o.gpusPerNode() : pool == null ? 0 : pool.gpusPerNode(),
              o == null ? BigDecimal.ZERO : o.pricePerHour(),
              o == null ? unpriced() : o.priceOrigin()));
    }
    return new LedgerObservation(
        now, sightings, listedProviders, jobs.map(LedgerObservations::jobs));
  }

  /**
   * An instance whose offering is no longer in stratus.yaml is still recorded (never hidden), at no
   * price, and says so.
   */
  private static PriceOrigin unpriced() {
    return new PriceOrigin(PriceOrigin.Kind.CONFIGURED, UNPRICED, Optional.empty(), "");
  }

  private static List<JobSighting> jobs(List<SlurmJob> jobs) {
    List<JobSighting> out = new ArrayList<>(jobs.size());
    for (SlurmJob j : jobs) {
      SlurmJob.Accounting a = j.accounting();
      out.add(
          new JobSighting(
              new JobOwner(j.jobId(), a.user(), a.account(), j.partition()),
              j.state(),
              j.nodes().isEmpty() ? List.of() : Hostlist.expand(j.nodes()),
              j.gpusPerNode(),
              j.pending() ? Optional.empty() : j.started(),
              a.ended(),
              a.timeLimit()));
    }
    return out;
  }
}
