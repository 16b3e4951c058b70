package dev.stratus.api.model;

import java.util.regex.Pattern;

/** Constructor checks shared by the records: each failure names the field and the bad value. */
public final class Checks {
  private static final Pattern SLURM_NAME = Pattern.compile("[a-z][a-z0-9_-]{0,39}");

  private Checks() {}

  public static String notBlank(String field, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    return value;
  }

  public static int positive(String field, int value) {
    if (value <= 0) {
      throw new IllegalArgumentException(field + " must be > 0, got " + value);
    }
    return value;
  }

  public static long positive(String field, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(field + " must be > 0, got " + value);
    }
    return value;
  }

  /**
   * Names that end up in slurm.conf (pools, partitions, GPU models): lower case, starting with a
   * letter, so they are valid Slurm node-name prefixes, partition names and GRES types.
   */
  public static String slurmName(String field, String value) {
    notBlank(field, value);
    if (!SLURM_NAME.matcher(value).matches()) {
      throw new IllegalArgumentException(
          field
              + " '"
              + value
              + "' must match "
              + SLURM_NAME.pattern()
              + " (lower case letters, digits, '-' or '_', starting with a letter)");
    }
    return value;
  }

  public static <T> T notNull(String field, T value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must be set");
    }
    return value;
  }
}
