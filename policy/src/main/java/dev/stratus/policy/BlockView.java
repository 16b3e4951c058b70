package dev.stratus.policy;

import java.time.Instant;

/**
 * A reserved block the job may run on: its window {@code [start, end)}, during which it is prepaid
 * (or billed whether used or not), so its marginal cost is zero; outside the window it takes no
 * launches and the cloud ends its instances at {@code end}.
 *
 * @param id the block's name (the reservation's id), what {@link Decision.RunReserved} names
 * @param room whether the job can launch there now (or keep the instances it holds): the block has
 *     enough free instances for it
 */
public record BlockView(String id, Instant start, Instant end, boolean room) {
  public BlockView {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("block id must not be blank");
    }
    if (start == null || end == null || !end.isAfter(start)) {
      throw new IllegalArgumentException(
          "block " + id + ": end " + end + " must be after start " + start);
    }
  }

  /** Whether the window is open at {@code now}. */
  public boolean openAt(Instant now) {
    return !now.isBefore(start) && now.isBefore(end);
  }
}
