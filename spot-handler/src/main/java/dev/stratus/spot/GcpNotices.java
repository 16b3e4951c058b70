package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Pure parsers for the Compute Engine metadata values about preemption and host maintenance. Both
 * are plain text values, not JSON.
 *
 * <ul>
 *   <li>{@code /computeMetadata/v1/instance/preempted}: {@code TRUE} once the spot (preemptible) VM
 *       is being preempted, {@code FALSE} otherwise.
 *   <li>{@code /computeMetadata/v1/instance/maintenance-event}: {@code NONE}, {@code
 *       MIGRATE_ON_HOST_MAINTENANCE} or {@code TERMINATE_ON_HOST_MAINTENANCE}; the value changes
 *       about 60 s before the maintenance starts.
 * </ul>
 *
 * <p>Neither value carries a time, so the deadline is derived from when we saw it: Compute Engine
 * gives a preempted VM about 30 s before it stops it (deadline = seen + {@link
 * #PREEMPTION_NOTICE}), and announces maintenance about 60 s ahead (deadline = seen + {@link
 * #MAINTENANCE_NOTICE}). Both are the documented lower bounds, so acting by them is never late.
 */
public final class GcpNotices {
  static final String PREEMPTED = "gcp instance/preempted";
  static final String MAINTENANCE_EVENT = "gcp instance/maintenance-event";

  public static final Duration PREEMPTION_NOTICE = Duration.ofSeconds(30);
  public static final Duration MAINTENANCE_NOTICE = Duration.ofSeconds(60);

  private GcpNotices() {}

  /** {@code TRUE}: a reclaim; {@code FALSE}: no notice. */
  public static Optional<InterruptionNotice> preempted(
      String instance, String body, Instant seenAt) {
    switch (value(PREEMPTED, body)) {
      case "TRUE":
        return Optional.of(
            new InterruptionNotice(
                instance, InterruptionNotice.Kind.RECLAIM, seenAt.plus(PREEMPTION_NOTICE), seenAt));
      case "FALSE":
        return Optional.empty();
      default:
        throw new NoticeFormatException(
            PREEMPTED, "value", "'" + body.strip() + "' is neither TRUE nor FALSE");
    }
  }

  /**
   * {@code TERMINATE_ON_HOST_MAINTENANCE}: the VM stops, a {@link
   * InterruptionNotice.Kind#MAINTENANCE} notice. {@code NONE} and {@code
   * MIGRATE_ON_HOST_MAINTENANCE} (a live migration: the VM, its processes and its job survive) give
   * no notice. GPU VMs cannot live-migrate, so they see the terminate value.
   */
  public static Optional<InterruptionNotice> maintenanceEvent(
      String instance, String body, Instant seenAt) {
    switch (value(MAINTENANCE_EVENT, body)) {
      case "TERMINATE_ON_HOST_MAINTENANCE":
        return Optional.of(
            new InterruptionNotice(
                instance,
                InterruptionNotice.Kind.MAINTENANCE,
                seenAt.plus(MAINTENANCE_NOTICE),
                seenAt));
      case "NONE":
      case "MIGRATE_ON_HOST_MAINTENANCE":
        return Optional.empty();
      default:
        throw new NoticeFormatException(
            MAINTENANCE_EVENT,
            "value",
            "'"
                + body.strip()
                + "' is not one of NONE, MIGRATE_ON_HOST_MAINTENANCE,"
                + " TERMINATE_ON_HOST_MAINTENANCE");
    }
  }

  private static String value(String document, String body) {
    if (body == null || body.isBlank()) {
      throw new NoticeFormatException(document, "value", "is empty");
    }
    return body.strip();
  }
}
