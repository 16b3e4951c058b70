package dev.stratus.sandbox.embedded;

import dev.stratus.sandbox.process.Processes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a local node really has, as its slurmd will register it: the machine's CPUs and memory
 * (every namespace node shares the host's kernel, so each sees all of them). The embedded pool
 * declares exactly this, so slurm.conf needs no {@code SlurmdParameters=config_overrides} and a
 * node registers as Slurm checks it on a real cloud VM.
 */
public record NodeHardware(int cpus, long memoryMiB) {
  private static final Pattern CPUS = Pattern.compile("(?:^|\\s)CPUs=(\\d+)");
  private static final Pattern MEMORY = Pattern.compile("(?:^|\\s)RealMemory=(\\d+)");

  public NodeHardware {
    if (cpus < 1 || memoryMiB < 1) {
      throw new IllegalArgumentException(
          "a node needs >= 1 CPU and >= 1 MiB, got " + cpus + ", " + memoryMiB);
    }
  }

  /**
   * Runs {@code slurmd -C} from {@code sbinDir}, which prints what slurmd would register; its
   * stderr goes to {@code log}.
   */
  public static NodeHardware measure(Path sbinDir, Path log) {
    Processes.Result r =
        Processes.output(
            List.of(sbinDir.resolve("slurmd").toString(), "-C"),
            Map.of(),
            log,
            Duration.ofSeconds(30));
    if (r.exitCode() != 0) {
      throw new IllegalStateException(
          "`slurmd -C` failed (exit " + r.exitCode() + "): " + r.stdout().strip());
    }
    return parse(r.stdout());
  }

  /** Reads {@code slurmd -C}: {@code NodeName=vm CPUs=2 ... RealMemory=24105}. */
  public static NodeHardware parse(String slurmdC) {
    Matcher cpus = CPUS.matcher(slurmdC);
    Matcher memory = MEMORY.matcher(slurmdC);
    if (!cpus.find() || !memory.find()) {
      throw new IllegalArgumentException(
          "`slurmd -C` printed no CPUs= or RealMemory=: " + slurmdC.strip());
    }
    return new NodeHardware(Integer.parseInt(cpus.group(1)), Long.parseLong(memory.group(1)));
  }
}
