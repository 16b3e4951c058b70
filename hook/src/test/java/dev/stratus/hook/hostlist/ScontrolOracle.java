package dev.stratus.hook.hostlist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code scontrol} as a reference. {@code show hostnames} / {@code show hostlist} need no
 * slurmctld, only a readable slurm.conf (without one, scontrol tries a DNS SRV lookup and fails),
 * so this writes a minimal one into {@code dir}. Fails, never skips, when scontrol is missing.
 */
final class ScontrolOracle {
  private final Path scontrol;
  private final Path conf;

  ScontrolOracle(Path dir) throws IOException {
    String bin = System.getenv().getOrDefault("STRATUS_SLURM_BIN", "/usr/bin");
    scontrol = Path.of(bin, "scontrol");
    if (!Files.isExecutable(scontrol)) {
      throw new IllegalStateException(
          scontrol
              + " is missing: install Slurm (apt-get install slurm-client) or set"
              + " STRATUS_SLURM_BIN");
    }
    conf = dir.resolve("slurm.conf");
    Files.writeString(
        conf,
        "ClusterName=oracle\nSlurmctldHost=localhost\nNodeName=n1 State=CLOUD\n"
            + "PartitionName=p Nodes=n1\n");
  }

  // "--" ends scontrol's options: a name may start with "-".

  /** {@code scontrol show hostnames EXPR}: the names, or null when Slurm calls it invalid. */
  List<String> hostnames(String expression) {
    Result r = run("hostnames", expression);
    return r.stderr.contains("Invalid hostlist") ? null : r.stdout.lines().toList();
  }

  /** {@code scontrol show hostlist NAMES}. */
  String hostlist(List<String> names) {
    return run("hostlist", String.join(",", names)).stdout.strip();
  }

  /** {@code scontrol show hostlistsorted NAMES}. */
  String hostlistSorted(List<String> names) {
    return run("hostlistsorted", String.join(",", names)).stdout.strip();
  }

  private record Result(String stdout, String stderr) {}

  private Result run(String what, String argument) {
    try {
      ProcessBuilder pb = new ProcessBuilder(scontrol.toString(), "--", "show", what, argument);
      pb.environment().clear();
      pb.environment().putAll(Map.of("SLURM_CONF", conf.toString(), "PATH", "/usr/bin:/bin"));
      Process p = pb.start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      byte[] err = p.getErrorStream().readAllBytes();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("scontrol show " + what + " timed out");
      }
      return new Result(
          new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + scontrol, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
