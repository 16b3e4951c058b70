package dev.stratus.core.slurm;

import java.util.List;

/**
 * Slurm's advanced reservations, as far as Stratus keeps block nodes out of use outside their
 * window: maintenance reservations ({@code Flags=MAINT,IGNORE_JOBS}, for {@code root}) that Slurm's
 * scheduler will not start a job into unless the job ends before the reservation starts.
 */
public interface SlurmReservations {
  /** {@code scontrol -o show reservation}: every reservation; empty when there is none. */
  List<SlurmReservation> reservations();

  /** {@code scontrol create reservation ...}; a start not after now is sent as {@code now}. */
  void createReservation(SlurmReservation reservation);

  /** {@code scontrol update reservation ...}: its end and nodes (and start, if not yet begun). */
  void updateReservation(SlurmReservation reservation, boolean started);

  /** {@code scontrol delete reservation=NAME}. */
  void deleteReservation(String name);
}
