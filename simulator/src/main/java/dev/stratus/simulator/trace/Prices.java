package dev.stratus.simulator.trace;

import java.util.OptionalDouble;

/** Prices given on the command line; each one, when set, overrides every file's. */
public record Prices(OptionalDouble spot, OptionalDouble onDemand) {
  public static Prices fromFiles() {
    return new Prices(OptionalDouble.empty(), OptionalDouble.empty());
  }
}
