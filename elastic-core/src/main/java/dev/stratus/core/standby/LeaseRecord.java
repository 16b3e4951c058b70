package dev.stratus.core.standby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The lease file's content. {@code epoch} is the fencing token: it grows by one each time the lease
 * changes hands, so a holder that finds another epoch knows another controller may have acted.
 * {@code claimant}: a controller that Slurm prefers ({@code scontrol ping}) and that asks the
 * holder to hand over, at {@code claimedAt}.
 */
public record LeaseRecord(
    String holder, long epoch, Instant expiresAt, Optional<String> claimant, Instant claimedAt) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public LeaseRecord {
    if (holder == null || holder.isBlank()) {
      throw new IllegalArgumentException("a lease needs a holder");
    }
    if (epoch < 1) {
      throw new IllegalArgumentException("a lease's epoch starts at 1, got " + epoch);
    }
    claimant = claimant == null ? Optional.empty() : claimant;
  }

  /** A fresh lease for {@code holder}, held until {@code expiresAt}. */
  static LeaseRecord of(String holder, long epoch, Instant expiresAt) {
    return new LeaseRecord(holder, epoch, expiresAt, Optional.empty(), Instant.EPOCH);
  }

  boolean heldBy(String who, long inEpoch) {
    return holder.equals(who) && epoch == inEpoch;
  }

  /** Free for a taker that waits {@code patience} past the expiry. */
  boolean freeAt(Instant now, Duration patience) {
    return !now.isBefore(expiresAt.plus(patience));
  }

  /** Another controller asked for the lease within {@code recent} of {@code now}. */
  boolean claimedByAnotherSince(Instant now, Duration recent) {
    return claimant.filter(c -> !c.equals(holder)).isPresent()
        && claimedAt.isAfter(now.minus(recent));
  }

  LeaseRecord renewedUntil(Instant until) {
    return new LeaseRecord(holder, epoch, until, claimant, claimedAt);
  }

  LeaseRecord claimedBy(String who, Instant at) {
    return new LeaseRecord(holder, epoch, expiresAt, Optional.of(who), at);
  }

  String toJson() {
    ObjectNode o = JSON.createObjectNode();
    o.put("holder", holder);
    o.put("epoch", epoch);
    o.put("expiresAt", expiresAt.toString());
    claimant.ifPresent(c -> o.put("claimant", c).put("claimedAt", claimedAt.toString()));
    return o.toString() + "\n";
  }

  /**
   * Parses a lease file's text.
   *
   * @throws IllegalArgumentException naming {@code source} and what is wrong
   */
  public static LeaseRecord parse(String text, String source) {
    try {
      JsonNode o = JSON.readTree(text);
      if (o == null || !o.hasNonNull("holder") || !o.hasNonNull("epoch")) {
        throw new IllegalArgumentException("needs holder, epoch and expiresAt");
      }
      return new LeaseRecord(
          o.get("holder").asText(),
          o.get("epoch").asLong(),
          Instant.parse(o.path("expiresAt").asText()),
          Optional.ofNullable(o.get("claimant")).map(JsonNode::asText),
          o.hasNonNull("claimedAt") ? Instant.parse(o.get("claimedAt").asText()) : Instant.EPOCH);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "lease file " + source + " is not a lease: " + e.getMessage(), e);
    }
  }
}
