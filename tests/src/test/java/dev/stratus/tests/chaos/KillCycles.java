package dev.stratus.tests.chaos;

import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.embedded.EmbeddedSpec;
import dev.stratus.tests.chaos.ControllerKiller.Point;
import dev.stratus.tests.support.E2eCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** What the kill -9 cycle experiments share: their cluster, their jobs and their bookkeeping. */
final class KillCycles {
  private KillCycles() {}

  /** One {@code srun} of the experiment, running in the background, its output in a file. */
  record Srun(String name, Process process, Path out) {
    static Srun start(EmbeddedCluster cluster, String name) throws IOException {
      Path out = cluster.root().resolve("jobs/" + name + ".out");
      ProcessBuilder pb =
          new ProcessBuilder(
                  cluster.config().slurm().binDir().resolve("srun").toString(),
                  "-p",
                  "gpu",
                  "-N1",
                  "--exclusive",
                  "--gres=gpu:h100:1",
                  "-J",
                  name,
                  "/bin/sh",
                  "-c",
                  "sleep 1; echo done " + name)
              .redirectErrorStream(true)
              .redirectOutput(out.toFile());
      pb.environment().clear();
      pb.environment().putAll(cluster.slurmEnv());
      return new Srun(name, pb.start(), out);
    }

    /** Ran to its end: exit 0 and its last words in the output. */
    boolean ran() throws IOException {
      return process.exitValue() == 0 && Files.readString(out).contains("done " + name);
    }
  }

  /**
   * An embedded cluster of {@code nodes} in a new directory {@code stratus-<dir>-e2e-*}, named
   * {@code <name><hex>}, whose idle nodes are suspended 2 s after their job: short cycles.
   */
  static EmbeddedCluster prepare(String dir, String name, int nodes) throws IOException {
    SecureRandom random = new SecureRandom();
    Path root = Files.createTempDirectory("stratus-" + dir + "-e2e-");
    String cluster = name + Integer.toHexString(random.nextInt(0x1000));
    EmbeddedSpec r = EmbeddedSpec.random(root, cluster, nodes, random);
    EmbeddedSpec spec =
        new EmbeddedSpec(
            r.root(),
            r.cluster(),
            r.pool(),
            r.gpuModel(),
            r.gpusPerNode(),
            r.nodes(),
            r.rackSizes(),
            r.slurmctldPort(),
            r.bridge(),
            r.subnet(),
            Duration.ofSeconds(2),
            r.downHold(),
            r.noticePort(),
            r.spotGrace(),
            r.hardware());
    return EmbeddedCluster.prepare(spec, E2eCluster.slurmUnderTest());
  }

  /**
   * Where each cycle's kill aims: every one of {@code points} once in each run of as many cycles,
   * in an order drawn from {@code draw}, so that even a short run hits each.
   */
  static List<Point> aims(Random draw, int cycles, List<Point> points) {
    List<Point> out = new ArrayList<>();
    while (out.size() < cycles) {
      List<Point> round = new ArrayList<>(points);
      Collections.shuffle(round, draw);
      out.addAll(round);
    }
    return out.subList(0, cycles);
  }

  /** Resume and suspend requests the controller has not acknowledged yet. */
  static List<Path> spooled(EmbeddedCluster cluster) throws IOException {
    try (var files = Files.list(cluster.config().spoolDir())) {
      return files.filter(f -> f.toString().endsWith(".json")).toList();
    }
  }

  /** The sruns still running or not run to their end, each with its output. */
  static List<String> lost(List<Srun> jobs) throws IOException {
    List<String> lost = new ArrayList<>();
    for (Srun s : jobs) {
      if (s.process().isAlive() || !s.ran()) {
        lost.add(s.name() + ": " + Files.readString(s.out()).strip());
      }
    }
    return lost;
  }

  /** What both kill experiments record of the run itself: its draw, its size and its kills. */
  static Map<String, Object> runFigures(
      long seed, int cycles, int nodes, int jobs, ControllerKiller killer, List<Point> points) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("seed", seed);
    f.put("cycles", cycles);
    f.put("nodesPerCycle", nodes);
    f.put("jobs", jobs);
    f.put("kills", killer.kills());
    for (Point p : points) {
      f.put(p.key() + "Kills", killer.aimed(p));
      f.put(p.key() + "KillsConfirmed", killer.confirmed(p));
    }
    return f;
  }

  /** What both record of what went wrong, and how long the cycles took. */
  static void outcomeFigures(
      Map<String, Object> f,
      int leaked,
      int lostResumes,
      int duplicates,
      int lostJobs,
      Duration took) {
    f.put("leakedInstances", leaked);
    f.put("lostResumeRequests", lostResumes);
    f.put("duplicateInstances", duplicates);
    f.put("lostJobs", lostJobs);
    f.put("seconds", took.toSeconds());
    f.put("slurm", E2eCluster.slurmRelease());
  }
}
