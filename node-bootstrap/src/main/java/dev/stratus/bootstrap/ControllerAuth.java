package dev.stratus.bootstrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Proves that slurmctld accepts this node's munge credentials before slurmd starts: one {@code
 * sinfo} through the node's own munged. With a munge key that differs from the controller's,
 * slurmctld drops the request and sinfo says "Zero Bytes were transmitted or received" (22.05;
 * newer releases say "Protocol authentication error"): the node would never register, so the agent
 * stops here with a reason that names the key. A controller not answering yet ("Unable to contact")
 * is retried until the timeout: it may still be starting. A configless node asks with {@code
 * SLURM_CONF_SERVER} instead of {@code SLURM_CONF}: sinfo then fetches the configuration first
 * (through the node's munged too), and a wrong key is refused the same way ({@link Configless}).
 *
 * <p>A wrong key is refused every time, but 22.05 also says "Zero Bytes" when a busy slurmctld
 * drops one connection (seen with eight nodes booting at once on a small machine): only {@link
 * #REFUSALS_IN_A_ROW} refusals in a row are taken for a wrong key.
 */
final class ControllerAuth {
  private static final List<String> REFUSED =
      List.of("Zero Bytes were transmitted or received", "authentication error");
  private static final Duration POLL = Duration.ofMillis(500);

  /** Refusals in a row that mean a wrong key rather than one dropped connection. */
  static final int REFUSALS_IN_A_ROW = 3;

  /** How long a controller that does not answer is waited for. */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final AgentSettings settings;
  private final CommandRunner runner;
  private final Clock clock;
  private final Agent.Pause pause;

  ControllerAuth(AgentSettings settings, CommandRunner runner, Clock clock, Agent.Pause pause) {
    this.settings = settings;
    this.runner = runner;
    this.clock = clock;
    this.pause = pause;
  }

  void check() throws StepFailedException, InterruptedException {
    Path log = settings.nodeDir().resolve("controller-auth.log");
    Command sinfo =
        new Command(
            List.of(settings.binDir().resolve("sinfo").toString(), "--noheader", "--format=%P"),
            settings.slurmEnv(),
            log,
            Duration.ofSeconds(20));
    Instant deadline = clock.instant().plus(TIMEOUT);
    int refusals = 0;
    while (true) {
      truncate(log);
      int rc;
      try {
        rc = runner.run(sinfo);
      } catch (StepFailedException e) {
        throw Configless.explain(e, log);
      }
      if (rc == 0) {
        return;
      }
      String said = LogTail.of(log);
      if (Configless.disabledOnController(said)) {
        throw new StepFailedException(
            "slurmctld at "
                + settings.confServer()
                + " does not serve its configuration to configless nodes; add enable_configless to"
                + " its SlurmctldParameters (sinfo"
                + said
                + ")");
      }
      refusals = REFUSED.stream().anyMatch(said::contains) ? refusals + 1 : 0;
      if (refusals >= REFUSALS_IN_A_ROW) {
        throw new StepFailedException(
            "slurmctld refused this node's munge credential; the munge key this node got differs"
                + " from the controller's (sinfo"
                + said
                + ")");
      }
      if (!clock.instant().isBefore(deadline)) {
        throw new StepFailedException(
            "slurmctld did not answer within " + TIMEOUT.toSeconds() + " s (sinfo" + said + ")");
      }
      pause.pause(POLL);
    }
  }

  private static void truncate(Path log) {
    try {
      Files.deleteIfExists(log);
    } catch (IOException e) {
      // the next run appends; the classification reads the tail either way
    }
  }
}
