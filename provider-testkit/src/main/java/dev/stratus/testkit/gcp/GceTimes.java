package dev.stratus.testkit.gcp;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Compute Engine's timestamps: RFC 3339 text in the Pacific offset it answers in. */
final class GceTimes {
  private GceTimes() {}

  static String rfc3339(Instant at) {
    return OffsetDateTime.ofInstant(at, ZoneOffset.ofHours(-7))
        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
  }
}
