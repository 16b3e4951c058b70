package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmCommandException;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class SlurmReadsTest {
  static final SlurmNode NODE =
      new SlurmNode("gpu-001", "idle", Set.of("CLOUD"), "", "gpu-001", "", List.of("gpu"));
  static final SlurmJob JOB = Fixtures.runningJob(7, "gpu-001", 1, Instant.EPOCH);

  /** A Slurm whose two reads are {@code nodes} and {@code jobs}; nothing else is called. */
  static SlurmClient slurm(Supplier<List<SlurmNode>> nodes, Supplier<List<SlurmJob>> jobs) {
    return slurm(true, nodes, jobs);
  }

  static SlurmClient slurm(
      boolean parallel, Supplier<List<SlurmNode>> nodes, Supplier<List<SlurmJob>> jobs) {
    return (SlurmClient)
        Proxy.newProxyInstance(
            SlurmClient.class.getClassLoader(),
            new Class<?>[] {SlurmClient.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "nodes" -> nodes.get();
                  case "jobs" -> jobs.get();
                  case "readsInParallel" -> parallel;
                  default -> throw new AssertionError(method.getName() + " was not expected");
                });
  }

  static void await(CountDownLatch latch) {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("the other read never ran beside this one");
      }
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void theNodesAreReadWhileTheJobsAre() {
    CountDownLatch nodesStarted = new CountDownLatch(1);
    CountDownLatch jobsStarted = new CountDownLatch(1);
    SlurmClient slurm =
        slurm(
            () -> {
              nodesStarted.countDown();
              await(jobsStarted);
              return List.of(NODE);
            },
            () -> {
              jobsStarted.countDown();
              await(nodesStarted);
              return List.of(JOB);
            });

    try (SlurmReads reads = new SlurmReads(slurm)) {
      SlurmReads.Read read = reads.read();

      assertThat(read.nodes()).containsExactly(NODE);
      assertThat(read.jobs()).containsExactly(JOB);
    }
  }

  @Test
  void aSlurmThatCannotBeReadInParallelIsReadNodesFirstOnThePassThread() {
    List<String> order = new ArrayList<>();
    Thread pass = Thread.currentThread();
    SlurmClient slurm =
        slurm(
            false,
            () -> {
              order.add("nodes on " + (Thread.currentThread() == pass ? "pass" : "other"));
              return List.of(NODE);
            },
            () -> {
              order.add("jobs on " + (Thread.currentThread() == pass ? "pass" : "other"));
              return List.of(JOB);
            });

    try (SlurmReads reads = new SlurmReads(slurm)) {
      reads.read();
    }

    assertThat(order).containsExactly("nodes on pass", "jobs on pass");
  }

  @Test
  void aFailedNodeReadFailsWithItsOwnErrorNotAWrapper() {
    SlurmClient slurm =
        slurm(
            () -> {
              throw new SlurmCommandException("scontrol -o show node: Socket timed out");
            },
            () -> List.of(JOB));

    try (SlurmReads reads = new SlurmReads(slurm)) {
      assertThatThrownBy(reads::read)
          .isInstanceOf(SlurmCommandException.class)
          .hasMessageContaining("Socket timed out");
    }
  }

  @Test
  void aFailedJobReadFailsOnlyOnceTheNodeReadHasEnded() {
    AtomicBoolean nodesEnded = new AtomicBoolean();
    CountDownLatch jobsFailing = new CountDownLatch(1);
    SlurmClient slurm =
        slurm(
            () -> {
              await(jobsFailing);
              nodesEnded.set(true);
              return List.of(NODE);
            },
            () -> {
              jobsFailing.countDown();
              throw new SlurmCommandException("squeue: slurm_load_jobs error");
            });

    try (SlurmReads reads = new SlurmReads(slurm)) {
      assertThatThrownBy(reads::read).hasMessageContaining("slurm_load_jobs");
      assertThat(nodesEnded).isTrue();
    }
  }
}
