package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What one pass saw, for {@link CostLedger#reconcile}: every instance the listed providers
 * reported, the names of the providers whose list succeeded (an instance of a provider that could
 * not be listed is neither seen nor missed), and the jobs squeue showed (empty when squeue failed:
 * no allocation is then closed).
 */
public record LedgerObservation(
    Instant now,
    List<InstanceSighting> instances,
    Set<String> listedProviders,
    Optional<List<JobSighting>> jobs) {
  public LedgerObservation {
    notNull("now", now);
    instances = List.copyOf(instances);
    listedProviders = Set.copyOf(listedProviders);
    jobs = jobs == null ? Optional.empty() : jobs.map(List::copyOf);
  }
}
