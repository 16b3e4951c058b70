package dev.stratus.core.testing;

import dev.stratus.core.controller.RequestSource;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A spool in memory. */
public final class InMemoryRequests implements RequestSource {
  private final List<SpoolRequest> requests = new ArrayList<>();

  public synchronized void add(SpoolRequest request) {
    requests.add(request);
  }

  /** slurmctld's resume hook wrote request {@code id}: job {@code jobId} needs these nodes. */
  public void addResume(String id, long jobId, Instant at, String... nodes) {
    add(
        new SpoolRequest(
            id,
            HookKind.RESUME,
            List.of(nodes),
            List.of(new ResumeFile.JobNodes(jobId, String.join(",", nodes))),
            at));
  }

  /** What slurmctld's ResumeProgram does for job {@code job}: nodes powering up, one request. */
  public void resume(FakeSlurm slurm, Instant at, String id, long job, String... nodes) {
    for (String n : nodes) {
      slurm.poweringUp(n);
    }
    addResume(id, job, at, nodes);
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
