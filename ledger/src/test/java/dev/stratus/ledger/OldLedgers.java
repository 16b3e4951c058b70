package dev.stratus.ledger;

import java.nio.file.Path;
import org.flywaydb.core.Flyway;

/** A ledger file migrated only up to an older version, as a controller of that wave left it. */
final class OldLedgers {
  private OldLedgers() {}

  /** Migrates {@code file} to schema version {@code target}; returns its JDBC URL. */
  static String at(Path file, String target) {
    String url = "jdbc:sqlite:" + file;
    Flyway.configure()
        .dataSource(url, null, null)
        .locations("classpath:db/migration/ledger")
        .target(target)
        .load()
        .migrate();
    return url;
  }
}
