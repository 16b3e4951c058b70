package dev.stratus.provider.gcp;

import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.CapacityReservation;

/**
 * A reservation as the provider describes it ({@link #view}) and how a VM consumes it: one that a
 * calendar-mode future reservation delivered binds its VMs to its window ({@code provisioningModel:
 * RESERVATION_BOUND}, deleted at the end); any other is consumed by a {@code STANDARD} VM.
 */
record GcpReservation(CapacityReservation view, boolean bound) {
  GcpReservation {
    notNull("view", view);
  }

  String id() {
    return view.id();
  }
}
