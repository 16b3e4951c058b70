package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * One zonal reservation as Compute Engine describes it ({@code compute#reservation}): a specific
 * reservation ({@code specificReservationRequired: true}) of {@code count} VMs of one machine type,
 * in status {@code CREATING}, {@code READY}, {@code UPDATING} or {@code DELETING}. One a calendar
 * future reservation delivered carries {@code deleteAtTime}, its window's end. {@code inUseCount}
 * is not stored: it is counted from the instances consuming it when the reservation is read.
 */
final class GceReservation {
  final String zone;
  final String name;
  final String machineType;
  final int count;
  final long id;
  final Instant created;

  /** The window's end of a delivered calendar reservation, else null (kept until deleted). */
  final Instant deleteAt;

  String status = "READY";

  GceReservation(
      String zone,
      String name,
      String machineType,
      int count,
      long id,
      Instant created,
      Instant deleteAt) {
    this.zone = zone;
    this.name = name;
    this.machineType = machineType;
    this.count = count;
    this.id = id;
    this.created = created;
    this.deleteAt = deleteAt;
  }

  /** {@code projects/p/zones/z/reservations/name}, as an instance's consumption info names it. */
  static String path(String project, String zone, String name) {
    return "projects/" + project + "/zones/" + zone + "/reservations/" + name;
  }

  ObjectNode json(String base, long inUse) {
    ObjectNode r = GceJson.object();
    r.put("kind", "compute#reservation");
    r.put("id", Long.toUnsignedString(id));
    r.put("creationTimestamp", GceTimes.rfc3339(created));
    r.put("selfLink", base + "/zones/" + zone + "/reservations/" + name);
    r.put("zone", base + "/zones/" + zone);
    r.put("name", name);
    r.put("specificReservationRequired", true);
    r.put("status", status);
    ObjectNode specific = r.putObject("specificReservation");
    specific.put("count", String.valueOf(count));
    specific.put("inUseCount", String.valueOf(inUse));
    specific.putObject("instanceProperties").put("machineType", machineType);
    if (deleteAt != null) {
      r.put("deleteAtTime", GceTimes.rfc3339(deleteAt));
    }
    return r;
  }
}
