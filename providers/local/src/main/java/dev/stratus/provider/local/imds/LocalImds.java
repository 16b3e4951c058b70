package dev.stratus.provider.local.imds;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of a local node's model of EC2's instance metadata service (IMDSv2): the instance id,
 * the session tokens handed out, and the spot interruption notice once one was posted. Pure state
 * plus the clock; {@link LocalImdsServer} puts HTTP in front of it.
 */
final class LocalImds {
  /** The TTL bounds IMDSv2 accepts for a session token. */
  static final long MIN_TTL_SECONDS = 1;

  static final long MAX_TTL_SECONDS = 21_600;

  private final String instanceId;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Instant> tokens = new ConcurrentHashMap<>();
  private volatile Instant deadline;

  LocalImds(String instanceId, Clock clock) {
    if (instanceId == null || instanceId.isBlank()) {
      throw new IllegalArgumentException("instance id must not be blank");
    }
    this.instanceId = instanceId;
    this.clock = clock;
  }

  String instanceId() {
    return instanceId;
  }

  /**
   * A new session token valid for {@code ttlSeconds}; IllegalArgumentException outside 1..21600.
   */
  String issueToken(long ttlSeconds) {
    if (ttlSeconds < MIN_TTL_SECONDS || ttlSeconds > MAX_TTL_SECONDS) {
      throw new IllegalArgumentException(
          "token TTL must be "
              + MIN_TTL_SECONDS
              + ".."
              + MAX_TTL_SECONDS
              + " s, got "
              + ttlSeconds);
    }
    byte[] bytes = new byte[24];
    random.nextBytes(bytes);
    String token = HexFormat.of().formatHex(bytes);
    tokens.put(token, clock.instant().plusSeconds(ttlSeconds));
    return token;
  }

  boolean validToken(String token) {
    if (token == null) {
      return false;
    }
    Instant until = tokens.get(token);
    return until != null && clock.instant().isBefore(until);
  }

  /**
   * Announces a spot reclaim due {@code notice} from now (whole seconds, as EC2 writes the time). A
   * second notice keeps the first deadline: a reclaim cannot be postponed. Returns the deadline.
   */
  synchronized Instant announce(Duration notice) {
    if (notice.isNegative() || notice.isZero()) {
      throw new IllegalArgumentException("notice must be > 0, got " + notice);
    }
    if (deadline == null) {
      deadline = clock.instant().plus(notice).truncatedTo(ChronoUnit.SECONDS);
    }
    return deadline;
  }

  /** The {@code spot/instance-action} document, empty (HTTP 404) until a notice was announced. */
  Optional<String> instanceAction() {
    Instant d = deadline;
    return d == null
        ? Optional.empty()
        : Optional.of("{\"action\":\"terminate\",\"time\":\"" + d + "\"}");
  }
}
