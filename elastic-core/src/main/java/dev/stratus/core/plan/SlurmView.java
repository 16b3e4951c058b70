package dev.stratus.core.plan;

import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the pass saw of Slurm: its nodes and jobs, the power-saving requests its hooks spooled (in
 * the order slurmctld made them), and since when the controller has seen each node powering up
 * ({@code poweringUpSince}) or DOWN for a reason of its own ({@code downSince}): a cache, so after
 * a restart the timers restart too, which only delays action.
 */
public record SlurmView(
    List<SlurmNode> nodes,
    List<SlurmJob> jobs,
    List<SpoolRequest> requests,
    Map<String, Instant> poweringUpSince,
    Map<String, Instant> downSince) {
  public static final SlurmView EMPTY =
      new SlurmView(List.of(), List.of(), List.of(), Map.of(), Map.of());

  public SlurmView {
    nodes = List.copyOf(nodes);
    jobs = List.copyOf(jobs);
    requests = List.copyOf(requests);
    poweringUpSince = Map.copyOf(poweringUpSince);
    downSince = Map.copyOf(downSince);
  }
}
