package dev.stratus.hook;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a power-save program the way slurmctld does (see fake-slurmctld.pl): only SLURM_CONF and
 * SLURM_RESUME_FILE (an unlinked file reachable as /proc/PID/fd/N) in the environment, fds 0-2
 * closed, slurmctld's signals blocked. Returns the program's exit status.
 */
final class FakeSlurmctld {
  private FakeSlurmctld() {}

  static int run(Path workDir, Path program, String hostlist, String resumeJson)
      throws IOException, InterruptedException {
    Path script = workDir.resolve("fake-slurmctld.pl");
    try (InputStream in = FakeSlurmctld.class.getResourceAsStream("fake-slurmctld.pl")) {
      Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
    }
    List<String> cmd = new ArrayList<>(List.of("/usr/bin/perl", script.toString()));
    cmd.addAll(List.of(program.toString(), hostlist, "/etc/slurm/stratus-test.conf"));
    if (resumeJson != null) {
      Path resume = Files.createTempFile(workDir, "resume", ".json");
      Files.writeString(resume, resumeJson);
      cmd.add(resume.toString());
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
    pb.environment().clear();
    Process p = pb.start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException(program + " did not finish within 60 s");
    }
    return p.exitValue();
  }
}
