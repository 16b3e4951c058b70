package dev.stratus.bootstrap;

import dev.stratus.bootstrap.gpu.GpuCheck;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * The checks {@link AgentSettings} makes of its values, whoever builds it (the JSON file, the local
 * provider, cloud-init's rendering): each failure is an {@link IllegalArgumentException} that names
 * the setting and says what it must be.
 */
final class AgentSettingsRules {
  private static final Pattern NODE_NAME = Pattern.compile("[a-z][a-z0-9_-]{0,62}");
  private static final Pattern MUNGE_USER = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");

  private AgentSettingsRules() {}

  static void nodeName(String nodeName) {
    if (nodeName == null || !NODE_NAME.matcher(nodeName).matches()) {
      throw new IllegalArgumentException(
          "nodeName '" + nodeName + "' must match " + NODE_NAME.pattern());
    }
  }

  /** munged's socket sits in a directory of its own, which the agent bind-mounts per node. */
  static void mungeSocket(Path mungeSocket) {
    absolute("mungeSocket", mungeSocket);
    if (mungeSocket.getParent() == null || mungeSocket.getParent().getParent() == null) {
      throw new IllegalArgumentException(
          "mungeSocket " + mungeSocket + " must be a file in a directory other than /");
    }
  }

  static void gpuCount(int gpuCount, GpuCheck gpuCheck) {
    if (gpuCount < 0) {
      throw new IllegalArgumentException("gpuCount must be >= 0, got " + gpuCount);
    }
    if (gpuCheck instanceof GpuCheck.NvidiaSmi smi
        && !smi.mig().isEmpty()
        && smi.migDeviceCount() != gpuCount) {
      throw new IllegalArgumentException(
          "gpuCount "
              + gpuCount
              + " must equal the number of MIG devices in gpuCheck.mig ("
              + smi.migDeviceCount()
              + "): Slurm counts MIG devices as GPUs");
    }
  }

  static void mungeTimeout(Duration mungeTimeout) {
    if (mungeTimeout == null || mungeTimeout.isNegative() || mungeTimeout.isZero()) {
      throw new IllegalArgumentException("mungeTimeoutMillis must be > 0, got " + mungeTimeout);
    }
  }

  /** "" (munged runs as the agent's user) or a user name. */
  static void mungeUser(String mungeUser) {
    if (!mungeUser.isEmpty() && !MUNGE_USER.matcher(mungeUser).matches()) {
      throw new IllegalArgumentException(
          "mungeUser '" + mungeUser + "' must be a user name matching " + MUNGE_USER.pattern());
    }
  }

  static void reportUrl(URI u) {
    if (!"http".equals(u.getScheme()) && !"https".equals(u.getScheme()) || u.getHost() == null) {
      throw new IllegalArgumentException(
          "reportUrl must be http(s)://HOST:PORT/v1/bootstrap, got '" + u + "'");
    }
  }

  static void absolute(String field, Path value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must be set");
    }
    if (!value.isAbsolute()) {
      throw new IllegalArgumentException(field + " must be an absolute path, got '" + value + "'");
    }
  }
}
