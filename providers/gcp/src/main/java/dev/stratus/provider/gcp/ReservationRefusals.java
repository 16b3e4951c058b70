package dev.stratus.provider.gcp;

import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import java.util.List;
import java.util.regex.Pattern;

/**
 * GCE refuses a VM that names a reservation it cannot take with {@code CONDITION_NOT_MET} and one
 * of these messages: the reservation does not exist ({@code Specified reservation 'r' does not
 * exist.}, as after its window ended), is not {@code READY} ({@code Cannot insert instance to a
 * reservation with status: CREATING, as it requires reservation to be in READY state.}), has no
 * room ({@code Specified reservation 'r' does not have available resources for the request.}) or
 * holds other VMs ({@code No available resources in specified reservations}). Each is {@link
 * ProviderError.ReservationClosed} naming the reservation, the cloud's code and message kept.
 */
final class ReservationRefusals {
  private static final List<Pattern> REFUSALS =
      List.of(
          Pattern.compile("Specified reservations? .* do(es)? not exist"),
          Pattern.compile("Specified reservation .* does not have available resources"),
          Pattern.compile("No available resources in specified reservations"),
          Pattern.compile("requires reservation to be in READY state", Pattern.CASE_INSENSITIVE));

  private ReservationRefusals() {}

  /** {@code error} as a refusal of {@code reservation} when it is one, else as it is. */
  static ProviderError of(ProviderError error, String reservation) {
    if (error instanceof ProviderError.ReservationClosed
        || REFUSALS.stream().noneMatch(p -> p.matcher(error.message()).find())) {
      return error;
    }
    return new ProviderError.ReservationClosed(error.code(), error.message(), reservation);
  }

  /**
   * The result of a launch into {@code reservation} with each refusal typed; {@code onRefused} runs
   * when there is one (the provider's view of its reservations is then out of date).
   */
  static LaunchResult typed(LaunchResult result, String reservation, Runnable onRefused) {
    if (reservation.isEmpty() || result.failures().isEmpty()) {
      return result;
    }
    List<LaunchResult.Failure> failures =
        result.failures().stream()
            .map(
                f ->
                    new LaunchResult.Failure(
                        f.offering(), f.nodeNames(), of(f.error(), reservation)))
            .toList();
    if (failures.stream().anyMatch(f -> f.error() instanceof ProviderError.ReservationClosed)) {
      onRefused.run();
    }
    return new LaunchResult(result.launched(), failures);
  }
}
