package dev.stratus.core.standby;

import dev.stratus.core.controller.Fence;
import dev.stratus.core.render.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A lease on a shared file system: {@code <dir>/lease.json} names the holder, the epoch (the
 * fencing token) and when it expires. Every read-modify-write happens under an exclusive {@code
 * fcntl} lock on {@code <dir>/lease.lock} ({@link FileChannel#lock}), held only for that moment, so
 * a holder that dies or stops keeps nothing locked: its lease just runs out. The file is replaced
 * atomically (temp, fsync, rename).
 *
 * <p>The holder acts only until {@code guard} before the expiry it last wrote, and a taker waits
 * until the expiry itself (plus its {@code patience}): {@code guard} covers the two machines' clock
 * skew and an act checked just before the guard. Renewal keeps the epoch; a takeover adds one, so a
 * holder paused past its lease finds another epoch and never acts again in its old term.
 */
public final class FileLease implements Fence {
  static final String FILE = "lease.json";
  static final String LOCK = "lease.lock";

  /**
   * fcntl locks belong to the process, and a JVM may not lock one file twice: two leases on one
   * file in one JVM (tests run both controllers in one) take turns here before the file lock.
   */
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_THIS_JVM =
      new ConcurrentHashMap<>();

  private final Path dir;
  private final String holder;
  private final Duration duration;
  private final Duration guard;
  private final Clock clock;

  /** The term this lease object holds: its epoch and the expiry it last wrote. */
  private record Held(long epoch, Instant expiresAt) {}

  private volatile Optional<Held> held = Optional.empty();

  public FileLease(Path dir, String holder, Duration duration, Duration guard, Clock clock) {
    this.dir = dir.toAbsolutePath().normalize();
    this.holder = holder;
    this.duration = duration;
    this.guard = guard;
    this.clock = clock;
  }

  public Path file() {
    return dir.resolve(FILE);
  }

  public String holder() {
    return holder;
  }

  /** What the lease file says now, if there is one. */
  public Optional<LeaseRecord> read() {
    return locked(current -> new Update<>(current, Optional.empty()));
  }

  /**
   * Takes the lease when it is free ({@code patience} past its expiry, or never held), with the
   * next epoch; renews it when it is still ours. True when this controller holds it now.
   */
  public boolean acquire(Duration patience) {
    return locked(
        current -> {
          Instant now = clock.instant();
          Optional<Held> mine = held;
          if (current.isPresent()
              && mine.isPresent()
              && current.get().heldBy(holder, mine.get().epoch())) {
            return renewal(current.get(), now);
          }
          if (current.isPresent() && !current.get().freeAt(now, patience)) {
            held = Optional.empty();
            return new Update<>(false, Optional.empty());
          }
          long epoch = current.map(r -> r.epoch() + 1).orElse(1L);
          Instant until = now.plus(duration);
          held = Optional.of(new Held(epoch, until));
          return new Update<>(true, Optional.of(LeaseRecord.of(holder, epoch, until)));
        });
  }

  /**
   * Extends our lease; false (and no longer held) when the file names another holder or epoch. Ours
   * even past its expiry while nobody took it: the epoch shows nobody acted since.
   */
  public boolean renew() {
    return locked(
        current -> {
          Optional<Held> mine = held;
          if (mine.isEmpty()
              || current.isEmpty()
              || !current.get().heldBy(holder, mine.get().epoch())) {
            held = Optional.empty();
            return new Update<>(false, Optional.empty());
          }
          return renewal(current.get(), clock.instant());
        });
  }

  private Update<Boolean> renewal(LeaseRecord current, Instant now) {
    Instant until = now.plus(duration);
    held = Optional.of(new Held(current.epoch(), until));
    return new Update<>(true, Optional.of(current.renewedUntil(until)));
  }

  /** True when another controller asked for the lease within {@code recent}. */
  public boolean claimedByAnother(Duration recent) {
    return read().filter(r -> r.claimedByAnotherSince(clock.instant(), recent)).isPresent();
  }

  /** Asks the holder to hand the lease over (we are the one Slurm prefers). */
  public void claim() {
    locked(
        current ->
            new Update<>(
                null,
                current
                    .filter(r -> !r.holder().equals(holder))
                    .map(r -> r.claimedBy(holder, clock.instant()))));
  }

  /** Gives the lease up at once (it expires now, in the same epoch); we stop acting first. */
  public void release() {
    Optional<Held> mine = held;
    held = Optional.empty();
    locked(
        current ->
            new Update<>(
                null,
                current
                    .filter(r -> mine.isPresent() && r.heldBy(holder, mine.get().epoch()))
                    .map(r -> r.renewedUntil(clock.instant()))));
  }

  /** The epoch we may act in now: held, and not yet within {@code guard} of its expiry. */
  @Override
  public OptionalLong term() {
    Optional<Held> mine = held;
    return mine.isPresent() && clock.instant().isBefore(mine.get().expiresAt().minus(guard))
        ? OptionalLong.of(mine.get().epoch())
        : OptionalLong.empty();
  }

  /** True while {@code epoch} is the term we may act in. */
  @Override
  public boolean holds(long epoch) {
    OptionalLong term = term();
    return term.isPresent() && term.getAsLong() == epoch;
  }

  /** What a locked step returns, and the record to write (empty: leave the file as it is). */
  private record Update<T>(T result, Optional<LeaseRecord> write) {}

  private <T> T locked(Function<Optional<LeaseRecord>, Update<T>> step) {
    ReentrantLock local = IN_THIS_JVM.computeIfAbsent(dir, d -> new ReentrantLock());
    local.lock();
    try {
      Files.createDirectories(dir);
      try (FileChannel channel =
              FileChannel.open(
                  dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = channel.lock()) {
        Update<T> update = step.apply(current());
        if (update.write().isPresent()) {
          AtomicFiles.write(file(), update.write().get().toJson());
        }
        return update.result();
      }
    } catch (IOException e) {
      held = Optional.empty(); // a lease we cannot read or write is not one we may act under
      throw new UncheckedIOException("lease " + file() + ": " + e.getMessage(), e);
    } finally {
      local.unlock();
    }
  }

  private Optional<LeaseRecord> current() throws IOException {
    try {
      return Optional.of(LeaseRecord.parse(Files.readString(file()), file().toString()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }
}
