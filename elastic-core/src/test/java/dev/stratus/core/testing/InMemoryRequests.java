package dev.stratus.core.testing;

import dev.stratus.core.controller.RequestSource;
import dev.stratus.core.slurm.ResumeFile;
import dev.stratus.core.spool.HookKind;
import dev.stratus.core.spool.SpoolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A spool in memory. */
public final class InMemoryRequests implements RequestSource {
  private final List<SpoolRequest> requests = new ArrayList<>();

  public synchronized void add(SpoolRequest request) {
    requests.add(request);
  }

  /** What slurmctld's ResumeProgram does for job {@code job}: nodes powering up, one request. */
  public void resume(FakeSlurm slurm, Instant at, String id, long job, String... nodes) {
    for (String n : nodes) {
      slurm.poweringUp(n);
    }
    add(
        new SpoolRequest(
            id,
            HookKind.RESUME,
            List.of(nodes),
            List.of(new ResumeFile.JobNodes(job, String.join(",", nodes))),
            at));
  }

  @Override
  public synchronized List<SpoolRequest> pending() {
    return List.copyOf(requests);
  }

  @Override
  public synchronized void delete(String id) {
    requests.removeIf(r -> r.id().equals(id));
  }
}
