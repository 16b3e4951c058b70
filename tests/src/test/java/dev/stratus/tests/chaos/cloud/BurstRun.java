package dev.stratus.tests.chaos.cloud;

import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.config.Timeouts;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.testkit.CloudChaos;
import dev.stratus.tests.chaos.Reliability;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A burst through the real controller: the jobs are submitted at once, then passes run every 250 ms
 * with slurmctld ({@link BurstSlurm}) stepping beside them, until every job has run, the spool is
 * empty and the cloud holds nothing (or the deadline passes). After each pass the cloud model is
 * asked directly (no faults there) which live instances carry which node name.
 */
final class BurstRun {
  /** After the burst: how long GC may take to leave the cloud empty (faults still on). */
  static final Duration GC_WINDOW = Duration.ofSeconds(45);

  record Result(
      String cloud,
      int jobs,
      int jobsRun,
      int requeues,
      int powerUpTimeouts,
      int duplicated,
      int lingering,
      int leaked,
      Map<CloudChaos.Kind, Integer> byKind,
      int requests,
      long allJobsRanMillis,
      long convergedMillis,
      List<Long> jobsStuck) {
    void record() {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("faultRate", CloudFaultsTest.RATE);
      f.put("cloudRequests", requests);
      f.put("faultsInjected", faults());
      f.put("faultsByKind", byKind);
      f.put("jobs", jobs);
      f.put("jobsThatGotTheirNodes", jobsRun);
      f.put("requeuedAfterFailedLaunch", requeues);
      f.put("requeuedAfterPowerUpTimeout", powerUpTimeouts);
      f.put("duplicateInstances", duplicated);
      f.put("nodesWhoseEarlierInstanceOutlivedItsRelease", lingering);
      f.put("leakedAfterGc", leaked);
      f.put("allJobsRanMillis", allJobsRanMillis);
      f.put("convergedMillis", convergedMillis);
      f.put("jobsStillWaitingAtDeadline", jobsStuck);
      Reliability.record("cloudFaults", cloud, f);
    }

    int faults() {
      return byKind.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  private final CloudFaultsTest.Cloud cloud;
  private final Pool pool;
  private final StratusConfig config;

  BurstRun(CloudFaultsTest.Cloud cloud, Pool pool, Timeouts timeouts) {
    this.cloud = cloud;
    this.pool = pool;
    this.config = Fixtures.withTimeouts(Fixtures.config(List.of(pool), cloud.name()), timeouts);
  }

  /**
   * {@code waves} bursts of jobs of the given sizes (nodes each), on consecutive nodes of the pool;
   * a wave comes once the jobs of the one before have ended (their nodes may still be powering
   * down: a resume right after a suspend).
   */
  Result burst(List<Integer> sizes, int waves, Duration deadline) throws InterruptedException {
    Clock clock = Clock.systemUTC();
    BurstSlurm slurm = new BurstSlurm(pool.nodeNames(), clock, Duration.ofMillis(500));
    Controller controller =
        new Controller(
            ControllerParts.builder(
                    config, slurm.slurm, Map.of(cloud.name(), cloud.provider()), slurm.spool, clock)
                .credentials(NodeCredentials.NONE)
                .build());
    controller.start();
    Instant start = clock.instant();
    int wave = 0;
    Set<String> duplicated = new TreeSet<>();
    Set<String> lingering = new TreeSet<>();
    List<Long> jobsStuck = new ArrayList<>();
    long allRan = -1;
    long converged = -1;
    try {
      while (Duration.between(start, clock.instant()).compareTo(deadline) < 0) {
        controller.runPass();
        List<CloudFaultsTest.Live> instances = cloud.live().get();
        Map<String, List<String>> live = new HashMap<>();
        Map<String, Set<String>> jobsOf = new HashMap<>();
        for (CloudFaultsTest.Live i : instances) {
          if (i.node() == null || i.node().isEmpty()) {
            continue; // not yet tagged with its node (EC2 tags after the fleet answers)
          }
          live.computeIfAbsent(i.node(), n -> new ArrayList<>()).add(i.id());
          if (!jobsOf.computeIfAbsent(i.node(), n -> new HashSet<>()).add(i.job())) {
            duplicated.add(i.node()); // a second live instance launched for the same job
          } else if (jobsOf.get(i.node()).size() > 1) {
            lingering.add(i.node()); // an earlier job's instance not yet terminated
          }
        }
        slurm.step(live);
        if (slurm.allDone() && wave == waves && allRan < 0) {
          allRan = Duration.between(start, clock.instant()).toMillis();
        }
        if (slurm.allDone() && wave < waves) {
          submit(slurm, sizes, wave++);
        } else if (slurm.allDone()
            && slurm.spool.pending().isEmpty()
            && cloud.present().get() == 0) {
          converged = Duration.between(start, clock.instant()).toMillis();
          break;
        }
        Thread.sleep(250);
      }
      // Jobs still waiting at the deadline are cancelled; the faults go on while GC cleans up.
      List<Long> stuck =
          slurm.jobs.stream().filter(j -> j.state != BurstSlurm.State.DONE).map(j -> j.id).toList();
      jobsStuck.addAll(stuck);
      slurm.cancelAll();
      Instant gcUntil = clock.instant().plus(GC_WINDOW);
      while (clock.instant().isBefore(gcUntil)
          && !(slurm.spool.pending().isEmpty() && cloud.present().get() == 0)) {
        controller.runPass();
        Thread.sleep(250);
      }
    } finally {
      controller.close();
    }
    int jobsRun =
        (int)
            slurm.jobs.stream()
                .filter(j -> !jobsStuck.contains(j.id))
                .filter(j -> j.ranOn.keySet().containsAll(j.nodes))
                .count();
    return new Result(
        cloud.name(),
        sizes.size() * waves,
        jobsRun,
        slurm.requeues(),
        slurm.powerUpTimeouts(),
        duplicated.size(),
        lingering.size(),
        cloud.present().get(),
        cloud.chaos().injected(),
        cloud.chaos().requests(),
        allRan,
        converged,
        jobsStuck);
  }

  private void submit(BurstSlurm slurm, List<Integer> sizes, int wave) {
    int next = 0;
    for (int i = 0; i < sizes.size(); i++) {
      slurm.submit(
          wave * sizes.size() + i + 1, pool.nodeNames().subList(next, next + sizes.get(i)));
      next += sizes.get(i);
    }
  }
}
