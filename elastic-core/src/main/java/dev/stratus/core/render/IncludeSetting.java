package dev.stratus.core.render;

/**
 * One global setting the include needs: {@code key=value}, how it combines with the same key in the
 * site's slurm.conf, which stratus.yaml key it comes from (for messages), and the comment the
 * include writes above it ("" for none).
 */
record IncludeSetting(String key, String value, Kind kind, String source, String comment) {
  enum Kind {
    /** One value: the site's must be the same, or it conflicts. */
    SCALAR,
    /** A comma-separated set of words ({@code PrivateData}, {@code GresTypes}): the union. */
    LIST,
    /**
     * Comma-separated {@code name[=value]} entries ({@code SlurmctldParameters}): the union by
     * name; one name with two values conflicts.
     */
    KEYED_LIST
  }

  IncludeSetting(String key, String value, Kind kind, String source) {
    this(key, value, kind, source, "");
  }
}
