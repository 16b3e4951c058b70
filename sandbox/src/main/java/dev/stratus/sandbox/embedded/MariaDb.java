package dev.stratus.sandbox.embedded;

import dev.stratus.sandbox.process.Processes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A private MariaDB for one embedded cluster's slurmdbd: its own data directory ({@code
 * mariadb-install-db}), {@code mariadbd} as a child of this JVM on a unix socket in that directory
 * and on loopback {@code port}, stopped by its PID. The one database user slurmdbd logs in as is
 * created by an {@code --init-file} (mode 0600), so its password is in no argv and no environment.
 */
final class MariaDb implements AutoCloseable {
  static final String USER = "slurm";
  static final String DATABASE = "slurm_acct_db";

  private final Path dir;
  private final int port;
  private Optional<Process> server = Optional.empty();

  MariaDb(Path dir, int port) {
    this.dir = dir;
    this.port = port;
  }

  /**
   * Creates the data directory and the init file that makes {@link #USER} with {@code password}.
   */
  void prepare(String password, Path log) throws IOException {
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    if (!Files.exists(dir.resolve("data/mysql"))) {
      int rc =
          Processes.run(
              List.of(
                  "mariadb-install-db",
                  "--no-defaults",
                  "--datadir=" + dir.resolve("data"),
                  "--user=root",
                  "--auth-root-authentication-method=socket",
                  "--skip-test-db"),
              Map.of(),
              log,
              Duration.ofSeconds(120));
      if (rc != 0) {
        throw new IOException("mariadb-install-db failed (exit " + rc + "), see " + log);
      }
    }
    Path init = dir.resolve("init.sql");
    Files.writeString(init, "");
    Files.setPosixFilePermissions(init, PosixFilePermissions.fromString("rw-------"));
    Files.writeString(
        init,
        "CREATE USER IF NOT EXISTS '"
            + USER
            + "'@'127.0.0.1' IDENTIFIED BY '"
            + password
            + "';\nGRANT ALL ON "
            + DATABASE
            + ".* TO '"
            + USER
            + "'@'127.0.0.1';\n");
  }

  /** Starts mariadbd and waits until it accepts connections on its port. */
  void start(Duration within) throws IOException {
    Path log = dir.resolve("mariadbd.log");
    ProcessBuilder builder =
        new ProcessBuilder(
                Processes.resolved(
                    List.of(
                        "mariadbd",
                        "--no-defaults",
                        "--datadir=" + dir.resolve("data"),
                        "--socket=" + dir.resolve("mariadbd.sock"),
                        "--port=" + port,
                        "--bind-address=127.0.0.1",
                        "--skip-name-resolve",
                        "--pid-file=" + dir.resolve("mariadbd.pid"),
                        "--log-error=" + log,
                        "--init-file=" + dir.resolve("init.sql"),
                        "--user=root",
                        "--skip-log-bin",
                        // slurmdbd still calls a 128M pool "not recommended" (a warning only); a
                        // scratch database need not survive a power cut, so InnoDB's log is
                        // flushed once a second, not per commit
                        "--innodb-buffer-pool-size=128M",
                        "--innodb-lock-wait-timeout=900",
                        "--innodb-flush-log-at-trx-commit=0"),
                    Map.of()))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectErrorStream(true);
    builder.environment().clear();
    builder.environment().put("PATH", Processes.PATH);
    Process p = builder.start();
    server = Optional.of(p);
    Instant end = Instant.now().plus(within);
    while (Instant.now().isBefore(end)) {
      if (!p.isAlive()) {
        throw new IOException("mariadbd exited (" + p.exitValue() + "), see " + log);
      }
      if (answers()) {
        return;
      }
      Processes.pause(100);
    }
    throw new IOException("mariadbd did not listen on 127.0.0.1:" + port + " in " + within);
  }

  private boolean answers() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  int port() {
    return port;
  }

  /** Stops the mariadbd this object started (SIGTERM: a clean InnoDB shutdown), by its PID. */
  @Override
  public void close() {
    server.ifPresent(p -> Processes.stop(p.pid(), Duration.ofSeconds(30)));
    server = Optional.empty();
  }
}
