package dev.stratus.core.testing;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.Pool;
import dev.stratus.core.notice.SpotSettings;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Snapshots of a quiet cluster: no requests, notices, reports or unavailable offerings. */
public final class Snapshots {
  private Snapshots() {}

  public static Snapshot of(
      Instant now,
      List<Pool> pools,
      List<SlurmNode> nodes,
      List<SlurmJob> jobs,
      List<Instance> instances,
      Map<String, Instant> poweringUpSince) {
    return new Snapshot(
        now,
        pools,
        Fixtures.TIMEOUTS,
        nodes,
        jobs,
        instances,
        Set.of(),
        List.of(),
        Set.of(),
        Set.of(),
        poweringUpSince,
        Map.of(),
        List.of(),
        SpotSettings.DEFAULTS,
        Set.of(),
        Map.of(),
        List.of());
  }
}
