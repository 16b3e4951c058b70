package dev.stratus.ledger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.sqlite.SQLiteConfig;

/**
 * Opens the ledger's SQLite file: creates its directory, migrates the schema with Flyway (the
 * scripts under {@code db/migration/ledger}), and hands out connections in WAL mode with {@code
 * synchronous=FULL} (a committed pass survives a power cut too, not only a crash), a busy timeout
 * for a reader such as {@code stratus cost report} beside the controller, and foreign keys on.
 */
final class LedgerDatabase {
  static final int BUSY_TIMEOUT_MS = 10_000;
  private final Path file;
  private final String url;

  private LedgerDatabase(Path file) {
    this.file = file.toAbsolutePath();
    this.url = "jdbc:sqlite:" + this.file;
  }

  /** The database at {@code file}, created and migrated to the newest schema when needed. */
  static LedgerDatabase open(Path file) {
    LedgerDatabase db = new LedgerDatabase(file);
    try {
      Files.createDirectories(db.file.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot create the ledger's directory " + db.file.getParent(), e);
    }
    try (Connection c = db.connect(false)) {
      // WAL is a property of the file: set once, before Flyway's own connections use it.
      c.createStatement().execute("PRAGMA journal_mode=WAL");
    } catch (SQLException e) {
      throw new LedgerException("cannot open the ledger " + db.file, e);
    }
    Flyway.configure()
        .dataSource(db.url, null, null)
        .locations("classpath:db/migration/ledger")
        .failOnMissingLocations(true)
        .load()
        .migrate();
    return db;
  }

  Path file() {
    return file;
  }

  /**
   * A connection; {@code writer} ones start their transactions IMMEDIATE (the write lock first).
   */
  Connection connect(boolean writer) throws SQLException {
    SQLiteConfig config = new SQLiteConfig();
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
    config.setBusyTimeout(BUSY_TIMEOUT_MS);
    config.enforceForeignKeys(true);
    if (writer) {
      config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    }
    return config.createConnection(url);
  }
}
