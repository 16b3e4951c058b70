package dev.stratus.tests.support;

import dev.stratus.cli.StratusCli;
import dev.stratus.sandbox.demo.CheckpointLog;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.process.Processes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The sample checkpointing batch job ({@code checkpoint-job.sbatch}) on an embedded cluster:
 * installed under {@code jobs/}, submitted with {@code --requeue} and an appended output file, its
 * output read back as a {@link CheckpointLog}. Its checkpoints go to the {@code
 * STRATUS_CHECKPOINT_DIR} the cluster's TaskProlog exports (a job without it fails at once). Slurm
 * commands are logged to {@code log/e2e-commands.log}.
 */
public final class CheckpointJobs {
  public static final Duration COMMAND_WAIT = Duration.ofSeconds(150);

  private final EmbeddedCluster cluster;
  private final Path script;

  public CheckpointJobs(EmbeddedCluster cluster) throws IOException {
    this.cluster = cluster;
    this.script = cluster.root().resolve("jobs/checkpoint-job.sbatch");
    try (InputStream in =
        StratusCli.class.getResourceAsStream("/dev/stratus/sandbox/demo/checkpoint-job.sbatch")) {
      Files.write(script, in.readAllBytes());
    }
  }

  /** Submits a job of {@code steps} one-second steps on {@code nodes} nodes; its id. */
  public String submit(int nodes, int steps, int checkpointEvery) {
    return submit(nodes, steps, checkpointEvery, 8);
  }

  /** The same with more sbatch options ({@code --time}, {@code --deadline}, ...). */
  public String submit(int nodes, int steps, int checkpointEvery, List<String> options) {
    return submit(nodes, steps, checkpointEvery, 8, options.toArray(String[]::new));
  }

  /**
   * As {@link #submit(int, int, int)}, with {@code gpus} of each node's 8 and any further sbatch
   * {@code options} (e.g. {@code --exclusive}, {@code -c1}): jobs of fewer GPUs share a node.
   */
  public String submit(int nodes, int steps, int checkpointEvery, int gpus, String... options) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "sbatch",
                "--parsable",
                "-p",
                "gpu",
                "--requeue",
                "--open-mode=append",
                "-N" + nodes,
                "--gres=gpu:h100:" + gpus,
                "--output=" + cluster.root().resolve("jobs/%j.out"),
                // No CKPT_DIR fallback: the checkpoints go where the rendered TaskProlog says.
                "--export=ALL,STEPS=" + steps + ",CKPT_EVERY=" + checkpointEvery));
    argv.addAll(List.of(options));
    argv.add(script.toString());
    return run(argv).strip();
  }

  public CheckpointLog log(String job) {
    return CheckpointLog.parse(read(job));
  }

  /** The job's output so far; empty before it starts. */
  public String read(String job) {
    Path out = cluster.root().resolve("jobs/" + job + ".out");
    try {
      return Files.exists(out) ? Files.readString(out) : "";
    } catch (IOException e) {
      return "";
    }
  }

  /** Runs a Slurm command against the cluster; its stdout, or an exception naming the log. */
  public String run(List<String> argv) {
    Path log = cluster.root().resolve("log/e2e-commands.log");
    Processes.Result r = Processes.output(argv, cluster.slurmEnv(), log, COMMAND_WAIT);
    if (r.exitCode() != 0) {
      throw new IllegalStateException(
          argv.get(0) + " exited " + r.exitCode() + ": " + r.stdout() + " (see " + log + ")");
    }
    return r.stdout();
  }

  /** {@code stratus local reclaim NODE --notice NOTICE}, as a user types it; its exit code. */
  public int reclaim(String node, String notice) {
    return StratusCli.commandLine()
        .execute(
            "local",
            "reclaim",
            node,
            "--notice",
            notice,
            "--config",
            cluster.configFile().toString());
  }

  /**
   * {@code stratus local fault NODE OPTIONS...}, as a user types it (e.g. {@code --xid 79 --gpu 3},
   * {@code --hang}); its exit code.
   */
  public int fault(String node, String... options) {
    List<String> argv = new ArrayList<>(List.of("local", "fault", node));
    argv.addAll(List.of(options));
    argv.addAll(List.of("--config", cluster.configFile().toString()));
    return StratusCli.commandLine().execute(argv.toArray(String[]::new));
  }
}
