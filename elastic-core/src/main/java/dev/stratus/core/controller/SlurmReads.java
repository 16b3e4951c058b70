package dev.stratus.core.controller;

import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A pass's two reads of Slurm, the nodes and the jobs, at the same time: each is one command that
 * mostly waits on slurmctld, which answers both under read locks, so the pass waits for the longer
 * rather than their sum (at 4,096 nodes and 50,000 jobs 0.9 s and 1.5 s on a loaded 2-core machine,
 * docs/measurements.md). A failed read fails the pass as before, once the other read has ended, so
 * reads never pile up. A Slurm that does not {@link SlurmClient#readsInParallel()} (the replay's)
 * is read nodes first, then jobs, on the pass's thread. Closed with the controller.
 */
final class SlurmReads implements AutoCloseable {
  /** What Slurm said this pass. */
  record Read(List<SlurmNode> nodes, List<SlurmJob> jobs) {}

  private final SlurmClient slurm;
  private final ExecutorService nodeReader =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "slurm-node-read");
            t.setDaemon(true);
            return t;
          });

  SlurmReads(SlurmClient slurm) {
    this.slurm = slurm;
  }

  Read read() {
    if (!slurm.readsInParallel()) {
      return new Read(slurm.nodes(), slurm.jobs());
    }
    CompletableFuture<List<SlurmNode>> nodes =
        CompletableFuture.supplyAsync(slurm::nodes, nodeReader);
    List<SlurmJob> jobs;
    try {
      jobs = slurm.jobs();
    } catch (RuntimeException e) {
      nodes.exceptionally(ignored -> List.of()).join();
      throw e;
    }
    try {
      return new Read(nodes.join(), jobs);
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
  }

  @Override
  public void close() {
    nodeReader.shutdownNow();
  }
}
