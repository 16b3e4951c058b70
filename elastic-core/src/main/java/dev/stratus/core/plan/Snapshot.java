package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.Timeouts;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.BootstrapReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the planner looks at, observed at {@code now}. {@code instances} holds only the
 * providers whose list succeeded; {@code unlistedProviders} names those whose list failed, so the
 * planner never takes a missing list for "no instances" (that would set nodes DOWN wrongly). {@code
 * probing} offerings came back from their unavailable TTL and have not succeeded since. {@code
 * poweringUpSince} and {@code downSince} are when the controller first saw a node in that state (a
 * cache: after a restart, timers restart too, which only delays action). {@code checkpointed}: jobs
 * signalled for a notice that have written a checkpoint since (their requeue need not wait for the
 * grace). {@code lastSpotInstances}: the spot instance the previous pass saw bound to each node (so
 * one that vanished without notice is known by its offering). {@code bootstrapReports}: failed
 * bootstrap steps nodes reported since the last pass (see {@link BootstrapFailures}). {@code
 * inFlight}: launches and terminations earlier passes started that are still running. {@code
 * budgets}: the budgets with what they spent and running jobs reserve (admission, {@link
 * BudgetGate}). {@code deadlines}: the jobs with a deadline and what the deadline policy decides
 * from ({@link DeadlineChoice}).
 *
 * <p>The notice lane plans from a snapshot too ({@link #forNotices}): only the fields {@link
 * NoticePlanner} reads are filled.
 */
public record Snapshot(
    Instant now,
    List<Pool> pools,
    Timeouts timeouts,
    List<SlurmNode> nodes,
    List<SlurmJob> jobs,
    List<Instance> instances,
    Set<String> unlistedProviders,
    List<SpoolRequest> requests,
    Set<OfferingKey> unavailable,
    Set<OfferingKey> probing,
    Map<String, Instant> poweringUpSince,
    Map<String, Instant> downSince,
    List<PendingNotice> notices,
    dev.stratus.core.config.SpotSettings spot,
    Set<Long> checkpointed,
    Map<String, Instance> lastSpotInstances,
    List<BootstrapReport> bootstrapReports,
    InFlight inFlight,
    dev.stratus.core.money.BudgetFigures budgets,
    DeadlineContext deadlines) {
  public Snapshot {
    pools = List.copyOf(pools);
    nodes = List.copyOf(nodes);
    jobs = List.copyOf(jobs);
    instances = List.copyOf(instances);
    unlistedProviders = Set.copyOf(unlistedProviders);
    requests = List.copyOf(requests);
    unavailable = Set.copyOf(unavailable);
    probing = Set.copyOf(probing);
    poweringUpSince = Map.copyOf(poweringUpSince);
    downSince = Map.copyOf(downSince);
    notices = List.copyOf(notices);
    checkpointed = Set.copyOf(checkpointed);
    lastSpotInstances = Map.copyOf(lastSpotInstances);
    bootstrapReports = List.copyOf(bootstrapReports);
    java.util.Objects.requireNonNull(inFlight, "inFlight");
    java.util.Objects.requireNonNull(budgets, "budgets");
    java.util.Objects.requireNonNull(deadlines, "deadlines");
  }

  /** A snapshot without budgets, in which no job has a deadline. */
  public Snapshot(
      Instant now,
      List<Pool> pools,
      Timeouts timeouts,
      List<SlurmNode> nodes,
      List<SlurmJob> jobs,
      List<Instance> instances,
      Set<String> unlistedProviders,
      List<SpoolRequest> requests,
      Set<OfferingKey> unavailable,
      Set<OfferingKey> probing,
      Map<String, Instant> poweringUpSince,
      Map<String, Instant> downSince,
      List<PendingNotice> notices,
      dev.stratus.core.config.SpotSettings spot,
      Set<Long> checkpointed,
      Map<String, Instance> lastSpotInstances,
      List<BootstrapReport> bootstrapReports,
      InFlight inFlight) {
    this(
        now,
        pools,
        timeouts,
        nodes,
        jobs,
        instances,
        unlistedProviders,
        requests,
        unavailable,
        probing,
        poweringUpSince,
        downSince,
        notices,
        spot,
        checkpointed,
        lastSpotInstances,
        bootstrapReports,
        inFlight,
        dev.stratus.core.money.BudgetFigures.NONE,
        DeadlineContext.NONE);
  }

  /** A snapshot with no cloud work in flight. */
  public Snapshot(
      Instant now,
      List<Pool> pools,
      Timeouts timeouts,
      List<SlurmNode> nodes,
      List<SlurmJob> jobs,
      List<Instance> instances,
      Set<String> unlistedProviders,
      List<SpoolRequest> requests,
      Set<OfferingKey> unavailable,
      Set<OfferingKey> probing,
      Map<String, Instant> poweringUpSince,
      Map<String, Instant> downSince,
      List<PendingNotice> notices,
      dev.stratus.core.config.SpotSettings spot,
      Set<Long> checkpointed,
      Map<String, Instance> lastSpotInstances,
      List<BootstrapReport> bootstrapReports) {
    this(
        now,
        pools,
        timeouts,
        nodes,
        jobs,
        instances,
        unlistedProviders,
        requests,
        unavailable,
        probing,
        poweringUpSince,
        downSince,
        notices,
        spot,
        checkpointed,
        lastSpotInstances,
        bootstrapReports,
        InFlight.NONE);
  }

  /**
   * What the notice lane plans from: the instances it last saw, a fresh job list, the notices in
   * hand and the checkpoints seen; no requests, nodes or timers.
   */
  public static Snapshot forNotices(
      Instant now,
      List<Pool> pools,
      Timeouts timeouts,
      List<SlurmJob> jobs,
      List<Instance> instances,
      List<PendingNotice> notices,
      dev.stratus.core.config.SpotSettings spot,
      Set<Long> checkpointed) {
    return new Snapshot(
        now,
        pools,
        timeouts,
        List.of(),
        jobs,
        instances,
        Set.of(),
        List.of(),
        Set.of(),
        Set.of(),
        Map.of(),
        Map.of(),
        notices,
        spot,
        checkpointed,
        Map.of(),
        List.of());
  }
}
