package dev.stratus.testkit.gcp;

import java.time.Instant;

/**
 * What a test can tell the model about windowed capacity, as an operator or GCE itself would act:
 * reservations made by hand or by an approved calendar-mode future reservation, their status, and
 * the end of a window. Each call holds the model's lock.
 */
public final class GceWindows {
  private final GceModel model;
  private final GceState state;

  GceWindows(GceModel model) {
    this.model = model;
    this.state = model.state;
  }

  /**
   * A calendar-mode future reservation of {@code count} VMs of {@code machineType}, approved, with
   * the window {@code [start, end)}: it delivers the reservation of the same name when the window
   * opens (at once when {@code start} has passed) and deletes it and its VMs when it closes.
   */
  public void reserve(
      String zone, String name, String machineType, int count, Instant start, Instant end) {
    synchronized (model) {
      zone(zone);
      state.reservations.addCalendar(zone, name, machineType, count, start, end);
      state.tick();
    }
  }

  /** A specific reservation made by hand: READY, no window, kept until deleted. */
  public void addReservation(String zone, String name, String machineType, int count) {
    synchronized (model) {
      zone(zone);
      state.reservations.addReservation(zone, name, machineType, count);
    }
  }

  /** The reservation is now in {@code status} (CREATING, UPDATING, DELETING, READY). */
  public void reservationStatus(String zone, String name, String status) {
    synchronized (model) {
      var r = state.reservations.reservations.get(zone(zone)).get(name);
      if (r == null) {
        throw new IllegalArgumentException("no reservation " + name + " in " + zone);
      }
      r.status = status;
    }
  }

  /**
   * The window of reservation (or calendar future reservation) {@code name} ends now: GCE deletes
   * the reservation and every VM consuming it.
   */
  public void endWindow(String name) {
    synchronized (model) {
      String[] ended =
          state
              .reservations
              .endWindow(name)
              .orElseThrow(() -> new IllegalArgumentException("no reservation named " + name));
      GceEndings.deleteConsumers(state, ended[0], ended[1]);
    }
  }

  private String zone(String zone) {
    if (!state.instances.containsKey(zone)) {
      throw new IllegalArgumentException("the model has no zone " + zone);
    }
    return zone;
  }
}
