package dev.stratus.templates;

/**
 * Checks shared by the view records. Every value ends up on one line of a Slurm config file, so a
 * line break or other control character would let a value inject a line of its own.
 */
final class ViewChecks {
  private ViewChecks() {}

  static String word(String field, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    return text(field, value);
  }

  /** May be empty (an absent optional value); never null, never with control characters. */
  static String text(String field, String value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must not be null (use \"\" for none)");
    }
    if (value.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(field + " must not contain control characters: " + value);
    }
    return value;
  }

  static long positive(String field, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(field + " must be > 0, got " + value);
    }
    return value;
  }
}
