package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notBlank;

import java.time.Duration;

/**
 * How the controller acts on interruption notices. {@code signal}: sent to the job's batch step so
 * it checkpoints ({@code scancel --signal=SIG --batch}); {@code grace}: how long the job gets to
 * checkpoint before it is requeued (never past the notice's deadline minus {@code margin}); {@code
 * actOnRebalance}: treat rebalance recommendations like reclaims (else only report them); {@code
 * listen}: host:port of the notice endpoint the node watchers POST to (default {@value
 * #DEFAULT_LISTEN}, which no node reaches: set the private address the nodes reach; empty: off);
 * {@code checkpointDir}: a directory all nodes share, exported to jobs as {@code
 * STRATUS_CHECKPOINT_DIR=<dir>/<job id>} by a rendered TaskProlog (empty: none).
 */
public record SpotSettings(
    String signal,
    Duration grace,
    Duration margin,
    boolean actOnRebalance,
    String listen,
    String checkpointDir) {
  /** Loopback: nothing beyond this machine reaches the endpoint until an address is chosen. */
  public static final String DEFAULT_LISTEN = "127.0.0.1:8088";

  public static final SpotSettings DEFAULTS =
      new SpotSettings(
          "USR1", Duration.ofSeconds(30), Duration.ofSeconds(10), false, DEFAULT_LISTEN, "");

  public SpotSettings {
    notBlank("spot.signal", signal);
    if (!signal.matches("[A-Z0-9]+")) {
      throw new IllegalArgumentException(
          "spot.signal '" + signal + "' must be a signal name such as USR1 or TERM");
    }
    if (grace == null || grace.isNegative() || margin == null || margin.isNegative()) {
      throw new IllegalArgumentException("spot.grace and spot.margin must be >= 0");
    }
    listen = listen == null ? "" : listen;
    checkpointDir = checkpointDir == null ? "" : checkpointDir;
    if (!checkpointDir.isEmpty() && !checkpointDir.matches("/[A-Za-z0-9/._-]*")) {
      throw new IllegalArgumentException(
          "spot.checkpointDir '"
              + checkpointDir
              + "' must be an absolute path of letters, digits, '/', '.', '_' and '-'"
              + " (it is written into a shell script)");
    }
    if (!listen.isEmpty() && !listen.matches("[^:\\s]+:\\d{1,5}")) {
      throw new IllegalArgumentException("spot.listen '" + listen + "' must be host:port");
    }
  }
}
