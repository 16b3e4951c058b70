package dev.stratus.simulator.cluster;

import dev.stratus.core.controller.RequestSource;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The spool the simulated slurmctld's hooks write and the controller reads: what ResumeProgram and
 * SuspendProgram would have spooled, named as the hooks name their files (sortable by time, then by
 * the order they were made).
 */
final class SimSpool implements RequestSource {
  private final List<SpoolRequest> requests = new ArrayList<>();
  private long sequence;

  void add(HookKind kind, List<String> nodes, List<ResumeFile.JobNodes> jobs, Instant now) {
    String id = padded(now.toEpochMilli(), 19) + "-" + kind.cliName() + "-" + padded(sequence++, 8);
    requests.add(new SpoolRequest(id, kind, nodes, jobs, now));
  }

  boolean isEmpty() {
    return requests.isEmpty();
  }

  @Override
  public List<SpoolRequest> pending() {
    return List.copyOf(requests);
  }

  @Override
  public void delete(String id) {
    requests.removeIf(r -> r.id().equals(id));
  }

  private static String padded(long n, int width) {
    String digits = Long.toString(n);
    return "0".repeat(Math.max(0, width - digits.length())) + digits;
  }
}
