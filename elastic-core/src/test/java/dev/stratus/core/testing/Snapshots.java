package dev.stratus.core.testing;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.config.WindowSettings;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.plan.DeadlineContext;
import dev.stratus.core.plan.PendingNotice;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link Snapshot} to fill in field by field: everything empty, {@link Fixtures#TIMEOUTS} and the
 * default spot settings unless a test sets them. For planner table tests.
 */
public final class Snapshots {
  public Instant now = Instant.parse("2026-11-21T12:00:00Z");
  public final List<Pool> pools = new ArrayList<>();
  public final List<SlurmNode> nodes = new ArrayList<>();
  public final List<SlurmJob> jobs = new ArrayList<>();
  public final List<Instance> instances = new ArrayList<>();
  public final List<SpoolRequest> requests = new ArrayList<>();
  public final Set<OfferingKey> unavailable = new HashSet<>();
  public final Set<OfferingKey> probing = new HashSet<>();
  public final Map<String, Instant> poweringUpSince = new HashMap<>();
  public final Map<String, Instant> downSince = new HashMap<>();
  public final List<PendingNotice> notices = new ArrayList<>();
  public SpotSettings spot = SpotSettings.DEFAULTS;
  public BudgetFigures budgets = BudgetFigures.NONE;
  public DeadlineContext deadlines = DeadlineContext.NONE;
  public final Map<String, WindowSettings> windows = new HashMap<>();

  /** A running instance of pool gpu in {@code offering}, bound to {@code node}, a minute old. */
  public Instance running(String id, String node, OfferingKey offering) {
    return new Instance(
        id,
        offering,
        InstanceState.RUNNING,
        now.minusSeconds(60),
        "10.0.0.1",
        Map.of(Tags.CLUSTER, "test", Tags.POOL, "gpu", Tags.NODE, node, Tags.TOKEN, "t"));
  }

  /** A quiet cluster: no requests, notices, reports or unavailable offerings. */
  public static Snapshot of(
      Instant now,
      List<Pool> pools,
      List<SlurmNode> nodes,
      List<SlurmJob> jobs,
      List<Instance> instances,
      Map<String, Instant> poweringUpSince) {
    Snapshots s = new Snapshots();
    s.now = now;
    s.pools.addAll(pools);
    s.nodes.addAll(nodes);
    s.jobs.addAll(jobs);
    s.instances.addAll(instances);
    s.poweringUpSince.putAll(poweringUpSince);
    return s.build();
  }

  public Snapshot build() {
    return Snapshot.builder(now, pools, Fixtures.TIMEOUTS, spot)
        .nodes(nodes)
        .jobs(jobs)
        .instances(instances)
        .requests(requests)
        .unavailable(unavailable)
        .probing(probing)
        .poweringUpSince(poweringUpSince)
        .downSince(downSince)
        .notices(notices)
        .budgets(budgets)
        .deadlines(deadlines)
        .windows(windows)
        .build();
  }
}
