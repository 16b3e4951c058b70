package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * A future reservation in calendar mode ({@code compute#futureReservation}, {@code reservationMode:
 * CALENDAR}): {@code totalCount} VMs of one machine type from {@code timeWindow.startTime} to
 * {@code endTime}. Approved when made; when the window opens it delivers the reservation named
 * {@code reservationName} ({@code status.procurementStatus: FULFILLED}, {@code
 * status.autoCreatedReservations}); when it closes that reservation and every VM in it are deleted
 * and the future reservation stays FULFILLED, as GCE leaves it.
 */
final class GceFutureReservation {
  final String zone;
  final String name;
  final String reservationName;
  final String machineType;
  final int count;
  final Instant start;
  final Instant end;
  final long id;
  final Instant created;
  String procurementStatus = "APPROVED";
  boolean delivered;
  boolean ended;

  GceFutureReservation(
      String zone,
      String name,
      String machineType,
      int count,
      Instant start,
      Instant end,
      long id,
      Instant created) {
    this.zone = zone;
    this.name = name;
    this.reservationName = name;
    this.machineType = machineType;
    this.count = count;
    this.start = start;
    this.end = end;
    this.id = id;
    this.created = created;
  }

  ObjectNode json(String base) {
    ObjectNode f = GceJson.object();
    f.put("kind", "compute#futureReservation");
    f.put("id", Long.toUnsignedString(id));
    f.put("creationTimestamp", GceTimes.rfc3339(created));
    f.put("selfLink", base + "/zones/" + zone + "/futureReservations/" + name);
    f.put("selfLinkWithId", base + "/zones/" + zone + "/futureReservations/" + id);
    f.put("zone", base + "/zones/" + zone);
    f.put("name", name);
    ObjectNode sku = f.putObject("specificSkuProperties");
    sku.putObject("instanceProperties").put("machineType", machineType);
    sku.put("totalCount", String.valueOf(count));
    ObjectNode window = f.putObject("timeWindow");
    window.put("startTime", GceTimes.rfc3339(start));
    window.put("endTime", GceTimes.rfc3339(end));
    f.put("planningStatus", "SUBMITTED");
    f.put("reservationMode", "CALENDAR");
    f.put("reservationName", reservationName);
    f.put("specificReservationRequired", true);
    f.put("autoDeleteAutoCreatedReservations", true);
    f.put("autoCreatedReservationsDeleteTime", GceTimes.rfc3339(end));
    ObjectNode status = f.putObject("status");
    status.put("procurementStatus", procurementStatus);
    status.put("lockTime", GceTimes.rfc3339(start.minusSeconds(3600)));
    if (delivered) {
      status
          .putArray("autoCreatedReservations")
          .add(base + "/zones/" + zone + "/reservations/" + reservationName);
      status.put("fulfilledCount", String.valueOf(count));
    }
    return f;
  }
}
