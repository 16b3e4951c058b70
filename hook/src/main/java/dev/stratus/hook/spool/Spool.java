package dev.stratus.hook.spool;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The hook→controller queue: a directory with one JSON file per {@link SpoolRequest}, named {@code
 * <id>.json} so that names sort in arrival order.
 *
 * <p>Contract:
 *
 * <ul>
 *   <li>{@link #write} is atomic and durable: the request is written to a hidden temp file in the
 *       same directory, fsynced, renamed into place, and the directory is fsynced. A reader sees
 *       the whole request or nothing; after {@code write} returns it survives a crash. The rename
 *       is also what wakes the controller (see {@link #watch}).
 *   <li>{@link #pending} never deletes a request: the controller deletes one with {@link #delete}
 *       only after it has acted on it (launched, terminated, set down). A crash before that means
 *       the request is seen again, so acting on it must be idempotent (launch client tokens, cloud
 *       tags).
 *   <li>A file whose content does not parse is moved to {@code bad/} with a log line, never thrown
 *       at the caller. A file that cannot be read (an I/O error: a flaky disk, NFS) stays where it
 *       is and is read again on the next call; the first failure of each file is logged, every one
 *       is counted ({@link #transientReadErrors}).
 * </ul>
 *
 * <p>Writers and readers may be different users (SlurmUser writes, the controller reads): files are
 * created {@code rw-r--r--} (less the umask); the directory must be writable by both.
 */
public final class Spool {
  static final String TEMP_PREFIX = ".";
  static final String SUFFIX = ".json";

  /** A temp file this old is a writer that crashed between write and rename. */
  static final Duration STALE_TEMP = Duration.ofMinutes(10);

  /** Reads a request file's bytes; the seam where tests put an I/O error. */
  @FunctionalInterface
  interface FileReader {
    byte[] read(Path file) throws IOException;
  }

  private final Path dir;
  private final Clock clock;
  private final FileReader reader;
  private final Set<String> failing = ConcurrentHashMap.newKeySet();
  private final AtomicLong readErrors = new AtomicLong();

  public Spool(Path dir, Clock clock) {
    this(dir, clock, Files::readAllBytes);
  }

  Spool(Path dir, Clock clock, FileReader reader) {
    this.dir = dir.toAbsolutePath();
    this.clock = clock;
    this.reader = reader;
  }

  /** How many times reading a request file failed with an I/O error (each is retried). */
  public long transientReadErrors() {
    return readErrors.get();
  }

  public Path dir() {
    return dir;
  }

  public Path badDir() {
    return dir.resolve("bad");
  }

  /** Stores {@code request} atomically and durably (see the class comment). */
  public void write(SpoolRequest request) throws IOException {
    byte[] bytes = SpoolCodec.encode(request);
    String name = SpoolIds.requireValid(request.id()) + SUFFIX;
    Files.createDirectories(dir);
    Path temp = dir.resolve(TEMP_PREFIX + name + ".tmp");
    try (FileChannel ch =
        FileChannel.open(
            temp,
            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")))) {
      ByteBuffer buf = ByteBuffer.wrap(bytes);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      ch.force(true);
    } catch (IOException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    try {
      Files.move(temp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    fsyncDir();
  }

  /**
   * The requests waiting, oldest first. Temp files are skipped (and removed once older than {@link
   * #STALE_TEMP}); an unreadable file is moved to {@link #badDir()} and logged.
   */
  public List<SpoolRequest> pending() throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      s.forEach(files::add);
    }
    files.sort(null);
    List<SpoolRequest> out = new ArrayList<>();
    for (Path f : files) {
      String name = f.getFileName().toString();
      if (name.startsWith(TEMP_PREFIX)) {
        removeIfStale(f);
      } else if (name.endsWith(SUFFIX) && Files.isRegularFile(f)) {
        read(f).ifPresent(out::add);
      }
    }
    return out;
  }

  /** Removes a request that has been acted on; removing one that is gone is not an error. */
  public void delete(String id) throws IOException {
    if (Files.deleteIfExists(dir.resolve(SpoolIds.requireValid(id) + SUFFIX))) {
      fsyncDir();
    }
  }

  /**
   * Calls {@code onNewRequest} (on a daemon thread) soon after a request file appears. This is an
   * optimisation, not a guarantee: a {@link java.nio.file.WatchService} can overflow or miss
   * events, so the controller must also call {@link #pending} on its periodic pass.
   */
  public SpoolWatch watch(Runnable onNewRequest) throws IOException {
    Files.createDirectories(dir);
    return SpoolWatch.start(dir, onNewRequest);
  }

  private Optional<SpoolRequest> read(Path f) throws IOException {
    String name = f.getFileName().toString();
    byte[] bytes;
    try {
      bytes = reader.read(f);
    } catch (NoSuchFileException gone) {
      return Optional.empty(); // deleted by someone else meanwhile
    } catch (IOException e) {
      // Not the file's fault: leave it for the next pass, which reads it again.
      readErrors.incrementAndGet();
      if (failing.add(name)) {
        log(
            System.Logger.Level.WARNING,
            "cannot read spool file {0} (left in place, retried on every pass): {1}",
            f,
            e.toString());
      }
      return Optional.empty();
    }
    if (failing.remove(name)) {
      log(System.Logger.Level.INFO, "spool file {0} is readable again", f);
    }
    String why;
    try {
      SpoolRequest r = SpoolCodec.decode(bytes);
      if ((r.id() + SUFFIX).equals(name)) {
        return Optional.of(r);
      }
      why = "its id " + r.id() + " does not match the file name";
    } catch (IOException | IllegalArgumentException | DateTimeException e) {
      why = e.getMessage(); // the bytes are not a request (SpoolCodec's IOException is bad JSON)
    }
    Files.createDirectories(badDir());
    Files.move(f, badDir().resolve(name), StandardCopyOption.REPLACE_EXISTING);
    log(
        System.Logger.Level.WARNING,
        "spool file {0} is unreadable, moved to {1}: {2}",
        f,
        badDir(),
        why);
    return Optional.empty();
  }

  private void log(System.Logger.Level level, String format, Object... args) {
    System.getLogger(Spool.class.getName()).log(level, format, args);
  }

  private void removeIfStale(Path temp) throws IOException {
    try {
      var modified = Files.getLastModifiedTime(temp).toInstant();
      if (modified.plus(STALE_TEMP).isBefore(clock.instant())) {
        Files.deleteIfExists(temp);
      }
    } catch (NoSuchFileException renamedMeanwhile) {
      // the writer finished: nothing to clean
    }
  }

  private void fsyncDir() throws IOException {
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    }
  }
}
