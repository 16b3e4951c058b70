package dev.stratus.wire;

/** Constructor checks of the wire records; each failure names the field. */
final class Fields {
  private Fields() {}

  static String notBlank(String field, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    return value;
  }

  static <T> T notNull(String field, T value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must not be null");
    }
    return value;
  }
}
