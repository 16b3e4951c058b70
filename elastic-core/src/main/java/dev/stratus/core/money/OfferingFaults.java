package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;

/**
 * One offering's instances launched in a report's range and how many of them faulted: at their
 * admission check (they never ran a job) or while running. The failure rate is both over launched.
 */
public record OfferingFaults(
    String offering, long launched, long admissionFaults, long runningFaults) {
  public OfferingFaults {
    notBlank("offering", offering);
    if (launched < 0 || admissionFaults < 0 || runningFaults < 0) {
      throw new IllegalArgumentException(
          "counts must be >= 0, got " + launched + ", " + admissionFaults + ", " + runningFaults);
    }
  }

  public long faulted() {
    return admissionFaults + runningFaults;
  }

  /** Faulted over launched, 0 to 1; 0 when none launched. */
  public double failureRate() {
    return launched == 0 ? 0 : (double) faulted() / launched;
  }
}
