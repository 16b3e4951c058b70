package dev.stratus.bootstrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The directories slurmd needs before it starts ({@link SlurmdPaths}), from the rendered
 * slurm.conf, or for a configless node from slurmctld's own configuration: {@code scontrol show
 * config} through {@code SLURM_CONF_SERVER} prints {@code SlurmdLogFile = /path/%n/...} lines,
 * which {@link SlurmdPaths} reads like slurm.conf's (its output stays in {@code slurm-config.txt}).
 */
final class SlurmdDirectories {
  private SlurmdDirectories() {}

  static List<Path> of(AgentSettings s, CommandRunner runner)
      throws StepFailedException, IOException {
    return SlurmdPaths.directoriesToCreate(configLines(s, runner), s.nodeName());
  }

  private static List<String> configLines(AgentSettings s, CommandRunner runner)
      throws StepFailedException, IOException {
    if (!s.configless()) {
      return Files.readAllLines(s.slurmConf());
    }
    Path out = s.nodeDir().resolve("slurm-config.txt");
    Files.deleteIfExists(out);
    Command show =
        new Command(
            List.of(s.binDir().resolve("scontrol").toString(), "show", "config"),
            s.slurmEnv(),
            out,
            Duration.ofSeconds(20));
    int rc;
    try {
      rc = runner.run(show);
    } catch (StepFailedException e) {
      throw Configless.explain(e, out);
    }
    if (rc != 0) {
      throw new StepFailedException(
          "cannot read slurmctld's configuration from confServer "
              + s.confServer()
              + " (scontrol show config exited with "
              + rc
              + "; see "
              + out
              + LogTail.of(out)
              + ")");
    }
    return Files.exists(out) ? Files.readAllLines(out) : List.of();
  }
}
