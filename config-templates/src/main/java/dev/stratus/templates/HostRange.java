package dev.stratus.templates;

import java.util.Locale;

/**
 * Formats a contiguous run of numbered host names as a Slurm hostlist expression: {@code
 * gpu-[001-004]}, or the plain name when the run holds one host ({@code gpu-001}). Deliberately
 * tiny: it only writes the ranges Stratus itself declares.
 */
public final class HostRange {
  private HostRange() {}

  /**
   * @param prefix the name before the number, including any separator ({@code "gpu-"})
   * @param first first index, >= 0
   * @param last last index, >= first
   * @param digits zero-padded width of the number, >= 1
   */
  public static String format(String prefix, int first, int last, int digits) {
    if (prefix == null || prefix.isEmpty() || prefix.contains("[") || prefix.contains(",")) {
      throw new IllegalArgumentException("host prefix must be non-empty, without '[' or ','");
    }
    if (first < 0 || last < first || digits < 1) {
      throw new IllegalArgumentException(
          "bad host range " + prefix + " " + first + ".." + last + " width " + digits);
    }
    String pad = "%0" + digits + "d";
    String from = String.format(Locale.ROOT, pad, first);
    if (first == last) {
      return prefix + from;
    }
    return prefix + "[" + from + "-" + String.format(Locale.ROOT, pad, last) + "]";
  }

  /** A numeric range for a device file name: {@code nvidia[0-7]}, or {@code nvidia0} for one. */
  public static String devices(String prefix, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("device count must be >= 1, got " + count);
    }
    return format(prefix, 0, count - 1, 1);
  }
}
