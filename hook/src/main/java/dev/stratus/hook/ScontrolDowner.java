package dev.stratus.hook;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code scontrol update nodename=<hostlist> state=down reason=<reason>}, run directly (no shell),
 * with the hook's environment (SLURM_CONF comes from slurmctld). Output goes to the hook log. Waits
 * at most {@link #TIMEOUT_S} seconds: a hook must never hang slurmctld's power-save thread.
 */
final class ScontrolDowner implements NodeDowner {
  static final long TIMEOUT_S = 10;
  private final String scontrol;
  private final HookLog log;

  ScontrolDowner(String scontrol, HookLog log) {
    this.scontrol = scontrol;
    this.log = log;
  }

  @Override
  public void setDown(String hostlist, String reason) {
    List<String> cmd =
        List.of(scontrol, "update", "nodename=" + hostlist, "state=down", "reason=" + reason);
    log.info("running: " + String.join(" ", cmd));
    try {
      Process p =
          new ProcessBuilder(cmd)
              .redirectInput(new File("/dev/null"))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.INHERIT)
              .start();
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        log.info("scontrol did not finish within " + TIMEOUT_S + " s: killed it");
      } else if (p.exitValue() != 0) {
        log.info("scontrol exited with status " + p.exitValue() + ": nodes may not be DOWN");
      }
    } catch (IOException e) {
      log.info("could not run " + scontrol + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.info("interrupted while waiting for scontrol");
    }
  }
}
