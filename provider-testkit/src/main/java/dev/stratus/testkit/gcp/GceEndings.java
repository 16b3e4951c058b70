package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/** What GCE ends by its clock, run on every tick of the model. Callers hold the model's lock. */
final class GceEndings {
  private GceEndings() {}

  /**
   * Calendar windows open and close (a closed one's VMs are deleted), flex-start VMs past their
   * {@code terminationTime} are deleted.
   */
  static void run(GceState s) {
    s.reservations.tick().forEach(ended -> deleteConsumers(s, ended[0], ended[1]));
    Instant now = s.clock.instant();
    s.instances.forEach(
        (zone, byName) ->
            List.copyOf(byName.values()).stream()
                .filter(i -> i.path("scheduling").has("terminationTime"))
                .filter(i -> !"STOPPING".equals(i.path("status").asText()))
                .filter(
                    i ->
                        !now.isBefore(
                            OffsetDateTime.parse(
                                    i.path("scheduling").path("terminationTime").asText())
                                .toInstant()))
                .forEach(i -> deleteByCloud(s, zone, i)));
  }

  /** Every VM of the zone consuming reservation {@code name} is deleted, as its window ended. */
  static void deleteConsumers(GceState s, String zone, String name) {
    String path = s.reservations.consumed(zone, name);
    List.copyOf(s.instances.get(zone).values()).stream()
        .filter(i -> path.equals(GceReservations.consumedBy(i)))
        .filter(i -> !"STOPPING".equals(i.path("status").asText()))
        .forEach(i -> deleteByCloud(s, zone, i));
  }

  /** GCE deletes the VM itself: {@code STOPPING}, gone once the operation is done. */
  private static void deleteByCloud(GceState s, String zone, ObjectNode i) {
    String name = i.path("name").asText();
    i.put("status", "STOPPING");
    s.newOperation(
        "zones/" + zone,
        "delete",
        i.path("selfLink").asText(),
        () -> s.instances.get(zone).remove(name),
        null);
  }
}
