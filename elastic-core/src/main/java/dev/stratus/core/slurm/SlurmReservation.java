package dev.stratus.core.slurm;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.time.Instant;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One Slurm advanced reservation as {@code scontrol show reservation} reports it, or as Stratus
 * wants it: its name, window, nodes (a hostlist) and flags ({@code MAINT}, {@code IGNORE_JOBS},
 * ...).
 */
public record SlurmReservation(
    String name, Instant start, Instant end, String nodes, Set<String> flags) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  public SlurmReservation {
    notBlank("name", name);
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "reservation name '" + name + "' must be 1-64 letters, digits, '_', '.' or '-'");
    }
    notNull("start", start);
    notNull("end", end);
    if (!end.isAfter(start)) {
      throw new IllegalArgumentException(
          "reservation " + name + ": end " + end + " must be after start " + start);
    }
    notBlank("nodes", nodes);
    flags = Set.copyOf(flags);
  }
}
